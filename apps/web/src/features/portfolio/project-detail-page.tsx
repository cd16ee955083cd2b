import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, CalendarDays, MapPin } from 'lucide-react';
import type { ProjectDetail } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TBody, THead, Table, Td, Th, Tr } from '@/components/ui/table';
import { ApiError } from '@/lib/api';
import { useCurrentProject } from '@/queries/current-project';
import { formatCount, formatDate, formatMoney, formatMonth, formatPercent } from '@/lib/format';
import { useProjectDetail } from '@/queries/projects';
import { usePerformance } from '@/queries/performance';
import { PerformanceFigures } from './components/performance-figures';
import { annualText } from './components/project-card';
import { UpdatesList } from './components/recent-updates';
import { ReturnsChartCard } from './components/returns-chart-card';
import { StatusBadge } from './components/status-badge';

const dash = '—';
/** Months shown in the returns table before 'Show all'. */
const RECENT_MONTHS = 12;

function BackLink() {
  return (
    <Link
      to="/projects"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      All projects
    </Link>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card className="p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="tabular mt-1 text-xl font-semibold tracking-tight sm:text-2xl">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd>}
    </Card>
  );
}

/** The investor's returns month by month, newest first, with the running total. */
function ReturnsTable({ monthly }: { monthly: { month: string; amount: number }[] }) {
  const [showAll, setShowAll] = useState(false);
  const rows = useMemo(() => {
    let running = 0;
    const withTotals = monthly.map((m) => {
      running += Math.round(m.amount * 100);
      return { ...m, cumulative: running / 100 };
    });
    return withTotals.reverse();
  }, [monthly]);
  const visible = showAll ? rows : rows.slice(0, RECENT_MONTHS);
  return (
    <Card role="region" aria-labelledby="monthly-heading">
      <CardHeader className="pb-2">
        <CardTitle id="monthly-heading" className="text-base">
          Month by Month
        </CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No returns have been recorded yet.</p>
        ) : (
          <>
            <Table aria-labelledby="monthly-heading">
              <THead>
                <Tr className="hover:bg-transparent">
                  <Th scope="col">Month</Th>
                  <Th scope="col" className="text-right">
                    Return
                  </Th>
                  <Th scope="col" className="text-right">
                    Total to date
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {visible.map((r) => (
                  <Tr key={r.month}>
                    <Td className="whitespace-nowrap">{formatMonth(r.month)}</Td>
                    <Td className="tabular text-right">{formatMoney(r.amount)}</Td>
                    <Td className="tabular text-right text-muted-foreground">{formatMoney(r.cumulative)}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
            {rows.length > RECENT_MONTHS && (
              <Button
                variant="ghost"
                size="sm"
                className="mt-2"
                aria-expanded={showAll}
                onClick={() => setShowAll((v) => !v)}
              >
                {showAll ? 'Show the last 12 months' : `Show all ${formatCount(rows.length, 'month')}`}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function FactList({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="grid text-sm">
      {facts.map(([k, v]) => (
        <div key={k} className="flex justify-between gap-3 border-b py-2 last:border-0">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="tabular text-right font-medium">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Facts({ project: p }: { project: ProjectDetail }) {
  const facts: [string, string][] = [
    ['Location', p.location || dash],
    ['Status', p.status.charAt(0).toUpperCase() + p.status.slice(1)],
    ['Annual ROI', annualText(p.annualROI)],
    ['Investment Period', formatCount(p.investmentPeriod, 'month')],
    ['Investment Date', formatDate(p.investmentDate)],
    ['Expected Completion', p.expectedCompletion ? formatDate(p.expectedCompletion) : dash],
    ['Expected Monthly Return', formatPercent(p.expectedMonthlyReturn)],
  ];
  // Typed by an admin for the whole project, investors outside the portal included: they are not the
  // portal's ledger, so they stand apart under a caption that says whose figures they are (issue 31).
  const wholeProject: [string, string][] = [
    ['Total Raised', formatMoney(p.totalInvestment)],
    ['Returned to Investors', formatMoney(p.totalReturned)],
  ];
  return (
    <Card role="region" aria-labelledby="about-heading">
      <CardHeader className="pb-2">
        <CardTitle id="about-heading" className="text-base">
          About the Project
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {p.description && <p className="text-sm leading-relaxed">{p.description}</p>}
        <FactList facts={facts} />
        <div
          role="group"
          aria-labelledby="whole-project-heading"
          aria-describedby="whole-project-note"
          className="grid gap-1 rounded-md bg-muted/50 px-3 pt-3"
        >
          <h3 id="whole-project-heading" className="text-sm font-semibold">
            Whole project, as reported by the company
          </h3>
          <p id="whole-project-note" className="text-xs text-muted-foreground">
            All of the project's investors, including those outside the portal.
            {p.investment && ' Your own figures are under Your Investment.'}
          </p>
          <FactList facts={wholeProject} />
        </div>
      </CardContent>
    </Card>
  );
}

function NotFound() {
  return (
    <div className="grid gap-6">
      <BackLink />
      <Card className="mx-auto grid max-w-md justify-items-center gap-3 p-8 text-center">
        <h1 className="text-xl font-semibold">Project not found</h1>
        <p className="text-sm text-muted-foreground">
          This project does not exist or is not part of your portfolio.
        </p>
        <Button asChild>
          <Link to="/projects">Back to your projects</Link>
        </Button>
      </Card>
    </div>
  );
}

/** Project detail: the facts, the investor's stake and returns month by month, and the latest updates. */
function ProjectDetailPage() {
  const { id } = useParams();
  const { data: p, isLoading, error, refetch } = useProjectDetail(id);
  const { setCurrentId } = useCurrentProject();
  const performance = usePerformance();

  if (isLoading)
    return (
      <div className="grid gap-6" role="status" aria-label="Loading project">
        <Skeleton className="h-10 w-72" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-24 rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-64 rounded-xl" />
      </div>
    );
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <NotFound />;
  if (error || !p)
    return (
      <div className="grid gap-6">
        <BackLink />
        <Card role="alert" className="grid justify-items-start gap-3 p-6 text-sm">
          <p>The project could not be loaded. {error instanceof Error ? error.message : ''}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </Card>
      </div>
    );

  const inv = p.investment;
  return (
    <div className="grid gap-8">
      <div className="grid gap-3">
        <BackLink />
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{p.name}</h1>
          <StatusBadge status={p.status} />
        </div>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {p.location && (
            <span className="flex items-center gap-1">
              <MapPin className="size-4" aria-hidden="true" />
              {p.location}
            </span>
          )}
          <span className="flex items-center gap-1">
            <CalendarDays className="size-4" aria-hidden="true" />
            Since {formatDate(p.investmentDate)}
          </span>
        </p>
      </div>

      {inv && (
        <section aria-labelledby="stake-heading" aria-describedby="stake-note">
          <h2 id="stake-heading" className="text-lg font-semibold">
            Your Investment
          </h2>
          <p id="stake-note" className="mb-3 mt-1 text-sm text-muted-foreground">
            What you invested and were paid, from the portal's records.
          </p>
          <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <Stat label="Amount Invested" value={formatMoney(inv.amount)} />
            <Stat label="Your Returns" value={formatMoney(inv.returns)} />
            <Stat
              label="Your ROI"
              value={inv.roi === null ? dash : formatPercent(inv.roi)}
              hint="Returns as a share of your investment"
            />
            <Stat label="Start Date" value={inv.startDate ? formatDate(inv.startDate) : dash} />
          </dl>
        </section>
      )}

      {inv && (
        <PerformanceFigures
          id="project-performance-heading"
          title="Performance"
          description={`How your money in ${p.name} has done.`}
          figures={performance.data?.projects.find((f) => f.projectId === p._id)}
          asOf={performance.data?.asOf}
          loading={performance.isPending}
        />
      )}

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Facts project={p} />
        {inv && <ReturnsTable monthly={inv.monthlyReturns} />}
      </div>

      {inv && inv.monthlyReturns.length > 0 && (
        <ReturnsChartCard
          investments={[{ projectId: { _id: p._id, name: p.name }, monthlyReturns: inv.monthlyReturns }]}
          title="Your Returns per Month"
          description={`What ${p.name} has paid you, month by month.`}
          height={240}
        />
      )}

      <section aria-labelledby="project-updates-heading">
        <h2 id="project-updates-heading" className="mb-3 text-lg font-semibold">
          Latest Updates
        </h2>
        <UpdatesList projectId={p._id} limit={3} showViewAll onViewAll={() => setCurrentId(p._id)} />
      </section>
    </div>
  );
}

export { ProjectDetailPage as Component };
