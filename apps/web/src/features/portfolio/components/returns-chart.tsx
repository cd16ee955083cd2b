import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatMonth } from '@/lib/format';
import { niceTicks, type ReturnsMonth, type ReturnsSeries } from '../portfolio-data';

/** Series colours: the theme's two chart colours, then further hues that read in both themes. */
const COLORS = [
  'var(--color-chart-1)',
  'var(--color-chart-2)',
  'oklch(0.62 0.12 250)',
  'oklch(0.62 0.14 330)',
  'oklch(0.66 0.12 40)',
  'oklch(0.6 0.1 120)',
];

const compactEuro = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'EUR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * The bar chart itself (recharts). This module is loaded lazily, so recharts stays out of the first
 * paint of the dashboard.
 */
export default function ReturnsChart({
  months,
  series,
  height = 280,
}: {
  months: ReturnsMonth[];
  series: ReturnsSeries[];
  height?: number;
}) {
  const ticks = niceTicks(Math.max(0, ...months.map((m) => m.total)));
  return (
    <div style={{ height }} className="w-full text-xs">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={months} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="month"
            tickFormatter={formatMonth}
            tickLine={false}
            axisLine={false}
            minTickGap={24}
            tick={{ fill: 'var(--color-muted-foreground)' }}
          />
          <YAxis
            ticks={ticks}
            domain={[0, ticks[ticks.length - 1]!]}
            tickFormatter={(v: number) => compactEuro.format(v)}
            tickLine={false}
            axisLine={false}
            width={56}
            tick={{ fill: 'var(--color-muted-foreground)' }}
          />
          <Tooltip
            cursor={{ fill: 'var(--color-muted)' }}
            labelFormatter={(m) => formatMonth(String(m))}
            formatter={(v) => formatMoney(Number(v))}
            contentStyle={{
              background: 'var(--color-popover)',
              color: 'var(--color-popover-foreground)',
              border: '1px solid var(--color-border)',
              borderRadius: 8,
            }}
          />
          {series.length > 1 && <Legend iconType="circle" wrapperStyle={{ paddingTop: 8 }} />}
          {series.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stackId="returns"
              fill={COLORS[i % COLORS.length]}
              radius={i === series.length - 1 ? [3, 3, 0, 0] : 0}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
