import { and, asc, eq, gte } from 'drizzle-orm';
import { MAX_WAITLIST_ENTRIES, type joinWaitlistInput } from '@portal/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { waitlistEntries } from '../../../db/schema';
import { BadRequestError, coded, ConflictError, NotFoundError } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { assertProjectVisible } from '../../access/project-access';
import { assignCabins, lockProjectNights } from '../cabins/service';

type JoinInput = z.output<typeof joinWaitlistInput>;
export type WaitlistRow = typeof waitlistEntries.$inferSelect;

/**
 * Puts the viewer on the waitlist for exactly this stay. Refused: past nights (400), a stay with a free
 * cabin on every night (409: request it instead), the same stay twice and a third entry in the project
 * (409 each). The project's nights are locked, so the check of "full" holds until the entry is written.
 */
export async function joinWaitlist(
  db: DbOrTx,
  viewer: AuthUser,
  input: JoinInput,
  today: string,
): Promise<WaitlistRow> {
  const nights = [...new Set(input.dates)].sort();
  return db.transaction(async (tx) => {
    await assertProjectVisible(tx, viewer, input.projectId);
    const past = nights.filter((n) => n < today);
    if (past.length) throw new BadRequestError(coded('stays.past_dates', { dates: past.join(',') }));
    await lockProjectNights(tx, input.projectId);
    const mine = await tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.userId, viewer.id),
          eq(waitlistEntries.projectId, input.projectId),
          gte(waitlistEntries.firstNight, today),
        ),
      );
    if (mine.some((e) => e.nights.join(',') === nights.join(',')))
      throw new ConflictError(coded('stays.waitlist_duplicate'));
    if (mine.length >= MAX_WAITLIST_ENTRIES)
      throw new ConflictError(coded('stays.waitlist_limit', { max: MAX_WAITLIST_ENTRIES }));
    const free = await assignCabins(tx, input.projectId, nights).then(
      () => true,
      (err: unknown) => {
        if (err instanceof ConflictError) return false;
        throw err;
      },
    );
    if (free) throw new ConflictError(coded('stays.waitlist_stay_free'));
    const [row] = await tx
      .insert(waitlistEntries)
      .values({
        userId: viewer.id,
        projectId: input.projectId,
        type: input.type,
        nights,
        firstNight: nights[0]!,
      })
      .returning();
    return row!;
  });
}

/** The viewer's entries whose first night is not past, first joined first. */
export async function listOwnWaitlist(db: DbOrTx, viewer: AuthUser, today: string): Promise<WaitlistRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, viewer.id), gte(waitlistEntries.firstNight, today)))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}

/** The viewer leaves one of their entries; another investor's (or none) is a 404. */
export async function leaveWaitlist(db: DbOrTx, viewer: AuthUser, id: string): Promise<void> {
  const gone = await db
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.userId, viewer.id)))
    .returning({ id: waitlistEntries.id });
  if (!gone.length) throw new NotFoundError('Waitlist entry');
}
