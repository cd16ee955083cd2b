import { type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  Banknote,
  Building2,
  CalendarClock,
  History,
  Inbox,
  PiggyBank,
  UserCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { auditSentence, sumMoney, type AdminDashboard, type CapitalFigures } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentProject } from '@/queries/current-project';
import { formatDate, formatMoney, formatMonth, formatPercent } from '@/lib/format';
import { useDashboard } from '@/queries/admin-dashboard';
import { useFailedToast } from '@/components/admin/feedback';
import { PageHeader } from '@/components/admin/page-header';

function Stat({
  icon: Icon,
  label,
  value,
  sub,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  sub?: ReactNode;
}) {
  return (
    <Card className="p-5">
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
        {label}
        <Icon className="size-4" aria-hidden="true" />
      </dt>
      <dd className="mt-2 truncate text-2xl font-semibold tracking-tight tabular">{value}</dd>
      {sub && <dd className="mt-1 text-xs text-muted-foreground">{sub}</dd>}
    </Card>
  );
}

function Attention({
  to,
  icon: Icon,
  label,
  count,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  count: number;
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-center gap-3 rounded-lg border px-4 py-3 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 flex-1 text-sm font-medium">{label}</span>
        <Badge variant={count > 0 ? 'warning' : 'secondary'} className="tabular">
          {count}
        </Badge>
        <ArrowRight className="size-4 text-muted-foreground" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** Returns paid per month as bars, with the figures in a table for screen readers. */
function ReturnsChart({ data }: { data: AdminDashboard['returnsByMonth'] }) {
  const max = Math.max(...data.map((d) => d.amount), 0);
  if (max === 0)
    return <p className="py-8 text-center text-sm text-muted-foreground">No returns in the last 12 months</p>;
  return (
    <>
      <div aria-hidden="true" className="flex h-44 items-end gap-1.5 sm:gap-2">
        {data.map((d) => (
          <div
            key={d.month}
            className="group flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
          >
            <div
              className="w-full rounded-t-sm bg-chart-1 transition-opacity group-hover:opacity-80"
              style={{ height: d.amount > 0 ? `${Math.max(2, (d.amount / max) * 100)}%` : '0' }}
              title={`${formatMonth(d.month)}: ${formatMoney(d.amount)}`}
            />
            <span className="text-[10px] text-muted-foreground">{formatMonth(d.month).slice(0, 3)}</span>
          </div>
        ))}
      </div>
      <table className="sr-only">
        <caption>Returns paid per month</caption>
        <tbody>
          {data.map((d) => (
            <tr key={d.month}>
              <th scope="row">{formatMonth(d.month)}</th>
              <td>{formatMoney(d.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The Admin Dashboard: the figures an operator wants first, for the selected project and overall. */
function DashboardPage() {
  const { current } = useCurrentProject();
  const { data, isLoading, isError, error } = useDashboard(current?._id);

  useFailedToast('Failed to load data', isError, error);

  const p = data?.project;
  // The returns paid are income: their share of the capital invested says so; with returns of capital,
  // what has come back of the capital counts both.
  const recovered = ({ returned, capitalReturned, invested }: CapitalFigures) =>
    invested <= 0
      ? undefined
      : capitalReturned > 0
        ? `${formatPercent(((returned + capitalReturned) / invested) * 100)} of capital recovered, ${formatMoney(capitalReturned)} of it as returns of capital`
        : `${formatPercent((returned / invested) * 100)} of the capital invested, paid as income`;

  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        description={
          current ? (
            <>
              Figures for <span className="font-medium text-foreground">{current.name}</span> and the whole
              portfolio
            </>
          ) : (
            'Figures for the whole portfolio'
          )
        }
      />
      {isLoading || !data ? (
        <div
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
          role="status"
          aria-label="Loading dashboard"
        >
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-8">
          {p && (
            <section aria-labelledby="dash-project" className="grid gap-3">
              <h2 id="dash-project" className="text-lg font-semibold">
                {p.name}
              </h2>
              <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
                <Stat icon={PiggyBank} label="Invested capital" value={formatMoney(p.invested)} />
                <Stat
                  icon={Banknote}
                  label="Income paid"
                  value={formatMoney(p.returned)}
                  sub={recovered(p)}
                />
                <Stat icon={Users} label="Investors" value={String(p.investors)} />
                <Stat
                  icon={CalendarClock}
                  label="Pending booking requests"
                  value={String(p.pendingBookings)}
                />
              </dl>
            </section>
          )}
          <section aria-labelledby="dash-overall" className="grid gap-3">
            <h2 id="dash-overall" className="text-lg font-semibold">
              All projects
            </h2>
            <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <Stat icon={PiggyBank} label="Invested capital" value={formatMoney(data.overall.invested)} />
              <Stat
                icon={Banknote}
                label="Income paid"
                value={formatMoney(data.overall.returned)}
                sub={recovered(data.overall)}
              />
              <Stat icon={Users} label="Investors" value={String(data.overall.investors)} />
              <Stat
                icon={Building2}
                label="Projects"
                value={String(data.overall.projects)}
                sub={`${data.overall.activeProjects} active`}
              />
            </dl>
          </section>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
            <Card>
              <CardHeader>
                <CardTitle>Returns paid per month</CardTitle>
                <CardDescription>
                  {p ? p.name : 'All projects'} ·{' '}
                  {formatMoney(sumMoney(data.returnsByMonth.map((m) => m.amount)))} in the last 12 months
                </CardDescription>
              </CardHeader>
              <CardContent>
                <ReturnsChart data={data.returnsByMonth} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Needs attention</CardTitle>
                <CardDescription>Across every project</CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-2">
                  <Attention
                    to="/admin/bookings"
                    icon={CalendarClock}
                    label="Pending booking requests"
                    count={data.pendingBookings}
                  />
                  <Attention
                    to="/admin/interest"
                    icon={Inbox}
                    label="New interest registrations"
                    count={data.newInterest}
                  />
                  <Attention
                    to="/admin/users?view=pending"
                    icon={UserCheck}
                    label="Accounts waiting for activation"
                    count={data.awaitingActivation}
                  />
                </ul>
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Recent activity</CardTitle>
            </CardHeader>
            <CardContent>
              {data.recentActivity.length === 0 ? (
                <p className="text-sm text-muted-foreground">No activity yet</p>
              ) : (
                <ol className="grid gap-3">
                  {data.recentActivity.map((e) => (
                    <li key={e._id} className="flex items-start gap-3 text-sm">
                      <History className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                      <span className="min-w-0 flex-1">{auditSentence(e)}</span>
                      <time dateTime={e.createdAt} className="shrink-0 text-xs text-muted-foreground">
                        {formatDate(e.createdAt, 'relative')}
                      </time>
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}

export { DashboardPage as Component };
