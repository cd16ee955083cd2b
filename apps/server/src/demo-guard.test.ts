import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config';
import { users } from './db/schema';
import { hashPassword } from './lib/passwords';
import { buildTestApp, createUser, type TestContext } from '../test/helpers';
import { demoAccountRefusal } from './demo-guard';

/** Issue 37: a production server on PostgreSQL refuses to start while a demo account keeps its demo password. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const pg = (more: Record<string, string> = {}) =>
  loadConfig({ DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: 'x'.repeat(40), ...more });

describe('the demo-account guard', () => {
  it('lets a database without demo accounts start', async () => {
    expect(await demoAccountRefusal(pg(), ctx.db)).toBeNull();
  });

  it('refuses while a demo account signs in with its demo password, naming it and the way out', async () => {
    await createUser(ctx.db, { email: 'investor@example.com', password: 'investor123' });
    const why = await demoAccountRefusal(pg(), ctx.db);
    expect(why).toContain('investor@example.com still signs in with the demo password');
    expect(why).toContain('ALLOW_DEMO_ACCOUNTS=true');
    // Not in development, not on the embedded database, not when allowed.
    expect(await demoAccountRefusal(pg({ NODE_ENV: 'development' }), ctx.db)).toBeNull();
    expect(await demoAccountRefusal(pg({ ALLOW_DEMO_ACCOUNTS: 'true' }), ctx.db)).toBeNull();
  });

  it('lets it start once the demo password is changed', async () => {
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword('a-long-new-password') })
      .where(eq(users.email, 'investor@example.com'));
    expect(await demoAccountRefusal(pg(), ctx.db)).toBeNull();
  });
});
