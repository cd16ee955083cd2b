import { eq } from 'drizzle-orm';
import type { ProfileValues } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import type { CurrentUserRows } from './presenter';
import { requireAdminTotpSql } from '../settings/security-settings';
import { loadPortfolio } from '../portfolio/service';
import { portfolioSummary } from '../portfolio/summary';

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

/** Writes only the profile fields; the schema has already dropped everything else. */
export async function updateProfile(db: DbOrTx, userId: string, input: ProfileValues) {
  const [row] = await db
    .update(users)
    .set({
      name: input.name,
      phone: input.phone ?? null,
      address: input.address ?? null,
      city: input.city ?? null,
      country: input.country ?? null,
      postalCode: input.postalCode ?? null,
      dateOfBirth: input.dateOfBirth ? input.dateOfBirth.slice(0, 10) : null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!row) throw new NotFoundError('User');
}
