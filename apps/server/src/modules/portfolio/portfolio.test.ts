import { describe, expect, it } from 'vitest';
import { adjustments, capitalReturns } from '../../db/schema';
import {
  bearer,
  monthsAhead,
  countQueries,
  createInvestment,
  createProject,
  createUser,
  useTestApp,
} from '../../../test/helpers';
import { performanceFigures } from './performance-figures';
import { loadPortfolio, type Portfolio } from './service';
import { portfolioSummary } from './summary';

describe('loadPortfolio', () => {
  const ctx = useTestApp();

  it("reads one investor's holdings in one query, the figures the summary and performance answer, nothing of another's", async () => {
    const future = monthsAhead(2); // recorded but not yet paid
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const lake = await createProject(ctx.db, { name: 'Portfolio Lake' });
    const forest = await createProject(ctx.db, { name: 'Portfolio Forest' });
    const elsewhere = await createProject(ctx.db, { name: 'Portfolio Elsewhere' });
    await createInvestment(ctx.db, user.id, lake.id, {
      amount: '10000.00',
      startDate: '2023-03-01',
      monthly: {
        '2023-06': '100.10',
        '2023-07': { amount: '100.20', paymentDate: '2023-08-05' },
        [future]: '500.00',
      },
    });
    await createInvestment(ctx.db, user.id, forest.id, {
      amount: '5000.00',
      startDate: '2023-01-01',
      returns: '250.00',
    });
    await ctx.db.insert(capitalReturns).values([
      { userId: user.id, projectId: lake.id, amount: '1000.01', paymentDate: '2024-01-31' },
      { userId: other.id, projectId: lake.id, amount: '777.00', paymentDate: '2024-01-31' },
    ]);
    await ctx.db.insert(adjustments).values([
      {
        userId: user.id,
        projectId: lake.id,
        kind: 'income',
        amount: '-0.30',
        reason: 'Overpaid',
        paymentDate: '2024-02-01',
      },
      // A project the investor holds no investment in still counts in the totals.
      {
        userId: user.id,
        projectId: elsewhere.id,
        kind: 'capital',
        amount: '3.03',
        reason: 'Refund',
        paymentDate: '2024-02-02',
      },
      {
        userId: other.id,
        projectId: forest.id,
        kind: 'income',
        amount: '9.99',
        reason: 'Other',
        paymentDate: '2024-02-01',
      },
    ]);
    // Another investor in the same projects: none of it may leak in.
    await createInvestment(ctx.db, other.id, lake.id, {
      amount: '99999.00',
      monthly: { '2023-06': '999.00' },
    });

    let portfolio: Portfolio | undefined;
    expect(await countQueries(ctx, async () => (portfolio = await loadPortfolio(ctx.db, user.id)))).toBe(1);
    const p = portfolio!;
    // By start date: the forest first.
    expect(p.holdings.map((h) => [h.name, h.invested, h.startDate])).toEqual([
      ['Portfolio Forest', '5000.00', '2023-01-01'],
      ['Portfolio Lake', '10000.00', '2023-03-01'],
    ]);
    const lakeHolding = p.holdings[1]!;
    expect(lakeHolding.monthly.map((m) => [m.month, m.amount, m.paymentDate, m.paid]).sort()).toEqual(
      [
        ['2023-06', '100.10', null, true],
        ['2023-07', '100.20', '2023-08-05', true],
        [future, '500.00', null, false],
      ].sort(),
    );
    expect(lakeHolding.capital.map((c) => [c.date, c.amount])).toEqual([['2024-01-31', '1000.01']]);
    expect(lakeHolding.adjustments.map((a) => [a.kind, a.amount, a.reason])).toEqual([
      ['income', '-0.30', 'Overpaid'],
    ]);
    expect(p.holdings[0]!.adjustments).toEqual([]);
    expect(p.adjustments.map((a) => a.projectId).sort()).toEqual([lake.id, elsewhere.id].sort());
    for (const flow of [...p.monthly, ...p.capital, ...p.rental, ...p.adjustments]) {
      expect([lake.id, forest.id, elsewhere.id]).toContain(flow.projectId);
      expect(flow.amount).not.toMatch(/^(777|999|9\.99)/);
    }

    const summary = portfolioSummary(p, {
      totalInvestment: null,
      totalReturned: null,
      investmentDate: null,
      investmentPeriod: null,
    });
    expect(summary).toMatchObject({
      totalInvestment: 15000,
      totalReturned: 450,
      investmentDate: '2023-01-01',
      investmentPeriod: '2-month',
      capitalReturned: 1003.04,
      rentalIncome: 0,
      adjustedIncome: -0.3,
    });
    const today = new Date().toISOString().slice(0, 10);
    const figures = performanceFigures(p.holdings, today);
    expect(figures).toMatchObject({ invested: 15000, capitalReturned: 1000.01, income: 450 });

    // The same figures as the answers that read it.
    const accessToken = await ctx.signIn(user);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(accessToken) });
    expect(me.json().data).toMatchObject(summary);
    const perf = await ctx.app.inject({
      method: 'GET',
      url: '/api/investment/performance',
      headers: bearer(accessToken),
    });
    expect(perf.json().data.portfolio).toEqual(figures);
  });

  it('answers nothing for an investor without holdings', async () => {
    const user = await createUser(ctx.db);
    expect(await loadPortfolio(ctx.db, user.id)).toEqual({
      holdings: [],
      monthly: [],
      capital: [],
      rental: [],
      adjustments: [],
    });
  });
});
