import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { investments, monthlyReturns, projects, users } from '../../db/schema';
import { createInvestment, createProject, createUser, useTestApp } from '../../../test/helpers';

const ctx = useTestApp();

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

/** What the triggers of migration 0022 keep, and the same computed afresh from every row. */
async function keptAndFresh() {
  const [kept, fresh] = await Promise.all([
    Promise.all([
      rows(sql`select paid_on::text, project_id, amount::text, n from monthly_return_totals order by 1, 2`),
      rows(sql`select project_id, invested::text, returns_all_paid::text, investments
               from project_investment_totals order by 1`),
      rows(sql`select coalesce((select n from investor_count), 0)::int as n`),
    ]),
    Promise.all([
      rows(sql`select m.paid_on::text, m.project_id, sum(m.amount)::numeric(18, 2)::text as amount, count(*)::int as n
               from monthly_returns m
               join investments i on i.user_id = m.user_id and i.project_id = m.project_id
               group by 1, 2 order by 1, 2`),
      rows(sql`select project_id, sum(amount)::numeric(18, 2)::text as invested,
                 sum(coalesce(case when months_recorded > 0 then returns_from_months end, returns))::numeric(18, 2)::text
                   as returns_all_paid,
                 count(*)::int as investments
               from investments group by 1 order by 1`),
      rows(sql`select count(distinct user_id)::int as n from investments`),
    ]),
  ]);
  return { kept, fresh };
}

async function expectKeptRight() {
  const { kept, fresh } = await keptAndFresh();
  expect(kept).toEqual(fresh);
  return kept;
}

describe('the totals kept for the admin dashboard (monthly_return_totals, project_investment_totals, investor_count)', () => {
  it('stay equal to a fresh sum through inserts, updates, moves and deletes of months and investments', async () => {
    const u = await createUser(ctx.db);
    const v = await createUser(ctx.db);
    const p = await createProject(ctx.db);
    const q = await createProject(ctx.db);
    await createInvestment(ctx.db, u.id, p.id, {
      amount: '1000.00',
      monthly: { '2025-01': '0.10', '2025-02': { amount: '0.20', paymentDate: '2025-03-15' } },
    });
    await createInvestment(ctx.db, v.id, p.id, { amount: '250.55', monthly: { '2025-01': '3.33' } });
    await createInvestment(ctx.db, u.id, q.id, { returns: '7.00' });
    const [months] = await expectKeptRight();
    expect(months).toHaveLength(2);
    expect(months).toContainEqual({ paid_on: '2025-01-31', project_id: p.id, amount: '3.43', n: 2 });

    // Many at once, then an update of amounts, then a month moved to another project.
    await ctx.db.insert(monthlyReturns).values([
      { userId: u.id, projectId: p.id, month: '2025-03', amount: '99.99' },
      { userId: v.id, projectId: p.id, month: '2025-03', amount: '0.01' },
      { userId: u.id, projectId: q.id, month: '2025-03', amount: '5.00' },
    ]);
    await expectKeptRight();
    await ctx.db.update(monthlyReturns).set({ amount: '1.00' }).where(eq(monthlyReturns.month, '2025-03'));
    await expectKeptRight();
    await ctx.db
      .update(monthlyReturns)
      .set({ projectId: q.id, month: '2025-04' })
      .where(and(eq(monthlyReturns.userId, u.id), eq(monthlyReturns.month, '2025-01')));
    await expectKeptRight();

    // Months without an investment do not count, and count once one is made.
    const w = await createUser(ctx.db);
    await ctx.db
      .insert(monthlyReturns)
      .values({ userId: w.id, projectId: p.id, month: '2025-01', amount: '50.00' });
    await expectKeptRight();
    await createInvestment(ctx.db, w.id, p.id, { amount: '10.00' });
    expect((await expectKeptRight())[2]).toEqual([{ n: 3 }]);

    // An investment changed, moved to another project, removed (its months stay and stop counting).
    await ctx.db
      .update(investments)
      .set({ amount: '2000.00' })
      .where(and(eq(investments.userId, u.id), eq(investments.projectId, p.id)));
    await expectKeptRight();
    const r = await createProject(ctx.db);
    await ctx.db
      .update(investments)
      .set({ projectId: r.id })
      .where(and(eq(investments.userId, v.id), eq(investments.projectId, p.id)));
    await expectKeptRight();
    await ctx.db.delete(investments).where(eq(investments.userId, w.id));
    expect((await expectKeptRight())[2]).toEqual([{ n: 2 }]);

    await ctx.db.delete(monthlyReturns).where(eq(monthlyReturns.month, '2025-03'));
    await expectKeptRight();
  });

  it('stay right when a user or a project goes, with their investments and months by cascade', async () => {
    const u = await createUser(ctx.db);
    const v = await createUser(ctx.db);
    const p = await createProject(ctx.db);
    const q = await createProject(ctx.db);
    await createInvestment(ctx.db, u.id, p.id, { monthly: { '2025-05': '1.00', '2025-06': '2.00' } });
    await createInvestment(ctx.db, u.id, q.id, { monthly: { '2025-05': '4.00' } });
    await createInvestment(ctx.db, v.id, p.id, { monthly: { '2025-05': '8.00' } });
    // A month of v in q without an investment: never counted, so its going must take nothing out.
    await ctx.db
      .insert(monthlyReturns)
      .values({ userId: v.id, projectId: q.id, month: '2025-05', amount: '16.00' });
    await expectKeptRight();

    await ctx.db.delete(users).where(eq(users.id, u.id));
    await expectKeptRight();
    await ctx.db.delete(projects).where(eq(projects.id, p.id));
    await expectKeptRight();
    await ctx.db.delete(users).where(eq(users.id, v.id));
    await expectKeptRight();
  });
});
