import { and, eq, isNotNull } from 'drizzle-orm';
import { derivePayouts, type DerivedPayout } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { distributionAllocations, distributions } from '../../db/schema';
import { payoutSources } from '../portfolio/payouts';
import { loadPortfolio } from '../portfolio/service';

/**
 * The investor's payouts, from their holdings (`loadPortfolio`, one query): their monthly returns, their
 * rental income, their returns of capital and their adjustments, newest first, at most PAYOUTS_MAX of each.
 * A distribution's payout the bank's files confirmed or returned says so (`bank`): income by its project
 * and month, a return of capital by its project and payment day.
 */
export async function listPayouts(db: DbOrTx, userId: string, today: string): Promise<DerivedPayout[]> {
  const portfolio = await loadPortfolio(db, userId);
  const payouts = derivePayouts(payoutSources(portfolio), today);
  // Only income and returns of capital come from distributions: without them, nothing more to read.
  if (portfolio.monthly.length === 0 && portfolio.capital.length === 0) return payouts;
  const confirmed = await db
    .select({
      projectId: distributions.projectId,
      kind: distributions.kind,
      period: distributions.period,
      paymentDate: distributions.paymentDate,
      status: distributionAllocations.bankStatus,
      on: distributionAllocations.bankStatusOn,
      reason: distributionAllocations.returnReason,
    })
    .from(distributionAllocations)
    .innerJoin(distributions, eq(distributions.id, distributionAllocations.distributionId))
    .where(and(eq(distributionAllocations.userId, userId), isNotNull(distributionAllocations.bankStatus)));
  if (confirmed.length === 0) return payouts;
  const bank = new Map(
    confirmed.map((c) => [
      c.kind === 'income' ? `monthly:${c.projectId}:${c.period}` : `capital:${c.projectId}:${c.paymentDate}`,
      { status: c.status!, on: c.on, reason: c.reason },
    ]),
  );
  return payouts.map((p) => {
    const hit =
      p.type === 'monthly' || p.type === 'final'
        ? bank.get(`monthly:${p.project._id}:${p.month}`)
        : p.type === 'capital'
          ? bank.get(`capital:${p.project._id}:${p.date}`)
          : undefined;
    return hit ? { ...p, bank: hit } : p;
  });
}
