import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, bookings, highSeasons, notifications } from '../../../db/schema';
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
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

async function investor(projectId: string, amount: string, allowance: { totalNights?: number } = {}) {
  const user = await createUser(ctx.db);
  await createInvestment(ctx.db, user.id, projectId, { amount });
  await createAllowance(ctx.db, user.id, projectId, { totalNights: 30, ...allowance });
  return { ...user, token: await ctx.signIn(user) };
}

/**
 * A two-cabin project with a high season from day 30 to day 70 (at most 14 nights each) and a past one
 * (days −25 to −10) in which some investors already held stays.
 */
async function world() {
  const project = await createProject(ctx.db, {}, { cabins: 2 });
  await ctx.db.insert(highSeasons).values([
    {
      projectId: project.id,
      name: 'Winter',
      startsOn: isoDay(30),
      endsOn: isoDay(70),
      maxNightsPerInvestor: 14,
    },
    {
      projectId: project.id,
      name: 'Autumn',
      startsOn: isoDay(-25),
      endsOn: isoDay(-10),
      maxNightsPerInvestor: 14,
    },
  ]);
  const admin = await createAdmin(ctx.db);
  const adminToken = await ctx.signIn(admin);
  const a = await investor(project.id, '10000.00'); // no peak nights: first
  const b = await investor(project.id, '10000.00'); // 7 peak nights per €10,000: last
  const c = await investor(project.id, '20000.00'); // 7 peak nights per €20,000: second
  for (const who of [b, c])
    await createBooking(ctx.db, who.id, project.id, days(-20, 7), { status: 'approved' });
  return { project, admin, adminToken, a, b, c };
}

const create = (token: string, body: object) => call(token, 'POST', '/api/admin/allocations', body);
const stay = (from: number, nights: number) => ({ checkIn: isoDay(from), checkOut: isoDay(from + nights) });

