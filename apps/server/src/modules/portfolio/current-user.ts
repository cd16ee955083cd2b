import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { requireAdminTotpSql } from '../settings/security-settings';
import type { CurrentUserRows } from './current-user-presenter';
import { loadPortfolio } from './service';
import { portfolioSummary } from './summary';

/**
 * The user with the admin two-factor policy, and the summary of their holdings (`loadPortfolio`): two
 * queries whatever the number of investments (`presentCurrentUser` makes the answer).
 */
export async function getCurrentUser(db: DbOrTx, userId: string): Promise<CurrentUserRows> {
  const [[row], portfolio] = await Promise.all([
    db
      .select({ user: users, requireAdminTotp: requireAdminTotpSql })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    loadPortfolio(db, userId),
  ]);
  if (!row) throw new NotFoundError('User');
  const { user } = row;
  return {
    user,
    requireAdminTotp: !!row.requireAdminTotp,
    summary: portfolioSummary(portfolio, {
      totalInvestment: user.totalInvestment,
      totalReturned: user.totalReturned,
      investmentDate: user.investmentDate,
      investmentPeriod: user.investmentPeriod,
    }),
  };
}
