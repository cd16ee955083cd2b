import {
  BOOKING_TYPE_LABELS,
  RECENT_ACTIVITY_LIMIT,
  fromCents,
  toCents,
  type AdminBooking,
  type Booking,
  type UsageActivity,
  type UsageSummary,
} from '@portal/contracts';
import type { bookings } from '../../db/schema';
import { iso, num } from '../users/presenter';
import { nightSpan } from '../perks/nights';

export type BookingRow = typeof bookings.$inferSelect;

const isLive = (b: Pick<BookingRow, 'status'>) => b.status === 'pending' || b.status === 'approved';

/** Rental price × nights in exact cents; null for requests that are not rentals. */
function valueCents(b: BookingRow): number | null {
  if (b.type !== 'rental' || b.rentalPrice == null) return null;
  return toCents(b.rentalPrice) * b.nights.length;
}

/** The only way a booking row becomes JSON. */
export function presentBooking(b: BookingRow): Booking {
  const cents = valueCents(b);
  return {
    _id: b.id,
    projectId: b.projectId,
    userId: b.userId,
    type: b.type,
    status: b.status,
    nights: b.nights,
    nightCount: b.nights.length,
    notes: b.notes,
    giftRecipient: b.giftRecipient,
    rentalPrice: b.rentalPrice == null ? null : num(b.rentalPrice),
    totalValue: cents == null ? null : fromCents(cents),
    bonusNightsUsed: b.bonusNightsUsed,
    decisionNote: b.decisionNote,
    decidedAt: iso(b.decidedAt),
    createdAt: iso(b.createdAt)!,
    updatedAt: iso(b.updatedAt)!,
  };
}

export function presentAdminBooking(
  b: BookingRow,
  user: { id: string; name: string; email: string },
): AdminBooking {
  return { ...presentBooking(b), user: { _id: user.id, name: user.name, email: user.email } };
}

const euroCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
const euroWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
/** €185 or €185.50, as the web app writes money. */
const euro = { format: (v: number) => (Number.isInteger(v) ? euroWhole : euroCents).format(v) };
const nightsText = (n: number) => `${n} night${n === 1 ? '' : 's'}`;
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What a request asked for, in words: 'Requested 3 nights (Feb 12 – Feb 14, 2026) for a personal stay'. */
function describeRequest(b: BookingRow): string {
  const what = `${nightsText(b.nights.length)} (${nightSpan(b.nights)})`;
  if (b.type === 'gift') return `Requested ${what} as a gift for ${b.giftRecipient ?? 'a friend'}`;
  if (b.type === 'rental')
    return `Requested ${what} for rental at ${euro.format(num(b.rentalPrice))} a night`;
  return `Requested ${what} for a personal stay`;
}

/** The events of the requests, newest first: each request, and its approval, decline or cancellation. */
function activityOf(rows: readonly BookingRow[], limit = RECENT_ACTIVITY_LIMIT): UsageActivity[] {
  // A decision recorded in the same instant as its request still reads as the later event.
  const events: (UsageActivity & { rank: number })[] = [];
  for (const b of rows) {
    const base = { bookingId: b.id, type: b.type, status: b.status };
    events.push({
      ...base,
      _id: `${b.id}:requested`,
      description: describeRequest(b),
      date: iso(b.createdAt)!,
      rank: 0,
    });
    if (b.status !== 'pending' && b.decidedAt) {
      events.push({
        ...base,
        _id: `${b.id}:${b.status}`,
        description: `${capitalized(BOOKING_TYPE_LABELS[b.type])} of ${nightsText(b.nights.length)} ${b.status}`,
        date: iso(b.decidedAt)!,
        rank: 1,
      });
    }
  }
  return events
    .sort((x, y) => y.date.localeCompare(x.date) || y.rank - x.rank)
    .slice(0, limit)
    .map(({ rank: _rank, ...e }) => e);
}

/** The Usage Summary: nights by kind and the value of rented nights, from pending and approved requests. */
export function summarizeUsage(rows: readonly BookingRow[]): UsageSummary {
  let personalStays = 0;
  let gifted = 0;
  let rented = 0;
  let cents = 0;
  for (const b of rows) {
    if (!isLive(b)) continue;
    const n = b.nights.length;
    if (b.type === 'personal') personalStays += n;
    else if (b.type === 'gift') gifted += n;
    else {
      rented += n;
      cents += valueCents(b) ?? 0;
    }
  }
  return { personalStays, gifted, rented, totalValue: fromCents(cents), recentActivity: activityOf(rows) };
}
