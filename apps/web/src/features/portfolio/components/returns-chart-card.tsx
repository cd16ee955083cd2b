import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvestmentSummaryItem } from '@portal/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatMoney, formatMonth } from '@/lib/format';
import { addMonths, returnsByMonth } from '../portfolio-data';
import { ReturnsChart } from './returns-chart';

const RANGES = [
  { id: '12', label: 'chart.range.oneYear', months: 12 },
  { id: '36', label: 'chart.range.threeYears', months: 36 },
  { id: 'all', label: 'chart.range.all', months: Infinity },
] as const;

/**
 * Returns per month, one bar a month stacked by project. The figure is described in words for screen
 * readers; the chart itself is decorative to them.
 */
export function ReturnsChartCard({
  investments,
  title,
  description,
  height,
  className,
}: {
  investments: readonly Pick<InvestmentSummaryItem, 'projectId' | 'monthlyReturns'>[];
  title?: string;
  description?: string;
  height?: number;
  className?: string;
}) {
  const { t } = useTranslation('portfolio');
  const [range, setRange] = useState<(typeof RANGES)[number]['id']>('all');
  const all = useMemo(() => returnsByMonth(investments), [investments]);
  const months = useMemo(() => {
    const r = RANGES.find((x) => x.id === range)!;
    if (!Number.isFinite(r.months) || all.months.length === 0) return all.months;
    const from = addMonths(all.months[all.months.length - 1]!.month, -(r.months - 1));
    return all.months.filter((m) => m.month >= from);
  }, [all, range]);

  if (all.months.length === 0) return null;
  const total = months.reduce((acc, m) => acc + Math.round(m.total * 100), 0) / 100;
  const best = months.reduce((a, b) => (b.total > a.total ? b : a), months[0]!);
  const from = formatMonth(months[0]!.month);
  const to = formatMonth(months[months.length - 1]!.month);
  const summary = t('chart.summary', {
    from,
    to,
    total: formatMoney(total),
    best: formatMonth(best.month),
    bestTotal: formatMoney(best.total),
  });

  return (
    <Card className={className} role="region" aria-labelledby="returns-chart-heading">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 pb-2">
        <div>
          <CardTitle id="returns-chart-heading" className="text-base">
            {title ?? t('chart.title')}
          </CardTitle>
          <CardDescription>{description ?? t('chart.description')}</CardDescription>
        </div>
        <div role="group" aria-label={t('chart.period')} className="inline-flex rounded-md border p-0.5">
          {RANGES.map((r) => (
            <button
              key={r.id}
              type="button"
              aria-pressed={range === r.id}
              onClick={() => setRange(r.id)}
              className={cn(
                'rounded px-2.5 py-1 text-xs font-medium text-muted-foreground hover:text-foreground',
                range === r.id && 'bg-primary text-primary-foreground hover:text-primary-foreground',
              )}
            >
              {t(r.label)}
            </button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        <figure>
          <figcaption className="mb-2 text-sm">
            <span className="tabular font-semibold">{formatMoney(total)}</span>{' '}
            <span className="text-muted-foreground">{t('chart.fromTo', { from, to })}</span>
            <span className="sr-only"> {summary}</span>
          </figcaption>
          <div aria-hidden="true">
            <ReturnsChart months={months} series={all.series} height={height} />
          </div>
        </figure>
      </CardContent>
    </Card>
  );
}
