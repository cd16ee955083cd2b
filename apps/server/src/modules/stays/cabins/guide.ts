import { and, asc, eq } from 'drizzle-orm';
import { addDays, GUIDE_DAYS_BEFORE, type CabinGuide } from '@portal/contracts';
import type { DbOrTx } from '../../../db/client';
import { bookingNights, bookings, cabins } from '../../../db/schema';
import { NotFoundError } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';

/** The day from which a stay checking in on `checkIn` shows its cabins' guides. */
export const guideFrom = (checkIn: string) => addDays(checkIn, -GUIDE_DAYS_BEFORE);

/** Whether a written guide says anything. */
export const hasGuide = (g: CabinGuide | null | undefined): g is CabinGuide =>
  !!g && Object.values(g).some((v) => v.trim() !== '');

/**
 * The guides of the cabins of the viewer's own stay (another's is a 404): only for an approved stay,
 * from 14 days before its check-in on; otherwise none, so that the API never shows them earlier.
 */
export async function stayGuide(db: DbOrTx, viewer: AuthUser, bookingId: string, today: string) {
  const [b] = await db
    .select({ status: bookings.status, nights: bookings.nights })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, viewer.id)))
    .limit(1);
  if (!b) throw new NotFoundError('Booking');
  const checkIn = [...b.nights].sort()[0]!;
  const availableFrom = guideFrom(checkIn);
  if (b.status !== 'approved' || today < availableFrom) return { availableFrom, guides: [] };
  const rows = await db
    .selectDistinct({ cabin: cabins.name, guide: cabins.guide })
    .from(bookingNights)
    .innerJoin(cabins, eq(cabins.id, bookingNights.cabinId))
    .where(eq(bookingNights.bookingId, bookingId))
    .orderBy(asc(cabins.name));
  return {
    availableFrom,
    guides: rows.flatMap((r) => (hasGuide(r.guide) ? [{ cabin: r.cabin, guide: r.guide }] : [])),
  };
}

/** A guide as plain text lines, for the calendar feed's event. */
export function guideText(cabin: string, g: CabinGuide): string {
  const lines: [string, string][] = [
    ['Address', g.address],
    ['How to get in', g.access],
    ['House rules', g.houseRules],
    ['Wi-Fi', g.wifi],
    ['Waste', g.waste],
    ['Contacts', g.contacts],
  ];
  return [`Guide to ${cabin}:`, ...lines.filter(([, v]) => v.trim()).map(([k, v]) => `${k}: ${v}`)].join(
    '\n',
  );
}
