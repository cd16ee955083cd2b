import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, notifications, updateReads, updates } from '../../db/schema';
import {
  bearer,
  countQueries,
  createProject,
  investorIn,
  requestsOf,
  useAdminApp,
} from '../../../test/helpers';
import { createUpdate } from '../../../test/content-factories';

const ctx = useAdminApp();

const { get, send } = requestsOf(ctx);

describe('GET /api/updates', () => {
  it('answers { success, updates } newest first, each with the full shape and isNew for this user', async () => {
    const p = await createProject(ctx.db);
    const older = await createUpdate(ctx.db, p.id, {
      title: 'Older',
      category: 'milestone',
      date: new Date('2026-01-02T08:00:00Z'),
      images: ['/demo/photos/a.jpg'],
    });
    const newer = await createUpdate(ctx.db, p.id, {
      title: 'Newer',
      category: 'financial',
      excerpt: 'Paid',
      content: '<p>Paid <strong>in full</strong></p>',
      date: new Date('2026-03-04T08:00:00Z'),
    });
    const inv = await investorIn(ctx, p.id);
    const res = await get(inv.token, `/api/updates?projectId=${p.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['success', 'updates']);
    expect(body.success).toBe(true);
    expect(body.updates.map((u: { title: string }) => u.title)).toEqual(['Newer', 'Older']);
    expect(body.updates[0]).toEqual({
      _id: newer.id,
      projectId: p.id,
      title: 'Newer',
      category: 'financial',
      excerpt: 'Paid',
      content: '<p>Paid <strong>in full</strong></p>',
      date: '2026-03-04T08:00:00.000Z',
      isNew: true,
      images: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      translatedTo: null,
    });
    expect(body.updates[1]).toMatchObject({ _id: older.id, images: ['/demo/photos/a.jpg'], isNew: true });
  });

  it('needs the project id, and answers 404 for a project the investor does not hold', async () => {
    const mine = await createProject(ctx.db);
    const theirs = await createProject(ctx.db);
    await createUpdate(ctx.db, theirs.id, { title: 'Secret' });
    const inv = await investorIn(ctx, mine.id);
    const missing = await get(inv.token, '/api/updates');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      message: 'Project ID is required',
      error: 'Project ID is required',
      code: 'projects.project_id_required',
    });
    expect((await get(inv.token, '/api/updates?projectId=')).json().message).toBe('Project ID is required');
    expect((await get(inv.token, '/api/updates?projectId=nope')).statusCode).toBe(400);
    const other = await get(inv.token, `/api/updates?projectId=${theirs.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Project not found');
    expect(other.body).not.toContain('Secret');
    expect((await get(inv.token, `/api/updates?projectId=${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/updates?projectId=${mine.id}` })).statusCode,
    ).toBe(401);
  });

  it('lets an admin list the updates of any project', async () => {
    const p = await createProject(ctx.db);
    await createUpdate(ctx.db, p.id, { title: 'For admins too' });
    const res = await get(ctx.admin.token, `/api/updates?projectId=${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().updates.map((u: { title: string }) => u.title)).toEqual(['For admins too']);
  });

  it('uses the same number of queries whatever the number of updates', async () => {
    const p = await createProject(ctx.db);
    const inv = await investorIn(ctx, p.id);
    await createUpdate(ctx.db, p.id);
    const count = async () => {
      return countQueries(ctx, async () => {
        expect((await get(inv.token, `/api/updates?projectId=${p.id}`)).statusCode).toBe(200);
      });
    };
    const one = await count();
    for (let i = 0; i < 5; i++) await createUpdate(ctx.db, p.id);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/updates/${(await createUpdate(ctx.db, p.id)).id}/read`,
      headers: bearer(inv.token),
    });
    expect(await count()).toBe(one);
  });
});

