import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { investments, monthlyReturns, projects, users } from '../../db/schema';
import {
  createHolding,
  createInvestment,
  createProject,
  createUser,
  useTestApp,
} from '../../../test/helpers';

const ctx = useTestApp();

async function totals(userId: string, projectId: string) {
  const [row] = await ctx.db
    .select({ total: investments.returnsFromMonths, n: investments.monthsRecorded })
    .from(investments)
    .where(and(eq(investments.userId, userId), eq(investments.projectId, projectId)));
  return row;
}

/** The roll-up kept by the triggers of migration 0006 must always equal a fresh sum of the months. */
describe('investments.returns_from_months and months_recorded', () => {
  it('follow inserts (one or many at once), updates, moves and deletes of monthly returns', async () => {
    const u = await createUser(ctx.db);
    const p = await createProject(ctx.db);
    const q = await createProject(ctx.db);
    await createInvestment(ctx.db, u.id, p.id, { monthly: { '2025-01': '0.10', '2025-02': '0.20' } });
    await createInvestment(ctx.db, u.id, q.id);
    expect(await totals(u.id, p.id)).toEqual({ total: '0.30', n: 2 });

    await ctx.db
      .insert(monthlyReturns)
      .values({ userId: u.id, projectId: p.id, month: '2025-03', amount: '99.99' });
    expect(await totals(u.id, p.id)).toEqual({ total: '100.29', n: 3 });

    await ctx.db
      .update(monthlyReturns)
      .set({ amount: '1.00' })
      .where(and(eq(monthlyReturns.userId, u.id), eq(monthlyReturns.month, '2025-03')));
    expect(await totals(u.id, p.id)).toEqual({ total: '1.30', n: 3 });

    // A month moved to another project leaves one investment and joins the other.
    await ctx.db
      .update(monthlyReturns)
      .set({ projectId: q.id })
      .where(and(eq(monthlyReturns.userId, u.id), eq(monthlyReturns.month, '2025-03')));
    expect(await totals(u.id, p.id)).toEqual({ total: '0.30', n: 2 });
    expect(await totals(u.id, q.id)).toEqual({ total: '1.00', n: 1 });

    await ctx.db.delete(monthlyReturns).where(eq(monthlyReturns.projectId, p.id));
    expect(await totals(u.id, p.id)).toEqual({ total: '0.00', n: 0 });
  });

  it('an investment created where months are already recorded starts from them', async () => {
    const u = await createUser(ctx.db);
    const p = await createProject(ctx.db);
    await ctx.db.insert(monthlyReturns).values([
      { userId: u.id, projectId: p.id, month: '2024-01', amount: '10.00' },
      { userId: u.id, projectId: p.id, month: '2024-02', amount: '5.55' },
    ]);
    await createInvestment(ctx.db, u.id, p.id);
    expect(await totals(u.id, p.id)).toEqual({ total: '15.55', n: 2 });
  });

  it('survive a cascade: deleting a project or a user removes everything without an error', async () => {
    const { user: u, project: p } = await createHolding(ctx.db, { monthly: { '2025-01': '1.00' } });
    await ctx.db.delete(projects).where(eq(projects.id, p.id));
    await ctx.db.delete(users).where(eq(users.id, u.id));
    expect(await totals(u.id, p.id)).toBeUndefined();
  });
});
