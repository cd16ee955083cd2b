import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  allowanceReminders,
  bookingNights,
  cabins,
  mailMessages,
  notifications,
  users,
} from '../../../db/schema';
import {
  bearer,
  buildTestApp,
  createInvestment,
  createProject,
  createUser,
  login,
  type TestContext,
  useAdminApp,
} from '../../../../test/helpers';
import { createAllowance, createBooking, isoDay } from '../../../../test/content-factories';
import { queueExpiryReminders } from './expiry-reminders';
import { createCalendarTokens, nightRuns } from './service';

const ctx = useAdminApp({ name: 'Ada Admin' });

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const regenerate = (token: string, query = '') =>
  ctx.app.inject({ method: 'POST', url: `/api/calendar/feed/regenerate${query}`, headers: bearer(token) });

/** The path of the user's calendar address (as the app gives it: absolute, under APP_URL). */
async function feedPath(token: string, query = ''): Promise<string> {
  const res = await get(`/api/calendar/feed${query}`, token);
  expect(res.statusCode).toBe(200);
  const { url } = res.json().data as { url: string };
  expect(url.startsWith('http://portal.test/api/calendar/')).toBe(true);
  return url.slice('http://portal.test'.length);
}

interface Event {
  [key: string]: string;
}
/**
 * The events of an iCalendar text (lines unfolded), each as its properties; checks the envelope, and
 * that a calendar library (ical.js) reads the same events with their all-day dates.
 */
function events(text: string): Event[] {
  const parsed = new ICAL.Component(ICAL.parse(text));
  const read = parsed.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines).toContain('VERSION:2.0');
  expect(lines.filter(Boolean).at(-1)).toBe('END:VCALENDAR');
  const out: Event[] = [];
  let current: Event | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      out.push(current!);
      current = null;
    } else if (current) {
      const i = line.indexOf(':');
      current[line.slice(0, i)] = line.slice(i + 1).replace(/\\([,;\\])/g, '$1');
    }
  }
  expect(read.map((e) => [e.uid, e.startDate.isDate, e.startDate.toString(), e.endDate.toString()])).toEqual(
    out.map((e) => [e.UID, true, iso(e['DTSTART;VALUE=DATE']!), iso(e['DTEND;VALUE=DATE']!)]),
  );
  return out;
}
const ymd = (iso: string) => iso.replaceAll('-', '');
/** '20270212' -> '2027-02-12'. */
const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;

async function feed(path: string) {
  const res = await get(path);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/calendar/);
  return events(res.body).sort((x, y) => x['DTSTART;VALUE=DATE']!.localeCompare(y['DTSTART;VALUE=DATE']!));
}

/** A project with a cabin; Emma's and Noah's stays there, of every status. */
async function world() {
  const project = await createProject(ctx.db, { name: 'Aurora Lodge' });
  const [cabin] = await ctx.db
    .insert(cabins)
    .values({ projectId: project.id, name: 'Birch Cabin', sleeps: 4 })
    .returning();
  const emma = await createUser(ctx.db, { name: 'Emma Lind' });
  const noah = await createUser(ctx.db, { name: 'Noah Berg' });
  for (const u of [emma, noah]) {
    await createInvestment(ctx.db, u.id, project.id);
    await createAllowance(ctx.db, u.id, project.id, { totalNights: 30 });
  }
  const stay = await createBooking(ctx.db, emma.id, project.id, [isoDay(10), isoDay(11), isoDay(12)], {
    status: 'approved',
  });
  await ctx.db.update(bookingNights).set({ cabinId: cabin!.id }).where(eq(bookingNights.bookingId, stay.id));
  // Not consecutive: two runs, two events.
  const split = await createBooking(ctx.db, emma.id, project.id, [isoDay(20), isoDay(22)], {
    status: 'approved',
    type: 'gift',
  });
  const pending = await createBooking(ctx.db, emma.id, project.id, [isoDay(30)]);
  await createBooking(ctx.db, emma.id, project.id, [isoDay(40)], { status: 'declined' });
  await createBooking(ctx.db, emma.id, project.id, [isoDay(41)], { status: 'cancelled' });
  const noahStay = await createBooking(ctx.db, noah.id, project.id, [isoDay(50), isoDay(51)], {
    status: 'approved',
  });
  // Only the first stay is in a cabin (a stay whose cabin was deleted has none).
  await ctx.db
    .update(bookingNights)
    .set({ cabinId: null })
    .where(and(eq(bookingNights.projectId, project.id), ne(bookingNights.bookingId, stay.id)));
  const tokens = {
    emma: await ctx.signIn(emma),
    noah: await ctx.signIn(noah),
  };
  return { project, emma, noah, stay, split, pending, noahStay, tokens };
}

