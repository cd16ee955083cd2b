import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { incomePaidOn, investmentReturns, paidMonthlyReturns } from '@portal/contracts';
import { createHolding, createInvestment, createProject, createUser, useTestApp } from '../../test/helpers';
import { investmentReturnsSql, investmentReturnsSumSql, monthlyReturnsTotal } from './investment-returns';
import { investments, monthlyReturns } from './schema';

const ctx = useTestApp();

/** The UTC day `n` days from now, as the database's `today` reads it. */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('investmentReturnsSql', () => {
  it("gives what the contracts' investmentReturns gives over the paid months, with and without monthly returns, to the cent", async () => {
    const user = await createUser(ctx.db);
    const today = day(0);
    const thisMonth = today.slice(0, 7);
    const cases: {
      returns: string;
      monthly: Record<string, string | { amount: string; paymentDate: string }>;
      expected: number;
    }[] = [
      { returns: '55.55', monthly: {}, expected: 55.55 },
      { returns: '55.55', monthly: { '2025-01': '0.10', '2025-02': '0.20' }, expected: 0.3 },
      { returns: '0', monthly: { '2025-01': '1234.56' }, expected: 1234.56 },
      { returns: '10.00', monthly: { '2025-03': '0.00' }, expected: 0 },
      // A month paid later than its month's end, long ago: paid.
      { returns: '0', monthly: { '2025-01': { amount: '1.10', paymentDate: '2025-03-15' } }, expected: 1.1 },
      // Paid tomorrow: not counted; the months paid are.
      {
        returns: '7.00',
        monthly: { '2025-01': '1.00', [thisMonth]: { amount: '2.00', paymentDate: day(1) } },
        expected: 1,
      },
      // No month paid yet: the returns field stands, as without months.
      { returns: '7.00', monthly: { [thisMonth]: { amount: '2.00', paymentDate: day(1) } }, expected: 7 },
      // Paid today: counted from the day it comes.
      { returns: '0', monthly: { [thisMonth]: { amount: '3.00', paymentDate: today } }, expected: 3 },
    ];
    const projectIds: string[] = [];
    for (const c of cases) {
      const project = await createProject(ctx.db);
      projectIds.push(project.id);
      const inv = await createInvestment(ctx.db, user.id, project.id, {
        returns: c.returns,
        monthly: c.monthly,
      });
      const [row] = await ctx.db
        .select({ total: investmentReturnsSql, months: monthlyReturnsTotal })
        .from(investments)
        .where(eq(investments.id, inv.id));
      const rows = await ctx.db
        .select({
          month: monthlyReturns.month,
          amount: monthlyReturns.amount,
          paymentDate: monthlyReturns.paymentDate,
        })
        .from(monthlyReturns)
        .where(eq(monthlyReturns.projectId, project.id));
      const paid = paidMonthlyReturns(rows, today);
      const expected = investmentReturns({ returns: c.returns, monthlyReturns: paid });
      expect(expected, JSON.stringify(c)).toBe(c.expected);
      expect(Number(row!.total), JSON.stringify(c)).toBe(expected);
      expect(row!.months === null, JSON.stringify(c)).toBe(paid.length === 0);
      // The total of one project's investments, as the admin figures sum them, is the same.
      const [sum] = await ctx.db
        .select({ total: investmentReturnsSumSql(project.id) })
        .from(investments)
        .where(eq(investments.projectId, project.id));
      expect(Number(sum!.total), JSON.stringify(c)).toBe(expected);
    }
    // And over every investment at once.
    const [all] = await ctx.db.select({ total: investmentReturnsSumSql(null) }).from(investments);
    const [each] = await ctx.db
      .select({ total: sql<string>`sum(${investmentReturnsSql})` })
      .from(investments);
    expect(Number(all!.total)).toBe(Number(each!.total));
    expect(Number(each!.total)).toBeCloseTo(
      cases.reduce((s, c) => s + c.expected, 0),
      2,
    );
  });

  it("keeps the day a monthly return is paid (paid_on) as the contracts' incomePaidOn gives it", async () => {
    const { project } = await createHolding(ctx.db, {
      monthly: {
        '2024-02': '1.00',
        '2025-02': '1.00',
        '2025-04': '1.00',
        '2025-12': '1.00',
        '2025-10': { amount: '1.00', paymentDate: '2025-12-15' },
        '2025-11': { amount: '1.00', paymentDate: '2025-11-01' },
      },
    });
    const rows = await ctx.db
      .select({
        month: monthlyReturns.month,
        paymentDate: monthlyReturns.paymentDate,
        paidOn: monthlyReturns.paidOn,
      })
      .from(monthlyReturns)
      .where(eq(monthlyReturns.projectId, project.id));
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(r.paidOn, r.month).toBe(incomePaidOn(r));
    expect(Object.fromEntries(rows.map((r) => [r.month, r.paidOn]))).toEqual({
      '2024-02': '2024-02-29',
      '2025-02': '2025-02-28',
      '2025-04': '2025-04-30',
      '2025-12': '2025-12-31',
      '2025-10': '2025-12-15',
      '2025-11': '2025-11-01',
    });
  });

  it('refuses a payment date before the first day of its month', async () => {
    const user = await createUser(ctx.db);
    const project = await createProject(ctx.db);
    await expect(
      createInvestment(ctx.db, user.id, project.id, {
        monthly: { '2025-10': { amount: '1.00', paymentDate: '2025-09-30' } },
      }),
    ).rejects.toThrow();
  });
});
