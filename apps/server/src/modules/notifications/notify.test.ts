import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import {
  buildTestApp,
  createInvestment,
  createProject,
  createUser,
  type TestContext,
} from '../../../test/helpers';
import { notifyProjectInvestors, notifyUsers } from './notify';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

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
});
