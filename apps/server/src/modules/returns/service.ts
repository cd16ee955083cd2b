import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { monthEnd, toMoneyString, type ReturnInput } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { investmentEndedOnSql } from '../../db/investment-returns';
import { investments, monthlyReturns, users } from '../../db/schema';
import {
  BadRequestError,
  coded,
  ConflictError,
  fieldError,
  NotFoundError,
  isUniqueViolation,
} from '../../lib/errors';
import { monthNotBegun, monthOutsideHolding } from '../../lib/month-refusals';
import { recordAudit } from '../audit/service';
import {
  assertPeriodOpen,
  assertUnlocked,
  holdPublications,
  incomeRunOf,
  publicationOf,
} from '../locks/service';
import { num } from '../../lib/format';
import { returnEntryName } from './presenter';

async function requireUser(db: DbOrTx, userId: string) {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new NotFoundError('User');
}

/** What locks a monthly return (locks/service.ts): the final run that paid it, its published period. */
const lockFacts = {
  run: incomeRunOf(monthlyReturns.userId, monthlyReturns.projectId, monthlyReturns.month),
  publication: publicationOf(monthlyReturns.paidOn),
};

/** A user's monthly returns, oldest month first, each with what locks it; of one project when given. */
export async function listReturns(db: DbOrTx, userId: string, projectId?: string) {
  await requireUser(db, userId);
  return db
    .select({ ...getTableColumns(monthlyReturns), ...lockFacts })
    .from(monthlyReturns)
    .where(
      and(eq(monthlyReturns.userId, userId), projectId ? eq(monthlyReturns.projectId, projectId) : undefined),
    )
    .orderBy(asc(monthlyReturns.month), asc(monthlyReturns.projectId));
}

/**
 * A month's return is recorded once the month has begun (UTC): an amount for a month still to come would
 * count as paid at once. Amounts paid later are made by a distribution run, with their payment date.
 */
function assertMonthBegun(month: string) {
  const refusal = monthNotBegun(month);
  if (refusal) throw fieldError('month', refusal);
}

/**
 * The user's investment in the project, refusing a month before the month it started or after the month
 * it ended (400 naming both): such a return would count in the investor's income but in none of their
 * statements.
 */
async function requireHoldingFrom(tx: DbOrTx, userId: string, projectId: string, month: string) {
  const [holding] = await tx
    .select({ id: investments.id, startDate: investments.startDate, endedOn: investmentEndedOnSql })
    .from(investments)
    .where(and(eq(investments.userId, userId), eq(investments.projectId, projectId)))
    .limit(1);
  if (!holding) return null;
  const refusal = monthOutsideHolding(month, holding.startDate, holding.endedOn);
  if (refusal) throw fieldError('month', refusal);
  return holding;
}

/** Records a month's return. A month already recorded for the project is a 409 (use update instead). */
export async function addReturn(db: Db, actorId: string, userId: string, input: ReturnInput) {
  assertMonthBegun(input.month);
  await db
    .transaction(async (tx) => {
      await requireUser(tx, userId);
      const holding = await requireHoldingFrom(tx, userId, input.projectId, input.month);
      if (!holding) throw new BadRequestError(coded('distributions.no_investment'));
      // Not into a period whose statements the investors were given.
      await holdPublications(tx);
      await assertPeriodOpen(
        tx,
        input.paymentDate ?? monthEnd(input.month),
        returnEntryName(input.month),
        'returns',
      );
      const [row] = await tx
        .insert(monthlyReturns)
        .values({
          userId,
          projectId: input.projectId,
          month: input.month,
          amount: toMoneyString(input.amount),
          paymentDate: input.paymentDate ?? null,
        })
        .returning({ id: monthlyReturns.id });
      await recordAudit(tx, {
        actorId,
        action: 'create',
        entity: 'monthly-return',
        entityId: row!.id,
        details: {
          userId,
          projectId: input.projectId,
          month: input.month,
          amount: input.amount,
          ...(input.paymentDate ? { paymentDate: input.paymentDate } : {}),
        },
      });
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err))
        throw new ConflictError(coded('distributions.return_exists', { month: input.month }));
      throw err;
    });
  return listReturns(db, userId, input.projectId);
}

/** The month's return of an investor in a project, locked for the transaction, with what locks it. */
async function lockReturn(
  tx: DbOrTx,
  userId: string,
  projectId: string,
  month: string,
  movedTo?: string | null,
) {
  await holdPublications(tx);
  const [row] = await tx
    .select({
      id: monthlyReturns.id,
      amount: monthlyReturns.amount,
      paymentDate: monthlyReturns.paymentDate,
      ...lockFacts,
      // A new payment date may move it into a published period (null: its month's last day).
      ...(movedTo !== undefined
        ? {
            movedInto: publicationOf(sql`${movedTo ?? monthEnd(month)}::date`),
          }
        : {}),
    })
    .from(monthlyReturns)
    .where(
      and(
        eq(monthlyReturns.userId, userId),
        eq(monthlyReturns.projectId, projectId),
        eq(monthlyReturns.month, month),
      ),
    )
    .for('update')
    .limit(1);
  if (!row) throw new NotFoundError('Monthly return');
  assertUnlocked(row, returnEntryName(month), 'returns', month);
  if ('movedInto' in row && row.movedInto)
    assertUnlocked({ run: null, publication: row.movedInto }, returnEntryName(month), 'returns', month);
  return row;
}

/**
 * Changes the amount of a recorded month, and its payment date when one is given (null: the month's end).
 * A return that is locked (a final run paid it, or its period's statements are published) is a 409.
 */
export async function updateReturn(db: Db, actorId: string, userId: string, input: ReturnInput) {
  assertMonthBegun(input.month);
  await db.transaction(async (tx) => {
    const before = await lockReturn(tx, userId, input.projectId, input.month, input.paymentDate);
    await requireHoldingFrom(tx, userId, input.projectId, input.month);
    await tx
      .update(monthlyReturns)
      .set({
        amount: toMoneyString(input.amount),
        ...(input.paymentDate !== undefined ? { paymentDate: input.paymentDate } : {}),
        updatedAt: new Date(),
      })
      .where(eq(monthlyReturns.id, before.id));
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entity: 'monthly-return',
      entityId: before.id,
      details: {
        userId,
        projectId: input.projectId,
        month: input.month,
        from: num(before.amount),
        to: input.amount,
        ...(input.paymentDate !== undefined && input.paymentDate !== before.paymentDate
          ? { paymentDateFrom: before.paymentDate, paymentDateTo: input.paymentDate }
          : {}),
      },
    });
  });
  return listReturns(db, userId, input.projectId);
}

/** Removes a month recorded by mistake; a locked one is a 409, as for an update. */
export async function deleteReturn(
  db: Db,
  actorId: string,
  userId: string,
  projectId: string,
  month: string,
) {
  await db.transaction(async (tx) => {
    const row = await lockReturn(tx, userId, projectId, month);
    await tx.delete(monthlyReturns).where(eq(monthlyReturns.id, row.id));
    await recordAudit(tx, {
      actorId,
      action: 'delete',
      entity: 'monthly-return',
      entityId: row.id,
      details: { userId, projectId, month, amount: num(row.amount) },
    });
  });
  return listReturns(db, userId, projectId);
}
