import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { auditLog, notificationCount, notifications, users } from '../../db/schema';
import {
  bearer,
  countQueries,
  createAdmin,
  createUser,
  type TestUser,
  useTestApp,
} from '../../../test/helpers';
import { notifyUsers } from './notify';

const ctx = useTestApp();
let admin: TestUser;
let adminToken: string;
let emma: TestUser;
let emmaToken: string;
let lukas: TestUser;
let lukasToken: string;

beforeAll(async () => {
  admin = await createAdmin(ctx.db, { name: 'Ada Admin' });
  emma = await createUser(ctx.db, { name: 'Emma Investor' });
  lukas = await createUser(ctx.db, { name: 'Lukas Investor' });
  adminToken = await ctx.signIn(admin);
  emmaToken = await ctx.signIn(emma);
  lukasToken = await ctx.signIn(lukas);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function seed(userId: string, title: string, at: string, read = false) {
  const [row] = await ctx.db
    .insert(notifications)
    .values({ userId, title, message: `${title} message`, type: 'info', read, createdAt: new Date(at) })
    .returning({ id: notifications.id });
  return row!.id;
}

const rowsTitled = (title: string) =>
  ctx.db
    .select({ userId: notifications.userId, read: notifications.read, createdBy: notifications.createdBy })
    .from(notifications)
    .where(eq(notifications.title, title));

describe('GET /api/notifications', () => {
  it('needs a signed-in user', async () => {
    const res = await call('GET', '/api/notifications');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: 'Authentication required' });
  });

  it("answers the user's own notifications, newest first, with the unread count", async () => {
    const user = await createUser(ctx.db);
    const token = await ctx.signIn(user);
    const older = await seed(user.id, 'Older', '2026-01-01T10:00:00Z', true);
    const newer = await seed(user.id, 'Newer', '2026-03-01T10:00:00Z');
    const middle = await seed(user.id, 'Middle', '2026-02-01T10:00:00Z');
    await seed(lukas.id, 'Not yours', '2026-04-01T10:00:00Z');

    const res = await call('GET', '/api/notifications', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.unreadCount).toBe(2);
    expect(body.data.notifications.map((n: { _id: string }) => n._id)).toEqual([newer, middle, older]);
    expect(body.data.notifications[0]).toEqual({
      _id: newer,
      title: 'Newer',
      message: 'Newer message',
      type: 'info',
      read: false,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
  });

  it('shows the newest 50 but counts every unread one, in one query', async () => {
    const user = await createUser(ctx.db);
    const token = await ctx.signIn(user);
    await ctx.db.insert(notifications).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: user.id,
        title: `N${i}`,
        message: 'm',
        read: i % 2 === 0,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    let res!: Awaited<ReturnType<typeof call>>;
    // One to authenticate, one for the list and its count.
    expect(await countQueries(ctx, async () => (res = await call('GET', '/api/notifications', token)))).toBe(
      2,
    );
    const { notifications: list, unreadCount } = res.json().data;
    expect(list).toHaveLength(50);
    expect(list[0].title).toBe('N59');
    expect(unreadCount).toBe(30);
  });

  it('answers an empty list and a zero count for a user without notifications', async () => {
    const user = await createUser(ctx.db);
    const token = await ctx.signIn(user);
    const res = await call('GET', '/api/notifications', token);
    expect(res.json()).toEqual({ success: true, data: { notifications: [], unreadCount: 0 } });
  });
});

describe('PUT /api/notifications/{id}/read and read-all', () => {
  it('marks the user’s own notification read', async () => {
    const id = await seed(emma.id, 'Read me', '2026-05-01T10:00:00Z');
    const res = await call('PUT', `/api/notifications/${id}/read`, emmaToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { notification: { _id: id, read: true } } });
    const again = await call('PUT', `/api/notifications/${id}/read`, emmaToken);
    expect(again.statusCode).toBe(200);
  });

  it("answers 404 for someone else's notification and leaves it unread", async () => {
    const id = await seed(lukas.id, 'Lukas only', '2026-05-01T10:00:00Z');
    const res = await call('PUT', `/api/notifications/${id}/read`, emmaToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: 'Notification not found',
      error: 'Notification not found',
      code: 'common.not_found',
    });
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row!.read).toBe(false);
  });

  it('answers 400 naming the id when it is not an id', async () => {
    const res = await call('PUT', '/api/notifications/not-an-id/read', emmaToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/id/);
  });

  it('marks all of the user’s unread notifications read, nobody else’s', async () => {
    const user = await createUser(ctx.db);
    const token = await ctx.signIn(user);
    await seed(user.id, 'A', '2026-05-01T10:00:00Z');
    await seed(user.id, 'B', '2026-05-02T10:00:00Z');
    await seed(user.id, 'C', '2026-05-03T10:00:00Z', true);
    const other = await seed(lukas.id, 'Still unread', '2026-05-01T10:00:00Z');
    const res = await call('PUT', '/api/notifications/read-all', token);
    expect(res.json()).toMatchObject({ success: true, data: { updated: 2 } });
    expect((await call('GET', '/api/notifications', token)).json().data.unreadCount).toBe(0);
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, other));
    expect(row!.read).toBe(false);
  });
});

