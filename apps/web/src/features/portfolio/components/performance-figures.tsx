import type { PerformanceFigures as Figures } from '@portal/contracts';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatMoney, formatPercent } from '@/lib/format';
import { SectionHeader } from './section-header';

const dash = '—';
const percent = (x: number | null) => (x === null ? dash : formatPercent(x * 100));

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
  return (
    <section aria-labelledby={id}>
      <SectionHeader id={id} title={title} description={description} />
      {figures ? (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure label="Internal rate of return (IRR)" value={percent(figures.xirr)}>
              A yearly rate: what you paid in on each start date against what was paid to you on each payment
              date, the capital still invested counted at cost today. It differs from Annual ROI, a simple
              yearly rate of income alone that does not weigh when each euro went in or came back.
            </Figure>
            <Figure label="Cash yield, last 12 months" value={percent(figures.cashYield12m)}>
              Income paid in the last 12 months as a share of the capital still invested.
            </Figure>
            <Figure
              label="Distributions to paid-in (DPI)"
              value={figures.dpi === null ? dash : `${figures.dpi.toFixed(2)}×`}
            >
              Everything paid back to you (capital and income) for each euro you invested.
            </Figure>
            <Figure label="Net cash flow" value={formatMoney(figures.netCashFlow)}>
              {`Capital returned (${formatMoney(figures.capitalReturned)}) and income (${formatMoney(figures.income)}) minus the ${formatMoney(figures.invested)} you invested.`}
            </Figure>
          </dl>
          {asOf && (
            <p className="mt-2 text-xs text-muted-foreground">
              As of {formatDate(asOf)}. Amounts count once paid; a figure that cannot be computed yet shows as{' '}
              {dash}.
            </p>
          )}
        </>
      ) : loading ? (
        <div
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
          role="status"
          aria-label="Loading performance"
        >
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-32 rounded-xl" />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">The performance figures could not be loaded.</p>
      )}
    </section>
  );
}
