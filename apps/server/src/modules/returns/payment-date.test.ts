import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { monthlyReturns, notifications, users } from '../../db/schema';
import { bearer, createHolding, useAdminApp } from '../../../test/helpers';
import { multipart } from '../documents/test-support';

const ctx = useAdminApp();

/** The UTC day `n` days from now: the database counts income paid by its UTC day. */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const lastMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = ctx.admin.token) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });

/** The admin records (POST) or changes (PUT) the investor's income of `month`. */
const writeReturn = (
  method: 'POST' | 'PUT',
  s: { user: { id: string }; project: { id: string } },
  month: string,
  fields: { amount: number; paymentDate?: string | null },
) => call(method, `/api/users/${s.user.id}/returns`, { projectId: s.project.id, month, ...fields });

/** A draft distribution of €75 income for the investor's project and `month`, paid on `paymentDate`. */
const incomeRun = (s: { project: { id: string } }, month: string, paymentDate: string) =>
  call('POST', '/api/distributions', {
    projectId: s.project.id,
    period: month,
    kind: 'income',
    amount: 75,
    paymentDate,
  });

/** An investor with €10,000 in a fresh project and one month paid long ago (€100.00), signed in. */
async function investor() {
  const { user, project } = await createHolding(
    ctx.db,
    {
      amount: '10000.00',
      startDate: '2025-01-01',
      monthly: { '2025-01': '100.00' },
    },
    { user: { name: `Paydate ${Math.random().toString(36).slice(2, 8)}` }, project: { status: 'active' } },
  );
  const token = await ctx.signIn(user);
  return { user, project, token };
}

/** Every figure that counts income, as the investor and the admin see them. */
async function figures(s: Awaited<ReturnType<typeof investor>>) {
  const me = (await call('GET', '/api/users/me', undefined, s.token)).json().data;
  const perf = (await call('GET', '/api/investment/performance', undefined, s.token)).json().data;
  const list = (await call('GET', '/api/projects', undefined, s.token)).json().data;
  const detail = (await call('GET', `/api/projects/${s.project.id}`, undefined, s.token)).json().data;
  const dash = (await call('GET', `/api/admin/dashboard?projectId=${s.project.id}`)).json().data;
  const users = (await call('GET', `/api/users?search=${encodeURIComponent(s.user.name)}`)).json().data;
  return {
    returns: me.investments[0].returns,
    totalReturned: me.totalReturned,
    months: me.investments[0].monthlyReturns.length,
    income: perf.portfolio.income,
    listReturns: list[0].investment.returns,
    detailReturns: detail.investment.returns,
    detailMonths: detail.investment.monthlyReturns.length,
    dashboard: dash.project.returned,
    adminUsers: users[0].totalReturned,
  };
}

const counted = (amount: number) => ({
  returns: amount,
  totalReturned: amount,
  income: amount,
  listReturns: amount,
  detailReturns: amount,
  dashboard: amount,
  adminUsers: amount,
});

