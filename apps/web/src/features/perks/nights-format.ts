/** Calendar days as the API speaks them ('YYYY-MM-DD'), in the viewer's local calendar. */
export function toIsoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function fromIsoDay(s: string): Date {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

const DAY_MS = 86_400_000;
const nextDay = (s: string) => {
  const d = fromIsoDay(s);
  d.setDate(d.getDate() + 1);
  return toIsoDay(d);
};

const fmt = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', opts);
const monthDay = fmt({ month: 'short', day: 'numeric' });
const full = fmt({ month: 'short', day: 'numeric', year: 'numeric' });

function rangeText(first: string, last: string): string {
  const a = fromIsoDay(first);
  const b = fromIsoDay(last);
  if (first === last) return full.format(a);
  const sameYear = a.getFullYear() === b.getFullYear();
  if (sameYear && a.getMonth() === b.getMonth())
    return `${monthDay.format(a)}–${b.getDate()}, ${b.getFullYear()}`;
  if (sameYear) return `${monthDay.format(a)} – ${monthDay.format(b)}, ${b.getFullYear()}`;
  return `${full.format(a)} – ${full.format(b)}`;
}

/** Consecutive nights as ranges: ['2026-02-12','2026-02-13','2026-03-20'] -> 'Feb 12–13, 2026; Mar 20, 2026'. */
export function formatNights(nights: readonly string[]): string {
  const sorted = [...new Set(nights)].sort();
  const ranges: [string, string][] = [];
  for (const n of sorted) {
    const last = ranges.at(-1);
    if (last && nextDay(last[1]) === n) last[1] = n;
    else ranges.push([n, n]);
  }
  return ranges.map(([a, b]) => rangeText(a, b)).join('; ');
}

/** '1 night', '3 nights': the same words as the server's messages. */
export { nightsText as nightsLabel } from '@portal/contracts';

/** Whole days from today to a date (negative when past). */
export const daysUntil = (isoDay: string, today: Date = new Date()) =>
  Math.round((fromIsoDay(isoDay).getTime() - fromIsoDay(toIsoDay(today)).getTime()) / DAY_MS);