describe('nightRuns', () => {
  it('splits nights into runs of consecutive dates, across months and years', () => {
    expect(nightRuns(['2026-12-31', '2027-01-01', '2026-12-30', '2027-01-03'])).toEqual([
      ['2026-12-30', '2026-12-31', '2027-01-01'],
      ['2027-01-03'],
    ]);
    expect(nightRuns([])).toEqual([]);
  });
});

describe('GET /api/calendar/:token.ics', () => {
  it("lists the owner's approved stays, one all-day event per run of nights, with the cabin", async () => {
    const w = await world();
    const path = await feedPath(w.tokens.emma);
    expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{48}\.ics$/);
    const list = await feed(path);
    expect(list.map((e) => [e['DTSTART;VALUE=DATE'], e['DTEND;VALUE=DATE'], e.SUMMARY])).toEqual([
      [ymd(isoDay(10)), ymd(isoDay(13)), 'Stay at Aurora Lodge (personal stay)'],
      [ymd(isoDay(20)), ymd(isoDay(21)), 'Stay at Aurora Lodge (gift)'],
      [ymd(isoDay(22)), ymd(isoDay(23)), 'Stay at Aurora Lodge (gift)'],
    ]);
    expect(list[0]!.LOCATION).toBe('Birch Cabin, Aurora Lodge');
    expect(list[0]!.DESCRIPTION).toContain('3 nights in Birch Cabin at Aurora Lodge');
    expect(list[1]!.LOCATION).toBe('Aurora Lodge');
    // Stable identities: a calendar app updates the events rather than adding them again.
    expect(list[0]!.UID).toBe(`${w.stay.id}-${isoDay(10)}@investor-portal`);
    expect(new Set(list.map((e) => e.UID)).size).toBe(3);
    expect((await feed(path)).map((e) => [e.UID, e.DTSTAMP])).toEqual(list.map((e) => [e.UID, e.DTSTAMP]));
  });

  it("another investor's address shows only their own stays", async () => {
    const w = await world();
    const list = await feed(await feedPath(w.tokens.noah));
    expect(list.map((e) => [e['DTSTART;VALUE=DATE'], e['DTEND;VALUE=DATE']])).toEqual([
      [ymd(isoDay(50)), ymd(isoDay(52))],
    ]);
    expect(list[0]!.UID).toBe(`${w.noahStay.id}-${isoDay(50)}@investor-portal`);
  });

  it('a new link replaces the old one: the old address answers 404, the new one works', async () => {
    const w = await world();
    const old = await feedPath(w.tokens.emma);
    const res = await regenerate(w.tokens.emma);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.url.slice('http://portal.test'.length);
    expect(fresh).not.toBe(old);
    expect(await feedPath(w.tokens.emma)).toBe(fresh);
    expect((await get(old)).statusCode).toBe(404);
    expect(await feed(fresh)).toHaveLength(3);
    const third = (await regenerate(w.tokens.emma)).json().data.url.slice('http://portal.test'.length);
    expect((await get(fresh)).statusCode).toBe(404);
    expect((await get(third)).statusCode).toBe(200);
  });

  it('a tampered, malformed, unknown or deactivated token is a 404 that tells nothing', async () => {
    const w = await world();
    const path = await feedPath(w.tokens.emma);
    const token = path.slice('/api/calendar/'.length, -'.ics'.length);
    const flip = (i: number) => token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
    const forged = createCalendarTokens('another secret another secret another secret').make(w.emma.id, 1);
    const nobody = createCalendarTokens(ctx.deps.config.jwtSecrets).make(crypto.randomUUID(), 1);
    const future = createCalendarTokens(ctx.deps.config.jwtSecrets).make(w.emma.id, 7);
    for (const bad of [
      flip(2),
      flip(30),
      flip(47),
      token.slice(0, -1),
      'abc',
      forged,
      nobody,
      future,
      `${token}x`,
    ]) {
      const res = await get(`/api/calendar/${bad}.ics`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.body).not.toContain('Emma');
    }
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, w.emma.id));
    expect((await get(path)).statusCode).toBe(404);
  });

  it("an admin's project feed lists every live stay of the project with cabin and investor", async () => {
    const w = await world();
    const path = await feedPath(ctx.admin.token, `?projectId=${w.project.id}`);
    expect(path).toMatch(new RegExp(`\\.ics\\?projectId=${w.project.id}$`));
    const list = await feed(path);
    expect(list.map((e) => [e['DTSTART;VALUE=DATE'], e['DTEND;VALUE=DATE'], e.SUMMARY])).toEqual([
      [ymd(isoDay(10)), ymd(isoDay(13)), 'Emma Lind – Birch Cabin (personal stay)'],
      [ymd(isoDay(20)), ymd(isoDay(21)), 'Emma Lind (gift)'],
      [ymd(isoDay(22)), ymd(isoDay(23)), 'Emma Lind (gift)'],
      [ymd(isoDay(30)), ymd(isoDay(31)), 'Emma Lind (personal stay) (pending)'],
      [ymd(isoDay(50)), ymd(isoDay(52)), 'Noah Berg (personal stay)'],
    ]);
    // Without the project: the admin's own (no) stays.
    expect(await feed(path.split('?')[0]!)).toEqual([]);
    // Another project's feed does not show these.
    const other = await createProject(ctx.db, { name: 'Elsewhere' });
    expect(await feed(path.replace(w.project.id, other.id))).toEqual([]);
  });

  it("an investor's token with a project id, or a project that does not exist, is a 404", async () => {
    const w = await world();
    const own = await feedPath(w.tokens.emma);
    expect((await get(`${own}?projectId=${w.project.id}`)).statusCode).toBe(404);
    expect((await get(`/api/calendar/feed?projectId=${w.project.id}`, w.tokens.emma)).statusCode).toBe(404);
    expect((await regenerate(w.tokens.emma, `?projectId=${w.project.id}`)).statusCode).toBe(404);
    const missing = crypto.randomUUID();
    expect((await get(`/api/calendar/feed?projectId=${missing}`, ctx.admin.token)).statusCode).toBe(404);
    const adminFeed = await feedPath(ctx.admin.token);
    expect((await get(`${adminFeed}?projectId=${missing}`)).statusCode).toBe(404);
  });

  it('the address needs a sign-in to be shown or replaced', async () => {
    expect((await get('/api/calendar/feed')).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/calendar/feed/regenerate' })).statusCode).toBe(
      401,
    );
  });
});

