import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { bearer, createUser, login, type TestUser, useAdminApp } from '../../../test/helpers';

const ctx = useAdminApp();
let investor: TestUser;

beforeAll(async () => {
  investor = await createUser(ctx.db, { email: 'investor@example.com' });
});

const INVISIBLE = /invisible or control character/;
const MIXED = /mixes letters of different alphabets/;

/** Addresses that look like investor@example.com (or each other) and why each is refused. */
const lookalikes: Array<[string, string, RegExp]> = [
  ['a zero-width space at the end', 'investor@example.com\u200B', INVISIBLE],
  ['a zero-width space inside', 'inves\u200Btor@example.com', INVISIBLE],
  ['a soft hyphen', 'inves\u00ADtor@example.com', INVISIBLE],
  ['a zero-width joiner in the domain', 'investor@exam\u200Dple.com', INVISIBLE],
  ['a right-to-left mark', '\u200Finvestor@example.com', INVISIBLE],
  ['a control character', 'investor\u0007@example.com', INVISIBLE],
  ['a Hangul filler', 'investor\u3164@example.com', INVISIBLE],
  ['a Cyrillic "а" in the local part', '\u0430dmin@example.com', MIXED],
  ['a Cyrillic "і" in the local part', '\u0456nvestor@example.com', MIXED],
  ['a Cyrillic "а" in the domain', 'investor@ex\u0430mple.com', MIXED],
  ['a Greek "ο" in the domain', 'investor@example.c\u03BFm', MIXED],
];

describe('lookalike emails are refused with a 400 that says why', () => {
  it.each(lookalikes)('on sign-up: %s', async (_what, email, why) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'Kestrel-Harbour-42' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(why) });
    const [{ n }] = (await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} = ${email.trim()}`)) as [{ n: number }];
    expect(n).toBe(0);
  });

  it.each(lookalikes)('when an admin adds a user: %s', async (_what, email, why) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(ctx.admin.token),
      payload: { name: 'Look Alike', email, password: 'Kestrel-Harbour-42', investorId: 'INV-2026-LOOKAL' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(why);
  });

  it.each(lookalikes)('when an admin changes a user’s email: %s', async (_what, email, why) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${investor.id}`,
      headers: bearer(ctx.admin.token),
      payload: { email },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(why);
  });

  it.each(lookalikes)('on sign-in: %s', async (_what, email, why) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: investor.password },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(why);
  });

  it('on the interest form', async () => {
    const accessToken = await ctx.signIn(investor);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/interest',
      headers: bearer(accessToken),
      payload: { name: 'Look Alike', email: 'investor@ex\u0430mple.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(MIXED);
  });

  it('still takes plain addresses and addresses written in one script per part', async () => {
    for (const email of ['new.person+tag@example.com', 'иван@пример.рф', 'ivan@пример.рф', '山田@例え.jp']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: 'Kestrel-Harbour-42' },
      });
      expect(res.statusCode, email).toBe(201);
    }
    // Surrounding spaces are trimmed as before, and the real owner still signs in.
    await login(ctx.app, ' investor@example.com ', investor.password);
  });
});
