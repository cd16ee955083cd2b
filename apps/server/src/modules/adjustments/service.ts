import { and, desc, eq, sql } from 'drizzle-orm';
import {
  formatEuroCents,
  fromCents,
  toCents,
  toMoneyString,
  type Adjustment,
  type AdjustmentInput,
} from '@portal/contracts';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import {
  adjustments,
  capitalReturns,
  investments,
  monthlyReturns,
  projects,
  rentalIncomes,
  users,
} from '../../db/schema';
import { coded, fieldError, NotFoundError } from '../../lib/errors';
import { iso } from '../../lib/format';
import { recordAudit } from '../audit/service';
import { notifyUsers } from '../notifications/notify';
import { holdLedger } from '../ledger/service';

/**
 * Adjustments (docs/product.md "Final is final"): money that was paid or reported is never edited; a
 * mistake is put right by an entry of its own, dated the day it is made, that says why and what it
 * corrects. A reversal undoes a final run as a whole with one negative adjustment per investor paid
 * (distributions/reverse.ts).
 */

/** The day it is in UTC, as the payment dates count it (ADR 020). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

const columns = {
  row: adjustments,
  userName: users.name,
  projectName: projects.name,
};

function present(r: {
  row: typeof adjustments.$inferSelect;
  userName: string;
  projectName: string;
}): Adjustment {
  return {
    _id: r.row.id,
    userId: r.row.userId,
    userName: r.userName,
    projectId: r.row.projectId,
    projectName: r.projectName,
    kind: r.row.kind,
    amount: fromCents(toCents(r.row.amount)),
    reason: r.row.reason,
    corrects: r.row.corrects,
    distributionId: r.row.distributionId,
    date: r.row.paymentDate,
    createdAt: iso(r.row.createdAt)!,
  };
}

/** Adjustments, newest first; of one investor and/or one project when given. */
export async function listAdjustments(
  db: DbOrTx,
  filter: { userId?: string | undefined; projectId?: string | undefined },
): Promise<Adjustment[]> {
  const rows = await db
    .select(columns)
    .from(adjustments)
    .innerJoin(users, eq(users.id, adjustments.userId))
    .innerJoin(projects, eq(projects.id, adjustments.projectId))
    .where(
      and(
        filter.userId ? eq(adjustments.userId, filter.userId) : undefined,
        filter.projectId ? eq(adjustments.projectId, filter.projectId) : undefined,
      ),
    )
    .orderBy(desc(adjustments.createdAt), desc(adjustments.id))
    .limit(5000);
  return rows.map(present);
}

/** Whether `id` names a money entry of this investor in this project (what an adjustment may correct). */
async function isEntryOf(tx: DbOrTx, id: string, userId: string, projectId: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    tx,
    sql`select 1 as found from ${monthlyReturns} where id = ${id}::uuid and user_id = ${userId}::uuid and project_id = ${projectId}::uuid
      union all select 1 from ${capitalReturns} where id = ${id}::uuid and user_id = ${userId}::uuid and project_id = ${projectId}::uuid
      union all select 1 from ${rentalIncomes} where id = ${id}::uuid and user_id = ${userId}::uuid and project_id = ${projectId}::uuid
      union all select 1 from ${adjustments} where id = ${id}::uuid and user_id = ${userId}::uuid and project_id = ${projectId}::uuid
      limit 1`,
  );
  return rows.length > 0;
}

/** The words of an adjustment's kind, in a sentence. */
const kindWords = (kind: 'income' | 'capital') => (kind === 'capital' ? 'capital returned' : 'income');

/**
 * Records an adjustment, dated today, with its audit row and the investor's notification, in one
 * transaction. The investor must hold an investment in the project; a capital adjustment may not take
 * back more capital than was returned.
 */
export async function createAdjustment(db: Db, actorId: string, raw: AdjustmentInput): Promise<Adjustment> {
  const input = { ...raw, corrects: raw.corrects ?? null };
  const id = await db.transaction(async (tx) => {
    // Every money write is appended to the chain under its lock: taken first, it also makes the capital
    // check below hold until commit (no other capital can be written meanwhile).
    await holdLedger(tx);
    const [user] = await tx
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, input.userId))
      .limit(1);
    if (!user) throw new NotFoundError('User');
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, input.projectId))
      .limit(1);
    if (!project) throw new NotFoundError('Project');
    const [holding] = await tx
      .select({ id: investments.id })
      .from(investments)
      .where(and(eq(investments.userId, input.userId), eq(investments.projectId, input.projectId)))
      .limit(1);
    if (!holding) {
      throw fieldError(
        'projectId',
        coded('distributions.adjustment_no_holding', { name: user.name, project: project.name }),
      );
    }
    if (input.corrects && !(await isEntryOf(tx, input.corrects, input.userId, input.projectId))) {
      throw fieldError(
        'corrects',
        coded('distributions.adjustment_unknown_entry', {
          name: user.name,
          project: project.name,
          id: input.corrects,
        }),
      );
    }
    const cents = toCents(input.amount);
    if (input.kind === 'capital' && cents < 0) {
      const [returned] = await queryRows<{ cents: string }>(
        tx,
        sql`select (round(coalesce((select sum(amount) from ${capitalReturns} where user_id = ${input.userId}::uuid and project_id = ${input.projectId}::uuid), 0) * 100)
          + round(coalesce((select sum(amount) from ${adjustments} where kind = 'capital' and user_id = ${input.userId}::uuid and project_id = ${input.projectId}::uuid), 0) * 100))::text as cents`,
      );
      const had = Number(returned?.cents ?? 0);
      if (had + cents < 0) {
        throw fieldError(
          'amount',
          coded('distributions.adjustment_capital_negative', {
            returned: fromCents(had),
            name: user.name,
            project: project.name,
            amount: input.amount,
          }),
        );
      }
    }
    const [row] = await tx
      .insert(adjustments)
      .values({
        userId: input.userId,
        projectId: input.projectId,
        kind: input.kind,
        amount: toMoneyString(fromCents(cents)),
        reason: input.reason,
        corrects: input.corrects,
        paymentDate: todayUtc(),
        createdBy: actorId,
      })
      .returning({ id: adjustments.id });
    await recordAudit(tx, {
      actorId,
      action: 'create',
      entity: 'adjustment',
      entityId: row!.id,
      details: {
        userId: input.userId,
        projectId: input.projectId,
        kind: input.kind,
        amount: fromCents(cents),
        reason: input.reason,
        corrects: input.corrects,
      },
    });
    await notifyUsers(tx, [input.userId], {
      title: 'Adjustment',
      message: `An adjustment of ${formatEuroCents(fromCents(cents))} to your ${kindWords(input.kind)} from ${project.name}: ${input.reason}.`,
      notice: {
        key: input.kind === 'capital' ? 'adjustmentCapital' : 'adjustmentIncome',
        params: { amount: { cents: Number(cents) }, project: project.name, reason: input.reason },
      },
      type: 'info',
      link: '/',
      createdBy: actorId,
    });
    return row!.id;
  });
  const [row] = await db
    .select(columns)
    .from(adjustments)
    .innerJoin(users, eq(users.id, adjustments.userId))
    .innerJoin(projects, eq(projects.id, adjustments.projectId))
    .where(eq(adjustments.id, id));
  return present(row!);
}