describe('PUT /api/updates/:id/read', () => {
  it('marks the update read for this user only, and reading twice is fine', async () => {
    const p = await createProject(ctx.db);
    const u = await createUpdate(ctx.db, p.id);
    const a = await investorIn(ctx, p.id);
    const b = await investorIn(ctx, p.id);
    const res = await send(a.token, 'PUT', `/api/updates/${u.id}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect((await send(a.token, 'PUT', `/api/updates/${u.id}/read`)).statusCode).toBe(200);
    const isNew = async (token: string) =>
      (await get(token, `/api/updates?projectId=${p.id}`)).json().updates[0].isNew;
    expect(await isNew(a.token)).toBe(false);
    expect(await isNew(b.token)).toBe(true);
    const reads = await ctx.db.select().from(updateReads).where(eq(updateReads.updateId, u.id));
    expect(reads.map((r) => r.userId)).toEqual([a.id]);
  });

  it("answers 404 for an update of someone else's project or one that does not exist", async () => {
    const p = await createProject(ctx.db);
    const u = await createUpdate(ctx.db, p.id);
    const outsider = await investorIn(ctx, (await createProject(ctx.db)).id);
    expect((await send(outsider.token, 'PUT', `/api/updates/${u.id}/read`)).statusCode).toBe(404);
    expect((await send(outsider.token, 'PUT', `/api/updates/${crypto.randomUUID()}/read`)).statusCode).toBe(
      404,
    );
    expect((await send(outsider.token, 'PUT', `/api/updates/not-an-id/read`)).statusCode).toBe(400);
    expect(await ctx.db.select().from(updateReads).where(eq(updateReads.updateId, u.id))).toHaveLength(0);
  });
});

describe('admin writes', () => {
  it('creates an update with sanitized HTML, an audit record and a notification to each investor of the project', async () => {
    const p = await createProject(ctx.db, { name: 'Sauna Lake' });
    const holder = await investorIn(ctx, p.id);
    const outsider = await investorIn(ctx, (await createProject(ctx.db)).id);
    const res = await send(ctx.admin.token, 'POST', '/api/updates', {
      projectId: p.id,
      title: '  Sauna opens ',
      category: 'milestone',
      excerpt: 'The sauna is ready.',
      content:
        '<h2>Ready</h2><p onclick="steal()">Come <a href="javascript:alert(1)">now</a> <a href="https://example.com">here</a></p><script>alert(1)</script><iframe src="https://evil.example"></iframe>',
      images: '/demo/photos/aurora-sauna.jpg, https://cdn.example.com/b.jpg ,',
      date: '2026-08-20',
      isNew: false,
      _id: 'x',
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      projectId: p.id,
      title: 'Sauna opens',
      category: 'milestone',
      excerpt: 'The sauna is ready.',
      images: ['/demo/photos/aurora-sauna.jpg', 'https://cdn.example.com/b.jpg'],
      date: '2026-08-20T00:00:00.000Z',
      isNew: true,
    });
    expect(data.content).toBe(
      '<h2>Ready</h2><p>Come <a target="_blank" rel="noopener noreferrer nofollow">now</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">here</a></p>',
    );
    const [stored] = await ctx.db.select().from(updates).where(eq(updates.id, data._id));
    expect(stored!.content).toBe(data.content);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, data._id));
    expect(audit).toMatchObject([{ action: 'create', entity: 'update' }]);
    const toHolder = await ctx.db.select().from(notifications).where(eq(notifications.userId, holder.id));
    expect(toHolder).toMatchObject([
      {
        title: 'New update: Sauna opens',
        message: 'The sauna is ready.',
        read: false,
        link: `/updates?project=${data.projectId}`,
      },
    ]);
    expect(
      await ctx.db.select().from(notifications).where(eq(notifications.userId, outsider.id)),
    ).toHaveLength(0);
    const list = (await get(holder.token, `/api/updates?projectId=${p.id}`)).json().updates;
    expect(list[0]).toMatchObject({ _id: data._id, isNew: true });
  });

  it('refuses bad input with a message naming the problem, and writes nothing', async () => {
    const p = await createProject(ctx.db);
    const bad = async (payload: object, message: string | RegExp) => {
      const res = await send(ctx.admin.token, 'POST', '/api/updates', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await bad({ projectId: p.id }, 'Title is required');
    await bad({ projectId: p.id, title: '   ' }, 'Title is required');
    await bad({ title: 'x' }, 'Project ID is required');
    await bad({ projectId: 'nope', title: 'x' }, 'Project ID must be a valid id');
    await bad(
      { projectId: p.id, title: 'x', category: 'gossip' },
      /Category must be one of milestone, financial, general/,
    );
    await bad({ projectId: p.id, title: 'x', images: ['javascript:alert(1)'] }, /Image URLs must start with/);
    await bad({ projectId: p.id, title: 'x', images: '//evil.example/a.png' }, /Image URLs must start with/);
    await bad({ projectId: p.id, title: 'x', images: Array(21).fill('/a.jpg') }, /At most 20 images/);
    await bad({ projectId: p.id, title: 'x'.repeat(201) }, /at most 200/);
    await bad({ projectId: p.id, title: 'x', date: 'soon' }, /Date/);
    const unknown = await send(ctx.admin.token, 'POST', '/api/updates', {
      projectId: crypto.randomUUID(),
      title: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await ctx.db.select().from(updates).where(eq(updates.projectId, p.id))).toHaveLength(0);
  });

  it('changes only the fields sent, sanitizing the content again', async () => {
    const p = await createProject(ctx.db);
    const u = await createUpdate(ctx.db, p.id, { title: 'Before', excerpt: 'Keep me', category: 'general' });
    const res = await send(ctx.admin.token, 'PUT', `/api/updates/${u.id}`, {
      title: 'After',
      content: '<p>New<img src="x" onerror="alert(1)"><img src="data:image/png;base64,AA"></p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'After',
      excerpt: 'Keep me',
      category: 'general',
      content: '<p>New<img src="x" alt="" /></p>',
    });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, u.id), eq(auditLog.action, 'update')));
    expect(audit[0]!.details).toMatchObject({ fields: ['title', 'content'] });
    expect(
      (await send(ctx.admin.token, 'PUT', `/api/updates/${crypto.randomUUID()}`, { title: 'x' })).statusCode,
    ).toBe(404);
  });

  it('deletes an update with an audit record; deleting it again is 404', async () => {
    const p = await createProject(ctx.db);
    const u = await createUpdate(ctx.db, p.id, { title: 'Doomed' });
    const res = await send(ctx.admin.token, 'DELETE', `/api/updates/${u.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Deleted' });
    expect(await ctx.db.select().from(updates).where(eq(updates.id, u.id))).toHaveLength(0);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, u.id))).toMatchObject([
      { action: 'delete', details: { title: 'Doomed' } },
    ]);
    expect((await send(ctx.admin.token, 'DELETE', `/api/updates/${u.id}`)).statusCode).toBe(404);
  });

  it('is refused to investors, on the server', async () => {
    const p = await createProject(ctx.db);
    const u = await createUpdate(ctx.db, p.id, { title: 'Untouched' });
    const inv = await investorIn(ctx, p.id);
    const post = await send(inv.token, 'POST', '/api/updates', { projectId: p.id, title: 'Mine' });
    expect(post.statusCode).toBe(403);
    expect((await send(inv.token, 'PUT', `/api/updates/${u.id}`, { title: 'Hacked' })).statusCode).toBe(403);
    expect((await send(inv.token, 'DELETE', `/api/updates/${u.id}`)).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(updates).where(eq(updates.id, u.id));
    expect(row!.title).toBe('Untouched');
    expect(await ctx.db.select().from(updates).where(eq(updates.projectId, p.id))).toHaveLength(1);
  });
});
