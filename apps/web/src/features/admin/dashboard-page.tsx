import { type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
import { sumMoney, type AdminDashboard, type CapitalFigures } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentProject } from '@/queries/current-project';
import { formatDate, formatMoney, formatMonth, formatNumber, formatPercent } from '@/lib/format';
import { useDashboard } from '@/queries/admin-dashboard';
import { useFailedToast } from '@/components/admin/feedback';
import { PageHeader } from '@/components/admin/page-header';
import { useAuditSentence } from './audit-sentence';

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
  const { t } = useTranslation('admin');
  const max = Math.max(...data.map((d) => d.amount), 0);
  if (max === 0)
    return <p className="py-8 text-center text-sm text-muted-foreground">{t('dashboard.noReturns')}</p>;
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
        <caption>{t('dashboard.returnsPerMonth')}</caption>
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
  const { t } = useTranslation('admin');
  const auditSentence = useAuditSentence();
  const { current } = useCurrentProject();
  const { data, isLoading, isError, error } = useDashboard(current?._id);

  useFailedToast(t('dashboard.failedLoad'), isError, error);

  const p = data?.project;
  // The returns paid are income: their share of the capital invested says so; with returns of capital,
  // what has come back of the capital counts both.
  const recovered = ({ returned, capitalReturned, invested }: CapitalFigures) =>
    invested <= 0
      ? undefined
      : capitalReturned > 0
        ? t('dashboard.recoveredWithCapital', {
            percent: formatPercent(((returned + capitalReturned) / invested) * 100),
            capital: formatMoney(capitalReturned),
          })
        : t('dashboard.recoveredIncome', { percent: formatPercent((returned / invested) * 100) });

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        description={
          current ? (
            <Trans
              t={t}
              i18nKey="dashboard.descriptionProject"
              values={{ project: current.name }}
              components={{ b: <span className="font-medium text-foreground" /> }}
            />
          ) : (
            t('dashboard.descriptionAll')
          )
        }
      />
      {isLoading || !data ? (
        <div
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
          role="status"
          aria-label={t('dashboard.loading')}
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
                <Stat
                  icon={PiggyBank}
                  label={t('dashboard.investedCapital')}
                  value={formatMoney(p.invested)}
                />
                <Stat
                  icon={Banknote}
                  label={t('dashboard.incomePaid')}
                  value={formatMoney(p.returned)}
                  sub={recovered(p)}
                />
                <Stat icon={Users} label={t('dashboard.investors')} value={formatNumber(p.investors)} />
                <Stat
                  icon={CalendarClock}
                  label={t('dashboard.pendingBookings')}
                  value={formatNumber(p.pendingBookings)}
                />
              </dl>
            </section>
          )}
          <section aria-labelledby="dash-overall" className="grid gap-3">
            <h2 id="dash-overall" className="text-lg font-semibold">
              {t('dashboard.allProjects')}
            </h2>
            <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <Stat
                icon={PiggyBank}
                label={t('dashboard.investedCapital')}
                value={formatMoney(data.overall.invested)}
              />
              <Stat
                icon={Banknote}
                label={t('dashboard.incomePaid')}
                value={formatMoney(data.overall.returned)}
                sub={recovered(data.overall)}
              />
              <Stat
                icon={Users}
                label={t('dashboard.investors')}
                value={formatNumber(data.overall.investors)}
              />
              <Stat
                icon={Building2}
                label={t('dashboard.projects')}
                value={formatNumber(data.overall.projects)}
                sub={t('dashboard.activeProjects', { n: formatNumber(data.overall.activeProjects) })}
              />
            </dl>
          </section>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
            <Card>
              <CardHeader>
                <CardTitle>{t('dashboard.returnsPerMonth')}</CardTitle>
                <CardDescription>
                  {t('dashboard.returnsTotal', {
                    scope: p ? p.name : t('dashboard.allProjects'),
                    total: formatMoney(sumMoney(data.returnsByMonth.map((m) => m.amount))),
                  })}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <ReturnsChart data={data.returnsByMonth} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{t('dashboard.needsAttention')}</CardTitle>
                <CardDescription>{t('dashboard.acrossProjects')}</CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-2">
                  <Attention
                    to="/admin/bookings"
                    icon={CalendarClock}
                    label={t('dashboard.pendingBookings')}
                    count={data.pendingBookings}
                  />
                  <Attention
                    to="/admin/interest"
                    icon={Inbox}
                    label={t('dashboard.newInterest')}
                    count={data.newInterest}
                  />
                  <Attention
                    to="/admin/users?view=pending"
                    icon={UserCheck}
                    label={t('dashboard.awaitingActivation')}
                    count={data.awaitingActivation}
                  />
                </ul>
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader>
              <CardTitle>{t('dashboard.recentActivity')}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.recentActivity.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('dashboard.noActivity')}</p>
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