describe('DELETE /api/notifications/{id}', () => {
  it('deletes the user’s own notification', async () => {
    const id = await seed(emma.id, 'Delete me', '2026-05-01T10:00:00Z');
    const res = await call('DELETE', `/api/notifications/${id}`, emmaToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { _id: id }, message: 'Notification deleted' });
    expect(await ctx.db.select().from(notifications).where(eq(notifications.id, id))).toHaveLength(0);
    expect((await call('DELETE', `/api/notifications/${id}`, emmaToken)).statusCode).toBe(404);
  });

  it("answers 404 for someone else's notification and keeps it", async () => {
    const id = await seed(lukas.id, 'Keep me', '2026-05-01T10:00:00Z');
    const res = await call('DELETE', `/api/notifications/${id}`, emmaToken);
    expect(res.statusCode).toBe(404);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.id, id))).toHaveLength(1);
  });
});

describe('POST /api/notifications/send', () => {
  const send = (payload: unknown, token = adminToken) =>
    call('POST', '/api/notifications/send', token, payload);

  it('is for admins only', async () => {
    const res = await send({ title: 'Hi', message: 'There' }, emmaToken);
    expect(res.statusCode).toBe(403);
    expect(await rowsTitled('Hi')).toHaveLength(0);
    expect((await send({ title: 'Hi', message: 'There' }, '')).statusCode).toBe(401);
  });

  it.each([
    [{ message: 'no title' }],
    [{ title: 'no message' }],
    [{ title: '   ', message: 'blank title' }],
    [{ title: 'blank message', message: '' }],
  ])('refuses %j with "Title and message are required"', async (payload) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Title and message are required',
      error: 'Title and message are required',
      code: 'common.validation',
      fields: expect.objectContaining({}),
      fieldCodes: expect.objectContaining({}),
    });
    expect(Object.values(res.json().fields)).toContain('Title and message are required');
    expect(Object.values(res.json().fieldCodes)).toContainEqual({ code: 'validation.notification_required' });
  });

  it('refuses an unknown type, an over-long title and an empty recipient list', async () => {
    const type = await send({ title: 'T', message: 'M', type: 'urgent' });
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toMatch(/Type must be one of info, success, warning, error/);
    const long = await send({ title: 'x'.repeat(201), message: 'M' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/Title must be at most 200 characters/);
    const none = await send({ title: 'T', message: 'M', userIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/Choose at least one recipient/);
    const bad = await send({ title: 'T', message: 'M', userIds: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/User IDs/);
  });

  it.each([
    'https://evil.example/login',
    '//evil.example/login',
    '/\\evil.example/login',
    'javascript:alert(1)',
    'perks',
    '/perks\nSet-Cookie: x',
    `/${'a'.repeat(500)}`,
  ])('refuses the link %j: only a path in this app, and writes nothing', async (link) => {
    const res = await send({ title: 'Linked away', message: 'M', link, userIds: [emma.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Link must be a path in this portal/);
    expect(await rowsTitled('Linked away')).toHaveLength(0);
  });

  it('keeps a link to a path in this app and gives it with the notification; an empty one is none', async () => {
    const res = await send({
      title: 'Linked here',
      message: 'Your stay',
      link: ' /perks?project=abc#requests ',
      userIds: [emma.id],
    });
    expect(res.statusCode).toBe(200);
    const plain = await send({ title: 'Not linked', message: 'M', link: '', userIds: [emma.id] });
    expect(plain.statusCode).toBe(200);
    const { notifications: list } = (await call('GET', '/api/notifications', emmaToken)).json().data;
    const byTitle = (t: string) => list.find((n: { title: string }) => n.title === t);
    expect(byTitle('Linked here')).toMatchObject({ link: '/perks?project=abc#requests' });
    expect(byTitle('Not linked')).not.toHaveProperty('link');
  });

  it('sends to every active user, the sender included, when userIds is left out, in constant queries', async () => {
    const inactive = await createUser(ctx.db, { isActive: false });
    const otherAdmin = await createAdmin(ctx.db);
    // Every active user (docs/product.md §15.9: userIds omitted means all users), the sending admin too.
    const activeUsers = (await ctx.db.select({ id: users.id }).from(users).where(eq(users.isActive, true)))
      .length;

    let res!: Awaited<ReturnType<typeof send>>;
    const queries = await countQueries(ctx, async () => {
      res = await send({ title: 'Broadcast one', message: 'To everyone', type: 'success' });
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Notification sent successfully!',
      data: { sent: activeUsers, skippedInactive: 0 },
    });
    const rows = await rowsTitled('Broadcast one');
    expect(rows).toHaveLength(activeUsers);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(activeUsers);
    expect(rows.map((r) => r.userId)).toEqual(
      expect.arrayContaining([admin.id, otherAdmin.id, emma.id, lukas.id]),
    );
    expect(rows.map((r) => r.userId)).not.toContain(inactive.id);
    expect(rows.every((r) => !r.read && r.createdBy === admin.id)).toBe(true);

    // Twenty more users do not add a single query: the fan-out is one statement.
    for (let i = 0; i < 20; i++) await createUser(ctx.db);
    let res2!: Awaited<ReturnType<typeof send>>;
    expect(
      await countQueries(ctx, async () => {
        res2 = await send({ title: 'Broadcast two', message: 'To everyone' });
      }),
    ).toBe(queries);
    expect(res2.json().data.sent).toBe(activeUsers + 20);
  });

  it('sends only to the chosen users, once each, and records who sent it', async () => {
    const res = await send({
      title: 'Chosen ones',
      message: 'Just you two',
      type: 'warning',
      userIds: [emma.id, lukas.id, emma.id, admin.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ sent: 3, skippedInactive: 0 });
    const rows = await rowsTitled('Chosen ones');
    // An admin who chooses themselves gets it too.
    expect(rows.map((r) => r.userId).sort()).toEqual([emma.id, lukas.id, admin.id].sort());
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'notification'), eq(auditLog.entityId, res.json().data.batchId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, action: 'send' });
  });

  it('skips chosen users who are inactive and says how many', async () => {
    const off = await createUser(ctx.db, { isActive: false });
    const res = await send({ title: 'Some inactive', message: 'M', userIds: [emma.id, off.id] });
    expect(res.json().data).toMatchObject({ sent: 1, skippedInactive: 1 });
    const none = await send({ title: 'All inactive', message: 'M', userIds: [off.id] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: 'None of the chosen users is active, so nobody would receive it',
      code: 'notifications.none_active',
    });
    expect(await rowsTitled('All inactive')).toHaveLength(0);
  });

  it('refuses unknown user ids and writes nothing', async () => {
    const ghost = crypto.randomUUID();
    const res = await send({ title: 'Ghost', message: 'M', userIds: [emma.id, ghost] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: `userIds: no user has the id ${ghost}`,
      code: 'notifications.unknown_user',
      params: { ids: ghost },
    });
    const ghosts = Array.from({ length: 5 }, () => crypto.randomUUID());
    const many = await send({ title: 'Ghost', message: 'M', userIds: ghosts });
    const shown = ghosts.slice(0, 3).join(', ');
    expect(many.json()).toMatchObject({
      message: `userIds: no users have the ids ${shown} and 2 more`,
      code: 'notifications.unknown_users_more',
      params: { ids: shown, count: 2 },
    });
    const two = await send({ title: 'Ghost', message: 'M', userIds: ghosts.slice(0, 2) });
    expect(two.json()).toMatchObject({
      message: `userIds: no users have the ids ${ghosts.slice(0, 2).join(', ')}`,
      code: 'notifications.unknown_users',
    });
    expect(await rowsTitled('Ghost')).toHaveLength(0);
  });
});

describe('GET /api/notifications/admin/all', () => {
  it('is for admins only', async () => {
    expect((await call('GET', '/api/notifications/admin/all', emmaToken)).statusCode).toBe(403);
  });

  it('pages every user’s notifications, newest first, with the recipient populated', async () => {
    const recipient = await createUser(ctx.db, { name: 'Paula Paged' });
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push(await seed(recipient.id, `Paged ${i}`, `2030-01-0${i + 1}T10:00:00Z`, i === 0));
    const res = await call('GET', '/api/notifications/admin/all?pageSize=2', adminToken);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.pagination).toMatchObject({ page: 1, pageSize: 2 });
    expect(data.pagination.total).toBeGreaterThanOrEqual(3);
    expect(data.pagination.totalPages).toBe(Math.ceil(data.pagination.total / 2));
    expect(data.notifications.map((n: { _id: string }) => n._id)).toEqual([ids[2], ids[1]]);
    expect(data.notifications[0]).toEqual({
      _id: ids[2],
      title: 'Paged 2',
      message: 'Paged 2 message',
      type: 'info',
      read: false,
      createdAt: '2030-01-03T10:00:00.000Z',
      userId: { _id: recipient.id, name: 'Paula Paged', email: recipient.email },
    });
    const page2 = (await call('GET', '/api/notifications/admin/all?pageSize=2&page=2', adminToken)).json()
      .data;
    expect(page2.notifications[0]).toMatchObject({ _id: ids[0], read: true });
    const bad = await call('GET', '/api/notifications/admin/all?pageSize=500', adminToken);
    expect(bad.statusCode).toBe(400);
  });

  it('answers the exact total, kept by the database, through sends and deletes of every kind', async () => {
    const total = async () => {
      const res = await call('GET', '/api/notifications/admin/all?pageSize=1', adminToken);
      expect(res.statusCode).toBe(200);
      return res.json().data.pagination.total as number;
    };
    const counted = async () => (await ctx.db.select({ n: count() }).from(notifications))[0]!.n;
    expect(await total()).toBe(await counted());
    const before = await counted();

    const sent = (
      await call('POST', '/api/notifications/send', adminToken, { title: 'Counted', message: 'M' })
    ).json().data.sent as number;
    expect(await total()).toBe(before + sent);
    const leaving = await createUser(ctx.db);
    await notifyUsers(ctx.db, [leaving.id, emma.id, lukas.id], { title: 'Counted', message: 'M' });
    const [mine] = await ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, emma.id), eq(notifications.title, 'Counted')))
      .limit(1);
    expect((await call('DELETE', `/api/notifications/${mine!.id}`, emmaToken)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/users/${leaving.id}`, adminToken)).statusCode).toBe(200);
    expect(await total()).toBe(await counted());
    expect(await total()).toBe(before + sent + 3 - 2);
  });

  it('counts a transaction of several statements in one row of the kept total, so that two never wait for each other', async () => {
    const slots = async (db: Pick<typeof ctx.db, 'select'>) =>
      new Map((await db.select().from(notificationCount)).map((r) => [r.slot, Number(r.n)]));
    const before = await slots(ctx.db);
    const changed = await ctx.db.transaction(async (tx) => {
      // As a broadcast writes its recipients: several statements in one transaction.
      for (let i = 0; i < 5; i++) await notifyUsers(tx, [emma.id], { title: `Slot ${i}`, message: 'M' });
      const after = await slots(tx);
      return [...after].filter(([slot, n]) => n !== (before.get(slot) ?? 0));
    });
    // With a row picked at random for each statement, five would land in one row once in 4,096 runs.
    expect(changed).toHaveLength(1);
    expect(changed[0]![1] - (before.get(changed[0]![0]) ?? 0)).toBe(5);
  });

  it('reads a page in a constant number of queries', async () => {
    // Authenticate, the page with its recipients, the total.
    expect(
      await countQueries(ctx, () => call('GET', '/api/notifications/admin/all?pageSize=100', adminToken)),
    ).toBe(3);
  });
});

describe('DELETE /api/notifications/admin/{id}', () => {
  it('lets an admin delete anyone’s notification, and records it', async () => {
    const id = await seed(lukas.id, 'Admin removes', '2026-05-01T10:00:00Z');
    expect((await call('DELETE', `/api/notifications/admin/${id}`, emmaToken)).statusCode).toBe(403);
    const res = await call('DELETE', `/api/notifications/admin/${id}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Notification deleted' });
    expect(await ctx.db.select().from(notifications).where(eq(notifications.id, id))).toHaveLength(0);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit[0]).toMatchObject({ action: 'delete', entity: 'notification', actorId: admin.id });
    expect((await call('DELETE', `/api/notifications/admin/${id}`, adminToken)).statusCode).toBe(404);
  });
});

