import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, bookingNights, bookings, mailMessages, notifications } from '../../../db/schema';
import {
  createInvestment,
  createProject,
  createUser,
  requestsOf,
  useAdminApp,
} from '../../../../test/helpers';
import { createAllowance, createBooking, isoDay } from '../../../../test/content-factories';
import { formatNight, stayDates } from '@portal/contracts';

const ctx = useAdminApp();

/** An investor holding a new project with an allowance. */
async function setup(allowance: { totalNights?: number; bonusNights?: number; expiresAt?: string } = {}) {
  const project = await createProject(ctx.db, { name: 'Lakeside' });
  const user = await createUser(ctx.db);
  await createInvestment(ctx.db, user.id, project.id);
  await createAllowance(ctx.db, user.id, project.id, allowance);
  const accessToken = await ctx.signIn(user);
  return { project, user, token: accessToken };
}
const { get, send } = requestsOf(ctx);
/** A notification as read: Intl's no-break spaces as spaces. */
const plainNotice = (n: { title: string; message: string }) => ({
  title: n.title.replace(/[\u00a0\u202f]/g, ' '),
  message: n.message.replace(/[\u00a0\u202f]/g, ' '),
});
const book = (token: string, payload: object) => send(token, 'POST', '/api/bookings', payload);
const nightsOf = async (token: string, projectId: string) =>
  (await get(token, `/api/perks/cabin-nights/${projectId}`)).json().cabinNights;

