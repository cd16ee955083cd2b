import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bookings, notifications, waitlistEntries } from '../../../db/schema';
import {
  bearer,
  createAdmin,
  createInvestment,
  createProject,
  createUser,
  useTestApp,
} from '../../../../test/helpers';
import { createAllowance, createBooking, isoDay } from '../../../../test/content-factories';

const ctx = useTestApp();

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const days = (from: number, n: number) => Array.from({ length: n }, (_, i) => isoDay(from + i));

async function investorIn(projectId: string, allowance: { totalNights?: number } = {}) {
  const user = await createUser(ctx.db);
  await createInvestment(ctx.db, user.id, projectId);
  await createAllowance(ctx.db, user.id, projectId, allowance);
  return { user, token: await ctx.signIn(user) };
}

/** A one-cabin project whose cabin is taken on days 20–22 by the holder's pending request. */
async function fullWorld() {
  const project = await createProject(ctx.db, {}, { cabins: 1 });
  const holder = await investorIn(project.id);
  const a = await investorIn(project.id);
  const b = await investorIn(project.id);
  const held = (
    await call(holder.token, 'POST', '/api/bookings', {
      projectId: project.id,
      type: 'personal',
      dates: days(20, 3),
    })
  ).json().data;
  return { project, holder, a, b, held };
}
const join = (token: string, projectId: string, dates: string[]) =>
  call(token, 'POST', '/api/waitlist', { projectId, type: 'personal', dates });
const requestsOf = (userId: string, projectId: string) =>
  ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.projectId, projectId)));

describe('waitlist', () => {
  it('joins for a full stay, lists it, and refuses a free stay and the same stay twice', async () => {
    const { project, a } = await fullWorld();
    const res = await join(a.token, project.id, days(21, 2));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ projectId: project.id, type: 'personal', nights: days(21, 2) });
    const list = await call(a.token, 'GET', '/api/waitlist');
    expect(list.json().data.map((e: { _id: string }) => e._id)).toEqual([res.json().data._id]);

    const again = await join(a.token, project.id, days(21, 2));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('stays.waitlist_duplicate');
    const free = await join(a.token, project.id, days(30, 2));
    expect(free.statusCode).toBe(409);
    expect(free.json().code).toBe('stays.waitlist_stay_free');
  });

  it('allows at most 2 entries per investor and project (409 beyond)', async () => {
    const { project, a } = await fullWorld();
    expect((await join(a.token, project.id, days(20, 1))).statusCode).toBe(201);
    expect((await join(a.token, project.id, days(21, 1))).statusCode).toBe(201);
    const third = await join(a.token, project.id, days(22, 1));
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('stays.waitlist_limit');
  });

  it("another investor's entry is a 404 and stays; one's own is left", async () => {
    const { project, a, b } = await fullWorld();
    const id = (await join(a.token, project.id, days(20, 3))).json().data._id;
    expect((await call(b.token, 'DELETE', `/api/waitlist/${id}`)).statusCode).toBe(404);
    expect(await ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id))).toHaveLength(1);
    expect((await call(a.token, 'DELETE', `/api/waitlist/${id}`)).statusCode).toBe(200);
    expect((await call(a.token, 'GET', '/api/waitlist')).json().data).toEqual([]);
  });

  it('a cancellation turns the first fitting entry (by join time) into a pending request and notifies its investor', async () => {
    const { project, holder, a, b, held } = await fullWorld();
    expect((await join(a.token, project.id, days(20, 3))).statusCode).toBe(201);
    expect((await join(b.token, project.id, days(20, 3))).statusCode).toBe(201);

    expect((await call(holder.token, 'PUT', `/api/bookings/${held._id}/cancel`)).statusCode).toBe(200);

    const aRequests = await requestsOf(a.user.id, project.id);
    expect(aRequests.map((r) => [r.status, r.nights])).toEqual([['pending', days(20, 3)]]);
    expect(await requestsOf(b.user.id, project.id)).toEqual([]);
    expect((await call(a.token, 'GET', '/api/waitlist')).json().data).toEqual([]);
    expect((await call(b.token, 'GET', '/api/waitlist')).json().data).toHaveLength(1);
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, a.user.id));
    expect(told.map((n) => n.messageKey)).toEqual(['waitlistPromoted']);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, b.user.id))).toEqual([]);
  });

  it('leaves an entry whose whole stay still does not fit, and promotes a later one that fits', async () => {
    const { project, holder, a, b, held } = await fullWorld();
    // Day 23 stays taken by someone else: A's stay (days 21–23) does not fit when 20–22 frees.
    const other = await investorIn(project.id);
    await createBooking(ctx.db, other.user.id, project.id, days(23, 1));
    expect((await join(a.token, project.id, days(21, 3))).statusCode).toBe(201);
    expect((await join(b.token, project.id, days(20, 2))).statusCode).toBe(201);

    await call(holder.token, 'PUT', `/api/bookings/${held._id}/cancel`);

    expect(await requestsOf(a.user.id, project.id)).toEqual([]);
    expect((await call(a.token, 'GET', '/api/waitlist')).json().data).toHaveLength(1);
    expect((await requestsOf(b.user.id, project.id)).map((r) => r.nights)).toEqual([days(20, 2)]);
  });

  it("an entry refused for its investor's nights stays in place; an admin's decline frees the stay too", async () => {
    const { project, a, b, held } = await fullWorld();
    const poor = await investorIn(project.id, { totalNights: 1 });
    expect((await join(poor.token, project.id, days(20, 3))).statusCode).toBe(201);
    expect((await join(a.token, project.id, days(20, 3))).statusCode).toBe(201);
    void b;
    const admin = await createAdmin(ctx.db);
    const res = await call(await ctx.signIn(admin), 'PUT', `/api/bookings/${held._id}/decline`, {});
    expect(res.statusCode).toBe(200);
    expect(await requestsOf(poor.user.id, project.id)).toEqual([]);
    expect((await call(poor.token, 'GET', '/api/waitlist')).json().data).toHaveLength(1);
    expect((await requestsOf(a.user.id, project.id)).map((r) => r.status)).toEqual(['pending']);
  });

  it('ignores entries whose first night is past: not listed, not promoted', async () => {
    const { project, holder, a, held } = await fullWorld();
    await ctx.db.insert(waitlistEntries).values({
      userId: a.user.id,
      projectId: project.id,
      type: 'personal',
      nights: days(-2, 1),
      firstNight: isoDay(-2),
    });
    expect((await call(a.token, 'GET', '/api/waitlist')).json().data).toEqual([]);
    await call(holder.token, 'PUT', `/api/bookings/${held._id}/cancel`);
    expect(await requestsOf(a.user.id, project.id)).toEqual([]);
  });
});
