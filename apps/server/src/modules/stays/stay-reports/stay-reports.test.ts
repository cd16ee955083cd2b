import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, notifications, stayReports } from '../../../db/schema';
import {
  bearer,
  createInvestment,
  createProject,
  createUser,
  useAdminApp,
  type SignedIn,
} from '../../../../test/helpers';
import { createBooking, isoDay } from '../../../../test/content-factories';
import {
  fileRequestsOf,
  filesOnDisk,
  sampleHtml,
  sampleJpeg,
  samplePdf,
  samplePng,
} from '../../documents/test-support';

const ctx = useAdminApp({ name: 'Ada Admin' });
const files = fileRequestsOf(ctx, () => ctx.admin.token);
const uploads = () => filesOnDisk(path.join(ctx.deps.config.dataDir, 'uploads'));

const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (token: string, method: 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const report = (token: string, stayId: string, text: string) =>
  send(token, 'POST', `/api/stays/${stayId}/reports`, { text });
const reportWithPhoto = (
  token: string,
  stayId: string,
  text: string,
  photo: { data: Buffer; name: string; type?: string; field?: string },
) => files.send('POST', `/api/stays/${stayId}/reports`, { text }, { field: 'photo', ...photo }, token);

/** A 1×1 GIF: an image, but not one a report takes. */
const sampleGif = () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const world = {
  project: { id: '', name: '' },
  a: undefined as unknown as SignedIn,
  b: undefined as unknown as SignedIn,
  /** A's approved stay (days 30–32), B's approved stay (days 40–41), A's stays not approved. */
  stayA: '',
  stayB: '',
  pendingA: '',
  declinedA: '',
  cancelledA: '',
};

async function investor(projectId: string, locale?: 'de' | 'nb'): Promise<SignedIn> {
  const user = await createUser(ctx.db, { locale });
  await createInvestment(ctx.db, user.id, projectId);
  return { ...user, token: await ctx.signIn(user) };
}
const days = (from: number, n: number) => Array.from({ length: n }, (_, i) => isoDay(from + i));

beforeAll(async () => {
  const project = await createProject(ctx.db, { name: 'Aurora Lakeside Cabins' }, { cabins: 2 });
  world.project = { id: project.id, name: project.name };
  world.a = await investor(project.id, 'de');
  world.b = await investor(project.id);
  const stay = (user: SignedIn, from: number, n: number, status = 'approved' as const) =>
    createBooking(ctx.db, user.id, project.id, days(from, n), { status }).then((b) => b.id);
  world.stayA = await stay(world.a, 30, 3);
  world.stayB = await stay(world.b, 40, 2);
  world.pendingA = await createBooking(ctx.db, world.a.id, project.id, days(50, 1)).then((b) => b.id);
  for (const status of ['declined', 'cancelled'] as const)
    world[`${status}A`] = await createBooking(ctx.db, world.a.id, project.id, days(60, 1), { status }).then(
      (b) => b.id,
    );
});

describe('reporting a problem from a stay', () => {
  it('stores a report on the investor’s approved stay, lists it with its status, and tells the admins', async () => {
    const res = await report(world.a.token, world.stayA, '  The sauna heater does not turn on.  ');
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      bookingId: world.stayA,
      projectId: world.project.id,
      text: 'The sauna heater does not turn on.',
      status: 'new',
      photo: null,
      photoUrl: null,
    });
    const list = await get(world.a.token, `/api/stays/${world.stayA}/reports`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { _id: string }) => r._id)).toContain(created._id);

    // Every admin hears of it, in the bell, with a link to the inbox; the investor does not.
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ctx.admin.id), eq(notifications.messageKey, 'stayReportNew')));
    expect(told.at(-1)).toMatchObject({
      title: 'New problem report',
      link: '/admin/stay-reports',
      type: 'warning',
    });
    expect(told.at(-1)!.message).toContain(world.a.name);
    expect(told.at(-1)!.message).toContain('Aurora Lakeside Cabins');
    expect(told.at(-1)!.message).toContain('The sauna heater does not turn on.');
    const own = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, world.a.id), eq(notifications.messageKey, 'stayReportNew')));
    expect(own).toEqual([]);
  });

  it('takes a JPEG, PNG or WebP photo, served to its investor and admins only', async () => {
    const res = await reportWithPhoto(world.a.token, world.stayA, 'Broken window', {
      data: samplePng(),
      name: 'window.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(201);
    const { _id, photo, photoUrl } = res.json().data;
    expect(photo).toMatchObject({ name: 'window.png', type: 'image/png', size: samplePng().length });
    expect(photoUrl).toBe(`/api/stay-reports/${_id}/photo`);

    const own = await get(world.a.token, photoUrl);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(samplePng())).toBe(true);
    expect((await get(ctx.admin.token, photoUrl)).statusCode).toBe(200);
    expect((await get(world.b.token, photoUrl)).statusCode).toBe(404);

    const jpeg = await reportWithPhoto(world.a.token, world.stayA, 'The jetty', {
      data: sampleJpeg(),
      name: 'jetty.jpg',
      type: 'image/jpeg',
    });
    expect(jpeg.statusCode).toBe(201);
    expect(jpeg.json().data.photo.type).toBe('image/jpeg');
    // A report without a photo has none to serve.
    const plain = (await report(world.a.token, world.stayA, 'No photo')).json().data;
    expect((await get(world.a.token, `/api/stay-reports/${plain._id}/photo`)).statusCode).toBe(404);
  });

  it('refuses a missing, blank or too long text with a 400 naming it, and stores nothing', async () => {
    const before = (await ctx.db.select().from(stayReports)).length;
    for (const payload of [{}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(2001) }]) {
      const res = await send(world.a.token, 'POST', `/api/stays/${world.stayA}/reports`, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().fields.text).toMatch(/^Text /);
    }
    const longest = await report(world.a.token, world.stayA, 'y'.repeat(2000));
    expect(longest.statusCode).toBe(201);
    expect((await ctx.db.select().from(stayReports)).length).toBe(before + 1);
  });

  it('refuses a photo of another type, or disguised, or too large, and keeps no file of it', async () => {
    const filesBefore = uploads();
    const refused = [
      { data: await samplePdf('Invoice'), name: 'invoice.pdf', type: 'application/pdf' },
      { data: sampleGif(), name: 'pixel.gif', type: 'image/gif' },
      { data: sampleHtml(), name: 'photo.jpg', type: 'image/jpeg' },
    ];
    for (const photo of refused) {
      const res = await reportWithPhoto(world.a.token, world.stayA, 'Look at this', photo);
      expect(res.statusCode, photo.name).toBe(400);
      expect(res.json().message).toMatch(/photo|valid JPG/);
    }
    const pdf = await reportWithPhoto(world.a.token, world.stayA, 'Look at this', refused[0]!);
    expect(pdf.json().code).toBe('documents.unsupported_photo');
    // The photo is the part named `photo`.
    const misnamed = await reportWithPhoto(world.a.token, world.stayA, 'Look at this', {
      data: samplePng(),
      name: 'window.png',
      field: 'file',
    });
    expect(misnamed.statusCode).toBe(400);
    const big = Buffer.concat([sampleJpeg(), Buffer.alloc(ctx.deps.config.uploadMaxBytes)]);
    const tooLarge = await reportWithPhoto(world.a.token, world.stayA, 'Huge', {
      data: big,
      name: 'huge.jpg',
      type: 'image/jpeg',
    });
    expect(tooLarge.statusCode).toBe(413);
    // A good photo on a stay that is not the investor's is stored first, then removed with the 404.
    const elsewhere = await reportWithPhoto(world.a.token, world.stayB, 'Not mine', {
      data: samplePng(),
      name: 'window.png',
      type: 'image/png',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(uploads()).toEqual(filesBefore);
  });

  it("another investor's stay, report or photo is a 404; a stay not approved is a 409 naming its status", async () => {
    const ofB = (await report(world.b.token, world.stayB, 'Leaking tap')).json().data;
    expect((await report(world.a.token, world.stayB, 'Not mine')).statusCode).toBe(404);
    const list = await get(world.a.token, `/api/stays/${world.stayB}/reports`);
    expect(list.statusCode).toBe(404);
    expect(list.body).not.toContain('Leaking tap');
    // B's list holds B's report only; A's own list never shows it.
    const listB = (await get(world.b.token, `/api/stays/${world.stayB}/reports`)).json().data;
    expect(listB.map((r: { _id: string }) => r._id)).toEqual([ofB._id]);
    const listA = (await get(world.a.token, `/api/stays/${world.stayA}/reports`)).json().data;
    expect(listA.map((r: { _id: string }) => r._id)).not.toContain(ofB._id);
    const photoOfB = await reportWithPhoto(world.b.token, world.stayB, 'Mould', {
      data: samplePng(),
      name: 'mould.png',
      type: 'image/png',
    });
    expect((await get(world.a.token, photoOfB.json().data.photoUrl)).statusCode).toBe(404);
    expect((await get(world.a.token, `/api/stays/${crypto.randomUUID()}/reports`)).statusCode).toBe(404);

    for (const [stay, status] of [
      [world.pendingA, 'pending'],
      [world.declinedA, 'declined'],
      [world.cancelledA, 'cancelled'],
    ] as const) {
      const res = await report(world.a.token, stay, 'Too early');
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toMatchObject({ code: 'stays.report_not_approved', params: { status } });
    }
  });
});

