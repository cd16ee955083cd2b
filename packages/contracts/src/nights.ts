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
const dayAfter = (night: string) => new Date(utc(night).getTime() + DAY_MS).toISOString().slice(0, 10);

/** How a stay's days are written: a whole day ('Dec 17, 2026') and a day without its year ('Dec 14'). */
export interface StayDayFormat {
  day(night: string): string;
  monthDay(night: string): string;
}
/** The English of the emails and messages; the web app passes the page's language. */
const ENGLISH_DAYS: StayDayFormat = { day: formatNight, monthDay: (night) => monthDay.format(utc(night)) };

/** 'Dec 14 → Dec 17, 2026', 'Dec 30, 2026 → Jan 2, 2027': check-in → check-out. */
function checkInOut(checkIn: string, checkOut: string, days: StayDayFormat = ENGLISH_DAYS): string {
  if (checkIn.slice(0, 4) !== checkOut.slice(0, 4)) return `${days.day(checkIn)} → ${days.day(checkOut)}`;
  return `${days.monthDay(checkIn)} → ${days.day(checkOut)}`;
}

/**
 * The dates of a stay as people read them everywhere (the stay lists, swaps, the admin's requests,
 * notifications): check-in → check-out, the check-out being the day after the last night. The nights
 * Dec 14, 15 and 16 read 'Dec 14 → Dec 17, 2026'; nights not in one run read as their runs, 'Feb 12 →
 * Feb 14, 2026; Mar 20 → Mar 21, 2026'. In English unless `days` writes the days of another language.
 */
export function stayDates(nights: readonly string[], days: StayDayFormat = ENGLISH_DAYS): string {
  const runs: [string, string][] = [];
  for (const night of [...new Set(nights)].sort()) {
    const last = runs.at(-1);
    if (last && dayAfter(last[1]) === night) last[1] = night;
    else runs.push([night, night]);
  }
  return runs.map(([first, last]) => checkInOut(first, dayAfter(last), days)).join('; ');
}

/** A stay from its first and last night: check-in → check-out. */
export const stayFromTo = (firstNight: string, lastNight: string) =>
  checkInOut(firstNight, dayAfter(lastNight));

/** A stay in one line: 'Dec 14 → Dec 17, 2026 · 3 nights'. */
export const stayText = (nights: readonly string[]) =>
  `${stayDates(nights)} · ${nightsText(new Set(nights).size)}`;
