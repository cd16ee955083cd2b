import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, projects } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';

/**
 * A booking with its project's name and rental share, its row locked until the transaction ends (an admin's
 * decision, its rental income). No such booking is a 404.
 */
export async function lockBooking(tx: DbOrTx, bookingId: string) {
  const [found] = await tx
    .select({ booking: bookings, projectName: projects.name, share: projects.rentalSharePercent })
    .from(bookings)
    .innerJoin(projects, eq(projects.id, bookings.projectId))
    .where(eq(bookings.id, bookingId))
    .for('update', { of: bookings })
    .limit(1);
  if (!found) throw new NotFoundError('Booking');
  return found;
}