describe('income with its own payment date', () => {
  it('is not counted anywhere before its day, is Upcoming on it in the payouts, and counts once the day comes', async () => {
    const s = await investor();
    const month = lastMonth();
    const add = await writeReturn('POST', s, month, { amount: 50.25, paymentDate: day(1) });
    expect(add.statusCode).toBe(201);
    expect(add.json().data.monthlyReturns).toContainEqual(
      expect.objectContaining({ month, amount: 50.25, paymentDate: day(1), paidOn: day(1) }),
    );
    expect(await figures(s)).toMatchObject({ ...counted(100), months: 1, detailMonths: 1 });

    const payouts = (await call('GET', '/api/investment/payouts', undefined, s.token)).json().payouts;
    expect(payouts[0]).toMatchObject({
      amount: 50.25,
      date: day(1),
      month,
      type: 'monthly',
      status: 'pending',
    });
    expect(payouts[1]).toMatchObject({ amount: 100, date: '2025-01-31', status: 'paid' });

    // Its day comes (paid today): counted everywhere.
    const put = await writeReturn('PUT', s, month, { amount: 50.25, paymentDate: day(0) });
    expect(put.statusCode).toBe(200);
    expect(await figures(s)).toMatchObject({ ...counted(150.25), months: 2, detailMonths: 2 });
    const paid = (await call('GET', '/api/investment/payouts', undefined, s.token)).json().payouts;
    expect(paid[0]).toMatchObject({ amount: 50.25, date: day(0), status: 'paid' });

    // Null puts it back on the last day of its month (gone: last month); absent keeps it.
    await writeReturn('PUT', s, month, { amount: 50.25, paymentDate: day(5) });
    const kept = await writeReturn('PUT', s, month, { amount: 60 });
    expect(kept.json().data.monthlyReturns).toContainEqual(
      expect.objectContaining({ month, amount: 60, paymentDate: day(5) }),
    );
    const reset = await writeReturn('PUT', s, month, { amount: 60, paymentDate: null });
    expect(reset.json().data.monthlyReturns).toContainEqual(
      expect.objectContaining({ month, amount: 60, paymentDate: null }),
    );
    expect(await figures(s)).toMatchObject(counted(160));
  });

  it('refuses a payment date that is not a date or falls before its month, naming it, writing nothing', async () => {
    const s = await investor();
    const month = lastMonth();
    for (const paymentDate of ['2025-02-30', 'soon', `${month}-00`, day(-400)]) {
      const res = await writeReturn('POST', s, month, { amount: 1, paymentDate });
      expect(res.statusCode, paymentDate).toBe(400);
      expect(res.json().message, paymentDate).toMatch(/^Payment date must be/);
    }
    const rows = await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.userId, s.user.id));
    expect(rows).toHaveLength(1);
  });

  it('a distribution made final writes its payment date on the income, which counts from that day', async () => {
    const s = await investor();
    await ctx.db
      .update(users)
      .set({ investorId: `PD-${s.user.id.slice(0, 8)}` })
      .where(eq(users.id, s.user.id));
    const month = lastMonth();
    const before = await incomeRun(s, month, day(-400));
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toMatch(/^Payment date must be on or after the first day of \w{3} \d{4}/);

    const run = await incomeRun(s, month, day(10));
    expect(run.statusCode).toBe(201);
    const id = run.json().data._id;
    expect((await call('POST', `/api/distributions/${id}/finalize`)).statusCode).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(monthlyReturns)
      .where(eq(monthlyReturns.userId, s.user.id))
      .orderBy(monthlyReturns.month)
      .offset(1);
    expect(row).toMatchObject({ month, amount: '75.00', paymentDate: day(10), paidOn: day(10) });
    expect(await figures(s)).toMatchObject(counted(100));
    const [told] = await ctx.db.select().from(notifications).where(eq(notifications.userId, s.user.id));
    expect(told!.message).toMatch(/^A distribution of €75\.00 for .+, will be paid on /);
  });

  it('a draft saved with a payment date before its month cannot be made final: a 400, nothing written', async () => {
    const s = await investor();
    const month = lastMonth();
    const run = await incomeRun(s, month, day(10));
    const id = run.json().data._id;
    // As a draft written before income had its own payment date could be.
    const { distributions } = await import('../../db/schema');
    await ctx.db.update(distributions).set({ paymentDate: '2020-01-01' }).where(eq(distributions.id, id));
    const res = await call('POST', `/api/distributions/${id}/finalize`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Payment date must be on or after the first day of \w{3} \d{4}/);
    const rows = await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.userId, s.user.id));
    expect(rows).toHaveLength(1);
  });

  it('the import takes an optional paymentDate column, checked like the form', async () => {
    const s = await investor();
    const [u] = await ctx.db
      .update(users)
      .set({ investorId: `PI-${s.user.id.slice(0, 8)}` })
      .where(eq(users.id, s.user.id))
      .returning({ investorId: users.investorId });
    const month = lastMonth();
    const upload = async (csv: string, dryRun: boolean) => {
      const form = await multipart({}, { data: Buffer.from(csv), name: 'returns.csv', type: 'text/csv' });
      return ctx.app.inject({
        method: 'POST',
        url: `/api/returns/import?dryRun=${String(dryRun)}`,
        headers: { ...bearer(ctx.admin.token), ...form.headers },
        payload: form.payload,
      });
    };
    const bad = await upload(
      `investor,project,month,amount,kind,paymentDate\n${u!.investorId},${s.project.id},${month},10.00,income,2001-01-01\n${u!.investorId},${s.project.id},2025-12,10.00,capital,31/12/2025\n`,
      true,
    );
    expect(bad.json().data.rows).toEqual([
      {
        row: 2,
        ok: false,
        error: expect.stringMatching(/^Payment date must be on or after the first day of/),
      },
      { row: 3, ok: false, error: 'Payment date "31/12/2025" must be a date, YYYY-MM-DD' },
    ]);
    const good = await upload(
      `investor,project,month,amount,kind,paymentDate\n${u!.investorId},${s.project.id},${month},10.00,income,${day(3)}\n${u!.investorId},${s.project.id},2025-12,5.00,capital,\n`,
      false,
    );
    expect(good.statusCode).toBe(200);
    expect(good.json().data.written).toBe(2);
    const rows = await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.userId, s.user.id));
    expect(rows.find((r) => r.month === month)).toMatchObject({ amount: '10.00', paymentDate: day(3) });
    expect(await figures(s)).toMatchObject(counted(100));
  });
});