describe('GET /api/notifications/admin/recipients', () => {
  it('finds active users by name or email, for admins only', async () => {
    const zed = await createUser(ctx.db, { name: 'Zed Quillfeather' });
    const byEmail = await createUser(ctx.db, { email: `quillfeather-${Date.now()}@example.test` });
    await createUser(ctx.db, { name: 'Ina Quillfeather', isActive: false });
    expect((await call('GET', '/api/notifications/admin/recipients?q=quill', emmaToken)).statusCode).toBe(
      403,
    );
    const res = await call('GET', '/api/notifications/admin/recipients?q=QUILLfeather', adminToken);
    expect(res.statusCode).toBe(200);
    const { users: found, activeCount } = res.json().data;
    expect(found.map((u: { _id: string }) => u._id).sort()).toEqual([zed.id, byEmail.id].sort());
    expect(found).toContainEqual({ _id: zed.id, name: 'Zed Quillfeather', email: zed.email });
    const active = await ctx.db.select({ id: users.id }).from(users).where(eq(users.isActive, true));
    expect(activeCount).toBe(active.length); // the admin asking included: a send to everyone reaches them
    // LIKE wildcards are matched literally.
    const wild = await call('GET', '/api/notifications/admin/recipients?q=%25', adminToken);
    expect(wild.json().data.users).toEqual([]);
  });
});

