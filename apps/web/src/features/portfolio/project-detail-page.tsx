import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ArrowLeft, CalendarDays, MapPin } from 'lucide-react';
import type { ProjectDetail } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TBody, THead, Table, Td, Th, Tr } from '@/components/ui/table';
import { ApiError } from '@/lib/api';
import { useCurrentProject } from '@/queries/current-project';
import { formatDate, formatMoney, formatMonth, formatNumber, formatPercent } from '@/lib/format';
import { useProjectDetail } from '@/queries/projects';
import { usePerformance } from '@/queries/performance';
import { messageOf } from '@/lib/toast';
import { PerformanceFigures } from './components/performance-figures';
import { annualText } from './components/project-card';
import { UpdatesList } from './components/recent-updates';
import { ReturnsChartCard } from './components/returns-chart-card';
import { StatusBadge, useStatusLabel } from './components/status-badge';

const dash = '—';
/** Months shown in the returns table before 'Show all'. */
const RECENT_MONTHS = 12;

function BackLink() {
  const { t } = useTranslation('portfolio');
  return (
    <Link
      to="/projects"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('detail.allProjects')}
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
  const { t } = useTranslation('portfolio');
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
          {t('detail.monthByMonth')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.noReturns')}</p>
        ) : (
          <>
            <Table aria-labelledby="monthly-heading">
              <THead>
                <Tr className="hover:bg-transparent">
                  <Th scope="col">{t('detail.month')}</Th>
                  <Th scope="col" className="text-right">
                    {t('detail.return')}
                  </Th>
                  <Th scope="col" className="text-right">
                    {t('detail.totalToDate')}
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
                {showAll
                  ? t('detail.showRecent', { count: RECENT_MONTHS, n: formatNumber(RECENT_MONTHS) })
                  : t('detail.showAllMonths', { count: rows.length, n: formatNumber(rows.length) })}
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
  const { t } = useTranslation('portfolio');
  const statusLabel = useStatusLabel();
  const facts: [string, string][] = [
    [t('detail.location'), p.location || dash],
    [t('detail.status'), statusLabel(p.status)],
    [t('detail.annualRoi'), annualText(p.annualROI)],
    [
      t('detail.investmentPeriod'),
      t('detail.months', { count: p.investmentPeriod, n: formatNumber(p.investmentPeriod) }),
    ],
    [t('detail.investmentDate'), formatDate(p.investmentDate)],
    [t('detail.expectedCompletion'), p.expectedCompletion ? formatDate(p.expectedCompletion) : dash],
    [t('detail.expectedMonthlyReturn'), formatPercent(p.expectedMonthlyReturn)],
  ];
  // Typed by an admin for the whole project, investors outside the portal included: they are not the
  // portal's ledger, so they stand apart under a caption that says whose figures they are (issue 31).
  const wholeProject: [string, string][] = [
    [t('detail.totalRaised'), formatMoney(p.totalInvestment)],
    [t('detail.returnedToInvestors'), formatMoney(p.totalReturned)],
  ];
  return (
    <Card role="region" aria-labelledby="about-heading">
      <CardHeader className="pb-2">
        <CardTitle id="about-heading" className="text-base">
          {t('detail.about')}
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
            {t('projects.wholeProject')}
          </h3>
          <p id="whole-project-note" className="text-xs text-muted-foreground">
            {p.investment ? t('detail.wholeProjectNoteOwn') : t('detail.wholeProjectNote')}
          </p>
          <FactList facts={wholeProject} />
        </div>
      </CardContent>
    </Card>
  );
}

function NotFound() {
  const { t } = useTranslation('portfolio');
  return (
    <div className="grid gap-6">
      <BackLink />
      <Card className="mx-auto grid max-w-md justify-items-center gap-3 p-8 text-center">
        <h1 className="text-xl font-semibold">{t('detail.notFoundTitle')}</h1>
        <p className="text-sm text-muted-foreground">{t('detail.notFoundText')}</p>
        <Button asChild>
          <Link to="/projects">{t('detail.backToProjects')}</Link>
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
  const { t } = useTranslation('portfolio');

  if (isLoading)
    return (
      <div className="grid gap-6" role="status" aria-label={t('detail.loading')}>
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
          <p>{t('detail.failed', { message: messageOf(error, '') })}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            {t('payouts.tryAgain')}
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
            {t('projectCard.since', { date: formatDate(p.investmentDate) })}
          </span>
        </p>
      </div>

      {inv && (
        <section aria-labelledby="stake-heading" aria-describedby="stake-note">
          <h2 id="stake-heading" className="text-lg font-semibold">
            {t('detail.yourInvestment')}
          </h2>
          <p id="stake-note" className="mb-3 mt-1 text-sm text-muted-foreground">
            {t('detail.yourInvestmentNote')}
          </p>
          <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <Stat label={t('summary.perProject.amountInvested')} value={formatMoney(inv.amount)} />
            <Stat label={t('projectCard.yourReturns')} value={formatMoney(inv.returns)} />
            <Stat
              label={t('projectCard.yourRoi')}
              value={inv.roi === null ? dash : formatPercent(inv.roi)}
              hint={t('detail.yourRoiHint')}
            />
            <Stat
              label={t('summary.perProject.startDate')}
              value={inv.startDate ? formatDate(inv.startDate) : dash}
            />
          </dl>
        </section>
      )}

      {inv && (
        <PerformanceFigures
          id="project-performance-heading"
          title={t('dashboard.performanceTitle')}
          description={t('detail.performanceText', { name: p.name })}
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
          title={t('detail.chartTitle')}
          description={t('detail.chartText', { name: p.name })}
          height={240}
        />
      )}

      <section aria-labelledby="project-updates-heading">
        <h2 id="project-updates-heading" className="mb-3 text-lg font-semibold">
          {t('detail.latestUpdates')}
        </h2>
        <UpdatesList projectId={p._id} limit={3} showViewAll onViewAll={() => setCurrentId(p._id)} />
      </section>
    </div>
  );
}

export { ProjectDetailPage as Component };
