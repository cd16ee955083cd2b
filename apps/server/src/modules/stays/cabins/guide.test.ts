import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cabins } from '../../../db/schema';
import { bearer, createInvestment, createProject, createUser, useAdminApp } from '../../../../test/helpers';
import { createAllowance, createBooking, isoDay } from '../../../../test/content-factories';

const ctx = useAdminApp();

const call = (token: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function investorIn(projectId: string) {
  const user = await createUser(ctx.db);
  await createInvestment(ctx.db, user.id, projectId);
  await createAllowance(ctx.db, user.id, projectId, { totalNights: 30 });
  return { user, token: await ctx.signIn(user) };
}

const guide = {
  address: 'Fjellvegen 1, 3580 Geilo',
  access: 'Key box by the door, code 4711',
  houseRules: 'No shoes inside',
  wifi: 'Cabin-Guest / birch2026',
  waste: 'Sorting station at the road',
  contacts: 'Caretaker Ola, +47 900 00 000',
};

async function projectWithGuide() {
  const project = await createProject(ctx.db, {}, { cabins: 1 });
  const [cabin] = await ctx.db.select().from(cabins).where(eq(cabins.projectId, project.id));
  const saved = await call(ctx.admin.token, 'PUT', `/api/projects/${project.id}/cabins/${cabin!.id}`, {
    name: cabin!.name,
    sleeps: cabin!.sleeps,
    guide,
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.json().data.guide).toEqual(guide);
  return { project, cabin: cabin! };
}

describe('the cabin guide', () => {
  it('the admin writes it and sees it; the investors’ cabin list leaves it out', async () => {
    const { project, cabin } = await projectWithGuide();
    const { token } = await investorIn(project.id);
    const admin = await call(ctx.admin.token, 'GET', `/api/projects/${project.id}/cabins`);
    expect(admin.json().data[0].guide).toEqual(guide);
    const investor = await call(token, 'GET', `/api/projects/${project.id}/cabins`);
    expect(investor.json().data[0]).not.toHaveProperty('guide');
    // Changing the cabin without a guide keeps it.
    await call(ctx.admin.token, 'PUT', `/api/projects/${project.id}/cabins/${cabin.id}`, {
      name: cabin.name,
      sleeps: 3,
    });
    expect(
      (await call(ctx.admin.token, 'GET', `/api/projects/${project.id}/cabins`)).json().data[0].guide,
    ).toEqual(guide);
  });

  // The server's today is the earliest in any time zone (UTC−12), today or yesterday in UTC.
  it('an approved stay shows it from 14 days before check-in, not earlier; a pending one and another’s stay do not', async () => {
    const { project, cabin } = await projectWithGuide();
    const { user, token } = await investorIn(project.id);
    const other = await investorIn(project.id);
    const near = await createBooking(ctx.db, user.id, project.id, [isoDay(13), isoDay(14)], {
      status: 'approved',
    });
    const far = await createBooking(ctx.db, user.id, project.id, [isoDay(15 + 1), isoDay(17)], {
      status: 'approved',
    });
    const pending = await createBooking(ctx.db, user.id, project.id, [isoDay(3)]);

    const shown = await call(token, 'GET', `/api/bookings/${near.id}/guide`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual({ availableFrom: isoDay(-1), guides: [{ cabin: cabin.name, guide }] });

    const hidden = await call(token, 'GET', `/api/bookings/${far.id}/guide`);
    expect(hidden.json().data).toEqual({ availableFrom: isoDay(2), guides: [] });
    expect((await call(token, 'GET', `/api/bookings/${pending.id}/guide`)).json().data.guides).toEqual([]);

    expect((await call(other.token, 'GET', `/api/bookings/${near.id}/guide`)).statusCode).toBe(404);
  });

  it("the investor's calendar feed carries the guide in the event of a stay from 14 days before", async () => {
    const { project } = await projectWithGuide();
    const { user, token } = await investorIn(project.id);
    await createBooking(ctx.db, user.id, project.id, [isoDay(10)], { status: 'approved' });
    await createBooking(ctx.db, user.id, project.id, [isoDay(40)], { status: 'approved' });
    const address = await call(token, 'GET', '/api/calendar/feed');
    const path = (address.json().data.url as string).slice('http://portal.test'.length);
    const ics = (await ctx.app.inject({ method: 'GET', url: path })).body.replace(/\r\n[ \t]/g, '');
    const events = ics.split('BEGIN:VEVENT').slice(1);
    expect(events).toHaveLength(2);
    const near = events.find((e) => e.includes(`DTSTART;VALUE=DATE:${isoDay(10).replaceAll('-', '')}`))!;
    const far = events.find((e) => e.includes(`DTSTART;VALUE=DATE:${isoDay(40).replaceAll('-', '')}`))!;
    expect(near).toContain('Key box by the door');
    expect(near).toContain('Wi-Fi: Cabin-Guest / birch2026');
    expect(far).not.toContain('Key box');
  });
});
