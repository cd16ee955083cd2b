import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityRequests, auditLog, bookings, mailMessages, notifications } from '../../../db/schema';
import {
  createInvestment,
  createProject,
  createUser,
  requestsOf,
  useAdminApp,
} from '../../../../test/helpers';
import { createAllowance, createPerk, isoDay } from '../../../../test/content-factories';
import { formatNight } from '@portal/contracts';

const ctx = useAdminApp();

/** An investor holding a new project with cabin nights and a bookable husky safari. */
async function setup() {
  const project = await createProject(ctx.db, { name: 'Lakeside' });
  const user = await createUser(ctx.db);
  await createInvestment(ctx.db, user.id, project.id);
  await createAllowance(ctx.db, user.id, project.id, { totalNights: 10 });
  const perk = await createPerk(ctx.db, project.id, {
    name: 'Husky safari',
    type: 'safari',
    bookingAvailable: true,
  });
  const accessToken = await ctx.signIn(user);
  return { project, user, perk, token: accessToken };
}
const { get, send } = requestsOf(ctx);
const URL_ = '/api/perks/activity-requests';
const request = (token: string, payload: object) => send(token, 'POST', URL_, payload);
const nightsOf = async (token: string, projectId: string) =>
  (await get(token, `/api/perks/cabin-nights/${projectId}`)).json().cabinNights;