describe('notifyUsers (used by other modules)', () => {
  it('writes nothing when the transaction that calls it rolls back', async () => {
    const title = `Rolled back ${Date.now()}`;
    await expect(
      ctx.db.transaction(async (tx) => {
        await notifyUsers(tx, [emma.id], { title, message: 'M' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsTitled(title)).toHaveLength(0);
  });
});

describe('a deleted user', () => {
  it('takes their notifications along (a trigger on users, not a foreign key), nobody else’s', async () => {
    const leaving = await createUser(ctx.db, { name: 'Leaving Investor' });
    const staying = await createUser(ctx.db, { name: 'Staying Investor' });
    const title = `Before leaving ${Date.now()}`;
    await notifyUsers(ctx.db, [leaving.id, staying.id], { title, message: 'M' });
    expect(await rowsTitled(title)).toHaveLength(2);

    const res = await call('DELETE', `/api/users/${leaving.id}`, adminToken);
    expect(res.statusCode).toBe(200);
    const left = await ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.title, title));
    expect(left).toEqual([{ userId: staying.id }]);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, leaving.id))).toEqual([]);

    // Several users in one statement.
    const more = [await createUser(ctx.db), await createUser(ctx.db)];
    await notifyUsers(
      ctx.db,
      more.map((u) => u.id),
      { title, message: 'M' },
    );
    await ctx.db.delete(users).where(
      inArray(
        users.id,
        more.map((u) => u.id),
      ),
    );
    expect(await rowsTitled(title)).toHaveLength(1);
  });
});

