import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bookingNights, bookings, highSeasons, notifications, swapOffers } from '../../../db/schema';
import { bearer, createInvestment, createProject, createUser, useTestApp } from '../../../../test/helpers';
import { createAllowance, createBooking, isoDay } from '../../../../test/content-factories';
import { formatNight, listNights } from '@portal/contracts';

const ctx = useTestApp();

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const days = (from: number, n: number) => Array.from({ length: n }, (_, i) => isoDay(from + i));

async function investorIn(projectId: string, allowance: { totalNights?: number; expiresAt?: string } = {}) {
  const user = await createUser(ctx.db);
  await createInvestment(ctx.db, user.id, projectId);
  await createAllowance(ctx.db, user.id, projectId, allowance);
  return { user, token: await ctx.signIn(user) };
}

/** Two investors of one project, each with an approved stay ahead: A's 3 nights from day 20, B's 2 from day 40. */
async function world(
  opts: { aNights?: number; bAllowance?: { totalNights?: number; expiresAt?: string } } = {},
) {
  const project = await createProject(ctx.db);
  const a = await investorIn(project.id);
  const b = await investorIn(project.id, opts.bAllowance);
  const stayA = await createBooking(ctx.db, a.user.id, project.id, days(20, opts.aNights ?? 3), {
    status: 'approved',
    notes: 'private note of A',
  });
  const stayB = await createBooking(ctx.db, b.user.id, project.id, days(40, 2), { status: 'approved' });
  return { project, a, b, stayA, stayB };
}
const offer = (token: string, offeredBookingId: string, requestedBookingId: string, note?: string) =>
  call(token, 'POST', '/api/swaps', { offeredBookingId, requestedBookingId, ...(note ? { note } : {}) });
const nightsHeld = async (userId: string, projectId: string) =>
  (
    await ctx.db
      .select({ night: bookingNights.night })
      .from(bookingNights)
      .where(and(eq(bookingNights.userId, userId), eq(bookingNights.projectId, projectId)))
  )
    .map((n) => n.night)
    .sort();

