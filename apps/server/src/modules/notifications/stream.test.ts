import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createAdmin,
  createInvestment,
  createProject,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers';
import { connectSse, type SseConnection } from '../../../test/sse-client';
import { notifyUsers } from './notify';

/** The live stream through a real socket, on PGlite (in-process signals) and on PostgreSQL (LISTEN). */

let ctx: TestContext;
let base: string;
let adminToken: string;
let emma: TestUser;
let emmaToken: string;
let lukas: TestUser;
let lukasToken: string;
let closed = false;
const open: SseConnection[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await createAdmin(ctx.db);
  emma = await createUser(ctx.db, { name: 'Emma Stream' });
  lukas = await createUser(ctx.db, { name: 'Lukas Stream' });
  adminToken = await ctx.signIn(admin);
  emmaToken = await ctx.signIn(emma);
  lukasToken = await ctx.signIn(lukas);
});
afterAll(async () => {
  open.forEach((c) => c.close());
  if (!closed) await ctx.close();
});

async function ticketFor(token: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/notifications/stream/ticket',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.ticket;
}

async function stream(token: string): Promise<SseConnection> {
  const conn = await connectSse(`${base}/api/notifications/stream?ticket=${await ticketFor(token)}`);
  open.push(conn);
  expect(conn.status).toBe(200);
  await conn.next('ready');
  return conn;
}

const sendAsAdmin = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/notifications/send', headers: bearer(adminToken), payload });