describe("the admins' inbox", () => {
  it('lists the reports newest first with investor, project, cabins, stay dates, text and photo', async () => {
    const first = (await report(world.a.token, world.stayA, 'Inbox: first')).json().data;
    const second = (
      await reportWithPhoto(world.b.token, world.stayB, 'Inbox: second', {
        data: samplePng(),
        name: 'second.png',
        type: 'image/png',
      })
    ).json().data;
    const res = await get(ctx.admin.token, '/api/admin/stay-reports?pageSize=200');
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json().data;
    expect(total).toBe(items.length);
    const ids = items.map((r: { _id: string }) => r._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    const created = items.map((r: { createdAt: string }) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(items.find((r: { _id: string }) => r._id === second._id)).toMatchObject({
      text: 'Inbox: second',
      status: 'new',
      user: { _id: world.b.id, name: world.b.name, email: world.b.email },
      project: { _id: world.project.id, name: 'Aurora Lakeside Cabins' },
      nights: days(40, 2),
      cabins: [expect.stringMatching(/^Cabin /)],
      photoUrl: `/api/stay-reports/${second._id}/photo`,
    });
  });

  it('moves a report along: filtered by status, audited, its investor notified in their language', async () => {
    const { _id } = (await report(world.a.token, world.stayA, 'The hot tub is cold')).json().data;
    const moved = await send(ctx.admin.token, 'PATCH', `/api/admin/stay-reports/${_id}`, {
      status: 'in_progress',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ _id, status: 'in_progress', user: { _id: world.a.id } });

    const inProgress = (await get(ctx.admin.token, '/api/admin/stay-reports?status=in_progress')).json().data;
    expect(inProgress.items.map((r: { _id: string }) => r._id)).toEqual([_id]);
    const fresh = (await get(ctx.admin.token, '/api/admin/stay-reports?status=new&pageSize=200')).json().data;
    expect(fresh.items.every((r: { status: string }) => r.status === 'new')).toBe(true);
    expect(fresh.items.map((r: { _id: string }) => r._id)).not.toContain(_id);
    // The investor sees the status on their stay.
    const mine = (await get(world.a.token, `/api/stays/${world.stayA}/reports`)).json().data;
    expect(mine.find((r: { _id: string }) => r._id === _id).status).toBe('in_progress');

    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'stay_report'), eq(auditLog.entityId, _id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actorId: ctx.admin.id,
      action: 'update',
      details: { status: 'in_progress', from: 'new', userId: world.a.id, projectId: world.project.id },
    });
    const auditPage = (await get(ctx.admin.token, '/api/admin/audit?entity=stay_report')).json().data;
    expect(auditPage[0]).toMatchObject({
      subject: { name: world.a.name },
      project: { name: world.project.name },
    });

    // A is German: the notice reads in German, linked to the stay's Perks page.
    const bell = await get(world.a.token, '/api/notifications');
    const notice = bell
      .json()
      .data.notifications.find((n: { title: string }) => n.title === 'Ihre Problemmeldung wird bearbeitet');
    expect(notice).toMatchObject({ link: `/perks?project=${world.project.id}` });
    expect(notice.message).toContain('Aurora Lakeside Cabins');

    // The same status again changes nothing: no second audit entry, no second notice.
    const count = async () =>
      (await ctx.db.select().from(notifications).where(eq(notifications.userId, world.a.id))).length;
    const noticesBefore = await count();
    const again = await send(ctx.admin.token, 'PATCH', `/api/admin/stay-reports/${_id}`, {
      status: 'in_progress',
    });
    expect(again.statusCode).toBe(200);
    expect(await count()).toBe(noticesBefore);
    const done = await send(ctx.admin.token, 'PATCH', `/api/admin/stay-reports/${_id}`, { status: 'done' });
    expect(done.json().data.status).toBe('done');
    expect(await count()).toBe(noticesBefore + 1);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'stay_report'), eq(auditLog.entityId, _id)));
    expect(entries).toHaveLength(2);
  });

  it('refuses an unknown status (400) and an unknown report (404)', async () => {
    const { _id } = (await report(world.a.token, world.stayA, 'Status check')).json().data;
    const bad = await send(ctx.admin.token, 'PATCH', `/api/admin/stay-reports/${_id}`, { status: 'closed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/status must be one of new, in_progress, done/i);
    const badFilter = await get(ctx.admin.token, '/api/admin/stay-reports?status=closed');
    expect(badFilter.statusCode).toBe(400);
    const missing = await send(ctx.admin.token, 'PATCH', `/api/admin/stay-reports/${crypto.randomUUID()}`, {
      status: 'done',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is for admins only: an investor gets a 403 and changes nothing', async () => {
    const { _id } = (await report(world.a.token, world.stayA, 'Admins only')).json().data;
    expect((await get(world.a.token, '/api/admin/stay-reports')).statusCode).toBe(403);
    const patch = await send(world.a.token, 'PATCH', `/api/admin/stay-reports/${_id}`, { status: 'done' });
    expect(patch.statusCode).toBe(403);
    const [row] = await ctx.db.select().from(stayReports).where(eq(stayReports.id, _id));
    expect(row!.status).toBe('new');
  });
});
