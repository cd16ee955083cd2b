import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarDays, Percent, PiggyBank, TrendingUp, type LucideIcon } from 'lucide-react';
import { periodMonths, portfolioMetrics, type CurrentUser } from '@portal/contracts';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { TBody, THead, Table, Td, Th, Tr } from '@/components/ui/table';
import { formatDate, formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { projectRows, type ProjectRow } from '../portfolio-data';
import { SectionHeader } from './section-header';

function SummaryCard({
  testId,
  title,
  icon: Icon,
  value,
  children,
}: {
  /** The card's test id: the same in every language. */
  testId: string;
  title: string;
  icon: LucideIcon;
  value: string;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <span className="flex size-9 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <p className="tabular text-3xl font-semibold tracking-tight">{value}</p>
      {children && <div className="mt-auto text-sm text-muted-foreground">{children}</div>}
    </Card>
  );
}

const dash = '—';
const roiText = (roi: number | null) => (roi === null ? dash : formatPercent(roi));

/** A project's name, linked to its page unless the investor cannot open it (an archived project). */
function ProjectName({ row, linked }: { row: ProjectRow; linked: boolean }) {
  return linked ? (
    <Link to={`/project/${row.projectId}`} className="font-medium hover:underline">
      {row.name}
    </Link>
  ) : (
    <span className="font-medium">{row.name}</span>
  );
}

function PerProjectInvestments({ rows, canOpen }: { rows: ProjectRow[]; canOpen: (id: string) => boolean }) {
  const { t } = useTranslation('portfolio');
  const total = rows.reduce(
    (acc, r) => ({
      amount: acc.amount + Math.round(r.amount * 100),
      returns: acc.returns + Math.round(r.returns * 100),
    }),
    { amount: 0, returns: 0 },
  );
  const totalRoi = total.amount > 0 ? (total.returns * 100) / total.amount : null;
  return (
    <Card className="mt-4">
      <div className="flex items-center justify-between gap-2 px-5 pt-5 sm:px-6">
        <h3 id="per-project-heading" className="text-base font-semibold">
          {t('summary.perProject.title')}
        </h3>
      </div>
      {/* Wide screens: the per-project table. Phones: the same figures as one block a project. */}
      <div className="hidden px-2 pb-2 pt-2 sm:block sm:px-3">
        <Table aria-labelledby="per-project-heading">
          <THead>
            <Tr className="hover:bg-transparent">
              <Th scope="col">{t('summary.perProject.project')}</Th>
              <Th scope="col" className="text-right">
                {t('summary.perProject.amountInvested')}
              </Th>
              <Th scope="col" className="text-right">
                {t('summary.perProject.returns')}
              </Th>
              <Th scope="col" className="text-right">
                {t('summary.perProject.roi')}
              </Th>
              <Th scope="col" className="text-right">
                {t('summary.perProject.startDate')}
              </Th>
            </Tr>
          </THead>
          <TBody>
            {rows.map((r) => (
              <Tr key={r.projectId}>
                <Td className="font-medium">
                  <ProjectName row={r} linked={canOpen(r.projectId)} />
                </Td>
                <Td className="tabular text-right">{formatMoney(r.amount)}</Td>
                <Td className="tabular text-right">{formatMoney(r.returns)}</Td>
                <Td className="tabular text-right">{roiText(r.roi)}</Td>
                <Td className="tabular text-right text-muted-foreground">
                  {r.startDate ? formatDate(r.startDate) : dash}
                </Td>
              </Tr>
            ))}
          </TBody>
          {rows.length > 1 && (
            <tfoot className="border-t font-semibold">
              <tr>
                <Th scope="row" className="normal-case tracking-normal text-foreground">
                  {t('summary.perProject.total')}
                </Th>
                <Td className="tabular text-right">{formatMoney(total.amount / 100)}</Td>
                <Td className="tabular text-right">{formatMoney(total.returns / 100)}</Td>
                <Td className="tabular text-right">{roiText(totalRoi)}</Td>
                <Td />
              </tr>
            </tfoot>
          )}
        </Table>
      </div>
      <ul className="grid gap-3 p-5 pt-3 sm:hidden" aria-labelledby="per-project-heading">
        {rows.map((r) => (
          <li key={r.projectId} className="rounded-lg border p-3">
            <ProjectName row={r} linked={canOpen(r.projectId)} />
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">{t('summary.perProject.amountInvested')}</dt>
              <dd className="tabular text-right">{formatMoney(r.amount)}</dd>
              <dt className="text-muted-foreground">{t('summary.perProject.returns')}</dt>
              <dd className="tabular text-right">{formatMoney(r.returns)}</dd>
              <dt className="text-muted-foreground">{t('summary.perProject.roi')}</dt>
              <dd className="tabular text-right">{roiText(r.roi)}</dd>
              <dt className="text-muted-foreground">{t('summary.perProject.startDate')}</dt>
              <dd className="tabular text-right">{r.startDate ? formatDate(r.startDate) : dash}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Portfolio Summary (docs/product.md §6): three cards and, given investments, the per-project table. */
export type PortfolioFigures = Pick<
  CurrentUser,
  'totalInvestment' | 'totalReturned' | 'investmentDate' | 'investmentPeriod' | 'investments'
> &
  Partial<Pick<CurrentUser, 'capitalReturned' | 'adjustedIncome'>>;

/**
 * `canOpen` tells which projects have a page for the investor: the money of an archived project stays
 * in the summary, but its name is not a link.
 */
export function PortfolioSummary({
  user,
  children,
  canOpen = () => true,
}: {
  user: PortfolioFigures;
  children?: ReactNode;
  canOpen?: (projectId: string) => boolean;
}) {
  const { recoveredPercent, annualROI } = portfolioMetrics(user, user.investments);
  const rows = projectRows(user.investments);
  const { t } = useTranslation('portfolio');
  const recovered = t('summary.recovered', { percent: formatPercent(recoveredPercent) });
  // '6-month', as the server writes the period, is said in the page's language.
  const months = periodMonths(user.investmentPeriod);
  const basedOn =
    months !== null && user.investmentPeriod?.trim() === `${months}-month`
      ? t('summary.basedOnMonths', { count: months, n: formatNumber(months) })
      : t('summary.basedOn', { period: user.investmentPeriod });
  return (
    <section aria-labelledby="summary-heading">
      <SectionHeader id="summary-heading" title={t('summary.title')} />
      <div className="grid gap-4 sm:grid-cols-3 md:grid-cols-1 lg:grid-cols-3">
        <SummaryCard
          testId="summary-total-investment"
          title={t('summary.totalInvestment')}
          icon={PiggyBank}
          value={formatMoney(user.totalInvestment)}
        >
          {user.investmentDate && (
            <p className="flex items-center gap-1.5">
              <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
              {t('summary.investedOn', { date: formatDate(user.investmentDate) })}
            </p>
          )}
        </SummaryCard>
        <SummaryCard
          testId="summary-total-returns"
          title={t('summary.totalReturns')}
          icon={TrendingUp}
          value={formatMoney(user.totalReturned)}
        >
          <Progress value={recoveredPercent} label={recovered} />
          <p className="mt-2">{recovered}</p>
          {!!user.capitalReturned && (
            <p className="mt-1">
              {t('summary.includesCapital', {
                capital: formatMoney(user.capitalReturned),
                returns: formatMoney(user.totalReturned),
              })}
            </p>
          )}
          {/* Income adjustments count in Total Returns but in no project's returns below: said here. */}
          {!!user.adjustedIncome && (
            <p className="mt-1">{t('summary.adjustments', { amount: formatMoney(user.adjustedIncome) })}</p>
          )}
        </SummaryCard>
        <SummaryCard
          testId="summary-annual-roi"
          title={t('summary.annualRoi')}
          icon={Percent}
          value={annualROI === null ? dash : formatPercent(annualROI)}
        >
          {user.investmentPeriod && <p>{basedOn}</p>}
        </SummaryCard>
      </div>
      {rows.length > 0 && <PerProjectInvestments rows={rows} canOpen={canOpen} />}
      {children}
    </section>
  );
}
