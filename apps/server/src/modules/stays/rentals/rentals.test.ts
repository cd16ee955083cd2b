import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { toCents } from '@portal/contracts';
import { auditLog, notifications, rentalIncomes } from '../../../db/schema';
import { bearer, createInvestment, createProject, createUser, useAdminApp } from '../../../../test/helpers';
import { createAllowance, createBooking, isoDay } from '../../../../test/content-factories';

const ctx = useAdminApp();

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
const record = (bookingId: string, payload: object, token = ctx.admin.token) =>
  call('PUT', `/api/bookings/${bookingId}/rental-income`, token, payload);
const remove = (bookingId: string, token = ctx.admin.token) =>
  call('DELETE', `/api/bookings/${bookingId}/rental-income`, token);

interface PayoutJson {
  _id: string;
  amount: number;
  date: string;
  type: string;
  status: string;
}

/** An investor in a new project (rental share `share` %), with a monthly return of 100.10 in 2025-01. */
async function investorWithRental(
  opts: {
    share?: string;
    nights?: number;
    status?: 'approved' | 'pending';
    type?: 'rental' | 'personal';
  } = {},
) {
  const project = await createProject(ctx.db, {
    name: `Aurora Lodge ${Math.random().toString(36).slice(2, 7)}`,
    rentalSharePercent: opts.share ?? '70',
  });
  const user = await createUser(ctx.db);
  await createInvestment(ctx.db, user.id, project.id, {
    amount: '10000.00',
    startDate: '2024-01-01',
    monthly: { '2025-01': '100.10' },
  });
  await createAllowance(ctx.db, user.id, project.id, { totalNights: 30 });
  const nights = Array.from({ length: opts.nights ?? 3 }, (_, i) => isoDay(10 + i));
  const booking = await createBooking(ctx.db, user.id, project.id, nights, {
    type: opts.type ?? 'rental',
    rentalPrice: opts.type === 'personal' ? null : '150.00',
    status: opts.status ?? 'approved',
  });
  const accessToken = await ctx.signIn(user);
  return { project, user, booking, token: accessToken };
}

const me = async (token: string) => (await call('GET', '/api/users/me', token)).json().data;
const payouts = async (token: string): Promise<PayoutJson[]> =>
  (await call('GET', '/api/investment/payouts', token)).json().payouts;
const performance = async (token: string) =>
  (await call('GET', '/api/investment/performance', token)).json().data;

