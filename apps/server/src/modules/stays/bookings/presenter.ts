import { bookingValueCents, fromCents, type AdminBooking, type Booking } from '@portal/contracts';
import type { bookings } from '../../../db/schema';
import { iso, num } from '../../../lib/format';
import { presentRentalIncome, type RentalIncomeRow } from '../rentals/service';

/** A booking row; the lists add its recorded rental income and its cabins' names. */
export type BookingRow = typeof bookings.$inferSelect & {
  rentalIncome?: RentalIncomeRow | null;
  cabins?: string[];
};

/** The only way a booking row becomes JSON; the admin's also says why its rental income is locked. */
export function presentBooking(b: BookingRow, forAdmin = false): Booking {
  const cents = bookingValueCents(b);
  return {
    _id: b.id,
    projectId: b.projectId,
    userId: b.userId,
    type: b.type,
    status: b.status,
    nights: b.nights,
    nightCount: b.nights.length,
    cabins: b.cabins ?? [],
    notes: b.notes,
    giftRecipient: b.giftRecipient,
    rentalPrice: b.rentalPrice == null ? null : num(b.rentalPrice),
    totalValue: cents == null ? null : fromCents(cents),
    bonusNightsUsed: b.bonusNightsUsed,
    decisionNote: b.decisionNote,
    decidedAt: iso(b.decidedAt),
    createdAt: iso(b.createdAt)!,
    updatedAt: iso(b.updatedAt)!,
    rentalIncome: b.rentalIncome ? presentRentalIncome(b.rentalIncome, forAdmin) : null,
  };
}

/** A booking row with who made it, as the admin's service calls return it. */
export interface AdminBookingRow {
  booking: BookingRow;
  user: { id: string; name: string; email: string };
}

export function presentAdminBooking({ booking, user }: AdminBookingRow): AdminBooking {
  return { ...presentBooking(booking, true), user: { _id: user.id, name: user.name, email: user.email } };
}
