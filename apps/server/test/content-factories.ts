import { assignCabins } from '../src/modules/stays/cabins/service';
import { bookingNights, bookings, cabinAllowances, perks, updates } from '../src/db/schema';
import type { Db } from '../src/db/client';

/** Test factories of the updates, perks and bookings areas. */

export async function createUpdate(
  db: Db,
  projectId: string,
  values: Partial<typeof updates.$inferInsert> = {},
) {
  const [row] = await db
    .insert(updates)
    .values({ projectId, title: 'An update', excerpt: 'Short', content: '<p>Body</p>', ...values })
    .returning();
  return row!;
}

export async function createPerk(db: Db, projectId: string, values: Partial<typeof perks.$inferInsert> = {}) {
  const [row] = await db
    .insert(perks)
    .values({ projectId, name: 'A perk', type: 'safari', ...values })
    .returning();
  return row!;
}

export async function createAllowance(
  db: Db,
  userId: string,
  projectId: string,
  values: Partial<typeof cabinAllowances.$inferInsert> = {},
) {
  const [row] = await db
    .insert(cabinAllowances)
    .values({ userId, projectId, totalNights: 10, bonusNights: 0, expiresAt: isoDay(3 * 365), ...values })
    .returning();
  return row!;
}

/** A booking with its live nights (pending and approved ones hold their nights). */
export async function createBooking(
  db: Db,
  userId: string,
  projectId: string,
  nights: string[],
  values: Partial<typeof bookings.$inferInsert> = {},
) {
  const [row] = await db
    .insert(bookings)
    .values({ userId, projectId, type: 'personal', nights, ...values })
    .returning();
  if (row!.status === 'pending' || row!.status === 'approved') {
    // Each night in a free cabin, as the booking service assigns them (none when the project has none).
    const cabinOf = await assignCabins(db, projectId, nights).catch(() => new Map<string, string>());
    await db.insert(bookingNights).values(
      nights.map((night) => ({
        bookingId: row!.id,
        userId,
        projectId,
        night,
        cabinId: cabinOf.get(night),
      })),
    );
  }
  return row!;
}

/** 'YYYY-MM-DD' of today (UTC) plus `days`. */
export function isoDay(days = 0): string {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
