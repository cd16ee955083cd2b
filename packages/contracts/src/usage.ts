import { fromCents, toCents } from './money';
import { nightsText, stayDates } from './nights';
import { BOOKING_TYPE_LABELS } from './bookings';
import { RECENT_ACTIVITY_LIMIT, type UsageActivity, type UsageSummary } from './perks';
import type { BookingStatus, BookingType } from './value-sets';

/** A booking request as the usage rules read it (a database row is one). */
export interface UsageBooking {
  id: string;
  type: BookingType;
  status: BookingStatus;
  /** 'YYYY-MM-DD', ascending. */
  nights: readonly string[];
  giftRecipient: string | null;
  /** Per night, rentals only; a numeric string from the database. */
  rentalPrice: string | number | null;
  createdAt: Date | string;
  decidedAt: Date | string | null;
}

/** Pending and approved requests hold their nights; declined and cancelled ones gave them back. */
export const isLiveBooking = (b: Pick<UsageBooking, 'status'>) =>
  b.status === 'pending' || b.status === 'approved';

/** Rental price × nights in exact cents; null for requests that are not rentals. */
export function bookingValueCents(b: Pick<UsageBooking, 'type' | 'rentalPrice' | 'nights'>): number | null {
  if (b.type !== 'rental' || b.rentalPrice == null) return null;
  return toCents(b.rentalPrice) * b.nights.length;
}

const euroCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
const euroWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
/** €185 or €185.50, as the web app writes money. */
/** Euros always with their cents ('€0.00', '-€1.50'): for amounts that correct money. */
export const formatEuroCents = (v: number) => euroCents.format(v);
export const formatEuro = (v: number) => (Number.isInteger(v) ? euroWhole : euroCents).format(v);
const euro = formatEuro;
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const isoOf = (d: Date | string) => (d instanceof Date ? d.toISOString() : d);

/** What a request asked for, in words: 'Requested 3 nights (Feb 12 → Feb 15, 2026) for a personal stay'. */
export function describeRequest(b: UsageBooking): string {
  const what = `${nightsText(b.nights.length)} (${stayDates(b.nights)})`;
  if (b.type === 'gift') return `Requested ${what} as a gift for ${b.giftRecipient ?? 'a friend'}`;
  if (b.type === 'rental')
    return `Requested ${what} for rental at ${euro(fromCents(toCents(b.rentalPrice ?? 0)))} a night`;
  return `Requested ${what} for a personal stay`;
}

/** The events of the requests, newest first: each request, and its approval, decline or cancellation. */
export function activityOf(
  rows: readonly UsageBooking[],
  limit: number = RECENT_ACTIVITY_LIMIT,
): UsageActivity[] {
  // A decision recorded in the same instant as its request still reads as the later event.
  const events: (UsageActivity & { rank: number })[] = [];
  for (const b of rows) {
    const base = { bookingId: b.id, type: b.type, status: b.status };
    events.push({
      ...base,
      _id: `${b.id}:requested`,
      description: describeRequest(b),
      date: isoOf(b.createdAt),
      rank: 0,
    });
    if (b.status !== 'pending' && b.decidedAt) {
      events.push({
        ...base,
        _id: `${b.id}:${b.status}`,
        description: `${capitalized(BOOKING_TYPE_LABELS[b.type])} of ${nightsText(b.nights.length)} ${b.status}`,
        date: isoOf(b.decidedAt),
        rank: 1,
      });
    }
  }
  return events
    .sort((x, y) => y.date.localeCompare(x.date) || y.rank - x.rank)
    .slice(0, limit)
    .map(({ rank: _rank, ...e }) => e);
}

/** A rental's recorded income as the usage rules read it (a rental_incomes row is one). */
export interface UsageRentalIncome {
  bookingId: string;
  nightsRented: number;
  /** The investor's share, a numeric string from the database. */
  amount: string | number;
}

/**
 * The Usage Summary, from pending and approved requests: nights by kind, a rental counting the nights
 * actually rented once its income is recorded (the nights requested until then), and the total value:
 * the investor's share of the rental income recorded, paid or scheduled (a rental not recorded yet
 * has earned nothing so far).
 */
export function summarizeUsage(
  rows: readonly UsageBooking[],
  incomes: readonly UsageRentalIncome[] = [],
): UsageSummary {
  const recorded = new Map(incomes.map((i) => [i.bookingId, i]));
  let personalStays = 0;
  let gifted = 0;
  let rented = 0;
  let cents = 0;
  for (const b of rows) {
    if (!isLiveBooking(b)) continue;
    const n = b.nights.length;
    if (b.type === 'personal') personalStays += n;
    else if (b.type === 'gift') gifted += n;
    else {
      const income = recorded.get(b.id);
      rented += income ? income.nightsRented : n;
      cents += income ? toCents(income.amount) : 0;
    }
  }
  return { personalStays, gifted, rented, totalValue: fromCents(cents), recentActivity: activityOf(rows) };
}