describe('GET /api/notifications/stream', () => {
  it('opens with a ticket: event-stream headers, security headers, a ready event with the session end', async () => {
    const ticket = await ticketFor(emmaToken);
    const conn = await connectSse(`${base}/api/notifications/stream?ticket=${ticket}`);
    open.push(conn);
    expect(conn.status).toBe(200);
    expect(conn.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(conn.headers['cache-control']).toBe('no-store');
    expect(conn.headers['x-content-type-options']).toBe('nosniff');
    expect(conn.headers['content-encoding']).toBeUndefined();
    const ready = await conn.next('ready');
    const { expiresAt } = JSON.parse(ready.data);
    const exp = JSON.parse(Buffer.from(emmaToken.split('.')[1]!, 'base64url').toString()).exp;
    expect(new Date(expiresAt).getTime()).toBe(exp * 1000);
    conn.close();

    // The ticket was spent by the first stream.
    const again = await connectSse(`${base}/api/notifications/stream?ticket=${ticket}`);
    expect(again.status).toBe(401);
  });

  it('delivers a notification to its recipient within a second, and to nobody else', async () => {
    const emmaTab = await stream(emmaToken);
    const emmaOtherTab = await stream(emmaToken);
    const lukasTab = await stream(lukasToken);

    const t0 = performance.now();
    const res = await sendAsAdmin({
      title: 'Live one',
      message: 'Straight to Emma',
      type: 'success',
      userIds: [emma.id],
    });
    expect(res.statusCode).toBe(200);
    const event = await emmaTab.next('notification', 1_000);
    expect(event.at - t0).toBeLessThan(1_000);
    const item = JSON.parse(event.data);
    expect(item).toEqual({
      _id: expect.any(String),
      title: 'Live one',
      message: 'Straight to Emma',
      type: 'success',
      read: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(event.id).toBe(item._id);
    expect(JSON.parse((await emmaOtherTab.next('notification', 1_000)).data)._id).toBe(item._id);

    // Lukas's first notification is the one meant for him, not Emma's.
    await sendAsAdmin({ title: 'For Lukas', message: 'M', userIds: [lukas.id] });
    expect(JSON.parse((await lukasTab.next('notification', 1_000)).data).title).toBe('For Lukas');
    expect(emmaTab.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    emmaTab.close();
    emmaOtherTab.close();
    lukasTab.close();
  });

  it('delivers a broadcast to every connected user; the sender’s own copy reloads their bell without a toast', async () => {
    const [a, b, sender] = [await stream(emmaToken), await stream(lukasToken), await stream(adminToken)];
    await sendAsAdmin({ title: 'Everyone live', message: 'M' });
    expect(JSON.parse((await a.next('notification', 1_000)).data).title).toBe('Everyone live');
    expect(JSON.parse((await b.next('notification', 1_000)).data).title).toBe('Everyone live');
    // The admin gets the broadcast too (their bell reloads), but no notification event to toast.
    await sender.next('sync', 1_000);
    expect(sender.events.filter((e) => e.event === 'notification')).toEqual([]);
    a.close();
    b.close();
    sender.close();
  });

  it("delivers what other modules notify: a new update reaches the project's investors live", async () => {
    const project = await createProject(ctx.db, { name: 'Live Lake Cabins' });
    await createInvestment(ctx.db, emma.id, project.id);
    const [emmaTab, lukasTab] = [await stream(emmaToken), await stream(lukasToken)];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/updates',
      headers: bearer(adminToken),
      payload: { projectId: project.id, title: 'Sauna finished', excerpt: 'The lakeside sauna is ready.' },
    });
    expect(res.statusCode).toBe(201);
    const item = JSON.parse((await emmaTab.next('notification', 1_000)).data);
    expect(item).toMatchObject({
      title: 'New update: Sauna finished',
      message: 'The lakeside sauna is ready.',
    });
    // Lukas holds nothing in the project.
    await expect(lukasTab.next('notification', 300)).rejects.toThrow(/no 'notification' event/);
    emmaTab.close();
    lukasTab.close();
  });

  it('tells nobody about a notification until its transaction commits, and never after a rollback', async () => {
    const conn = await stream(emmaToken);
    await ctx.db
      .transaction(async (tx) => {
        await notifyUsers(tx, [emma.id], { title: 'Never', message: 'rolled back' });
        throw new Error('rollback');
      })
      .catch(() => {});
    let release!: () => void;
    const committed = ctx.db.transaction(async (tx) => {
      await notifyUsers(tx, [emma.id], { title: 'After commit', message: 'M' });
      await new Promise<void>((r) => (release = r));
    });
    await expect(conn.next('notification', 300)).rejects.toThrow(/no 'notification' event/);
    release();
    await committed;
    const event = await conn.next('notification', 1_000);
    expect(JSON.parse(event.data).title).toBe('After commit');
    conn.close();
  });

  it('tells the other tabs to reload when a notification is read or deleted, also by an admin', async () => {
    const conn = await stream(emmaToken);
    await sendAsAdmin({ title: 'To be read', message: 'M', userIds: [emma.id] });
    const id = JSON.parse((await conn.next('notification', 1_000)).data)._id;
    await ctx.app.inject({ method: 'PUT', url: `/api/notifications/${id}/read`, headers: bearer(emmaToken) });
    await conn.next('sync', 1_000);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/notifications/admin/${id}`,
      headers: bearer(adminToken),
    });
    await conn.next('sync', 1_000);
    conn.close();
  });

  it('refuses a ticket of a sign-in that has since ended', async () => {
    const user = await createUser(ctx.db);
    const session = await login(ctx.app, user.email, user.password);
    const ticket = await ticketFor(session.accessToken);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(session.accessToken),
      payload: { refreshToken: session.refreshToken },
    });
    const conn = await connectSse(`${base}/api/notifications/stream?ticket=${ticket}`);
    expect(conn.status).toBe(401);
  });

  describe('ends a stream at once when its sign-in ends, and delivers nothing after', () => {
    const STRONG_PASSWORD = 'Larch-Harbour-2931!';

    /** The stream says why it ends, within `ms` of `since`, and closes; nothing follows the bye. */
    async function expectEnded(conn: SseConnection, since: number, ms = 1_000) {
      const bye = await conn.next('bye', ms);
      expect(JSON.parse(bye.data)).toEqual({ reason: 'ended' });
      expect(bye.at - since).toBeLessThan(ms);
      await conn.ended;
      return conn.events.length;
    }

    /** Sends the user a notification that `witness` (a stream still allowed) receives. */
    async function sendTo(user: TestUser, witness: SseConnection) {
      const res = await sendAsAdmin({ title: 'After the end', message: 'M', userIds: [user.id] });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse((await witness.next('notification', 1_000)).data).title).toBe('After the end');
    }

    it("logout ends that sign-in's streams; another sign-in's stream goes on, and so do signed-in writes", async () => {
      const user = await createUser(ctx.db);
      const phone = await login(ctx.app, user.email, user.password);
      const laptop = await login(ctx.app, user.email, user.password);
      const [phoneTab, phoneOtherTab, laptopTab] = [
        await stream(phone.accessToken),
        await stream(phone.accessToken),
        await stream(laptop.accessToken),
      ];
      // Changes to the user's rows that end nothing: a new sign-in, a token refresh.
      const tablet = await login(ctx.app, user.email, user.password);
      const refreshed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: tablet.refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);

      const t0 = performance.now();
      const out = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(phone.accessToken),
        payload: { refreshToken: phone.refreshToken },
      });
      expect(out.statusCode).toBe(200);
      const seen = [await expectEnded(phoneTab, t0), await expectEnded(phoneOtherTab, t0)];
      await sendTo(user, laptopTab);
      expect([phoneTab.events.length, phoneOtherTab.events.length]).toEqual(seen);
      expect(laptopTab.events.map((e) => e.event)).not.toContain('bye');
      laptopTab.close();
    });

    it('a password change ends the streams of every other sign-in; the one that changed it goes on', async () => {
      const user = await createUser(ctx.db);
      const here = await login(ctx.app, user.email, user.password);
      const elsewhere = await login(ctx.app, user.email, user.password);
      const [hereTab, elsewhereTab] = [await stream(here.accessToken), await stream(elsewhere.accessToken)];
      const t0 = performance.now();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: bearer(here.accessToken),
        payload: { currentPassword: user.password, newPassword: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const seen = await expectEnded(elsewhereTab, t0);
      // The sign-in that changed the password is still allowed everywhere, its stream included.
      await sendTo(user, hereTab);
      expect(elsewhereTab.events.length).toBe(seen);
      hereTab.close();
    });

    it.each([
      ['deactivation', (id: string) => ({ method: 'POST' as const, url: `/api/users/${id}/deactivate` })],
      ['deletion', (id: string) => ({ method: 'DELETE' as const, url: `/api/users/${id}` })],
    ])('%s by an admin ends every stream of the user', async (_, request) => {
      const user = await createUser(ctx.db);
      const one = await login(ctx.app, user.email, user.password);
      const two = await login(ctx.app, user.email, user.password);
      const tabs = [
        await stream(one.accessToken),
        await stream(one.accessToken),
        await stream(two.accessToken),
      ];
      const bystander = await stream(lukasToken);
      const t0 = performance.now();
      const res = await ctx.app.inject({ ...request(user.id), headers: bearer(adminToken) });
      expect(res.statusCode).toBe(200);
      const seen = await Promise.all(tabs.map((t) => expectEnded(t, t0)));
      // A broadcast now: the bystander receives it, the ended streams nothing.
      await sendAsAdmin({ title: 'After the end', message: 'M' });
      expect(JSON.parse((await bystander.next('notification', 1_000)).data).title).toBe('After the end');
      expect(tabs.map((t) => t.events.length)).toEqual(seen);
      expect(bystander.events.map((e) => e.event)).not.toContain('bye');
      bystander.close();
    });
  });

  it('ends the stream when the access token that opened it expires', async () => {
    const sid = crypto.randomUUID();
    const now = Math.floor(Date.now() / 1000);
    // A token issued 14 min 58 s ago: it expires in two seconds.
    const shortLived = await ctx.deps.signer.signAccess(
      { sub: lukas.id, sid, isAdmin: false },
      now - 15 * 60 + 2,
    );
    const conn = await stream(shortLived);
    const bye = await conn.next('bye', 4_000);
    expect(JSON.parse(bye.data)).toEqual({ reason: 'expired' });
    await conn.ended;
  });

  it('lets one user hold at most ten streams on an instance', async () => {
    const user = await createUser(ctx.db);
    const token = await ctx.signIn(user);
    const conns = [];
    for (let i = 0; i < 10; i++) conns.push(await stream(token));
    const eleventh = await connectSse(`${base}/api/notifications/stream?ticket=${await ticketFor(token)}`);
    expect(eleventh.status).toBe(429);
    conns[0]!.close();
    await conns[0]!.ended;
    // The slot is given back once the server has seen the close.
    await expect
      .poll(async () => {
        const c = await connectSse(`${base}/api/notifications/stream?ticket=${await ticketFor(token)}`);
        open.push(c);
        return c.status;
      })
      .toBe(200);
  });

  it('does not hold up a graceful shutdown: open streams are told and closed', async () => {
    const a = await stream(emmaToken);
    const b = await stream(lukasToken);
    const t0 = performance.now();
    closed = true;
    open.forEach((c) => c !== a && c !== b && c.close());
    await ctx.app.close();
    expect(performance.now() - t0).toBeLessThan(1_000);
    await ctx.close();
    expect(JSON.parse((await a.next('bye', 1_000)).data)).toEqual({ reason: 'shutdown' });
    expect(JSON.parse((await b.next('bye', 1_000)).data)).toEqual({ reason: 'shutdown' });
    await Promise.all([a.ended, b.ended]);
  });
});
