import { describe, expect, it } from 'vitest';
import {
  bearer,
  countQueries,
  createInvestment,
  createProject,
  createUser,
  useTestApp,
} from '../../../test/helpers';

const ctx = useTestApp();

const payouts = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/investment/payouts', headers: bearer(token) });

describe('GET /api/investment/payouts', () => {
  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/investment/payouts' })).statusCode).toBe(401);
  });

  it("derives the investor's own payouts from their monthly returns, newest first", async () => {
    const emma = await createUser(ctx.db);
    const lukas = await createUser(ctx.db);
    const lake = await createProject(ctx.db, { name: 'Lake' });
    const pine = await createProject(ctx.db, { name: 'Pine', status: 'completed' });
    await createInvestment(ctx.db, emma.id, lake.id, {
      monthly: { '2025-01': '100.10', '2025-02': '0.20', '2099-12': '55.55' },
    });
    await createInvestment(ctx.db, emma.id, pine.id, {
      monthly: { '2024-11': '80.00', '2024-12': '1500.00' },
    });
    // Lukas holds the same project: his returns must never appear in Emma's payouts.
    await createInvestment(ctx.db, lukas.id, lake.id, {
      monthly: { '2025-01': '999.99', '2025-03': '1.00' },
    });

    const accessToken = await ctx.signIn(emma);
    const res = await payouts(accessToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(
      body.payouts.map((p: { month: string; amount: number; type: string; status: string }) => [
        p.month,
        p.amount,
        p.type,
        p.status,
      ]),
    ).toEqual([
      ['2099-12', 55.55, 'monthly', 'pending'],
      ['2025-02', 0.2, 'monthly', 'paid'],
      ['2025-01', 100.1, 'monthly', 'paid'],
      ['2024-12', 1500, 'final', 'paid'],
      ['2024-11', 80, 'monthly', 'paid'],
    ]);
    expect(body.payouts[1]).toEqual({
      _id: expect.any(String),
      amount: 0.2,
      date: '2025-02-28',
      month: '2025-02',
      type: 'monthly',
      status: 'paid',
      project: { _id: lake.id, name: 'Lake' },
    });

    const other = (await payouts(await ctx.signIn(lukas))).json();
    expect(other.payouts.map((p: { amount: number }) => p.amount)).toEqual([1, 999.99]);
  });

  it('answers an empty list to an investor without returns, in the same number of queries', async () => {
    const u = await createUser(ctx.db);
    const accessToken = await ctx.signIn(u);
    const queries = await countQueries(ctx, async () => {
      expect((await payouts(accessToken)).json()).toEqual({ success: true, payouts: [] });
    });
    expect(queries).toBeLessThanOrEqual(2);
  });
});
