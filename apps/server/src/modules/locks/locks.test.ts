import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { monthlyReturns, rentalIncomes, statementPublications } from '../../db/schema';
import {
  bearer,
  createHolding,
  createInvestment,
  createProject,
  createUser,
  useAdminApp,
} from '../../../test/helpers';
import { createBooking, isoDay } from '../../../test/content-factories';
import { multipart } from '../documents/test-support';

const ctx = useAdminApp();

/** Q3 2025's statements are published (the job's work is not what these tests are about). */
const PUBLISHED =
  'Q3 2025 statements were published on Oct 5, 2025: returns in that period cannot be changed. Record an adjustment instead.';
const RENTAL_PUBLISHED =
  'Q3 2025 statements were published on Oct 5, 2025: rental income in that period cannot be changed. Record an adjustment instead.';

beforeAll(async () => {
  await ctx.db.insert(statementPublications).values({
    period: '2025-Q3',
    publishedAt: new Date('2025-10-05T09:00:00Z'),
    recipients: 1,
    emailed: 1,
    batchId: crypto.randomUUID(),
    total: 1,
    status: 'published',
  });
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(ctx.admin.token), ...(payload ? { payload } : {}) });

interface ReturnJson {
  month: string;
  amount: number;
  locked?: { reason: string } | null;
}

async function holding(monthly: Record<string, string> = {}) {
  const { user, project } = await createHolding(ctx.db, {
    amount: '10000.00',
    startDate: '2024-01-01',
    monthly,
  });
  const returns = async (): Promise<ReturnJson[]> =>
    (await call('GET', `/api/users/${user.id}/returns?projectId=${project.id}`)).json().data.monthlyReturns;
  const stored = async (month: string) =>
    (
      await ctx.db
        .select({ amount: monthlyReturns.amount })
        .from(monthlyReturns)
        .where(
          and(
            eq(monthlyReturns.userId, user.id),
            eq(monthlyReturns.projectId, project.id),
            eq(monthlyReturns.month, month),
          ),
        )
    )[0]?.amount;
  const edit = (month: string, amount: number, paymentDate?: string) =>
    call('PUT', `/api/users/${user.id}/returns`, {
      projectId: project.id,
      month,
      amount,
      ...(paymentDate ? { paymentDate } : {}),
    });
  const remove = (month: string) =>
    call('DELETE', `/api/users/${user.id}/returns/${month}?projectId=${project.id}`);
  return { user, project, returns, stored, edit, remove };
}

describe('final is final: monthly returns', () => {
  it('a return a final distribution paid is locked: edit and delete are 409s saying why, the row unchanged', async () => {
    const h = await holding({ '2024-05': '10.00' });
    const run = (
      await call('POST', '/api/distributions', {
        projectId: h.project.id,
        period: '2024-06',
        kind: 'income',
        amount: 454.54,
        paymentDate: '2024-06-30',
      })
    ).json().data;
    expect((await call('POST', `/api/distributions/${run._id}/finalize`)).statusCode).toBe(200);
    const reason =
      "The Jun 2024 return is part of the final distribution 'Jun 2024 income' and was paid: it cannot be changed. Record an adjustment instead.";

    const edit = await h.edit('2024-06', 999.99);
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ success: false, message: reason });
    expect(edit.json()).toMatchObject({
      code: 'distributions.return_in_final_run',
      params: { month: '2024-06', run: '2024-06' },
    });
    const del = await h.remove('2024-06');
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(reason);
    expect(await h.stored('2024-06')).toBe('454.54');

    // The list says which rows are locked and why; a return of its own still changes.
    expect(await h.returns()).toMatchObject([
      { month: '2024-05', amount: 10, locked: null },
      { month: '2024-06', amount: 454.54, locked: { reason } },
    ]);
    expect((await h.edit('2024-05', 12.5)).statusCode).toBe(200);
    expect(await h.stored('2024-05')).toBe('12.50');
    expect((await h.remove('2024-05')).statusCode).toBe(200);
    expect(await h.stored('2024-05')).toBeUndefined();
  });

  it('a return paid in a published period is locked; one outside it edits, but does not move into it', async () => {
    const h = await holding({ '2025-07': '109.79', '2025-06': '100.00', '2024-12': '50.00' });
    const edit = await h.edit('2025-07', 1109.79);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(PUBLISHED);
    const del = await h.remove('2025-07');
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(PUBLISHED);
    expect(await h.stored('2025-07')).toBe('109.79');

    // June is paid on Jun 30, in Q2 (not published): it changes, but may not be paid in Q3 instead.
    expect((await h.edit('2025-06', 101)).statusCode).toBe(200);
    const moved = await h.edit('2025-06', 101, '2025-07-15');
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(PUBLISHED);
    expect(await h.stored('2025-06')).toBe('101.00');

    expect((await h.returns()).map((r) => [r.month, r.locked?.reason ?? null])).toEqual([
      ['2024-12', null],
      ['2025-06', null],
      ['2025-07', PUBLISHED],
    ]);
  });

  it('no new return is paid in a published period: added or imported, a 409 or a row problem, nothing written', async () => {
    const h = await holding();
    const add = await call('POST', `/api/users/${h.user.id}/returns`, {
      projectId: h.project.id,
      month: '2025-08',
      amount: 10,
    });
    expect([add.statusCode, add.json().message]).toEqual([409, PUBLISHED]);
    expect(await h.stored('2025-08')).toBeUndefined();
    // June, paid on its own date in July, is in Q3 as well; June paid on Jun 30 is not.
    const moved = await call('POST', `/api/users/${h.user.id}/returns`, {
      projectId: h.project.id,
      month: '2025-06',
      amount: 10,
      paymentDate: '2025-07-02',
    });
    expect(moved.statusCode).toBe(409);
    const june = await call('POST', `/api/users/${h.user.id}/returns`, {
      projectId: h.project.id,
      month: '2025-06',
      amount: 10,
    });
    expect(june.statusCode).toBe(201);

    const csv = `investor,project,month,amount,kind\n${h.user.email},${h.project.id},2025-09,25.00,income\n${h.user.email},${h.project.id},2025-10,25.00,income\n`;
    const form = await multipart({}, { data: Buffer.from(csv), name: 'returns.csv', type: 'text/csv' });
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/returns/import?dryRun=false',
      headers: { ...bearer(ctx.admin.token), ...form.headers },
      payload: form.payload,
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().data.rows).toEqual([
      {
        row: 2,
        ok: false,
        error: PUBLISHED,
      },
      { row: 3, ok: true },
    ]);
    expect(await h.stored('2025-10')).toBeUndefined();
  });

  it('a published year locks every month paid in it', async () => {
    const h = await holding({ '2023-03': '20.00' });
    await ctx.db.insert(statementPublications).values({
      period: '2023',
      publishedAt: new Date('2024-01-20T09:00:00Z'),
      recipients: 1,
      emailed: 0,
      batchId: crypto.randomUUID(),
      total: 1,
    });
    const res = await h.edit('2023-03', 21);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      '2023 statements were published on Jan 20, 2024: returns in that period cannot be changed. Record an adjustment instead.',
    );
  });
});