describe('POST /api/perks/activity-requests', () => {
  it('stores a pending request and leaves the cabin nights and stays alone', async () => {
    const { project, user, perk, token } = await setup();
    const before = await nightsOf(token, project.id);
    const res = await request(token, {
      perkId: perk.id,
      date: isoDay(7),
      partySize: 3,
      note: ' Two children ',
      status: 'approved',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Your activity request has been submitted successfully.');
    expect(body.data).toMatchObject({
      perkId: perk.id,
      perkName: 'Husky safari',
      projectId: project.id,
      userId: user.id,
      date: isoDay(7),
      partySize: 3,
      note: 'Two children',
      status: 'pending',
      decisionNote: null,
      decidedAt: null,
    });
    const after = await nightsOf(token, project.id);
    expect(after).toEqual(before);
    expect(after.remainingNights).toBe(10);
    expect(await ctx.db.select().from(bookings).where(eq(bookings.userId, user.id))).toHaveLength(0);
    const own = (await get(token, `${URL_}?projectId=${project.id}`)).json();
    expect(own).toEqual({ success: true, data: [body.data] });
  });

  it('lists the own requests newest first, and needs a project id the investor holds', async () => {
    const { project, perk, token } = await setup();
    const first = (await request(token, { perkId: perk.id, date: isoDay(3), partySize: 1 })).json().data;
    const second = (await request(token, { perkId: perk.id, date: isoDay(4), partySize: 2 })).json().data;
    const list = (await get(token, `${URL_}?projectId=${project.id}`)).json().data;
    expect(list.map((r: { _id: string }) => r._id)).toEqual([second._id, first._id]);
    expect((await get(token, URL_)).json().message).toBe('Project ID is required');
    expect((await get(token, `${URL_}?projectId=${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('refuses bad input with a message naming the problem', async () => {
    const { perk, token } = await setup();
    const bad = async (payload: object, message: string | RegExp) => {
      const res = await request(token, { perkId: perk.id, date: isoDay(5), partySize: 2, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await bad({ partySize: 0 }, 'The party size must be a whole number from 1 to 50');
    await bad({ partySize: 51 }, 'The party size must be a whole number from 1 to 50');
    await bad({ partySize: 2.5 }, 'The party size must be a whole number from 1 to 50');
    await bad({ date: '2027-02-30' }, 'The date must be a calendar date (YYYY-MM-DD)');
    await bad({ date: 'tomorrow' }, 'The date must be a calendar date (YYYY-MM-DD)');
    await bad({ note: 'x'.repeat(1001) }, /1000 characters/);
    await bad({ perkId: 'nope' }, 'Perk ID must be a valid id');
    await bad({ perkId: undefined }, 'Perk ID is required');
    expect(await ctx.db.select().from(activityRequests).where(eq(activityRequests.perkId, perk.id))).toEqual(
      [],
    );
  });

  it('refuses a past date, a perk that cannot be booked, an inactive one and a cabin', async () => {
    const { project, perk, token } = await setup();
    const past = await request(token, { perkId: perk.id, date: isoDay(-2), partySize: 2 });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(`Past dates cannot be booked: ${formatNight(isoDay(-2))}`);
    // Today is bookable.
    expect((await request(token, { perkId: perk.id, date: isoDay(0), partySize: 2 })).statusCode).toBe(201);

    const closed = await createPerk(ctx.db, project.id, { name: 'Ice fishing', bookingAvailable: false });
    const res = await request(token, { perkId: closed.id, date: isoDay(5), partySize: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ice fishing cannot be booked');
    expect(res.json()).toMatchObject({
      code: 'stays.activity_not_bookable',
      params: { perk: 'Ice fishing' },
    });
    const inactive = await createPerk(ctx.db, project.id, {
      name: 'Snowmobile tour',
      bookingAvailable: true,
      status: 'inactive',
    });
    const off = await request(token, { perkId: inactive.id, date: isoDay(5), partySize: 2 });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('Snowmobile tour cannot be booked');
    const cabin = await createPerk(ctx.db, project.id, {
      name: 'Lake cabin',
      type: 'cabin',
      bookingAvailable: true,
    });
    const stay = await request(token, { perkId: cabin.id, date: isoDay(5), partySize: 2 });
    expect(stay.statusCode).toBe(400);
    expect(stay.json().message).toMatch(/^Lake cabin is a cabin: cabin nights are booked as stays/);
    expect(
      await ctx.db.select().from(activityRequests).where(eq(activityRequests.projectId, project.id)),
    ).toHaveLength(1);
  });

  it('answers 404 for a perk that does not exist or is in a project the investor does not hold', async () => {
    const { token } = await setup();
    const other = await setup();
    const missing = await request(token, { perkId: crypto.randomUUID(), date: isoDay(5), partySize: 2 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Perk not found');
    const theirs = await request(token, { perkId: other.perk.id, date: isoDay(5), partySize: 2 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Perk not found');
  });

  it('refuses the same perk and day while pending or approved (409), and takes it again once cancelled', async () => {
    const { perk, token } = await setup();
    const first = await request(token, { perkId: perk.id, date: isoDay(6), partySize: 2 });
    expect(first.statusCode).toBe(201);
    const again = await request(token, { perkId: perk.id, date: isoDay(6), partySize: 4 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`You already requested Husky safari on ${formatNight(isoDay(6))}`);
    expect(again.json()).toMatchObject({
      code: 'stays.activity_already_requested',
      params: { perk: 'Husky safari', date: isoDay(6) },
    });
    // Another day is fine.
    expect((await request(token, { perkId: perk.id, date: isoDay(8), partySize: 2 })).statusCode).toBe(201);
    const id = first.json().data._id;
    expect((await send(ctx.admin.token, 'PUT', `${URL_}/${id}/approve`)).statusCode).toBe(200);
    expect((await request(token, { perkId: perk.id, date: isoDay(6), partySize: 1 })).statusCode).toBe(409);

    const pending = (await request(token, { perkId: perk.id, date: isoDay(9), partySize: 2 })).json().data;
    expect((await send(token, 'PUT', `${URL_}/${pending._id}/cancel`)).statusCode).toBe(200);
    expect((await request(token, { perkId: perk.id, date: isoDay(9), partySize: 2 })).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous requests of the same perk and day through', async () => {
    const { perk, token } = await setup();
    const both = await Promise.all([
      request(token, { perkId: perk.id, date: isoDay(4), partySize: 2 }),
      request(token, { perkId: perk.id, date: isoDay(4), partySize: 2 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('PUT /api/perks/activity-requests/:id/cancel', () => {
  it('cancels an own pending request only; another investor’s is not found', async () => {
    const { project, perk, token } = await setup();
    const r = (await request(token, { perkId: perk.id, date: isoDay(3), partySize: 2 })).json().data;

    const other = await setup();
    // Another investor of the same project neither sees nor cancels it.
    await createInvestment(ctx.db, other.user.id, project.id);
    expect((await send(other.token, 'PUT', `${URL_}/${r._id}/cancel`)).statusCode).toBe(404);
    expect((await get(other.token, `${URL_}?projectId=${project.id}`)).json().data).toEqual([]);

    const res = await send(token, 'PUT', `${URL_}/${r._id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', perkName: 'Husky safari' });
    const twice = await send(token, 'PUT', `${URL_}/${r._id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Only a pending request can be cancelled; this one is cancelled');
    expect((await send(token, 'PUT', `${URL_}/${crypto.randomUUID()}/cancel`)).statusCode).toBe(404);
  });
});

describe('admin decisions', () => {
  it('lists a project’s requests with who asked and the perk, filtered by status', async () => {
    const { project, user, perk, token } = await setup();
    await request(token, { perkId: perk.id, date: isoDay(3), partySize: 2 });
    const b = (await request(token, { perkId: perk.id, date: isoDay(5), partySize: 4 })).json().data;
    await send(ctx.admin.token, 'PUT', `${URL_}/${b._id}/approve`);
    const all = await get(ctx.admin.token, `${URL_}/admin?projectId=${project.id}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(2);
    expect(all.json().data[0]).toMatchObject({
      perkName: 'Husky safari',
      user: { _id: user.id, name: user.name, email: user.email },
    });
    const pending = (
      await get(ctx.admin.token, `${URL_}/admin?projectId=${project.id}&status=pending`)
    ).json().data;
    expect(pending.map((r: { date: string }) => r.date)).toEqual([isoDay(3)]);
    expect(
      (await get(ctx.admin.token, `${URL_}/admin?projectId=${project.id}&status=maybe`)).statusCode,
    ).toBe(400);
    expect((await get(ctx.admin.token, `${URL_}/admin`)).json().message).toBe('Project ID is required');
  });

  it('approves a pending request, notifying and emailing the investor and recording it; a second decision is refused', async () => {
    const { project, user, perk, token } = await setup();
    const r = (await request(token, { perkId: perk.id, date: isoDay(3), partySize: 2 })).json().data;
    const res = await send(ctx.admin.token, 'PUT', `${URL_}/${r._id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Activity approved',
      data: { status: 'approved', decidedAt: expect.any(String), user: { _id: user.id } },
    });
    const [note] = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(note).toMatchObject({
      title: 'Activity approved',
      type: 'success',
      link: `/perks?project=${project.id}`,
    });
    expect(note!.message).toBe(
      `Your request for Husky safari on ${formatNight(isoDay(3))} (2 people) at Lakeside was approved.`,
    );
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, r._id))).toMatchObject([
      { action: 'approve', entity: 'activity_request' },
    ]);
    const mail = await ctx.db.select().from(mailMessages).where(eq(mailMessages.userId, user.id));
    expect(mail).toMatchObject([
      {
        kind: 'activityDecision',
        category: 'bookings',
        subject: 'Your Husky safari request at Lakeside was approved',
      },
    ]);
    const again = await send(ctx.admin.token, 'PUT', `${URL_}/${r._id}/decline`, { note: 'No' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request is already approved');
    expect((await get(token, `${URL_}?projectId=${project.id}`)).json().data[0].status).toBe('approved');
    expect((await nightsOf(token, project.id)).remainingNights).toBe(10);
  });

  it('declines a pending request with a note', async () => {
    const { user, perk, token } = await setup();
    const r = (await request(token, { perkId: perk.id, date: isoDay(3), partySize: 1 })).json().data;
    const res = await send(ctx.admin.token, 'PUT', `${URL_}/${r._id}/decline`, {
      note: 'Fully booked that day.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'declined', decisionNote: 'Fully booked that day.' });
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.title, 'Activity declined')));
    expect(note).toMatchObject({ type: 'warning' });
    expect(note!.message).toMatch(/\(1 person\) at Lakeside was declined\. Fully booked that day\.$/);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, r._id))).toMatchObject([
      { action: 'decline', entity: 'activity_request' },
    ]);
    expect((await send(ctx.admin.token, 'PUT', `${URL_}/${crypto.randomUUID()}/approve`)).statusCode).toBe(
      404,
    );
  });

  it('is refused to investors', async () => {
    const { project, perk, token } = await setup();
    const r = (await request(token, { perkId: perk.id, date: isoDay(3), partySize: 2 })).json().data;
    expect((await get(token, `${URL_}/admin?projectId=${project.id}`)).statusCode).toBe(403);
    expect((await send(token, 'PUT', `${URL_}/${r._id}/approve`)).statusCode).toBe(403);
    expect((await send(token, 'PUT', `${URL_}/${r._id}/decline`)).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(activityRequests).where(eq(activityRequests.id, r._id));
    expect(row!.status).toBe('pending');
  });
});
