import { useTranslation } from 'react-i18next';
import type { PerformanceFigures as Figures } from '@portal/contracts';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { SectionHeader } from './section-header';

const dash = '—';
const percent = (x: number | null) => (x === null ? dash : formatPercent(x * 100));
/** A multiple with two decimals, as the language writes them: 0.02, 0,02. */
const multiple = (x: number) => x.toFixed(2).replace('.', formatNumber(1.5, 1).charAt(1));

function Figure({ label, value, children }: { label: string; value: string; children: string }) {
  return (
    <Card className="flex flex-col gap-1 p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="tabular text-2xl font-semibold tracking-tight">{value}</dd>
      <dd className="text-xs text-muted-foreground">{children}</dd>
    </Card>
  );
}

/**
 * The performance figures of the portfolio or of one project, each with what it means and how it is
 * computed (docs/product.md §6). A figure that cannot be computed yet shows as a dash.
 */
export function PerformanceFigures({
  id,
  title,
  description,
  figures,
  asOf,
  loading = false,
}: {
  id: string;
  title: string;
  description: string;
  figures: Figures | undefined;
  asOf: string | undefined;
  loading?: boolean;
}) {
  const { t } = useTranslation('portfolio');
  return (
    <section aria-labelledby={id}>
      <SectionHeader id={id} title={title} description={description} />
      {figures ? (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure label={t('performance.irr')} value={percent(figures.xirr)}>
              {t('performance.irrText')}
            </Figure>
            <Figure label={t('performance.cashYield')} value={percent(figures.cashYield12m)}>
              {t('performance.cashYieldText')}
            </Figure>
            <Figure
              label={t('performance.dpi')}
              value={
                figures.dpi === null ? dash : t('performance.dpiValue', { value: multiple(figures.dpi) })
              }
            >
              {t('performance.dpiText')}
            </Figure>
            <Figure label={t('performance.netCashFlow')} value={formatMoney(figures.netCashFlow)}>
              {t('performance.netCashFlowText', {
                capital: formatMoney(figures.capitalReturned),
                income: formatMoney(figures.income),
                invested: formatMoney(figures.invested),
              })}
            </Figure>
          </dl>
          {asOf && (
            <p className="mt-2 text-xs text-muted-foreground">
              {t('performance.asOf', { date: formatDate(asOf), dash })}
            </p>
          )}
        </>
      ) : loading ? (
        <div
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
          role="status"
          aria-label={t('performance.loading')}
        >
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-32 rounded-xl" />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('performance.failed')}</p>
      )}
    </section>
  );
}