describe('the calendar address without APP_URL', () => {
  let other: TestContext;
  let token: string;
  beforeAll(async () => {
    // APP_URL unset on a server listening on 4711, behind a proxy at 127.0.0.1.
    other = await buildTestApp({
      appUrl: 'http://localhost:4711',
      appUrlSet: false,
      trustProxy: ['127.0.0.1'],
    });
    const u = await createUser(other.db);
    token = (await login(other.app, u.email, u.password)).accessToken;
  });
  afterAll(() => other.close());

  const urlFrom = async (headers: Record<string, string>, remoteAddress = '10.0.0.9', method = 'GET') => {
    const res = await other.app.inject({
      method: method as 'GET',
      url: method === 'GET' ? '/api/calendar/feed' : '/api/calendar/feed/regenerate',
      headers: { ...bearer(token), ...headers },
      remoteAddress,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { url: string }).url;
  };

  it('starts with the address the request reached, and the address works there', async () => {
    const url = await urlFrom({ host: '192.168.1.20:4711' });
    expect(url).toMatch(/^http:\/\/192\.168\.1\.20:4711\/api\/calendar\/[^/]+\.ics$/);
    expect(await urlFrom({ host: 'localhost:4711' }, '10.0.0.9', 'POST')).toMatch(
      /^http:\/\/localhost:4711\/api\/calendar\//,
    );
    const path = new URL(await urlFrom({ host: 'localhost:4711' })).pathname;
    expect((await other.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  });

  it("believes X-Forwarded-Host and -Proto only from a proxy of TRUST_PROXY; a Host that is no host name gets APP_URL's default", async () => {
    const forwarded = {
      host: 'app:4711',
      'x-forwarded-host': 'portal.example.com',
      'x-forwarded-proto': 'https',
    };
    expect(await urlFrom(forwarded, '127.0.0.1')).toMatch(/^https:\/\/portal\.example\.com\/api\/calendar\//);
    expect(await urlFrom(forwarded, '10.0.0.9')).toMatch(/^http:\/\/app:4711\/api\/calendar\//);
    expect(await urlFrom({ host: 'evil.example/x?' })).toMatch(/^http:\/\/localhost:4711\/api\/calendar\//);
  });
});

describe('expiry reminders (the daily job)', () => {
  /** An investor with an allowance of 10 nights expiring in `days`, of which `booked` are requested. */
  async function holder(days: number, booked: number, name = 'Pine Hollow Retreat') {
    const project = await createProject(ctx.db, { name });
    const user = await createUser(ctx.db);
    await createInvestment(ctx.db, user.id, project.id);
    const allowance = await createAllowance(ctx.db, user.id, project.id, {
      totalNights: 8,
      bonusNights: 2,
      expiresAt: isoDay(days),
    });
    if (booked)
      await createBooking(
        ctx.db,
        user.id,
        project.id,
        Array.from({ length: booked }, (_, i) => isoDay(1 + i)),
      );
    return { project, user, allowance };
  }
  const remindersOf = (allowanceId: string) =>
    ctx.db.select().from(allowanceReminders).where(eq(allowanceReminders.allowanceId, allowanceId));
  const notesOf = (userId: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.title, 'Cabin nights expiring')));
  const mailsOf = (userId: string) =>
    ctx.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.userId, userId), eq(mailMessages.kind, 'nightsExpiring')));
  const runJob = async () => {
    await ctx.deps.jobs.send('daily-reminders', {});
    expect(await ctx.deps.jobs.drain('daily-reminders')).toBe(1);
  };

  it('tells the holder once at 60 days and once at 14, however often the job runs', async () => {
    const { project, user, allowance } = await holder(42, 3);
    await runJob();
    await runJob();
    expect((await remindersOf(allowance.id)).map((r) => r.daysBefore)).toEqual([60]);
    const notes = await notesOf(user.id);
    expect(notes).toHaveLength(1);
    const expires = new Date(`${isoDay(42)}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(notes[0]).toMatchObject({
      message: `7 unused cabin nights at Pine Hollow Retreat expire on ${expires}.`,
      link: `/perks?project=${project.id}`,
      type: 'warning',
    });
    const mails = await mailsOf(user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.category).toBe('bookings');
    expect(mails[0]!.subject).toMatch(/^Your cabin nights at Pine Hollow Retreat expire on /);

    // 30 days on: the 14-day reminder, once, even from two runs at the same time.
    const later = isoDay(32);
    await Promise.all([
      queueExpiryReminders(ctx.db, ctx.deps.mailer, later),
      queueExpiryReminders(ctx.db, ctx.deps.mailer, later),
    ]);
    await queueExpiryReminders(ctx.db, ctx.deps.mailer, later);
    expect((await remindersOf(allowance.id)).map((r) => r.daysBefore).sort()).toEqual([14, 60]);
    expect(await notesOf(user.id)).toHaveLength(2);
    expect(await mailsOf(user.id)).toHaveLength(2);
  });

  it('sends only the 14-day reminder when the 60-day one never went', async () => {
    const { user, allowance } = await holder(10, 0, 'Fjord House');
    await runJob();
    expect((await remindersOf(allowance.id)).map((r) => r.daysBefore)).toEqual([14]);
    const notes = await notesOf(user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toMatch(/^10 unused cabin nights at Fjord House expire on /);
    expect(await mailsOf(user.id)).toHaveLength(1);
    // The email says it in words, and is sent.
    expect(await ctx.deps.jobs.drain('mail')).toBeGreaterThan(0);
    const [mail] = await mailsOf(user.id);
    expect(mail!.status).toBe('sent');
    expect((await ctx.deps.mailer.preview(mail!.id))!.text).toMatch(
      /10 unused cabin nights at Fjord House expire on \w+ \d+, \d{4} \(in 10 days\)\. Book them before they are lost\./,
    );
  });

  it('says nothing when no night is left unused, or the expiry is far or past', async () => {
    const used = await holder(20, 10, 'All Used');
    const far = await holder(61, 0, 'Far Away');
    const past = await holder(-1, 0, 'Expired');
    await runJob();
    const ids = [used, far, past].map((h) => h.allowance.id);
    expect(
      await ctx.db.select().from(allowanceReminders).where(inArray(allowanceReminders.allowanceId, ids)),
    ).toEqual([]);
    for (const h of [used, far, past]) expect(await notesOf(h.user.id)).toEqual([]);
  });

  it('leaves out an inactive holder', async () => {
    const { user, allowance } = await holder(30, 0, 'Quiet Pines');
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await queueExpiryReminders(ctx.db, ctx.deps.mailer);
    expect(await remindersOf(allowance.id)).toEqual([]);
  });
});
