import { describe, expect, it } from 'vitest';
import { formatNight } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { auditLog, highSeasons } from '../../../db/schema';
import { bearer, createInvestment, createProject, createUser, useAdminApp } from '../../../../test/helpers';
import { createAllowance, isoDay } from '../../../../test/content-factories';

const ctx = useAdminApp();

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function investorIn(projectId: string, totalNights = 30) {
  const user = await createUser(ctx.db);
  await createInvestment(ctx.db, user.id, projectId);
  await createAllowance(ctx.db, user.id, projectId, { totalNights });
  return { user, token: await ctx.signIn(user) };
}
const days = (from: number, n: number) => Array.from({ length: n }, (_, i) => isoDay(from + i));
const book = (token: string, projectId: string, dates: string[]) =>
  call(token, 'POST', '/api/bookings', { projectId, type: 'personal', dates });
const putRules = (projectId: string, rules: object) =>
  call(ctx.admin.token, 'PUT', `/api/admin/projects/${projectId}/stay-rules`, rules);
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const weekdayName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { weekday: 'long', timeZone: 'UTC' });

describe('stay rules: the endpoints', () => {
  it('the admin sets and reads them, an investor of the project reads them, others get 404, investors cannot write', async () => {
    const project = await createProject(ctx.db, {}, { cabins: 1 });
    const other = await createProject(ctx.db, {}, { cabins: 1 });
    const { token } = await investorIn(project.id);

    const none = await call(token, 'GET', `/api/perks/stay-rules/${project.id}`);
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toEqual({
      projectId: project.id,
      turnoverDays: 0,
      lastMinuteDays: 0,
      seasons: [],
    });

    const season = { from: isoDay(30), to: isoDay(60), minNights: 7, checkInWeekdays: [6, 6, 0] };
    const saved = await putRules(project.id, { turnoverDays: 1, lastMinuteDays: 7, seasons: [season] });
    expect(saved.statusCode).toBe(200);
    const rules = {
      projectId: project.id,
      turnoverDays: 1,
      lastMinuteDays: 7,
      seasons: [{ ...season, checkInWeekdays: [0, 6] }],
    };
    expect(saved.json().data).toEqual(rules);
    expect((await call(token, 'GET', `/api/perks/stay-rules/${project.id}`)).json().data).toEqual(rules);
    expect(
      (await call(ctx.admin.token, 'GET', `/api/admin/projects/${project.id}/stay-rules`)).json().data,
    ).toEqual(rules);

    expect((await call(token, 'GET', `/api/perks/stay-rules/${other.id}`)).statusCode).toBe(404);
    expect((await call(token, 'PUT', `/api/admin/projects/${project.id}/stay-rules`, rules)).statusCode).toBe(
      403,
    );
    expect((await call(token, 'GET', `/api/admin/projects/${project.id}/stay-rules`)).statusCode).toBe(403);
    expect((await putRules('00000000-0000-4000-8000-000000000000', {})).statusCode).toBe(404);
    // Each change is audited, with the project.
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, project.id));
    expect(audit.filter((e) => e.entity === 'stay_rules' && e.action === 'update')).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ projectId: project.id, turnoverDays: 1, seasons: 1 });
  });

  it('refuses bad rules with a 400 naming each field', async () => {
    const project = await createProject(ctx.db, {}, { cabins: 1 });
    const bad = await putRules(project.id, {
      turnoverDays: 2,
      lastMinuteDays: -1,
      seasons: [{ from: isoDay(10), to: isoDay(5), minNights: 0, checkInWeekdays: [7] }],
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().fields as Record<string, string>;
    expect(fields).toMatchObject({
      turnoverDays: 'Turnover days must be 0 or 1',
      lastMinuteDays: 'Last-minute days must be a whole number from 0 to 365',
    });
    expect(Object.entries(fields)).toEqual(
      expect.arrayContaining([
        [
          expect.stringMatching(/^seasons\b.*minNights$/),
          'Minimum nights must be a whole number from 1 to 60',
        ],
        [
          expect.stringMatching(/^seasons\b.*checkInWeekdays/),
          'Check-in weekdays must be numbers from 0 (Sunday) to 6 (Saturday)',
        ],
      ]),
    );
    const order = await putRules(project.id, {
      seasons: [{ from: isoDay(10), to: isoDay(5), minNights: 2 }],
    });
    expect(order.statusCode).toBe(400);
    expect(Object.values(order.json().fields)).toEqual(['A season must end on or after the day it starts']);
  });
});

