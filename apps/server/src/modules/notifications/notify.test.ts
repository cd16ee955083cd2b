import { describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { notifications, users } from '../../db/schema';
import { createInvestment, createProject, createUser, useTestApp } from '../../../test/helpers';
import { fanOut, notifyProjectInvestors, notifyUsers } from './notify';

const ctx = useTestApp();

describe('notifyUsers', () => {
  it('writes one row per active recipient in one statement and skips inactive users', async () => {
    const a = await createUser(ctx.db);
    const b = await createUser(ctx.db);
    const off = await createUser(ctx.db, { isActive: false });
    const before = ctx.database.queries.count;
    const n = await notifyUsers(ctx.db, [a.id, b.id, off.id], {
      title: 'Hello',
      message: 'World',
      type: 'success',
    });
    expect(ctx.database.queries.count - before).toBe(1);
    expect(n).toBe(2);
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Hello', message: 'World', type: 'success', read: false });
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, off.id))).toHaveLength(0);
  });

  it('notifies the investors of a project', async () => {
    const p = await createProject(ctx.db);
    const holder = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    await createInvestment(ctx.db, holder.id, p.id);
    expect(await notifyProjectInvestors(ctx.db, p.id, { title: 'T', message: 'M' })).toBe(1);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, other.id))).toHaveLength(
      0,
    );
  });

  it('writes a large batch a chunk a statement, once to each recipient, with ids ascending with the users’', async () => {
    const chosen = await Promise.all(Array.from({ length: 5 }, () => createUser(ctx.db)));
    const ids = chosen.map((u) => u.id);
    const before = ctx.database.queries.count;
    const { sent, batchId } = await fanOut(
      ctx.db,
      sql`${users.id} = any(${sql.param(ids)}::uuid[])`,
      { title: 'Chunked', message: 'M' },
      2,
    );
    expect(sent).toBe(5);
    // 2 + 2 + 1 recipients: three statements.
    expect(ctx.database.queries.count - before).toBe(3);
    const rows = await ctx.db
      .select({ id: notifications.id, userId: notifications.userId, batchId: notifications.batchId })
      .from(notifications)
      .where(inArray(notifications.userId, ids))
      .orderBy(asc(notifications.userId));
    expect(rows.map((r) => r.userId)).toEqual([...ids].sort());
    expect(new Set(rows.map((r) => r.batchId))).toEqual(new Set([batchId]));
    // Version 7, RFC variant, and in the users' order.
    for (const r of rows)
      expect(r.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(rows.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort());
  });
});