describe('swaps', () => {
  it("lists other investors' approved stays ahead by their dates only", async () => {
    const { project, a, stayB } = await world();
    const res = await call(a.token, 'GET', `/api/swaps/stays?projectId=${project.id}`);
    expect(res.json()).toEqual({
      success: true,
      data: [{ bookingId: stayB.id, nights: days(40, 2), nightCount: 2 }],
    });
  });

  it('offers, shows the offer to both by dates only, and exchanges the dates and cabins on acceptance', async () => {
    const { project, a, b, stayA, stayB } = await world();
    const cabinsBefore = await ctx.db
      .select()
      .from(bookingNights)
      .where(eq(bookingNights.projectId, project.id));
    const made = await offer(a.token, stayA.id, stayB.id, 'We would love the later dates');
    expect(made.statusCode).toBe(201);
    const id = made.json().data._id;

    const seen = await call(b.token, 'GET', `/api/swaps?projectId=${project.id}`);
    expect(seen.json().data).toEqual([
      expect.objectContaining({
        _id: id,
        direction: 'received',
        status: 'pending',
        offered: { bookingId: stayA.id, nights: days(20, 3), nightCount: 3 },
        requested: { bookingId: stayB.id, nights: days(40, 2), nightCount: 2 },
        note: 'We would love the later dates',
      }),
    ]);
    expect(seen.body).not.toContain(a.user.email);
    expect(seen.body).not.toContain('private note of A');
    const [told] = await ctx.db.select().from(notifications).where(eq(notifications.userId, b.user.id));
    expect(told).toMatchObject({ title: 'Swap offer', link: `/perks?project=${project.id}` });

    const accepted = await call(b.token, 'PUT', `/api/swaps/${id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({
      status: 'accepted',
      offered: { nights: days(20, 3) },
      requested: { nights: days(40, 2) },
    });
    expect(await nightsHeld(a.user.id, project.id)).toEqual(days(40, 2));
    expect(await nightsHeld(b.user.id, project.id)).toEqual(days(20, 3));
    // Each keeps their own request, with the other's dates; the cabins stay with the dates.
    const [mine] = await ctx.db.select().from(bookings).where(eq(bookings.id, stayA.id));
    expect(mine).toMatchObject({ userId: a.user.id, nights: days(40, 2), notes: 'private note of A' });
    const cabinsAfter = await ctx.db
      .select()
      .from(bookingNights)
      .where(eq(bookingNights.projectId, project.id));
    const cabinOn = (rows: typeof cabinsAfter) => Object.fromEntries(rows.map((r) => [r.night, r.cabinId]));
    expect(cabinOn(cabinsAfter)).toEqual(cabinOn(cabinsBefore));
    const titles = await ctx.db
      .select({ t: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, a.user.id));
    expect(titles.map((t) => t.t)).toContain('Swap accepted');

    const again = await call(b.token, 'PUT', `/api/swaps/${id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This swap offer is already accepted');
    expect(again.json()).toMatchObject({ code: 'stays.swap_offer_decided', params: { status: 'accepted' } });
  });

  it('re-checks the nights of both investors and changes nothing when one cannot hold the other stay', async () => {
    // B has 2 nights in all: taking A's 3-night stay for their 2 would need 3.
    const { project, a, b, stayA, stayB } = await world({ bAllowance: { totalNights: 2 } });
    const id = (await offer(a.token, stayA.id, stayB.id)).json().data._id;
    const refused = await call(b.token, 'PUT', `/api/swaps/${id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('You have 2 cabin nights for this swap; the stay takes 3');
    expect(refused.json()).toMatchObject({
      code: 'stays.swap_nights_short',
      params: { count: 2, requested: 3 },
    });
    expect(await nightsHeld(a.user.id, project.id)).toEqual(days(20, 3));
    expect(await nightsHeld(b.user.id, project.id)).toEqual(days(40, 2));
    const [row] = await ctx.db.select().from(swapOffers).where(eq(swapOffers.id, id));
    expect(row!.status).toBe('pending');
  });

  it('re-checks the high-season limit of the investor who receives high-season dates', async () => {
    const { project, a, b, stayA, stayB } = await world();
    await ctx.db.insert(highSeasons).values({
      projectId: project.id,
      name: 'Ski week',
      startsOn: isoDay(15),
      endsOn: isoDay(25),
      maxNightsPerInvestor: 2,
    });
    const id = (await offer(a.token, stayA.id, stayB.id)).json().data._id;
    const refused = await call(b.token, 'PUT', `/api/swaps/${id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^You: High-season limit: you may hold 2 nights in Ski week/);
    // The season's days as raw dates, worded in the reader's language by the web app.
    expect(refused.json()).toMatchObject({
      code: 'stays.swap_high_season_limit',
      params: { count: 2, season: 'Ski week', from: isoDay(15), to: isoDay(25) },
    });
    expect(await nightsHeld(b.user.id, project.id)).toEqual(days(40, 2));
  });

  it('exchanges once when the offer is accepted twice at the same moment', async () => {
    const { project, a, b, stayA, stayB } = await world();
    const id = (await offer(a.token, stayA.id, stayB.id)).json().data._id;
    const answers = await Promise.all([1, 2].map(() => call(b.token, 'PUT', `/api/swaps/${id}/accept`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await nightsHeld(a.user.id, project.id)).toEqual(days(40, 2));
    expect(await nightsHeld(b.user.id, project.id)).toEqual(days(20, 3));
  });

  it('makes an offer void when a stay changed after it was made', async () => {
    const { project, a, b, stayA, stayB } = await world();
    const id = (await offer(a.token, stayA.id, stayB.id)).json().data._id;
    await ctx.db
      .update(bookings)
      .set({ updatedAt: new Date(Date.now() + 1000) })
      .where(eq(bookings.id, stayB.id));
    const listed = await call(a.token, 'GET', `/api/swaps?projectId=${project.id}`);
    expect(listed.json().data[0]).toMatchObject({ direction: 'sent', status: 'void' });
    const refused = await call(b.token, 'PUT', `/api/swaps/${id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This swap offer is void: one of the stays changed after it was made',
    );
    const [row] = await ctx.db.select().from(swapOffers).where(eq(swapOffers.id, id));
    expect(row!.status).toBe('void');
    expect(await nightsHeld(a.user.id, project.id)).toEqual(days(20, 3));
  });

  it('lets the one offered decline and the one who offered withdraw, and nobody else', async () => {
    const { project, a, b, stayA, stayB } = await world();
    const stranger = await investorIn(project.id);
    const first = (await offer(a.token, stayA.id, stayB.id)).json().data._id;
    expect((await offer(a.token, stayA.id, stayB.id)).statusCode).toBe(409);
    // The one who offered cannot accept or decline it; the one offered cannot withdraw it; others see nothing.
    expect((await call(a.token, 'PUT', `/api/swaps/${first}/accept`)).statusCode).toBe(404);
    expect((await call(b.token, 'PUT', `/api/swaps/${first}/withdraw`)).statusCode).toBe(404);
    for (const action of ['accept', 'decline', 'withdraw'])
      expect((await call(stranger.token, 'PUT', `/api/swaps/${first}/${action}`)).statusCode).toBe(404);
    expect((await call(stranger.token, 'GET', `/api/swaps?projectId=${project.id}`)).json().data).toEqual([]);

    const declined = await call(b.token, 'PUT', `/api/swaps/${first}/decline`);
    expect(declined.json()).toMatchObject({ message: 'Swap offer declined', data: { status: 'declined' } });
    const second = (await offer(a.token, stayA.id, stayB.id)).json().data._id;
    const withdrawn = await call(a.token, 'PUT', `/api/swaps/${second}/withdraw`);
    expect(withdrawn.json()).toMatchObject({
      message: 'Swap offer withdrawn',
      data: { status: 'withdrawn' },
    });
  });

  it("refuses to offer another investor's stay, a pending stay, or a stay of another project", async () => {
    const { project, a, b, stayA, stayB } = await world();
    // B's stay offered by A: not A's.
    expect((await offer(a.token, stayB.id, stayA.id)).statusCode).toBe(404);
    const pending = await createBooking(ctx.db, a.user.id, project.id, days(60, 1));
    const notApproved = await offer(a.token, pending.id, stayB.id);
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json().message).toBe('Only an approved stay can be offered; yours is pending');
    expect(notApproved.json().code).toBe('stays.swap_not_approved');
    const bPending = await createBooking(ctx.db, b.user.id, project.id, days(70, 1));
    expect((await offer(a.token, stayA.id, bPending.id)).statusCode).toBe(404);
    const other = await createProject(ctx.db);
    const c = await investorIn(other.id);
    const stayC = await createBooking(ctx.db, c.user.id, other.id, days(20, 1), { status: 'approved' });
    expect((await offer(a.token, stayA.id, stayC.id)).statusCode).toBe(404);
    expect((await call(c.token, 'GET', `/api/swaps/stays?projectId=${project.id}`)).statusCode).toBe(404);
  });

  it('refuses to offer a stay the offerer could not take, in words about their own stays', async () => {
    const { project, a, b, stayA, stayB } = await world();
    // A already holds one of B's nights, in a gift: the swap could never be accepted, and B's stay is
    // no longer among those A may ask for.
    await createBooking(ctx.db, a.user.id, project.id, days(41, 2), { status: 'approved', type: 'gift' });
    expect((await call(a.token, 'GET', `/api/swaps/stays?projectId=${project.id}`)).json().data).toEqual([]);
    const refused = await offer(a.token, stayA.id, stayB.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`You already hold ${formatNight(isoDay(41))} in another stay`);
    expect(await ctx.db.select().from(swapOffers).where(eq(swapOffers.offeredBookingId, stayA.id))).toEqual(
      [],
    );
    const [told] = await ctx.db.select().from(notifications).where(eq(notifications.userId, b.user.id));
    expect(told).toBeUndefined();
  });

  it("refuses an acceptance the offerer can no longer take without showing the offerer's dates", async () => {
    const { project, a, b, stayA, stayB } = await world();
    const id = (await offer(a.token, stayA.id, stayB.id)).json().data._id;
    // After the offer, A came to hold B's nights in a gift, and has a stay of their own on day 60.
    await createBooking(ctx.db, a.user.id, project.id, days(40, 2), { status: 'approved', type: 'gift' });
    await createBooking(ctx.db, a.user.id, project.id, days(60, 1), { status: 'approved' });
    const refused = await call(b.token, 'PUT', `/api/swaps/${id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The investor who made this offer can no longer take your stay, so it cannot be accepted; you may decline it',
    );
    expect(refused.json().code).toBe('stays.swap_other_cannot_hold');
    expect(refused.json().params).toBeUndefined();
    for (const night of [...days(40, 2), isoDay(60)]) expect(refused.body).not.toContain(formatNight(night));
    expect(refused.body).not.toContain(listNights(days(40, 2)));
    expect(await nightsHeld(b.user.id, project.id)).toEqual(days(40, 2));
  });

  it('keeps the dates an offer was made with after its stays change', async () => {
    const { project, a, b, stayA, stayB } = await world();
    const c = await investorIn(project.id);
    const stayC = await createBooking(ctx.db, c.user.id, project.id, days(50, 2), { status: 'approved' });
    const toB = (await offer(a.token, stayA.id, stayB.id)).json().data._id;
    const toC = (await offer(a.token, stayA.id, stayC.id)).json().data._id;
    expect((await call(c.token, 'PUT', `/api/swaps/${toC}/accept`)).statusCode).toBe(200);

    // A's stay now holds C's former dates: the offer to B is void, and still reads as it was made.
    for (const viewer of [a, b]) {
      const listed = (await call(viewer.token, 'GET', `/api/swaps?projectId=${project.id}`)).json().data;
      expect(listed.find((o: { _id: string }) => o._id === toB)).toMatchObject({
        status: 'void',
        offered: { bookingId: stayA.id, nights: days(20, 3), nightCount: 3 },
        requested: { bookingId: stayB.id, nights: days(40, 2), nightCount: 2 },
      });
    }
    const declined = await call(b.token, 'PUT', `/api/swaps/${toB}/decline`);
    expect(declined.json().data.offered.nights).toEqual(days(20, 3));
  });
});