describe('POST /api/bookings', () => {
  it('stores a pending request with its nights (sorted, once each) and lowers the remaining nights', async () => {
    const { project, user, token } = await setup({ totalNights: 10, bonusNights: 2 });
    const res = await book(token, {
      projectId: project.id,
      type: 'personal',
      dates: [isoDay(12), isoDay(10), isoDay(11), isoDay(10)],
      notes: ' Family trip ',
      giftRecipient: 'ignored@example.com',
      rentalPrice: 99,
      status: 'approved',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Your personal request has been submitted successfully.');
    expect(body.data).toMatchObject({
      projectId: project.id,
      userId: user.id,
      type: 'personal',
      status: 'pending',
      nights: [isoDay(10), isoDay(11), isoDay(12)],
      nightCount: 3,
      // The cabin its nights were given, by name.
      cabins: ['Cabin 1'],
      notes: 'Family trip',
      giftRecipient: null,
      rentalPrice: null,
      totalValue: null,
      bonusNightsUsed: 0,
      decidedAt: null,
    });
    const live = await ctx.db.select().from(bookingNights).where(eq(bookingNights.bookingId, body.data._id));
    expect(live).toHaveLength(3);
    expect(await nightsOf(token, project.id)).toMatchObject({
      remainingNights: 7,
      bonusNights: 2,
      bookedNights: 3,
    });
    const own = (await get(token, `/api/bookings?projectId=${project.id}`)).json();
    expect(own).toEqual({ success: true, data: [body.data] });
  });

  it('stores a gift with its recipient and a rental with its exact price', async () => {
    const { project, token } = await setup({ totalNights: 10 });
    const gift = await book(token, {
      projectId: project.id,
      type: 'gift',
      dates: [isoDay(20)],
      giftRecipient: ' Anna@Example.com ',
      rentalPrice: 5,
    });
    expect(gift.statusCode).toBe(201);
    expect(gift.json().message).toBe('Your gift request has been submitted successfully.');
    expect(gift.json().data).toMatchObject({ giftRecipient: 'anna@example.com', rentalPrice: null });
    const rental = await book(token, {
      projectId: project.id,
      type: 'rental',
      dates: [isoDay(21), isoDay(22), isoDay(23)],
      rentalPrice: 185.1,
    });
    expect(rental.statusCode).toBe(201);
    expect(rental.json().message).toBe('Your rental request has been submitted successfully.');
    expect(rental.json().data).toMatchObject({ rentalPrice: 185.1, totalValue: 555.3, giftRecipient: null });
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, rental.json().data._id));
    expect(row!.rentalPrice).toBe('185.10');
  });

  it('refuses bad input with a message naming the problem', async () => {
    const { project, token } = await setup();
    const bad = async (payload: object, message: string | RegExp) => {
      const res = await book(token, {
        projectId: project.id,
        type: 'personal',
        dates: [isoDay(5)],
        ...payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await bad({ type: 'timeshare' }, 'Type must be one of personal, gift, rental');
    await bad({ dates: [] }, 'Choose at least one date');
    await bad({ dates: undefined }, 'Choose at least one date');
    await bad({ dates: ['2027-02-30'] }, 'Each date must be a calendar date (YYYY-MM-DD)');
    await bad({ dates: ['tomorrow'] }, 'Each date must be a calendar date (YYYY-MM-DD)');
    await bad({ dates: Array.from({ length: 61 }, (_, i) => isoDay(i + 1)) }, 'At most 60 dates');
    await bad({ type: 'gift' }, 'A gift needs the recipient email');
    await bad({ type: 'gift', giftRecipient: 'not-an-email' }, 'Enter a valid gift recipient email');
    await bad({ type: 'rental' }, 'A rental needs a rental price per night above 0');
    await bad({ type: 'rental', rentalPrice: 0 }, 'A rental needs a rental price per night above 0');
    await bad({ type: 'rental', rentalPrice: -5 }, 'Rental price cannot be negative');
    await bad({ type: 'rental', rentalPrice: 10.005 }, 'The rental price can have at most two decimals');
    await bad({ notes: 'x'.repeat(1001) }, 'Notes must be at most 1000 characters');
    await bad({ projectId: 'nope' }, /Project ID/);
    expect(await ctx.db.select().from(bookings).where(eq(bookings.projectId, project.id))).toHaveLength(0);
  });

  it("refuses a gift to the investor's own email with a 400 naming the field", async () => {
    const { project, user, token } = await setup();
    const res = await book(token, {
      projectId: project.id,
      type: 'gift',
      dates: [isoDay(5)],
      giftRecipient: ` ${user.email.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(400);
    const message = "Nights cannot be gifted to your own email; enter the recipient's email";
    expect(res.json()).toMatchObject({ message, fields: { giftRecipient: message } });
    expect(await ctx.db.select().from(bookings).where(eq(bookings.projectId, project.id))).toHaveLength(0);
  });

  it('refuses a rental price above the cap (€10,000 a night until an admin sets one), naming the cap', async () => {
    const { project, token } = await setup({ totalNights: 10 });
    const rent = (rentalPrice: number, day: number) =>
      book(token, { projectId: project.id, type: 'rental', dates: [isoDay(day)], rentalPrice });
    for (const [price, cap] of [
      [99_999_999, '€1,000,000'],
      [10_000.01, '€10,000'],
    ] as const) {
      const res = await rent(price, 5);
      expect(res.statusCode).toBe(400);
      const message = `The rental price can be at most ${cap} a night`;
      expect(res.json()).toMatchObject({ message, fields: { rentalPrice: message } });
    }
    expect(await ctx.db.select().from(bookings).where(eq(bookings.projectId, project.id))).toHaveLength(0);
    expect((await rent(10_000, 5)).statusCode).toBe(201);

    const setCap = (payload: object) => send(ctx.admin.token, 'PUT', '/api/admin/settings/rentals', payload);
    const set = await setCap({ rentalPriceCap: 250.5 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ data: { rentalPriceCap: 250.5 }, message: 'Updated' });
    expect((await get(ctx.admin.token, '/api/admin/settings/rentals')).json().data).toEqual({
      rentalPriceCap: 250.5,
    });
    const over = await rent(250.51, 6);
    expect(over.json().fields).toEqual({ rentalPrice: 'The rental price can be at most €250.50 a night' });
    // The refusal carries its own code and the cap as a number, which the web app words (issue 33).
    expect(over.json()).toMatchObject({ code: 'stays.rental_price_cap', params: { cap: 250.5 } });
    expect((await rent(250.5, 6)).statusCode).toBe(201);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.entityId, 'rentals')));
    expect(audit).toHaveLength(1);

    for (const [rentalPriceCap, message] of [
      [0, 'Rental price cap must be more than €0'],
      [1_000_001, 'Rental price cap must be at most €1,000,000'],
      ['lots', 'Rental price cap must be a number'],
    ] as const) {
      const res = await setCap({ rentalPriceCap });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ rentalPriceCap: message });
    }
    expect(
      (await send(token, 'PUT', '/api/admin/settings/rentals', { rentalPriceCap: 1e6 })).statusCode,
    ).toBe(403);
    expect((await setCap({ rentalPriceCap: 10_000 })).statusCode).toBe(200);
  });

  it('refuses past dates and dates after the allowance expires, writing nothing', async () => {
    const { project, token } = await setup({ totalNights: 10, expiresAt: isoDay(30) });
    // Two days ago is past everywhere (yesterday may still be today west of UTC: see below).
    const past = await book(token, {
      projectId: project.id,
      type: 'personal',
      dates: [isoDay(-2), isoDay(3)],
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/^Past dates cannot be booked: /);
    const late = await book(token, {
      projectId: project.id,
      type: 'personal',
      dates: [isoDay(30), isoDay(31)],
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/^Your cabin nights can be used until .+ is too late$/);
    // Today and the expiry date itself are bookable.
    expect(
      (await book(token, { projectId: project.id, type: 'personal', dates: [isoDay(0), isoDay(30)] }))
        .statusCode,
    ).toBe(201);
    const expired = await setup({ expiresAt: isoDay(-2) });
    const res = await book(expired.token, {
      projectId: expired.project.id,
      type: 'personal',
      dates: [isoDay(2)],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Your cabin nights expired on /);
    expect(
      await ctx.db.select().from(bookings).where(eq(bookings.projectId, expired.project.id)),
    ).toHaveLength(0);
  });

  it('treats a night as past only when it is past everywhere: before the date at UTC−12', async () => {
    // Set up (and sign in) at the real time, then look at the rule from two moments of yesterday (UTC).
    const evening = await setup();
    const noon = await setup();
    const day = isoDay(-1);
    const dayBefore = isoDay(-2);
    const dayBefore2 = isoDay(-3);
    const at = async <T>(iso: string, run: () => Promise<T>) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(iso));
      try {
        return await run();
      } finally {
        vi.useRealTimers();
      }
    };

    // 05:00 UTC: in Honolulu (UTC−10) it is still 7 p.m. of the day before, which its calendar offers.
    const early = `${day}T05:00:00.000Z`;
    const westEvening = await at(early, () =>
      book(evening.token, { projectId: evening.project.id, type: 'personal', dates: [dayBefore] }),
    );
    expect(westEvening.statusCode).toBe(201);
    const tooOld = await at(early, () =>
      book(evening.token, { projectId: evening.project.id, type: 'personal', dates: [dayBefore2] }),
    );
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().message).toBe(`Past dates cannot be booked: ${formatNight(dayBefore2)}`);

    // From noon UTC the day before has ended everywhere, even at UTC−12.
    const refused = await at(`${day}T12:00:00.000Z`, () =>
      book(noon.token, { projectId: noon.project.id, type: 'personal', dates: [dayBefore, day] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`Past dates cannot be booked: ${formatNight(dayBefore)}`);
    const lastMoment = await at(`${day}T11:59:59.999Z`, () =>
      book(noon.token, { projectId: noon.project.id, type: 'personal', dates: [dayBefore, day] }),
    );
    expect(lastMoment.statusCode).toBe(201);
    expect(lastMoment.json().data.nights).toEqual([dayBefore, day]);
  });

  it('refuses dates already requested (also partly overlapping), and frees them when a request is cancelled', async () => {
    const { project, token } = await setup({ totalNights: 10 });
    const first = await book(token, {
      projectId: project.id,
      type: 'personal',
      dates: [isoDay(5), isoDay(6)],
    });
    expect(first.statusCode).toBe(201);
    const again = await book(token, {
      projectId: project.id,
      type: 'gift',
      giftRecipient: 'a@b.co',
      dates: [isoDay(6), isoDay(7)],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Already requested: .+\. Choose other dates\.$/);
    expect(again.json().code).toBe('stays.already_requested');
    expect(await nightsOf(token, project.id)).toMatchObject({ bookedNights: 2, remainingNights: 8 });
    expect((await send(token, 'PUT', `/api/bookings/${first.json().data._id}/cancel`)).statusCode).toBe(200);
    expect(
      (await book(token, { projectId: project.id, type: 'personal', dates: [isoDay(6), isoDay(7)] }))
        .statusCode,
    ).toBe(201);
  });

  it('spends bonus nights after the remaining ones and refuses more nights than remain', async () => {
    const { project, token } = await setup({ totalNights: 3, bonusNights: 2 });
    const a = await book(token, { projectId: project.id, type: 'personal', dates: [isoDay(1), isoDay(2)] });
    expect(a.json().data.bonusNightsUsed).toBe(0);
    const over = await book(token, {
      projectId: project.id,
      type: 'personal',
      dates: [isoDay(3), isoDay(4), isoDay(5), isoDay(6)],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Only 3 nights remain (including 2 bonus); this request asks for 4');
    expect(over.json()).toMatchObject({
      code: 'stays.nights_remain_bonus',
      params: { count: 3, bonus: 2, requested: 4 },
    });
    const b = await book(token, {
      projectId: project.id,
      type: 'personal',
      dates: [isoDay(3), isoDay(4), isoDay(5)],
    });
    expect(b.statusCode).toBe(201);
    expect(b.json().data.bonusNightsUsed).toBe(2);
    expect(await nightsOf(token, project.id)).toMatchObject({
      remainingNights: 0,
      bonusNights: 0,
      bookedNights: 5,
    });
    const none = await book(token, { projectId: project.id, type: 'personal', dates: [isoDay(9)] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('You have no cabin nights left in this project');
    expect(none.json().code).toBe('stays.no_nights_left');
  });

  it('lets only one of two simultaneous requests take the same night or the last nights', async () => {
    const { project, token } = await setup({ totalNights: 2 });
    const same = await Promise.all([
      book(token, { projectId: project.id, type: 'personal', dates: [isoDay(4)] }),
      book(token, { projectId: project.id, type: 'personal', dates: [isoDay(4)] }),
    ]);
    expect(same.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const last = await Promise.all([
      book(token, { projectId: project.id, type: 'personal', dates: [isoDay(5)] }),
      book(token, { projectId: project.id, type: 'personal', dates: [isoDay(6)] }),
    ]);
    expect(last.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const rows = await ctx.db.select().from(bookingNights).where(eq(bookingNights.projectId, project.id));
    expect(rows).toHaveLength(2);
  });

  it('needs an allowance and a project the investor holds', async () => {
    const { project } = await setup();
    const stranger = await createUser(ctx.db);
    const accessToken = await ctx.signIn(stranger);
    const res = await book(accessToken, { projectId: project.id, type: 'personal', dates: [isoDay(3)] });
    expect(res.statusCode).toBe(404);
    await createInvestment(ctx.db, stranger.id, project.id);
    const noAllowance = await book(accessToken, {
      projectId: project.id,
      type: 'personal',
      dates: [isoDay(3)],
    });
    expect(noAllowance.statusCode).toBe(400);
    expect(noAllowance.json().message).toBe('You have no cabin nights in this project');
    expect(noAllowance.json().code).toBe('stays.no_cabin_nights');
    expect((await get(accessToken, `/api/bookings?projectId=${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get(accessToken, '/api/bookings')).json().message).toBe('Project ID is required');
  });
});

describe('PUT /api/bookings/:id/cancel', () => {
  it('cancels an own pending request only', async () => {
    const { project, user, token } = await setup({ totalNights: 10 });
    const pending = await createBooking(ctx.db, user.id, project.id, [isoDay(3), isoDay(4)]);
    const approved = await createBooking(ctx.db, user.id, project.id, [isoDay(8)], { status: 'approved' });
    const res = await send(token, 'PUT', `/api/bookings/${pending.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', nights: [isoDay(3), isoDay(4)] });
    expect(
      await ctx.db.select().from(bookingNights).where(eq(bookingNights.bookingId, pending.id)),
    ).toHaveLength(0);
    const twice = await send(token, 'PUT', `/api/bookings/${pending.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Only a pending request can be cancelled; this one is cancelled');
    expect((await send(token, 'PUT', `/api/bookings/${approved.id}/cancel`)).json().message).toBe(
      'Only a pending request can be cancelled; this one is approved',
    );
    const other = await setup();
    const theirs = await createBooking(ctx.db, other.user.id, other.project.id, [isoDay(3)]);
    expect((await send(token, 'PUT', `/api/bookings/${theirs.id}/cancel`)).statusCode).toBe(404);
    const [still] = await ctx.db.select().from(bookings).where(eq(bookings.id, theirs.id));
    expect(still!.status).toBe('pending');
    const usage = (await get(token, `/api/perks/usage-summary/${project.id}`)).json().usage;
    expect(usage.personalStays).toBe(1);
    expect(usage.recentActivity[0]).toMatchObject({
      description: 'Personal stay of 2 nights cancelled',
      status: 'cancelled',
    });
  });
});

describe('admin decisions', () => {
  it('lists a project’s requests with who made them, filtered by status', async () => {
    const { project, user } = await setup({ totalNights: 10 });
    await createBooking(ctx.db, user.id, project.id, [isoDay(3)]);
    await createBooking(ctx.db, user.id, project.id, [isoDay(5)], { status: 'approved' });
    const all = await get(ctx.admin.token, `/api/bookings/admin?projectId=${project.id}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(2);
    expect(all.json().data[0].user).toEqual({ _id: user.id, name: user.name, email: user.email });
    const pending = (
      await get(ctx.admin.token, `/api/bookings/admin?projectId=${project.id}&status=pending`)
    ).json().data;
    expect(pending.map((b: { nights: string[] }) => b.nights)).toEqual([[isoDay(3)]]);
    expect(
      (await get(ctx.admin.token, `/api/bookings/admin?projectId=${project.id}&status=maybe`)).statusCode,
    ).toBe(400);
    expect((await get(ctx.admin.token, '/api/bookings/admin')).json().message).toBe('Project ID is required');
  });

  it('approves a pending request, notifying the investor and recording it; a second decision is refused', async () => {
    const { project, user } = await setup({ totalNights: 10 });
    const b = await createBooking(ctx.db, user.id, project.id, [isoDay(3), isoDay(4)]);
    const res = await send(ctx.admin.token, 'PUT', `/api/bookings/${b.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'approved',
      decidedAt: expect.any(String),
      cabins: ['Cabin 1'],
    });
    const listed = await get(ctx.admin.token, `/api/bookings/admin?projectId=${project.id}`);
    expect(listed.json().data[0]).toMatchObject({ _id: b.id, cabins: ['Cabin 1'] });
    const [note] = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(note).toMatchObject({
      title: 'Booking approved',
      type: 'success',
      link: `/perks?project=${project.id}`,
    });
    // Check-in → check-out: the nights of days 3 and 4 are a stay from day 3 to day 5.
    expect(note!.message).toBe(
      `Your personal stay request for 2 nights (${stayDates([isoDay(3), isoDay(4)])}) at Lakeside was approved.`,
    );
    expect(note!.message).toContain(`→ ${formatNight(isoDay(5))})`);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, b.id))).toMatchObject([
      { action: 'approve', entity: 'booking' },
    ]);
    expect(await ctx.db.select().from(bookingNights).where(eq(bookingNights.bookingId, b.id))).toHaveLength(
      2,
    );
    const again = await send(ctx.admin.token, 'PUT', `/api/bookings/${b.id}/decline`, { note: 'No' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request is already approved');
    expect(again.json()).toMatchObject({ code: 'stays.request_decided', params: { status: 'approved' } });
  });

  it('declines a pending request with a note, freeing its nights', async () => {
    const { project, user, token } = await setup({ totalNights: 10 });
    const b = await createBooking(ctx.db, user.id, project.id, [isoDay(3), isoDay(4)]);
    const res = await send(ctx.admin.token, 'PUT', `/api/bookings/${b.id}/decline`, {
      note: 'Fully booked that week.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'declined', decisionNote: 'Fully booked that week.' });
    expect(await ctx.db.select().from(bookingNights).where(eq(bookingNights.bookingId, b.id))).toHaveLength(
      0,
    );
    expect(await nightsOf(token, project.id)).toMatchObject({ remainingNights: 10, bookedNights: 0 });
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.title, 'Booking declined')));
    expect(note!.message).toMatch(/was declined\. Fully booked that week\.$/);
    expect(
      (await send(ctx.admin.token, 'PUT', `/api/bookings/${crypto.randomUUID()}/approve`)).statusCode,
    ).toBe(404);
  });

  it('tells a German investor of the decision in German, the notification and the email alike', async () => {
    const project = await createProject(ctx.db, { name: 'Lakeside' });
    const user = await createUser(ctx.db, { locale: 'de' });
    await createInvestment(ctx.db, user.id, project.id);
    await createAllowance(ctx.db, user.id, project.id, { totalNights: 10 });
    const nights = ['2027-03-10', '2027-03-11'];
    const b = await createBooking(ctx.db, user.id, project.id, nights, { type: 'gift' });
    const res = await send(ctx.admin.token, 'PUT', `/api/bookings/${b.id}/decline`, { note: 'Leider voll.' });
    expect(res.statusCode).toBe(200);

    // Stored by name and values, with the English text beside them.
    const [stored] = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(stored).toMatchObject({
      title: 'Booking declined',
      message: `Your gift request for 2 nights (${stayDates(nights)}) at Lakeside was declined. Leider voll.`,
      messageKey: 'bookingDeclined',
    });
    const listed = await get(await ctx.signIn(user), '/api/notifications');
    expect(listed.json().data.notifications.map(plainNotice)).toMatchObject([
      {
        title: 'Buchung abgelehnt',
        message:
          'Ihre Anfrage (Geschenk) für 2 Nächte (10. März 2027 → 12. März 2027) bei Lakeside wurde abgelehnt. Leider voll.',
      },
    ]);

    const [mail] = await ctx.db.select().from(mailMessages).where(eq(mailMessages.userId, user.id));
    const text = (await ctx.deps.mailer.preview(mail!.id))!.text.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain(
      'Ihre Anfrage (Geschenk) für 2 Nächte (10. März 2027 → 12. März 2027) bei Lakeside wurde abgelehnt.',
    );
    expect(text).toContain('Leider voll.');
  });

  it('is refused to investors', async () => {
    const { project, user, token } = await setup();
    const b = await createBooking(ctx.db, user.id, project.id, [isoDay(3)]);
    expect((await get(token, `/api/bookings/admin?projectId=${project.id}`)).statusCode).toBe(403);
    expect((await send(token, 'PUT', `/api/bookings/${b.id}/approve`)).statusCode).toBe(403);
    expect((await send(token, 'PUT', `/api/bookings/${b.id}/decline`)).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row!.status).toBe('pending');
  });
});