describe('stay rules: requests', () => {
  it('turnover: with 1 day a stay cannot start in a cabin on the day another ended there, nor end on one starting', async () => {
    const project = await createProject(ctx.db, {}, { cabins: 1 });
    const a = await investorIn(project.id);
    const b = await investorIn(project.id);
    await putRules(project.id, { turnoverDays: 1 });
    expect((await book(a.token, project.id, days(20, 3))).statusCode).toBe(201);
    // The calendar counts the turnover days as busy: no cabin is free on days 19 and 23.
    const calendar = await call(
      b.token,
      'GET',
      `/api/perks/availability/${project.id}?from=${isoDay(18)}&to=${isoDay(24)}`,
    );
    expect(calendar.json().availability.map((d: { free: number }) => d.free)).toEqual([1, 0, 0, 0, 0, 0, 1]);

    const onTurnover = await book(b.token, project.id, [isoDay(23)]);
    expect(onTurnover.statusCode).toBe(409);
    expect(onTurnover.json()).toMatchObject({ code: 'stays.cabins_full', params: { nights: isoDay(23) } });
    const endingOnArrival = await book(b.token, project.id, [isoDay(19)]);
    expect(endingOnArrival.statusCode).toBe(409);
    expect((await book(b.token, project.id, [isoDay(24)])).statusCode).toBe(201);

    // Without the turnover day, the cabin is free the day the stay ends.
    await putRules(project.id, { turnoverDays: 0 });
    expect((await book(b.token, project.id, [isoDay(23)])).statusCode).toBe(201);
  });

  it('a season refuses a shorter stay and a check-in on another day, naming the rule', async () => {
    const project = await createProject(ctx.db, {}, { cabins: 2 });
    const { token } = await investorIn(project.id);
    const checkIn = isoDay(35);
    const season = { from: isoDay(30), to: isoDay(60), minNights: 7, checkInWeekdays: [weekdayOf(checkIn)] };
    await putRules(project.id, { seasons: [season] });

    const short = await book(token, project.id, days(35, 3));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'stays.rule_min_nights',
      params: { count: 7, from: isoDay(30), to: isoDay(60) },
      message: `Between ${formatNight(isoDay(30))} and ${formatNight(isoDay(60))} stays are at least 7 nights`,
    });
    // A stay from before the season that reaches into it counts too.
    expect((await book(token, project.id, days(28, 3))).json().code).toBe('stays.rule_min_nights');

    const wrongDay = await book(token, project.id, days(36, 7));
    expect(wrongDay.statusCode).toBe(400);
    expect(wrongDay.json()).toMatchObject({
      code: 'stays.rule_check_in_day',
      message: `Between ${formatNight(isoDay(30))} and ${formatNight(isoDay(60))} stays start on a ${weekdayName(checkIn)}`,
    });

    expect((await book(token, project.id, days(35, 7))).statusCode).toBe(201);
    // Outside the season any stay goes.
    expect((await book(token, project.id, days(70, 1))).statusCode).toBe(201);
  });

  it('last-minute: a stay starting within lastMinuteDays is outside the high-season limit but within the nights', async () => {
    const project = await createProject(ctx.db, {}, { cabins: 2 });
    const { user, token } = await investorIn(project.id, 6);
    await ctx.db.insert(highSeasons).values({
      projectId: project.id,
      name: 'Easter',
      startsOn: isoDay(1),
      endsOn: isoDay(20),
      maxNightsPerInvestor: 2,
    });
    const over = await book(token, project.id, days(2, 3));
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('stays.high_season_limit');

    await putRules(project.id, { lastMinuteDays: 5 });
    expect((await book(token, project.id, days(2, 3))).statusCode).toBe(201);
    // Beyond the window the limit holds (3 held, limit 2) …
    expect((await book(token, project.id, days(10, 1))).json().code).toBe('stays.high_season_limit');
    // … and inside it the nights still count: 3 of 6 are left.
    const tooMany = await book(token, project.id, days(6, 4));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('stays.nights_remain');
    expect(user.id).toBeTruthy();
  });
});
