import { desc, eq } from 'drizzle-orm';
import { PAYOUTS_MAX, derivePayouts, type DerivedPayout } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { monthlyReturns, projects } from '../../db/schema';

/** The investor's payouts, derived from their own monthly returns (one query), newest first. */
export async function listPayouts(db: DbOrTx, userId: string, today: string): Promise<DerivedPayout[]> {
  const rows = await db
    .select({
      id: monthlyReturns.id,
      projectId: monthlyReturns.projectId,
      projectName: projects.name,
      projectStatus: projects.status,
      month: monthlyReturns.month,
      amount: monthlyReturns.amount,
    })
    .from(monthlyReturns)
    .innerJoin(projects, eq(projects.id, monthlyReturns.projectId))
    .where(eq(monthlyReturns.userId, userId))
    .orderBy(desc(monthlyReturns.month), desc(monthlyReturns.id))
    .limit(PAYOUTS_MAX);
  return derivePayouts(rows, today);
}
