import { describe, expect, it } from 'vitest';
import { performanceFigures, type Holding } from '../portfolio/performance-figures';
import {
  bearer,
  monthsAhead,
  createInvestment,
  createProject,
  createUser,
  useTestApp,
} from '../../../test/helpers';

const holding = (over: Partial<Holding> = {}): Holding => ({
  projectId: 'p1',
  name: 'Lake Cabins',
  invested: '1000.00',
  startDate: '2023-01-31',
  undatedReturns: '0',
  monthly: [],
  ...over,
});

/** The net present value of dated flows at a rate, Actual/365, written apart from xirr.ts. */
function npv(flows: { date: string; amount: number }[], rate: number) {
  const t0 = Date.parse(flows[0]!.date);
  return flows.reduce(
    (s, f) => s + f.amount / (1 + rate) ** ((Date.parse(f.date) - t0) / 86_400_000 / 365),
    0,
  );
}

describe('performanceFigures', () => {
  it('a year to the day, 10 % paid on the last day, capital still in: IRR 10 %, DPI 0.1, yield 10 %', () => {
    const f = performanceFigures(
      [holding({ monthly: [{ month: '2024-01', amount: '100.00' }] })],
      '2024-01-31',
    );
    expect(f).toEqual({
      invested: 1000,
      capitalReturned: 0,
      income: 100,
      netCashFlow: -900,
      dpi: 0.1,
      cashYield12m: 0.1,
      xirr: 0.1,
    });
  });

  it('twelve monthly returns: the IRR zeroes the NPV of the flows, computed apart', () => {
    const months = Array.from({ length: 12 }, (_, i) => ({
      month: `2024-${String(i + 1).padStart(2, '0')}`,
      amount: '100.00',
    }));
    const f = performanceFigures(
      [holding({ invested: '10000.00', startDate: '2024-01-01', monthly: months })],
      '2025-01-15',
    );
    expect(f).toMatchObject({
      invested: 10000,
      income: 1200,
      netCashFlow: -8800,
      dpi: 0.12,
      cashYield12m: 0.12,
    });
    const flows = [
      { date: '2024-01-01', amount: -10000 },
      ...months.map((m) => ({
        date: new Date(Date.UTC(Number(m.month.slice(0, 4)), Number(m.month.slice(5)), 0))
          .toISOString()
          .slice(0, 10),
        amount: 100,
      })),
      { date: '2025-01-15', amount: 10000 },
    ];
    expect(f.xirr).toBeGreaterThan(0.12);
    expect(f.xirr).toBeLessThan(0.13);
    expect(Math.abs(npv(flows, f.xirr!))).toBeLessThan(0.01);
  });

  it('leaves out a return that falls due after the day, and counts only the last 12 months in the yield', () => {
    const f = performanceFigures(
      [
        holding({
          startDate: '2022-01-01',
          monthly: [
            { month: '2023-01', amount: '50.00' }, // paid 2023-01-31: more than a year before
            { month: '2023-02', amount: '40.00' }, // paid 2023-02-28: within the year before the day
            { month: '2024-02', amount: '30.00' }, // paid 2024-02-29: after the day
          ],
        }),
      ],
      '2024-02-27',
    );
    expect(f.income).toBe(90);
    expect(f.cashYield12m).toBe(0.04);
  });

  it('sums to the cent: 0.10 + 0.20 is 0.30', () => {
    const f = performanceFigures(
      [
        holding({
          monthly: [
            { month: '2023-02', amount: '0.10' },
            { month: '2023-03', amount: '0.20' },
          ],
        }),
      ],
      '2024-01-31',
    );
    expect(f.income).toBe(0.3);
    expect(f.netCashFlow).toBe(-999.7);
  });

  it('gives no IRR, but the other figures, when a flow has no date', () => {
    const undated = performanceFigures([holding({ undatedReturns: '500.00' })], '2024-06-30');
    expect(undated).toMatchObject({ income: 500, dpi: 0.5, cashYield12m: 0, xirr: null });
    const noStart = performanceFigures(
      [holding({ startDate: null, monthly: [{ month: '2024-01', amount: '10.00' }] })],
      '2024-06-30',
    );
    expect(noStart).toMatchObject({ income: 10, dpi: 0.01, xirr: null });
    // One undated holding makes the portfolio's IRR unknown too.
    expect(
      performanceFigures(
        [holding({ monthly: [{ month: '2023-06', amount: '10.00' }] }), holding({ undatedReturns: '1.00' })],
        '2024-01-31',
      ).xirr,
    ).toBeNull();
  });

  it('with nothing invested, no ratio at all; an investment that starts after the day has no IRR yet', () => {
    expect(performanceFigures([holding({ invested: '0' })], '2024-01-31')).toEqual({
      invested: 0,
      capitalReturned: 0,
      income: 0,
      netCashFlow: 0,
      dpi: null,
      cashYield12m: null,
      xirr: null,
    });
    expect(performanceFigures([holding({ startDate: '2024-03-01' })], '2024-01-31').xirr).toBeNull();
  });
});

describe('GET /api/investment/performance', () => {
  const ctx = useTestApp();

  it("answers the caller's portfolio and each project, and nothing of another investor's", async () => {
    const future = monthsAhead(2); // recorded but not yet paid
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const lake = await createProject(ctx.db, { name: 'Perf Lake' });
    const forest = await createProject(ctx.db, { name: 'Perf Forest' });
    await createInvestment(ctx.db, user.id, lake.id, {
      amount: '10000.00',
      startDate: '2023-01-01',
      monthly: { '2023-06': '100.00', '2023-07': '100.00', [future]: '500.00' },
    });
    await createInvestment(ctx.db, user.id, forest.id, {
      amount: '5000.00',
      startDate: '2023-03-01',
      returns: '250.00',
    });
    await createInvestment(ctx.db, other.id, lake.id, {
      amount: '99999.00',
      startDate: '2023-01-01',
      monthly: { '2023-06': '999.00' },
    });
    const accessToken = await ctx.signIn(user);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/investment/performance',
      headers: bearer(accessToken),
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.asOf).toBe(new Date().toISOString().slice(0, 10));
    expect(data.portfolio).toMatchObject({
      invested: 15000,
      capitalReturned: 0,
      income: 450,
      netCashFlow: -14550,
      dpi: 0.03,
      xirr: null,
    });
    expect(data.projects).toHaveLength(2);
    const [first, second] = data.projects;
    expect(first).toMatchObject({
      projectId: lake.id,
      name: 'Perf Lake',
      invested: 10000,
      income: 200,
      dpi: 0.02,
    });
    expect(first.xirr).toEqual(expect.any(Number));
    expect(second).toMatchObject({
      projectId: forest.id,
      name: 'Perf Forest',
      invested: 5000,
      income: 250,
      xirr: null,
    });

    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/investment/performance' });
    expect(anonymous.statusCode).toBe(401);
  });
});
