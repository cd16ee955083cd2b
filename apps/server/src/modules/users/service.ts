import { and, asc, eq, sql } from 'drizzle-orm';
import type { ProfileValues } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { investments, monthlyReturns, projects, users } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { incomePaidSql, paidAdjustmentsSql, paidRentalIncomeSql } from '../../db/investment-returns';
import type { CurrentUserRows } from './presenter';
import { requireAdminTotpSql } from '../settings/security-settings';

/**
 * The user, their investments and paid monthly returns, and the admin two-factor policy: three queries whatever
 * the number of investments (`presentCurrentUser` makes the answer).
 */
export async function getCurrentUser(db: DbOrTx, userId: string): Promise<CurrentUserRows> {
  const [row] = await db
    .select({
      user: users,
      requireAdminTotp: requireAdminTotpSql,
      // Capital paid back so far (payment date come, UTC), in the same query.
      capitalReturned: sql<string>`(select coalesce(sum(c.amount), 0)::text from capital_returns c where c.user_id = "users"."id" and c.payment_date <= (now() at time zone 'utc')::date)`,
      // The share of their rentals paid so far: income, counted in the computed total returned.
      rentalIncome: paidRentalIncomeSql(sql`ri.user_id = "users"."id"`),
      // Adjustments counted so far: income ones with the income, capital ones with the capital returned.
      adjustedIncome: paidAdjustmentsSql('income', sql`adj.user_id = "users"."id"`),
      adjustedCapital: paidAdjustmentsSql('capital', sql`adj.user_id = "users"."id"`),
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new NotFoundError('User');
  const [invs, returns] = await Promise.all([
    db
      .select({
        id: investments.id,
        projectId: investments.projectId,
        projectName: projects.name,
        amount: investments.amount,
        returns: investments.returns,
        roi: investments.roi,
        startDate: investments.startDate,
      })
      .from(investments)
      .innerJoin(projects, eq(projects.id, investments.projectId))
      .where(eq(investments.userId, userId))
      .orderBy(asc(investments.startDate), asc(projects.name)),
    db
      .select({
        projectId: monthlyReturns.projectId,
        month: monthlyReturns.month,
        amount: monthlyReturns.amount,
      })
      .from(monthlyReturns)
      // Paid so far: the investments' returns, the totals and the share recovered count only these.
      .where(and(eq(monthlyReturns.userId, userId), incomePaidSql)),
  ]);
  return {
    user: row.user,
    investments: invs,
    returns,
    requireAdminTotp: !!row.requireAdminTotp,
    capitalReturned: row.capitalReturned,
    rentalIncome: row.rentalIncome,
    adjustedIncome: row.adjustedIncome,
    adjustedCapital: row.adjustedCapital,
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