describe('peak allocations', () => {
  it('publishes only the seed hash, holds its nights, draws fewest peak nights per euro first, and gives approved stays', async () => {
    const w = await world();
    const res = await create(w.adminToken, {
      projectId: w.project.id,
      title: 'New Year',
      stays: [stay(35, 7), stay(35, 7), stay(45, 7), stay(55, 3)],
      preferencesDue: inHours(1),
      runsAt: inHours(2),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(created)).not.toContain('"seed"');
    const [s1, s2, s3, s4] = created.stays.map((s: { _id: string }) => s._id);

    // The nights are held until the run.
    const direct = await call(w.a.token, 'POST', '/api/bookings', {
      projectId: w.project.id,
      type: 'personal',
      dates: days(36, 2),
    });
    expect(direct.statusCode).toBe(409);
    expect(direct.json().message).toContain('“New Year”');
    const calendar = async () =>
      (
        await call(
          w.a.token,
          'GET',
          `/api/perks/availability/${w.project.id}?from=${isoDay(34)}&to=${isoDay(35)}`,
        )
      ).json().availability;
    expect(await calendar()).toMatchObject([
      { date: isoDay(34), free: 2 },
      { date: isoDay(35), free: 0, held: true },
    ]);

    const rank = (who: { token: string }, choices: string[]) =>
      call(who.token, 'PUT', `/api/allocations/${created._id}/preferences`, { choices });
    expect((await rank(w.a, [s1, s3])).statusCode).toBe(200);
    expect((await rank(w.b, [s1, s2])).statusCode).toBe(200);
    const cRanked = await rank(w.c, [s1, s3]);
    expect(cRanked.json().data.myChoices).toEqual([s1, s3]);
    expect(cRanked.json().data.participants).toBe(3);

    const before = (await call(w.a.token, 'GET', `/api/allocations/${created._id}/result`)).json().data;
    expect(before).toMatchObject({ seed: null, seedHash: created.seedHash, order: [], assignments: [] });

    const run = await call(w.adminToken, 'POST', `/api/admin/allocations/${created._id}/run`);
    expect(run.statusCode).toBe(200);
    expect(run.json().data.status).toBe('run');
    expect((await call(w.adminToken, 'POST', `/api/admin/allocations/${created._id}/run`)).statusCode).toBe(
      409,
    );

    const result = (await call(w.adminToken, 'GET', `/api/allocations/${created._id}/result`)).json().data;
    expect(sha(result.seed)).toBe(created.seedHash);
    expect(result.order).toEqual([w.a.id, w.c.id, w.b.id]);
    expect(result.people.map((p: { name: string }) => p.name)).toEqual([w.a.name, w.c.name, w.b.name]);
    // Round one: A takes stay 1; C, finding it taken, stay 3; B stay 2.
    expect(result.assignments.map((x: { userId: string; stayId: string }) => [x.userId, x.stayId])).toEqual([
      [w.a.id, s1],
      [w.c.id, s3],
      [w.b.id, s2],
    ]);
    for (const x of result.assignments) {
      const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, x.bookingId));
      expect(booking).toMatchObject({ userId: x.userId, status: 'approved', projectId: w.project.id });
    }

    // An investor sees the order by id and only their own name.
    const seen = (await call(w.b.token, 'GET', `/api/allocations/${created._id}/result`)).json().data;
    expect(seen.order).toEqual(result.order);
    expect(seen.people).toEqual([
      { userId: w.a.id, name: null, you: false },
      { userId: w.c.id, name: null, you: false },
      { userId: w.b.id, name: w.b.name, you: true },
    ]);

    // Each participant is told; the unranked stay opens to requests.
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, w.c.id));
    expect(told.map((n) => n.messageKey)).toContain('allocationAssigned');
    const free = await call(w.a.token, 'POST', '/api/bookings', {
      projectId: w.project.id,
      type: 'personal',
      dates: days(55, 2),
    });
    expect(free.statusCode).toBe(201);
    expect((await calendar())[1]).toEqual(expect.not.objectContaining({ held: true }));
    expect(s4).toBeTruthy();
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'allocation'), eq(auditLog.entityId, created._id)));
    expect(audit.map((e) => e.action).sort()).toEqual(['create', 'run']);
  });

  it('breaks ties by ascending sha256(seed:userId), gives no stay over an allowance, and one stay a round', async () => {
    const project = await createProject(ctx.db, {}, { cabins: 3 });
    await ctx.db.insert(highSeasons).values({
      projectId: project.id,
      name: 'Peak',
      startsOn: isoDay(30),
      endsOn: isoDay(60),
      maxNightsPerInvestor: 30,
    });
    const admin = await createAdmin(ctx.db);
    const adminToken = await ctx.signIn(admin);
    const people = [
      await investor(project.id, '5000.00'),
      await investor(project.id, '5000.00'),
      await investor(project.id, '5000.00'),
    ];
    const short = await investor(project.id, '5000.00', { totalNights: 5 });
    const created = (
      await create(adminToken, {
        projectId: project.id,
        title: 'Peak draft',
        stays: [stay(31, 7), stay(31, 7), stay(31, 7), stay(40, 7), stay(40, 7), stay(40, 7)],
        preferencesDue: inHours(1),
        runsAt: inHours(1),
      })
    ).json().data;
    const ids = created.stays.map((s: { _id: string }) => s._id);
    for (const p of people)
      await call(p.token, 'PUT', `/api/allocations/${created._id}/preferences`, {
        choices: [ids[0], ids[3]],
      });
    await call(short.token, 'PUT', `/api/allocations/${created._id}/preferences`, { choices: [ids[1]] });

    // The job at runsAt runs it.
    expect(await ctx.deps.jobs.drain('allocations')).toBeGreaterThanOrEqual(1);
    const result = (await call(adminToken, 'GET', `/api/allocations/${created._id}/result`)).json().data;
    const expected = [...people, short]
      .map((p) => ({ id: p.id, key: sha(`${result.seed}:${p.id}`) }))
      .sort((x, y) => (x.key < y.key ? -1 : 1))
      .map((x) => x.id);
    expect(result.order).toEqual(expected);
    // The one with 5 nights gets nothing (every stay is 7 nights).
    expect(result.assignments.some((x: { userId: string }) => x.userId === short.id)).toBe(false);
    // Three investors ranking the same two stays: in round one the first takes stay 1 and the second,
    // finding it taken, stay 4; the third finds both taken, and nobody gets more in round two.
    const order = result.order.filter((u: string) => u !== short.id);
    expect(result.assignments.map((x: { userId: string; stayId: string }) => [x.userId, x.stayId])).toEqual([
      [order[0], ids[0]],
      [order[1], ids[3]],
    ]);
    const none = await ctx.db.select().from(notifications).where(eq(notifications.userId, short.id));
    expect(none.map((n) => n.messageKey)).toContain('allocationNone');
  });

  it('refuses bad allocations and rankings with a message naming the problem, and hides them from others', async () => {
    const w = await world();
    const base = { projectId: w.project.id, title: 'Easter', preferencesDue: inHours(1), runsAt: inHours(2) };
    const outside = await create(w.adminToken, { ...base, stays: [stay(65, 10)] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toContain('high season');
    const crowded = await create(w.adminToken, { ...base, stays: [stay(40, 3), stay(40, 3), stay(41, 3)] });
    expect(crowded.statusCode).toBe(400);
    expect(crowded.json().message).toContain('free cabins');
    const backwards = await create(w.adminToken, {
      ...base,
      stays: [{ checkIn: isoDay(42), checkOut: isoDay(40) }],
    });
    expect(backwards.statusCode).toBe(400);
    const late = await create(w.adminToken, { ...base, preferencesDue: inHours(3), stays: [stay(40, 3)] });
    expect(late.statusCode).toBe(400);
    expect((await create(w.a.token, { ...base, stays: [stay(40, 3)] })).statusCode).toBe(403);

    const closed = (
      await create(w.adminToken, { ...base, preferencesDue: inHours(-1), stays: [stay(40, 3)] })
    ).json().data;
    const open = (await create(w.adminToken, { ...base, stays: [stay(50, 3)] })).json().data;
    const put = (token: string, id: string, choices: unknown) =>
      call(token, 'PUT', `/api/allocations/${id}/preferences`, { choices });
    expect((await put(w.a.token, closed._id, [closed.stays[0]._id])).statusCode).toBe(409);
    expect((await put(w.a.token, open._id, [closed.stays[0]._id])).statusCode).toBe(400);
    const eleven = Array.from({ length: 11 }, () => crypto.randomUUID());
    expect((await put(w.a.token, open._id, eleven)).statusCode).toBe(400);

    // Someone who does not hold the project sees none of it.
    const stranger = await createUser(ctx.db);
    const token = await ctx.signIn(stranger);
    expect((await put(token, open._id, [open.stays[0]._id])).statusCode).toBe(404);
    expect((await call(token, 'GET', `/api/allocations/${open._id}/result`)).statusCode).toBe(404);
    expect((await call(token, 'GET', `/api/allocations?projectId=${w.project.id}`)).json().data).toEqual([]);
    expect((await call(token, 'GET', `/api/perks/fairness/${w.project.id}`)).statusCode).toBe(404);
    const listed = (await call(w.a.token, 'GET', `/api/allocations?projectId=${w.project.id}`)).json().data;
    expect(listed.map((x: { _id: string }) => x._id).sort()).toEqual([closed._id, open._id].sort());

    // Withdrawn, its nights open again.
    expect((await call(w.adminToken, 'DELETE', `/api/admin/allocations/${open._id}`)).statusCode).toBe(200);
    const booked = await call(w.a.token, 'POST', '/api/bookings', {
      projectId: w.project.id,
      type: 'personal',
      dates: days(50, 2),
    });
    expect(booked.statusCode).toBe(201);
  });

  it('keeps a fairness ledger: peak nights against the fair share, and the priority', async () => {
    const w = await world();
    const mine = (await call(w.b.token, 'GET', `/api/perks/fairness/${w.project.id}`)).json().data;
    expect(mine.years).toHaveLength(3);
    expect(mine.rows).toHaveLength(1);
    const row = mine.rows[0];
    expect(row.userId).toBe(w.b.id);
    expect(row.sharePercent).toBe(25);
    expect(row.years.reduce((s: number, y: { peakNights: number }) => s + y.peakNights, 0)).toBe(7);
    expect(row.peakNightsPer10000).toBe(7);
    expect(row.priority).toEqual({ position: 3, tiedWith: 0, of: 3 });
    // Fair share: the year's high-season cabin-nights × 25 %.
    for (const y of row.years) {
      const season = mine.years.find((s: { year: number }) => s.year === y.year).seasonNights;
      expect(y.fairShare).toBeCloseTo(season * 0.25, 1);
    }

    const all = (await call(w.adminToken, 'GET', `/api/perks/fairness/${w.project.id}`)).json().data;
    expect(all.rows.map((r: { name: string }) => r.name)).toEqual([w.a.name, w.c.name, w.b.name]);
    expect(all.rows.map((r: { priority: { position: number } }) => r.priority.position)).toEqual([1, 2, 3]);
  });
});
