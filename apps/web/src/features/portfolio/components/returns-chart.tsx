import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTL_LOCALE, type Locale } from '@portal/i18n';
import { currentLocale } from '@/lib/i18n';
import { cn } from '@/lib/cn';
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
const color = (i: number) => COLORS[i % COLORS.length]!;

const compactEuros = new Map<Locale, Intl.NumberFormat>();
/** The axis's amounts, short (€1.5K, 1500 €, 1,5k €), in the page's language; each formatter made once. */
function compactEuro(value: number): string {
  const locale = currentLocale();
  let f = compactEuros.get(locale);
  if (!f)
    compactEuros.set(
      locale,
      (f = new Intl.NumberFormat(INTL_LOCALE[locale], {
        style: 'currency',
        currency: 'EUR',
        notation: 'compact',
        minimumFractionDigits: 0,
        maximumFractionDigits: 1,
      })),
    );
  return f.format(value);
}

/** Height of the month labels under the bars. */
const AXIS_PX = 24;
/** At most this many month labels; on a phone every other one of them. */
const MAX_LABELS = 6;
/** Plot width from which a month's figures go beside it rather than over it. */
const WIDE_PX = 480;
/** A bar's share of its month's width. */
const BAR = 0.8;

/** A share as an SVG or CSS percentage, rounded off float noise. */
const pct = (x: number) => `${Math.round(x * 1e6) / 1e4}%`;

/**
 * The returns per month as stacked bars, one a project, drawn as plain SVG (ADR 025). Horizontal
 * positions are percentages of the plot's width, so it fits any width without measuring it; the labels
 * are HTML around the SVG. One element a bar: a ten-year chart of several projects draws in a few
 * milliseconds, with the rest of the page. Hovering a month shows its figures. It is decorative to screen
 * readers: the card describes it in words.
 */
export function ReturnsChart({
  months,
  series,
  height = 280,
}: {
  months: ReturnsMonth[];
  series: ReturnsSeries[];
  height?: number;
}) {
  const { t } = useTranslation('portfolio');
  // The month under the pointer, and whether the plot is wide enough for its figures beside it.
  const [hover, setHover] = useState<{ i: number; beside: boolean } | null>(null);
  const active = hover?.i ?? null;
  const ticks = niceTicks(Math.max(0, ...months.map((m) => m.total)));
  const top = ticks[ticks.length - 1]!;
  const n = months.length;
  const step = Math.max(1, Math.ceil(n / MAX_LABELS));
  // Labelled months count back from the latest, which is always labelled.
  const labelled = months.map((_, i) => i).filter((i) => (n - 1 - i) % step === 0);
  const legend = series.length > 1;
  const plotPx = height - AXIS_PX - (legend ? 28 : 0);
  const centre = (i: number) => (i + 0.5) / n;
  const shown = active === null ? undefined : months[active];
  // The projects that paid in the month shown.
  const paid = shown
    ? series.map((s, k) => ({ s, k, value: Number(shown[s.key]) || 0 })).filter((p) => p.value > 0)
    : [];

  return (
    <div
      data-testid="returns-chart"
      className="w-full text-xs text-muted-foreground"
      style={{ minHeight: height }}
    >
      <div className="grid grid-cols-[56px_1fr]" style={{ height: plotPx + AXIS_PX }}>
        <div className="relative" style={{ height: plotPx }}>
          {ticks.map((tick) => (
            <span
              key={tick}
              className="tabular absolute right-2 translate-y-1/2 leading-none"
              style={{ bottom: pct(tick / top) }}
            >
              {compactEuro(tick)}
            </span>
          ))}
        </div>
        <div className="relative">
          <svg
            width="100%"
            height={plotPx}
            className="block overflow-visible"
            onPointerLeave={() => setHover(null)}
          >
            {ticks.map((tick) => (
              <line
                key={tick}
                x1="0"
                x2="100%"
                y1={pct(1 - tick / top)}
                y2={pct(1 - tick / top)}
                stroke="var(--color-border)"
              />
            ))}
            {active !== null && (
              <rect x={pct(active / n)} width={pct(1 / n)} y="0" height="100%" fill="var(--color-muted)" />
            )}
            {months.map((m, i) => {
              let below = 0;
              return series.map((s, k) => {
                const value = Number(m[s.key]) || 0;
                if (value <= 0) return null;
                below += value;
                return (
                  <rect
                    key={`${m.month}-${s.key}`}
                    data-month={m.month}
                    data-series={s.key}
                    x={pct((i + (1 - BAR) / 2) / n)}
                    width={pct(BAR / n)}
                    y={pct(1 - below / top)}
                    height={pct(value / top)}
                    fill={color(k)}
                  />
                );
              });
            })}
            {months.map((m, i) => (
              <rect
                key={m.month}
                x={pct(i / n)}
                width={pct(1 / n)}
                y="0"
                height="100%"
                fill="transparent"
                onPointerEnter={(e) =>
                  setHover({ i, beside: (e.currentTarget.ownerSVGElement?.clientWidth ?? 0) >= WIDE_PX })
                }
              />
            ))}
          </svg>
          {labelled.map((i, k) => (
            <span
              key={i}
              className={cn(
                'absolute whitespace-nowrap pt-1.5',
                (labelled.length - 1 - k) % 2 === 1 && 'max-sm:hidden',
              )}
              // Centred on its bar, but moved in at the ends so that no label sticks out of the chart.
              style={{ top: plotPx, left: pct(centre(i)), transform: `translateX(-${pct(centre(i))})` }}
            >
              {formatMonth(months[i]!.month)}
            </span>
          ))}
          {shown && hover && (
            <div
              className="pointer-events-none absolute top-2 z-10 min-w-36 rounded-lg border bg-popover px-3 py-2 text-popover-foreground shadow-md"
              style={
                !hover.beside
                  ? // Over the month, moved in at the ends like the labels.
                    { left: pct(centre(hover.i)), transform: `translateX(-${pct(centre(hover.i))})` }
                  : // Beside the month, on the side with more room.
                    centre(hover.i) < 0.5
                    ? { left: `calc(${pct((hover.i + 1) / n)} + 8px)` }
                    : { right: `calc(${pct(1 - hover.i / n)} + 8px)` }
              }
            >
              <p className="mb-1 font-medium">{formatMonth(shown.month)}</p>
              <ul className="space-y-0.5">
                {paid.length === 0 && <li>{t('chart.nothingPaid')}</li>}
                {paid.map(({ s, k, value }) => (
                  <li key={s.key} className="flex items-center gap-2">
                    <span aria-hidden className="size-2 rounded-full" style={{ background: color(k) }} />
                    <span className="flex-1 truncate">{s.name}</span>
                    <span className="tabular">{formatMoney(value)}</span>
                  </li>
                ))}
                {paid.length > 1 && (
                  <li className="flex justify-between gap-2 border-t pt-0.5 font-medium">
                    <span>{t('chart.total')}</span>
                    <span className="tabular">{formatMoney(shown.total)}</span>
                  </li>
                )}
              </ul>
            </div>
          )}
        </div>
      </div>
      {legend && (
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-2">
          {series.map((s, k) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span aria-hidden className="size-2 rounded-full" style={{ background: color(k) }} />
              {s.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
