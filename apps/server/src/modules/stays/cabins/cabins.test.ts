import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatNight } from '@portal/contracts';
import { bookingNights, cabins, highSeasons } from '../../../db/schema';
import { bearer, createInvestment, createProject, createUser, useAdminApp } from '../../../../test/helpers';
import { createAllowance, createBooking, isoDay } from '../../../../test/content-factories';

const ctx = useAdminApp();

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** An investor holding the project with ten nights, signed in. */
async function investorIn(projectId: string, totalNights = 10) {
  const user = await createUser(ctx.db);
  await createInvestment(ctx.db, user.id, projectId);
  await createAllowance(ctx.db, user.id, projectId, { totalNights });
  return { user, token: await ctx.signIn(user) };
}
const days = (from: number, n: number) => Array.from({ length: n }, (_, i) => isoDay(from + i));
const book = (token: string, projectId: string, dates: string[]) =>
  call(token, 'POST', '/api/bookings', { projectId, type: 'personal', dates });

describe('cabins (admin)', () => {
  it('adds, lists, changes and deletes a cabin; names are unique in a project', async () => {
    const project = await createProject(ctx.db, {}, { cabins: 0 });
    const created = await call(ctx.admin.token, 'POST', `/api/projects/${project.id}/cabins`, {
      name: 'Birch',
      sleeps: 4,
      description: 'By the lake',
      photos: ['/demo/photos/birch.jpg'],
    });
    expect(created.statusCode).toBe(201);
    const cabin = created.json().data;
    expect(cabin).toMatchObject({ name: 'Birch', sleeps: 4, active: true, futureNights: 0 });

    const twin = await call(ctx.admin.token, 'POST', `/api/projects/${project.id}/cabins`, {
      name: 'Birch',
      sleeps: 2,
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe('This project already has a cabin named "Birch"');
    expect(twin.json()).toMatchObject({ code: 'stays.cabin_name_taken', params: { name: 'Birch' } });

    const bad = await call(ctx.admin.token, 'POST', `/api/projects/${project.id}/cabins`, {
      name: ' ',
      sleeps: 0,
      photos: ['javascript:alert(1)'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Name is required/);
    expect(bad.json().fields).toEqual({
      name: 'Name is required',
      sleeps: 'Sleeps must be at least 1',
      photos: 'A photo address must start with / or https://',
    });

    const changed = await call(ctx.admin.token, 'PUT', `/api/projects/${project.id}/cabins/${cabin._id}`, {
      name: 'Birch House',
      sleeps: 5,
      active: false,
    });
    expect(changed.json().data).toMatchObject({ name: 'Birch House', sleeps: 5, active: false });

    const list = await call(ctx.admin.token, 'GET', `/api/projects/${project.id}/cabins`);
    expect(list.json().data.map((c: { name: string }) => c.name)).toEqual(['Birch House']);

    const gone = await call(ctx.admin.token, 'DELETE', `/api/projects/${project.id}/cabins/${cabin._id}`);
    expect(gone.json()).toEqual({ success: true, message: 'Cabin deleted' });
    expect(await ctx.db.select().from(cabins).where(eq(cabins.id, cabin._id))).toEqual([]);
  });

  it('refuses to delete a cabin holding a future stay, and lets one with only past stays go', async () => {
    const project = await createProject(ctx.db, {}, { cabins: 1 });
    const [cabin] = await ctx.db.select().from(cabins).where(eq(cabins.projectId, project.id));
    const { user } = await investorIn(project.id);
    await createBooking(ctx.db, user.id, project.id, [isoDay(-20)], { status: 'approved' });
    const future = await createBooking(ctx.db, user.id, project.id, [isoDay(20), isoDay(21)], {
      status: 'approved',
    });

    const refused = await call(ctx.admin.token, 'DELETE', `/api/projects/${project.id}/cabins/${cabin!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Cabin 1 holds 2 nights of stays from today on/);
    const listed = await call(ctx.admin.token, 'GET', `/api/projects/${project.id}/cabins`);
    expect(listed.json().data[0].futureNights).toBe(2);

    await ctx.db.delete(bookingNights).where(eq(bookingNights.bookingId, future.id));
    const deleted = await call(ctx.admin.token, 'DELETE', `/api/projects/${project.id}/cabins/${cabin!.id}`);
    expect(deleted.statusCode).toBe(200);
    // The past stay keeps its night, without the cabin.
    const past = await ctx.db.select().from(bookingNights).where(eq(bookingNights.projectId, project.id));
    expect(past).toMatchObject([{ night: isoDay(-20), cabinId: null }]);
  });

  it('answers 404 for a cabin of another project and 403 to an investor', async () => {
    const a = await createProject(ctx.db);
    const b = await createProject(ctx.db);
    const [cabinOfB] = await ctx.db.select().from(cabins).where(eq(cabins.projectId, b.id));
    const wrong = await call(ctx.admin.token, 'PUT', `/api/projects/${a.id}/cabins/${cabinOfB!.id}`, {
      name: 'X',
      sleeps: 2,
    });
    expect(wrong.statusCode).toBe(404);
    const { token } = await investorIn(a.id);
    for (const [method, url, body] of [
      ['POST', `/api/projects/${a.id}/cabins`, { name: 'X', sleeps: 2 }],
      ['DELETE', `/api/projects/${b.id}/cabins/${cabinOfB!.id}`, undefined],
      [
        'POST',
        `/api/projects/${a.id}/high-seasons`,
        { name: 'S', startsOn: isoDay(1), endsOn: isoDay(2), maxNightsPerInvestor: 1 },
      ],
    ] as const)
      expect((await call(token, method, url, body)).statusCode).toBe(403);
  });
});

describe('availability', () => {
  it('counts free and total active cabins per date, both ends included, and marks high season', async () => {
    const project = await createProject(ctx.db, {}, { cabins: 2 });
    const all = await ctx.db.select().from(cabins).where(eq(cabins.projectId, project.id));
    await ctx.db.insert(cabins).values({ projectId: project.id, name: 'Closed', sleeps: 2, active: false });
    const { user, token } = await investorIn(project.id);
    const other = await investorIn(project.id);
    await createBooking(ctx.db, user.id, project.id, [isoDay(10), isoDay(11)], { status: 'approved' });
    await createBooking(ctx.db, other.user.id, project.id, [isoDay(11)], { status: 'pending' });
    // A declined request holds nothing.
    await createBooking(ctx.db, other.user.id, project.id, [isoDay(12)], { status: 'declined' });
    await ctx.db.insert(highSeasons).values({
      projectId: project.id,
      name: 'Midsummer',
      startsOn: isoDay(11),
      endsOn: isoDay(30),
      maxNightsPerInvestor: 3,
    });

    const res = await call(
      token,
      'GET',
      `/api/perks/availability/${project.id}?from=${isoDay(9)}&to=${isoDay(12)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      availability: [
        { date: isoDay(9), free: 2, total: 2, peak: false, own: null },
        { date: isoDay(10), free: 1, total: 2, peak: false, own: 'approved' },
        { date: isoDay(11), free: 0, total: 2, peak: true, own: 'approved' },
        { date: isoDay(12), free: 2, total: 2, peak: true, own: null },
      ],
    });
    // The other investor sees their own pending night as theirs, and the caller's nights only as taken.
    const theirs = await call(
      other.token,
      'GET',
      `/api/perks/availability/${project.id}?from=${isoDay(10)}&to=${isoDay(11)}`,
    );
    expect(theirs.json().availability).toEqual([
      { date: isoDay(10), free: 1, total: 2, peak: false, own: null },
      { date: isoDay(11), free: 0, total: 2, peak: true, own: 'pending' },
    ]);
    expect(all).toHaveLength(2);
  });

  it('refuses more than 400 days, a reversed range and bad dates, and hides a project the caller does not hold', async () => {
    const project = await createProject(ctx.db);
    const { token } = await investorIn(project.id);
    const url = (q: string) => `/api/perks/availability/${project.id}?${q}`;
    const long = await call(token, 'GET', url(`from=2027-01-01&to=2028-02-05`));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/At most 400 days/);
    expect((await call(token, 'GET', url(`from=2027-01-01&to=2028-02-04`))).json().availability).toHaveLength(
      400,
    );
    expect((await call(token, 'GET', url(`from=2027-01-05&to=2027-01-01`))).json().message).toMatch(
      /The end of the range \(to\) cannot be before its start \(from\)/,
    );
    expect((await call(token, 'GET', url(`from=2027-02-30&to=2027-03-01`))).statusCode).toBe(400);
    const elsewhere = await createProject(ctx.db);
    const hidden = await call(
      token,
      'GET',
      `/api/perks/availability/${elsewhere.id}?from=2027-01-01&to=2027-01-02`,
    );
    expect(hidden.statusCode).toBe(404);
  });
});

describe('stays take cabins', () => {
  it('keeps consecutive nights in one cabin and refuses full dates, naming them, reserving nothing', async () => {
    const project = await createProject(ctx.db, {}, { cabins: 2 });
    const a = await investorIn(project.id);
    const b = await investorIn(project.id);
    const c = await investorIn(project.id);
    // Cabin 1 is taken on day 31: a three-night stay from day 30 goes to Cabin 2 whole.
    await createBooking(ctx.db, a.user.id, project.id, [isoDay(31)], { status: 'approved' });
    const stay = await book(b.token, project.id, days(30, 3));
    expect(stay.statusCode).toBe(201);
    const nights = await ctx.db
      .select({ cabinId: bookingNights.cabinId })
      .from(bookingNights)
      .where(eq(bookingNights.bookingId, stay.json().data._id));
    expect(new Set(nights.map((n) => n.cabinId)).size).toBe(1);

    // Day 31 is now full.
    const full = await book(c.token, project.id, days(29, 4));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(
      `Fully booked: ${formatNight(isoDay(31))}. No cabin is free on that night; choose other dates.`,
    );
    expect(await ctx.db.select().from(bookingNights).where(eq(bookingNights.userId, c.user.id))).toEqual([]);
    const nightsLeft = await call(c.token, 'GET', `/api/perks/cabin-nights/${project.id}`);
    expect(nightsLeft.json().cabinNights.remainingNights).toBe(10);
  });

  it('frees the cabin when a request is declined or cancelled, and never uses an inactive cabin', async () => {
    const project = await createProject(ctx.db, {}, { cabins: 1 });
    const [cabin] = await ctx.db.select().from(cabins).where(eq(cabins.projectId, project.id));
    const a = await investorIn(project.id);
    const b = await investorIn(project.id);
    const first = await book(a.token, project.id, [isoDay(40)]);
    expect(first.statusCode).toBe(201);
    expect((await book(b.token, project.id, [isoDay(40)])).statusCode).toBe(409);
    await call(a.token, 'PUT', `/api/bookings/${first.json().data._id}/cancel`);
    const second = await book(b.token, project.id, [isoDay(40)]);
    expect(second.statusCode).toBe(201);
    await call(ctx.admin.token, 'PUT', `/api/bookings/${second.json().data._id}/decline`, {});
    await ctx.db.update(cabins).set({ active: false }).where(eq(cabins.id, cabin!.id));
    const none = await book(a.token, project.id, [isoDay(40)]);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This project has no cabins open for stays yet');
  });

  it('lets exactly one of several investors racing for the last cabin on a night have it', async () => {
    const project = await createProject(ctx.db, {}, { cabins: 2 });
    const racers = await Promise.all(Array.from({ length: 4 }, () => investorIn(project.id)));
    const answers = await Promise.all(racers.map((r) => book(r.token, project.id, days(50, 2))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const held = await ctx.db.select().from(bookingNights).where(eq(bookingNights.projectId, project.id));
    expect(held).toHaveLength(4);
    expect(new Set(held.map((n) => `${n.cabinId}|${n.night}`)).size).toBe(4);
  });
});

describe('high season', () => {
  it('shows the caller how many of its nights they hold and refuses a request past the limit', async () => {
    const project = await createProject(ctx.db);
    const { token } = await investorIn(project.id);
    const created = await call(ctx.admin.token, 'POST', `/api/projects/${project.id}/high-seasons`, {
      name: 'Christmas',
      startsOn: isoDay(60),
      endsOn: isoDay(70),
      maxNightsPerInvestor: 4,
    });
    expect(created.statusCode).toBe(201);
    const season = created.json().data;

    expect((await book(token, project.id, days(59, 3))).statusCode).toBe(201);
    const seasons = await call(token, 'GET', `/api/projects/${project.id}/high-seasons`);
    expect(seasons.json().data).toEqual([
      expect.objectContaining({ name: 'Christmas', usedNights: 2, maxNightsPerInvestor: 4 }),
    ]);

    const over = await book(token, project.id, days(65, 3));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      `High-season limit: you may hold 4 nights in Christmas (${formatNight(isoDay(60))} – ${formatNight(isoDay(70))}) and hold 2; this request asks for 3 more`,
    );
    expect(over.json()).toMatchObject({
      code: 'stays.high_season_limit',
      params: { count: 4, season: 'Christmas', from: isoDay(60), to: isoDay(70), held: 2, asked: 3 },
    });
    expect((await book(token, project.id, days(65, 2))).statusCode).toBe(201);

    const reversed = await call(
      ctx.admin.token,
      'PUT',
      `/api/projects/${project.id}/high-seasons/${season._id}`,
      {
        name: 'Christmas',
        startsOn: isoDay(70),
        endsOn: isoDay(60),
        maxNightsPerInvestor: 4,
      },
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/The end date cannot be before the start date/);
    const removed = await call(
      ctx.admin.token,
      'DELETE',
      `/api/projects/${project.id}/high-seasons/${season._id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect((await call(token, 'GET', `/api/projects/${project.id}/high-seasons`)).json().data).toEqual([]);
  });

  it('refuses a season that shares a date with another of the project, naming it, on create and update', async () => {
    const project = await createProject(ctx.db);
    const url = `/api/projects/${project.id}/high-seasons`;
    const season = (name: string, startsOn: string, endsOn: string) => ({
      name,
      startsOn,
      endsOn,
      maxNightsPerInvestor: 7,
    });
    expect(
      (await call(ctx.admin.token, 'POST', url, season('Aurora', '2027-01-06', '2027-02-10'))).statusCode,
    ).toBe(201);
    const overlap =
      "The dates overlap the high season Aurora (Jan 6, 2027 – Feb 10, 2027): a project's high seasons cannot share a date";

    const easter = await call(ctx.admin.token, 'POST', url, season('Easter', '2027-02-01', '2027-02-20'));
    expect(easter.statusCode).toBe(400);
    expect(easter.json()).toMatchObject({ success: false, message: overlap, fields: { startsOn: overlap } });
    const enclosing = await call(ctx.admin.token, 'POST', url, season('Winter', '2027-01-01', '2027-03-01'));
    expect(enclosing.statusCode).toBe(400);
    expect(enclosing.json().fields).toEqual({ endsOn: overlap });

    // The day after is free; another project's dates are its own.
    const spring = await call(ctx.admin.token, 'POST', url, season('Spring', '2027-02-11', '2027-02-20'));
    expect(spring.statusCode).toBe(201);
    const elsewhere = await createProject(ctx.db);
    expect(
      (
        await call(
          ctx.admin.token,
          'POST',
          `/api/projects/${elsewhere.id}/high-seasons`,
          season('Aurora', '2027-01-06', '2027-02-10'),
        )
      ).statusCode,
    ).toBe(201);

    const springId = spring.json().data._id;
    const moved = await call(
      ctx.admin.token,
      'PUT',
      `${url}/${springId}`,
      season('Spring', '2027-02-10', '2027-02-20'),
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields).toEqual({ startsOn: overlap });
    // A season may keep or change its own dates.
    const longer = await call(
      ctx.admin.token,
      'PUT',
      `${url}/${springId}`,
      season('Spring', '2027-02-11', '2027-02-28'),
    );
    expect(longer.statusCode).toBe(200);
    const rows = await ctx.db.select().from(highSeasons).where(eq(highSeasons.projectId, project.id));
    expect(rows.map((r) => [r.name, r.startsOn, r.endsOn]).sort()).toEqual([
      ['Aurora', '2027-01-06', '2027-02-10'],
      ['Spring', '2027-02-11', '2027-02-28'],
    ]);
  });

  it('hides the seasons and cabins of a project the investor does not hold', async () => {
    const project = await createProject(ctx.db);
    const { token } = await investorIn((await createProject(ctx.db)).id);
    expect((await call(token, 'GET', `/api/projects/${project.id}/high-seasons`)).statusCode).toBe(404);
    expect((await call(token, 'GET', `/api/projects/${project.id}/cabins`)).statusCode).toBe(404);
  });
});
