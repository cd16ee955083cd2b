import { and, asc, count, eq } from 'drizzle-orm';
import type { cabinAllowanceInput } from '@portal/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { bookingNights, cabinAllowances, investments, users } from '../../../db/schema';
import { BadRequestError, coded, ConflictError, NotFoundError } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { assertProjectVisible } from '../../access/project-access';
import { recordAudit } from '../../audit/service';
import type { AllowanceWithBooked, AllowanceWithNights } from './presenter';

type AllowanceFields = z.output<typeof cabinAllowanceInput>;

/** The nights of this user's live (pending and approved) requests in a project, ascending. */
async function liveNights(db: DbOrTx, userId: string, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ night: bookingNights.night })
    .from(bookingNights)
    .where(and(eq(bookingNights.userId, userId), eq(bookingNights.projectId, projectId)))
    .orderBy(asc(bookingNights.night));
  return rows.map((r) => r.night);
}

/** The viewer's allowance in a project with the nights they requested, or null when they hold none there. */
export async function getCabinNights(
  db: DbOrTx,
  viewer: AuthUser,
  projectId: string,
): Promise<AllowanceWithNights | null> {
  await assertProjectVisible(db, viewer, projectId);
  const [allowance] = await db
    .select()
    .from(cabinAllowances)
    .where(and(eq(cabinAllowances.userId, viewer.id), eq(cabinAllowances.projectId, projectId)))
    .limit(1);
  if (!allowance) return null;
  return { allowance, requestedNights: await liveNights(db, viewer.id, projectId) };
}

async function assertUserExists(db: DbOrTx, userId: string) {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new NotFoundError('User');
}

/** One user's allowance in a project with its requested nights (admin), or null when none is set. */
export async function getAllowance(
  db: DbOrTx,
  actor: AuthUser,
  projectId: string,
  userId: string,
): Promise<AllowanceWithBooked | null> {
  await assertProjectVisible(db, actor, projectId);
  await assertUserExists(db, userId);
  const [allowance] = await db
    .select()
    .from(cabinAllowances)
    .where(and(eq(cabinAllowances.userId, userId), eq(cabinAllowances.projectId, projectId)))
    .limit(1);
  if (!allowance) return null;
  const [booked] = await db
    .select({ n: count() })
    .from(bookingNights)
    .where(and(eq(bookingNights.userId, userId), eq(bookingNights.projectId, projectId)));
  return { allowance, bookedNights: booked?.n ?? 0 };
}

/**
 * Sets one user's allowance in a project (admin). The user must hold an investment there, and the
 * allowance may not drop below the nights already requested.
 */
export async function setAllowance(
  db: DbOrTx,
  actor: AuthUser,
  projectId: string,
  userId: string,
  input: AllowanceFields,
): Promise<AllowanceWithBooked> {
  return db.transaction(async (tx) => {
    await assertProjectVisible(tx, actor, projectId);
    await assertUserExists(tx, userId);
    const [holding] = await tx
      .select({ id: investments.id })
      .from(investments)
      .where(and(eq(investments.userId, userId), eq(investments.projectId, projectId)))
      .limit(1);
    if (!holding) throw new BadRequestError(coded('stays.allowance_no_investment'));
    const [row] = await tx
      .insert(cabinAllowances)
      .values({ userId, projectId, ...input })
      .onConflictDoUpdate({
        target: [cabinAllowances.userId, cabinAllowances.projectId],
        set: { ...input, updatedAt: new Date() },
      })
      .returning();
    // Counted after the upsert took the row lock, so a booking cannot slip in between.
    const [booked] = await tx
      .select({ n: count() })
      .from(bookingNights)
      .where(and(eq(bookingNights.userId, userId), eq(bookingNights.projectId, projectId)));
    const n = booked?.n ?? 0;
    if (input.totalNights + input.bonusNights < n)
      throw new ConflictError(coded('stays.allowance_below_requested', { nights: n }));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'update',
      entity: 'cabin_allowance',
      entityId: row!.id,
      details: { projectId, userId, ...input },
    });
    return { allowance: row!, bookedNights: n };
  });
}