describe('POST /api/notifications/stream/ticket', () => {
  it('needs a signed-in user and answers a single-use ticket', async () => {
    expect((await call('POST', '/api/notifications/stream/ticket')).statusCode).toBe(401);
    const res = await call('POST', '/api/notifications/stream/ticket', lukasToken);
    expect(res.statusCode).toBe(200);
    const { ticket, expiresIn } = res.json().data;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresIn).toBe(30);
  });

  it('limits tickets per user, not per address', async () => {
    const busy = await createUser(ctx.db);
    const token = await ctx.signIn(busy);
    for (let i = 0; i < 30; i++)
      expect((await call('POST', '/api/notifications/stream/ticket', token)).statusCode).toBe(200);
    const refused = await call('POST', '/api/notifications/stream/ticket', token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another user from the same address is not affected.
    expect((await call('POST', '/api/notifications/stream/ticket', emmaToken)).statusCode).toBe(200);
  });

  it('refuses a stream without a valid ticket before anything is streamed', async () => {
    const missing = await call('GET', '/api/notifications/stream');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/Ticket/);
    const unknown = await call('GET', `/api/notifications/stream?ticket=${'a'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({
      message: 'The stream ticket is invalid or has expired',
      code: 'notifications.ticket_invalid',
    });
  });
});
