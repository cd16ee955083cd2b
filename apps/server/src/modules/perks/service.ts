import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { UsageSummary, perkInput, cabinAllowanceInput } from '@portal/contracts';
import { summarizeUsage } from '@portal/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import {
  bookingNights,
  bookings,
  cabinAllowances,
  investments,
  perks,
  rentalIncomes,
  users,
} from '../../db/schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';

import type { AllowanceWithBooked, AllowanceWithNights, PerkRow } from './presenter';
import { assertProjectVisible } from '../access/project-access';

type PerkFields = z.output<typeof perkInput>;
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

/** Perks of a project: investors see the active and seasonal ones, admins every one. */
export async function listPerks(db: DbOrTx, viewer: AuthUser, projectId: string): Promise<PerkRow[]> {
  await assertProjectVisible(db, viewer, projectId);
  const rows = await db
    .select()
    .from(perks)
    .where(
      viewer.isAdmin
        ? eq(perks.projectId, projectId)
        : and(eq(perks.projectId, projectId), ne(perks.status, 'inactive')),
    )
    .orderBy(asc(perks.createdAt), asc(perks.name));
  return rows;
}

/**
 * The viewer's usage of cabin nights in a project, computed from their requests and the rental income
 * recorded for them (the total value is that income, paid or scheduled).
 */
export async function getUsage(db: DbOrTx, viewer: AuthUser, projectId: string): Promise<UsageSummary> {
  await assertProjectVisible(db, viewer, projectId);
  const mine = (t: typeof bookings | typeof rentalIncomes) =>
    and(eq(t.userId, viewer.id), eq(t.projectId, projectId));
  const [rows, incomes] = await Promise.all([
    db.select().from(bookings).where(mine(bookings)).orderBy(desc(bookings.createdAt)),
    db
      .select({
        bookingId: rentalIncomes.bookingId,
        nightsRented: rentalIncomes.nightsRented,
        amount: rentalIncomes.amount,
      })
      .from(rentalIncomes)
      .where(mine(rentalIncomes)),
  ]);
  return summarizeUsage(rows, incomes);
}

export async function createPerk(
  db: DbOrTx,
  actor: AuthUser,
  projectId: string,
  input: PerkFields,
): Promise<PerkRow> {
  return db.transaction(async (tx) => {
    await assertProjectVisible(tx, actor, projectId);
    const [row] = await tx
      .insert(perks)
      .values({ projectId, ...input })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'create',
      entity: 'perk',
      entityId: row!.id,
      details: { projectId, name: row!.name },
    });
    return row!;
  });
}

export async function changePerk(
  db: DbOrTx,
  actor: AuthUser,
  projectId: string,
  perkId: string,
  input: PerkFields,
): Promise<PerkRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(perks)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(perks.id, perkId), eq(perks.projectId, projectId)))
      .returning();
    if (!row) throw new NotFoundError('Perk');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'update',
      entity: 'perk',
      entityId: row.id,
      details: { projectId, name: row.name },
    });
    return row;
  });
}

export async function deletePerk(
  db: DbOrTx,
  actor: AuthUser,
  projectId: string,
  perkId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(perks)
      .where(and(eq(perks.id, perkId), eq(perks.projectId, projectId)))
      .returning({ id: perks.id, name: perks.name });
    if (!row) throw new NotFoundError('Perk');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entity: 'perk',
      entityId: row.id,
      details: { projectId, name: row.name },
    });
  });
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
    if (!holding) throw new BadRequestError('This user holds no investment in this project');
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
      throw new ConflictError(
        `This investor already has ${n} nights requested; total and bonus nights together cannot be fewer`,
      );
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
