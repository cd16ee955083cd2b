import i18next from 'i18next';
import { stayDates, stayNights as nightsBetween, type StayDayFormat } from '@portal/contracts';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { fromIsoDay, nightsLabel } from './nights-format';

/** A stay as the calendar chooses it: the check-in day, then the check-out day ('YYYY-MM-DD'). */
export interface Stay {
  checkIn: string | null;
  checkOut: string | null;
}
export const NO_STAY: Stay = { checkIn: null, checkOut: null };

/** Whole days from one calendar day to another. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The nights of a stay: the check-in day up to the day before the check-out day. */
export const stayNights = ({ checkIn, checkOut }: Stay): string[] =>
  checkIn && checkOut ? nightsBetween(checkIn, checkOut) : [];

/** What the calendar knows of each night: why it cannot be a night of the stay, or null when it can. */
export type NightProblem = 'past' | 'expired' | 'requested' | 'full' | null;

export interface StayRules {
  /** Why a night cannot be stayed. */
  problem: (night: string) => NightProblem;
  /** The most nights one stay may hold. */
  maxNights: number;
}

/** Whether a day can end the stay begun on `checkIn`: no night in between is taken, and not too many. */
export function canCheckOut(checkIn: string, day: string, rules: StayRules): boolean {
  const count = daysBetween(checkIn, day);
  if (count < 1 || count > rules.maxNights) return false;
  return nightsBetween(checkIn, day).every((n) => rules.problem(n) === null);
}

/**
 * The stay after a click on a day. With no check-in, or a whole stay chosen, the day becomes the
 * check-in; with a check-in chosen, a day that can end the stay becomes its check-out, the check-in
 * itself clears it, and any other night that can be stayed starts again from there (a stay never
 * crosses a full night).
 */
export function pickDay(stay: Stay, day: string, rules: StayRules): Stay {
  if (stay.checkIn && !stay.checkOut) {
    if (day === stay.checkIn) return NO_STAY;
    if (canCheckOut(stay.checkIn, day, rules)) return { checkIn: stay.checkIn, checkOut: day };
  }
  return rules.problem(day) === null ? { checkIn: day, checkOut: null } : stay;
}

/** Whether the calendar offers a day: a night that can be stayed, or the end of the stay being chosen. */
export const canPick = (stay: Stay, day: string, rules: StayRules) =>
  rules.problem(day) === null ||
  (!!stay.checkIn && !stay.checkOut && (day === stay.checkIn || canCheckOut(stay.checkIn, day, rules)));

/**
 * 'Fri, Feb 12', with the year when it is not this year's ('Fri, Feb 12, 2027'), in the page's language
 * ('Fr., 12. Feb.', 'fre. 12. feb.').
 */
export function shortDay(isoDay: string, today: string): string {
  const withYear = isoDay.slice(0, 4) !== today.slice(0, 4);
  return new Intl.DateTimeFormat(currentLocale(), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
  }).format(fromIsoDay(isoDay));
}

/** A stay's days in the page's language: 'Dec 17, 2026' and 'Dec 14' ('17. Dez. 2026', '14. Dez.'). */
const DAYS: StayDayFormat = {
  day: (night) => formatDate(night),
  monthDay: (night) =>
    new Intl.DateTimeFormat(currentLocale(), { month: 'short', day: 'numeric' }).format(fromIsoDay(night)),
};

/** A stay's dates, check-in → check-out, in the page's language: 'Dec 14 → Dec 17, 2026', '14. Dez. → 17. Dez. 2026'. */
export const stayDatesText = (nights: readonly string[]) => stayDates(nights, DAYS);

/** A stay in one line: 'Dec 14 → Dec 17, 2026 · 3 nights', in the page's language. */
export const stayLine = (nights: readonly string[]) =>
  i18next.t('stays:stay', { dates: stayDatesText(nights), nights: nightsLabel(new Set(nights).size) });
