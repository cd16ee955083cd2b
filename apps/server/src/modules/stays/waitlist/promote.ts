import { stayDates, nightsText } from '@portal/contracts';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { projects, waitlistEntries } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { BOOKING_TYPE_WORDS } from '../../../mail/templates';
import { notifyUsers } from '../../notifications/notify';
import { createBooking } from '../bookings/service';

/**
 * Called right where a project's nights may have freed (a request cancelled or declined, a swap accepted,
 * a cabin saved active), inside that write's transaction: each live waitlist entry of the project, first
 * joined first, is tried as a booking request of its investor through the booking service (every check
 * of a request: nights left, expiry, high-season limit, free cabins). One that succeeds becomes a pending
 * request, leaves the waitlist and its investor is notified; one that does not fit or that the
 * investor's limits refuse stays in place, unchanged, for the next freeing. Each try runs in a savepoint,
 * so a refused one leaves nothing behind. Entries whose first night is before `today` are ignored.
 */
export async function promoteWaitlist(tx: DbOrTx, projectId: string, today: string): Promise<number> {
  const entries = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.projectId, projectId), gte(waitlistEntries.firstNight, today)))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  let promoted = 0;
  for (const entry of entries) {
    let booking;
    try {
      booking = await createBooking(
        tx,
        { id: entry.userId, isAdmin: false, sid: '' },
        { projectId, type: entry.type, dates: entry.nights, notes: '' },
        today,
      );
    } catch (err) {
      // Still full, or refused for the investor's nights or limits: the entry waits on.
      if (err instanceof AppError) continue;
      throw err;
    }
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, projectId));
    await notifyUsers(tx, [entry.userId], {
      title: 'Waitlist: your stay is requested',
      message: `Nights came free: your waitlisted ${entry.type} stay of ${nightsText(booking.nights.length)} (${stayDates(booking.nights)}) at ${project?.name ?? ''} is now a pending request.`,
      notice: {
        key: 'waitlistPromoted',
        params: {
          type: { word: BOOKING_TYPE_WORDS[entry.type] },
          count: booking.nights.length,
          dates: { nights: booking.nights },
          project: project?.name ?? '',
        },
      },
      type: 'success',
      link: `/perks?project=${projectId}`,
    });
    promoted++;
  }
  return promoted;
}