describe('final is final: rental income', () => {
  async function rental() {
    const project = await createProject(ctx.db, { rentalSharePercent: '70' });
    const user = await createUser(ctx.db);
    await createInvestment(ctx.db, user.id, project.id, { amount: '10000.00', startDate: '2024-01-01' });
    const booking = await createBooking(ctx.db, user.id, project.id, [isoDay(10), isoDay(11)], {
      type: 'rental',
      rentalPrice: '150.00',
      status: 'approved',
    });
    const record = (paymentDate: string, grossIncome = 200) =>
      call('PUT', `/api/bookings/${booking.id}/rental-income`, { nightsRented: 2, grossIncome, paymentDate });
    const remove = () => call('DELETE', `/api/bookings/${booking.id}/rental-income`);
    const stored = async () =>
      (await ctx.db.select().from(rentalIncomes).where(eq(rentalIncomes.bookingId, booking.id)))[0];
    const listed = async () =>
      (await call('GET', `/api/bookings/admin?projectId=${project.id}`)).json().data[0].rentalIncome;
    const own = async () => {
      const accessToken = await ctx.signIn(user);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/bookings?projectId=${project.id}`,
        headers: bearer(accessToken),
      });
      return res.json().data[0].rentalIncome;
    };
    /** Rental income recorded before its period was published (as the database holds it). */
    const recordedBefore = (paymentDate: string) =>
      ctx.db.insert(rentalIncomes).values({
        bookingId: booking.id,
        userId: user.id,
        projectId: project.id,
        nightsRented: 2,
        grossIncome: '200.00',
        sharePercent: '70',
        amount: '140.00',
        paymentDate,
      });
    return { record, remove, stored, listed, own, recordedBefore };
  }

  it('rental income paid in a published period is neither replaced nor removed (409), and shows locked', async () => {
    const r = await rental();
    // Not recorded into a published period for the first time either (that changes its statements).
    const first = await r.record('2025-08-15');
    expect([first.statusCode, first.json().message]).toEqual([409, RENTAL_PUBLISHED]);
    expect(first.json()).toMatchObject({
      code: 'stays.rental_income_period_published',
      params: { period: 'Q3 2025', date: '2025-10-05' },
    });
    expect(await r.stored()).toBeUndefined();
    await r.recordedBefore('2025-08-15');
    const again = await r.record('2025-08-15', 900);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RENTAL_PUBLISHED);
    const del = await r.remove();
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(RENTAL_PUBLISHED);
    expect(await r.stored()).toMatchObject({
      grossIncome: '200.00',
      amount: '140.00',
      paymentDate: '2025-08-15',
    });
    expect(await r.listed()).toMatchObject({ amount: 140, locked: { reason: RENTAL_PUBLISHED } });
    // The reason speaks to an admin: the investor's own list has the figures only.
    expect(await r.own()).not.toHaveProperty('locked');
  });

  it('rental income outside a published period changes, but is not moved into one', async () => {
    const r = await rental();
    const day = isoDay(-1);
    expect((await r.record(day)).json().data.locked).toBeNull();
    expect((await r.record(day, 300)).statusCode).toBe(200);
    expect(await r.listed()).toMatchObject({ amount: 210, locked: null });
    const moved = await r.record('2025-09-30', 300);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(RENTAL_PUBLISHED);
    expect(await r.stored()).toMatchObject({ paymentDate: day });
    expect((await r.remove()).statusCode).toBe(200);
    expect(await r.stored()).toBeUndefined();
  });
});
