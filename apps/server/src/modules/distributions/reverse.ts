import { eq, sql } from 'drizzle-orm';
import type { DistributionDetail } from '@portal/contracts';
import { formatFor } from '@portal/i18n';
import { queryRows, type Db } from '../../db/client';
import {
  adjustments,
  capitalReturns,
  distributionAllocations,
  distributions,
  monthlyReturns,
  projects,
} from '../../db/schema';
import { coded, ConflictError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { noticeToInvestorsPaid } from './notice';
import { getDistribution } from './service';

/**
 * Reversing a final run (docs/product.md "Final is final"): the run is undone as a whole with one
 * negative adjustment per investor paid; what it wrote stays as it was.
 */

/** The day it is in UTC, as the payment dates count it (ADR 020). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * Reverses a final run as a whole, in one transaction: one negative adjustment per investor paid (minus
 * their allocation, dated today, correcting the entry the run wrote, with the run's id), the run marked
 * reversed with its reason, the audit row and each investor's notification. The run and what it wrote
 * stay as they were. Two requests at once: the second waits for the first's lock and finds it reversed.
 */
export async function reverseDistribution(
  db: Db,
  actorId: string,
  id: string,
  reason: string,
): Promise<DistributionDetail> {
  await db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(distributions)
      .where(eq(distributions.id, id))
      .for('update')
      .limit(1);
    if (!run) throw new NotFoundError('Distribution');
    if (run.status === 'draft') throw new ConflictError(coded('distributions.draft_not_reversible'));
    if (run.status === 'reversed')
      throw new ConflictError(
        coded('distributions.already_reversed', { date: run.reversedAt!.toISOString().slice(0, 10) }),
      );
    const today = todayUtc();
    // The entry each allocation wrote: that month's return (income), or the run's return of capital.
    const entry =
      run.kind === 'income'
        ? sql`(select m.id from ${monthlyReturns} m where m.user_id = a.user_id and m.project_id = ${run.projectId}::uuid and m.month = ${run.period})`
        : sql`(select c.id from ${capitalReturns} c where c.distribution_id = a.distribution_id and c.user_id = a.user_id)`;
    await tx.execute(sql`
      insert into ${adjustments} (user_id, project_id, kind, amount, reason, corrects, distribution_id, payment_date, created_by)
      select a.user_id, ${run.projectId}::uuid, ${run.kind}, -a.amount, ${reason}, ${entry}, a.distribution_id, ${today}::date, ${actorId}::uuid
      from ${distributionAllocations} a
      where a.distribution_id = ${id}::uuid and a.amount > 0`);
    await tx
      .update(distributions)
      .set({
        status: 'reversed',
        reversedAt: new Date(),
        reversedBy: actorId,
        reversalReason: reason,
        updatedAt: new Date(),
      })
      .where(eq(distributions.id, id));
    const [paid] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${distributionAllocations} where distribution_id = ${id}::uuid and amount > 0`,
    );
    await recordAudit(tx, {
      actorId,
      action: 'reverse',
      entity: 'distribution',
      entityId: id,
      details: {
        projectId: run.projectId,
        kind: run.kind,
        period: run.period,
        amount: run.amount,
        investors: Number(paid?.n ?? 0),
        reason,
      },
    });
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, run.projectId));
    // Each investor's notice in their language, with their own amount written by the database.
    await noticeToInvestorsPaid(tx, id, {
      message: (t, locale, amount) =>
        t(run.kind === 'income' ? 'notice.reversal.income' : 'notice.reversal.capital', {
          amount,
          project: project?.name ?? t('notice.yourProject'),
          month: formatFor(locale).month(run.period),
          reason,
        }),
      title: (t) => t('notice.reversal.title'),
      type: 'warning',
      createdBy: actorId,
    });
  });
  return getDistribution(db, id);
}
