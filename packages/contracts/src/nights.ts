/**
 * Cabin-night arithmetic (issue 4): remaining = total − nights in pending and approved requests; bonus
 * nights are spent only once the remaining nights reach zero. Pure, so that the rules are tested alone.
 */
export interface NightBalance {
  remainingNights: number;
  bonusNightsRemaining: number;
  /** What a new request may still take: remaining plus bonus. */
  available: number;
}

export function nightBalance(totalNights: number, bonusNights: number, bookedNights: number): NightBalance {
  const remainingNights = Math.max(0, totalNights - bookedNights);
  const bonusSpent = Math.min(bonusNights, Math.max(0, bookedNights - totalNights));
  const bonusNightsRemaining = bonusNights - bonusSpent;
  return { remainingNights, bonusNightsRemaining, available: remainingNights + bonusNightsRemaining };
}

/** How many of `requested` new nights come from the bonus pool. */
export function bonusNightsFor(requested: number, balance: NightBalance): number {
  return Math.max(0, requested - balance.remainingNights);
}

const DAY_MS = 86_400_000;

/** Years (one decimal, never negative) from `today` to the expiry date, both 'YYYY-MM-DD'. */
export function yearsUntil(expiresAt: string, today: string): number {
  const days = (Date.parse(`${expiresAt}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS;
  if (!(days > 0)) return 0;
  return Math.round((days / 365.25) * 10) / 10;
}

/** Today's calendar date in UTC, 'YYYY-MM-DD'. */
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/**
 * The calendar date where the day started last (UTC−12), 'YYYY-MM-DD'. A night before it is past
 * everywhere; a night on it may still be today for someone west of UTC (in Honolulu at 7 p.m. it is
 * already tomorrow in UTC), and their calendar rightly offers it.
 */
export const earliestTodayIso = (now: Date = new Date()) =>
  todayIso(new Date(now.getTime() - 12 * 3_600_000));

const nightFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '1 night', '3 nights'. */
export const nightsText = (n: number) => `${n} night${n === 1 ? '' : 's'}`;

/** '2026-02-12' -> 'Feb 12, 2026' for messages people read. */
export const formatNight = (night: string) => nightFormat.format(new Date(`${night}T00:00:00Z`));

/** 'Feb 12, 2026', 'Feb 12, 2026 and Feb 13, 2026', 'Feb 12, 2026, … and 3 more'. */
export function listNights(nights: readonly string[], max = 3): string {
  const shown = nights.slice(0, max).map(formatNight);
  const rest = nights.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const utc = (night: string) => new Date(`${night}T00:00:00Z`);

/** The span of a sorted list of nights: 'Feb 12–14, 2026', 'Jan 31 – Feb 2, 2026', 'Dec 30, 2026 – Jan 2, 2027'. */
export function nightSpan(nights: readonly string[]): string {
  if (nights.length === 0) return '';
  const first = nights[0]!;
  const last = nights.at(-1)!;
  if (first === last) return formatNight(first);
  const [a, b] = [utc(first), utc(last)];
  const year = b.getUTCFullYear();
  if (a.getUTCFullYear() !== year) return `${formatNight(first)} – ${formatNight(last)}`;
  if (a.getUTCMonth() === b.getUTCMonth()) return `${monthDay.format(a)}–${b.getUTCDate()}, ${year}`;
  return `${monthDay.format(a)} – ${monthDay.format(b)}, ${year}`;
}
