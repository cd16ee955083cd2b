import i18next from 'i18next';
import { formatNumber } from '@/lib/format';

/** Calendar days as the API speaks them ('YYYY-MM-DD'), in the viewer's local calendar. */
export function toIsoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function fromIsoDay(s: string): Date {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

const DAY_MS = 86_400_000;
/** '1 night', '3 nights' in the page's language ('3 Nächte', '3 netter'). */
export const nightsLabel = (n: number) => i18next.t('stays:nights', { count: n, n: formatNumber(n) });

/** Whole days from today to a date (negative when past). */
export const daysUntil = (isoDay: string, today: Date = new Date()) =>
  Math.round((fromIsoDay(isoDay).getTime() - fromIsoDay(toIsoDay(today)).getTime()) / DAY_MS);
