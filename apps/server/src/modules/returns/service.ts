import { and, asc, eq } from 'drizzle-orm';
import {
  monthAfterEndProblem,
  monthBeforeStartProblem,
  monthLabel,
  monthNotBegunProblem,
  toMoneyString,
  type ReturnInput,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { investmentEndedOnSql } from '../../db/investment-returns';
import { investments, monthlyReturns, users } from '../../db/schema';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  ValidationError,
  isUniqueViolation,
} from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { num } from '../../lib/format';

async function requireUser(db: DbOrTx, userId: string) {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new NotFoundError('User');
}

/** A user's monthly returns, oldest month first; of one project when given. */
export async function listReturns(db: DbOrTx, userId: string, projectId?: string) {
  await requireUser(db, userId);
  return db
    .select()
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
  const message = monthNotBegunProblem(month);
  if (message) throw new ValidationError(message, { month: message });
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
  const message =
    monthBeforeStartProblem(month, holding.startDate) ?? monthAfterEndProblem(month, holding.endedOn);
  if (message) throw new ValidationError(message, { month: message });
  return holding;
}

/** Records a month's return. A month already recorded for the project is a 409 (use update instead). */
export async function addReturn(db: Db, actorId: string, userId: string, input: ReturnInput) {
  assertMonthBegun(input.month);
  await db
    .transaction(async (tx) => {
      await requireUser(tx, userId);
      const holding = await requireHoldingFrom(tx, userId, input.projectId, input.month);
      if (!holding)
        throw new BadRequestError('This user has no investment in this project: add the investment first');
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
        throw new ConflictError(
          `A return for ${monthLabel(input.month)} is already recorded for this project`,
        );
      throw err;
    });
  return listReturns(db, userId, input.projectId);
}

/** Changes the amount of a recorded month, and its payment date when one is given (null: the month's end). */
export async function updateReturn(db: Db, actorId: string, userId: string, input: ReturnInput) {
  assertMonthBegun(input.month);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        id: monthlyReturns.id,
        amount: monthlyReturns.amount,
        paymentDate: monthlyReturns.paymentDate,
      })
      .from(monthlyReturns)
      .where(
        and(
          eq(monthlyReturns.userId, userId),
          eq(monthlyReturns.projectId, input.projectId),
          eq(monthlyReturns.month, input.month),
        ),
      )
      .for('update')
      .limit(1);
    if (!before) throw new NotFoundError('Monthly return');
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

/** Removes a month recorded by mistake. */
export async function deleteReturn(
  db: Db,
  actorId: string,
  userId: string,
  projectId: string,
  month: string,
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(monthlyReturns)
      .where(
        and(
          eq(monthlyReturns.userId, userId),
          eq(monthlyReturns.projectId, projectId),
          eq(monthlyReturns.month, month),
        ),
      )
      .returning({ id: monthlyReturns.id, amount: monthlyReturns.amount });
    if (!row) throw new NotFoundError('Monthly return');
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
