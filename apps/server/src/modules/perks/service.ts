import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { UsageSummary, perkInput } from '@portal/contracts';
import { summarizeUsage } from '@portal/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { bookings, perks, rentalIncomes } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';

import type { PerkRow } from './presenter';
import { assertProjectVisible } from '../access/project-access';

type PerkFields = z.output<typeof perkInput>;

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