describe('PUT /api/bookings/:id/rental-income', () => {
  it("records the investor's share, half a cent up, and counts it as income paid in every total", async () => {
    const { project, user, booking, token } = await investorWithRental();
    const paid = isoDay(-1);
    const res = await record(booking.id, { nightsRented: 3, grossIncome: 1234.55, paymentDate: paid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Rental income recorded',
      data: {
        bookingId: booking.id,
        nightsRented: 3,
        grossIncome: 1234.55,
        sharePercent: 70,
        amount: 864.19, // 1,234.55 × 70 % = 864.185
        paymentDate: paid,
      },
    });
    const [row] = await ctx.db.select().from(rentalIncomes).where(eq(rentalIncomes.bookingId, booking.id));
    expect(row).toMatchObject({ amount: '864.19', grossIncome: '1234.55', sharePercent: '70.00' });

    // /api/users/me: income = the monthly return + the rental share, exact to the cent.
    const m = await me(token);
    expect(toCents(m.totalReturned)).toBe(10010 + 86419);
    expect(toCents(m.rentalIncome)).toBe(86419);
    expect(m.investments[0].returns).toBe(100.1); // an investment's returns stay its monthly returns

    // The payouts: one paid line of type rental, on its date.
    const lines = await payouts(token);
    const rental = lines.filter((p) => p.type === 'rental');
    expect(rental).toEqual([
      {
        _id: row!.id,
        amount: 864.19,
        date: paid,
        month: paid.slice(0, 7),
        type: 'rental',
        status: 'paid',
        project: { _id: project.id, name: project.name },
      },
    ]);

    // The performance figures count it as income (and in the 12-month yield and the flows).
    const perf = await performance(token);
    expect(toCents(perf.portfolio.income)).toBe(10010 + 86419);
    expect(perf.portfolio.cashYield12m).toBeCloseTo(864.19 / 10000, 6);
    expect(perf.portfolio.xirr).not.toBeNull();

    // Audited, and the investor is told in words.
    const [note] = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(note).toMatchObject({ title: 'Rental income recorded' });
    expect(note!.message).toBe(
      `€864.19 from 3 rented nights at ${project.name}, paid on ${new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${paid}T00:00:00Z`))}.`,
    );
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(audits.map((a) => a.action)).toEqual(['record-rental-income']);
  });

  it('a future payment date is not counted yet: Upcoming in the payouts, left out of the totals', async () => {
    const { booking, token } = await investorWithRental();
    const later = isoDay(40);
    expect(
      (await record(booking.id, { nightsRented: 2, grossIncome: '999.99', paymentDate: later })).statusCode,
    ).toBe(200);
    const m = await me(token);
    expect(toCents(m.totalReturned)).toBe(10010);
    expect(m.rentalIncome).toBe(0);
    const rental = (await payouts(token)).filter((p) => p.type === 'rental');
    expect(rental.map((p) => [p.amount, p.date, p.status])).toEqual([[699.99, later, 'pending']]); // 699.993
    expect(toCents((await performance(token)).portfolio.income)).toBe(10010);
  });

  it("uses the project's share, and recording again replaces the record", async () => {
    const { booking, token } = await investorWithRental({ share: '33.33', nights: 4 });
    const paid = isoDay(-3);
    const first = await record(booking.id, { nightsRented: 4, grossIncome: 0.3, paymentDate: paid });
    expect(first.json().data).toMatchObject({ sharePercent: 33.33, amount: 0.1 }); // 0.09999
    const again = await record(booking.id, { nightsRented: 1, grossIncome: 100.05, paymentDate: paid });
    expect(again.json().data).toMatchObject({ nightsRented: 1, grossIncome: 100.05, amount: 33.35 }); // 33.346665
    const rows = await ctx.db.select().from(rentalIncomes).where(eq(rentalIncomes.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect((await payouts(token)).filter((p) => p.type === 'rental').map((p) => p.amount)).toEqual([33.35]);
    expect(toCents((await me(token)).totalReturned)).toBe(10010 + 3335);
  });

  it('is only for an approved rental (409 saying why), within its nights (400), and 404 for none', async () => {
    const personal = await investorWithRental({ type: 'personal' });
    const pending = await investorWithRental({ status: 'pending' });
    const ok = { nightsRented: 1, grossIncome: 10, paymentDate: isoDay(-1) };
    const p = await record(personal.booking.id, ok);
    expect(p.statusCode).toBe(409);
    expect(p.json()).toMatchObject({ code: 'stays.rental_income_not_rental', params: { type: 'personal' } });
    const q = await record(pending.booking.id, ok);
    expect(q.statusCode).toBe(409);
    expect(q.json().message).toMatch(/approved rental; this one is pending/);
    const three = await investorWithRental({ nights: 3 });
    const over = await record(three.booking.id, { ...ok, nightsRented: 4 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'stays.rental_nights_too_many',
      message: 'nightsRented cannot be more than the 3 nights of the request',
      params: { count: 3 },
    });
    expect((await record(crypto.randomUUID(), ok)).statusCode).toBe(404);
    for (const bad of [
      { ...ok, grossIncome: 1.005 },
      { ...ok, grossIncome: -1 },
      { ...ok, nightsRented: -1 },
      { ...ok, paymentDate: '2026-02-30' },
    ])
      expect((await record(three.booking.id, bad)).statusCode).toBe(400);
    expect(
      await ctx.db.select().from(rentalIncomes).where(eq(rentalIncomes.bookingId, three.booking.id)),
    ).toEqual([]);
  });

  it('is for admins only: an investor gets 403 on both routes, even for their own booking', async () => {
    const { booking, token } = await investorWithRental();
    expect(
      (await record(booking.id, { nightsRented: 1, grossIncome: 1, paymentDate: isoDay(-1) }, token))
        .statusCode,
    ).toBe(403);
    expect((await remove(booking.id, token)).statusCode).toBe(403);
  });
});

describe('DELETE /api/bookings/:id/rental-income', () => {
  it('removes the record (the totals go back), and answers 404 when there is none', async () => {
    const { booking, token } = await investorWithRental();
    await record(booking.id, { nightsRented: 3, grossIncome: 500, paymentDate: isoDay(-2) });
    expect(toCents((await me(token)).totalReturned)).toBe(10010 + 35000);
    const res = await remove(booking.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect(toCents((await me(token)).totalReturned)).toBe(10010);
    expect((await payouts(token)).some((p) => p.type === 'rental')).toBe(false);
    expect((await remove(booking.id)).statusCode).toBe(404);
  });
});

describe('rental income in the lists of requests and the usage summary', () => {
  it("shows on the admin's list and the investor's own, never to another investor", async () => {
    const a = await investorWithRental({ nights: 4 });
    const paid = isoDay(-1);
    await record(a.booking.id, { nightsRented: 2, grossIncome: 200.01, paymentDate: paid });
    const expected = { bookingId: a.booking.id, nightsRented: 2, grossIncome: 200.01, amount: 140.01 }; // 140.007

    const admin = (await call('GET', `/api/bookings/admin?projectId=${a.project.id}`, ctx.admin.token)).json()
      .data;
    expect(admin).toHaveLength(1);
    expect(admin[0].rentalIncome).toMatchObject(expected);
    const own = (await call('GET', `/api/bookings?projectId=${a.project.id}`, a.token)).json().data;
    expect(own[0].rentalIncome).toMatchObject(expected);

    // Another investor in the same project, with a rental of their own not recorded.
    const b = await createUser(ctx.db);
    await createInvestment(ctx.db, b.id, a.project.id, { monthly: { '2025-01': '1.00' } });
    await createAllowance(ctx.db, b.id, a.project.id);
    await createBooking(ctx.db, b.id, a.project.id, [isoDay(30)], {
      type: 'rental',
      rentalPrice: '10.00',
      status: 'approved',
    });
    const bToken = await ctx.signIn(b);
    const theirs = (await call('GET', `/api/bookings?projectId=${a.project.id}`, bToken)).json().data;
    expect(theirs.map((x: { rentalIncome: unknown }) => x.rentalIncome)).toEqual([null]);
    expect(toCents((await me(bToken)).totalReturned)).toBe(100);
    expect((await payouts(bToken)).some((p) => p.type === 'rental')).toBe(false);
    expect((await performance(bToken)).portfolio.income).toBe(1);
    const usageB = (await call('GET', `/api/perks/usage-summary/${a.project.id}`, bToken)).json().usage;
    expect(usageB).toMatchObject({ rented: 1, totalValue: 0 });

    // The usage summary: the nights actually rented and the real income (a scheduled one counts too).
    const usage = (await call('GET', `/api/perks/usage-summary/${a.project.id}`, a.token)).json().usage;
    expect(usage).toMatchObject({ rented: 2, totalValue: 140.01 });
  });

  it('a project answer carries its rental share, which admins set (0 to 100, two decimals)', async () => {
    const project = await createProject(ctx.db);
    const get = async () => (await call('GET', `/api/projects/${project.id}`, ctx.admin.token)).json().data;
    expect((await get()).rentalSharePercent).toBe(70);
    const put = await call('PUT', `/api/projects/${project.id}`, ctx.admin.token, {
      rentalSharePercent: '62.5',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.rentalSharePercent).toBe(62.5);
    for (const bad of [100.01, -1, 12.345])
      expect(
        (await call('PUT', `/api/projects/${project.id}`, ctx.admin.token, { rentalSharePercent: bad }))
          .statusCode,
      ).toBe(400);
    expect((await get()).rentalSharePercent).toBe(62.5);
  });
});

describe('the admin dashboard', () => {
  it("counts the project's rental income paid in its returns and in its payment month", async () => {
    const { project, booking } = await investorWithRental();
    const dashboard = async () =>
      (await call('GET', `/api/admin/dashboard?projectId=${project.id}`, ctx.admin.token)).json().data;
    const before = await dashboard();
    const paid = isoDay(0);
    await record(booking.id, { nightsRented: 3, grossIncome: 1234.55, paymentDate: paid });
    const after = await dashboard();
    expect(toCents(after.project.returned) - toCents(before.project.returned)).toBe(86419);
    expect(toCents(after.overall.returned) - toCents(before.overall.returned)).toBe(86419);
    const month = (d: { returnsByMonth: { month: string; amount: number }[] }) =>
      toCents(d.returnsByMonth.find((m) => m.month === paid.slice(0, 7))!.amount);
    expect(month(after) - month(before)).toBe(86419);
    // A scheduled one is not paid yet.
    await record(booking.id, { nightsRented: 3, grossIncome: 1234.55, paymentDate: isoDay(60) });
    expect(toCents((await dashboard()).project.returned)).toBe(toCents(before.project.returned));
  });
});

describe('the statement', () => {
  it('counts rental income paid within the period as income, by its date', async () => {
    const { booking, token } = await investorWithRental();
    await ctx.db.insert(rentalIncomes).values({
      bookingId: booking.id,
      userId: booking.userId,
      projectId: booking.projectId,
      nightsRented: 2,
      grossIncome: '100.00',
      sharePercent: '70.00',
      amount: '70.00',
      paymentDate: '2025-02-15',
    });
    const res = await call('GET', '/api/statements/2025-Q1', token);
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s.totals.income).toBe(170.1);
    expect(s.projects[0].rentalIncome).toEqual([{ date: '2025-02-15', amount: 70 }]);
    expect((await call('GET', '/api/statements/2025-Q2', token)).json().data.totals.income).toBe(0);
  });
});
