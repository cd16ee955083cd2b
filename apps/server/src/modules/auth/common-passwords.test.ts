import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COMMON_PASSWORD_MESSAGE } from '@portal/contracts';
import { users } from '../../db/schema';
import { isCommonPassword } from '../../lib/password-policy';
import { bearer, createUser, login, useAdminApp } from '../../../test/helpers';

const ctx = useAdminApp();

const COMMON = ['123456', 'password', 'Password', 'qwerty123', 'iloveyou'];

async function usersNamed(email: string) {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row!.n;
}

describe('the most common passwords are refused wherever a password is set', () => {
  it('knows the list (zxcvbn-ts, without case) and lets other passwords through', () => {
    for (const p of COMMON) expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['Kestrel-Harbour-42', 'investor123', 'brand-new-1'])
      expect(isCommonPassword(p), p).toBe(false);
  });

  it.each(COMMON)('on sign-up: %s', async (password) => {
    const email = `common-${password.toLowerCase()}@example.test`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: COMMON_PASSWORD_MESSAGE });
    expect(await usersNamed(email)).toBe(0);
  });

  it.each(COMMON)('when an admin adds a user: %s', async (password) => {
    const email = `admin-made-${password.toLowerCase()}@example.test`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(ctx.admin.token),
      payload: { name: 'Common Pass', email, password, investorId: `INV-2026-CP${password.length}XYZ` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await usersNamed(email)).toBe(0);
  });

  it.each(COMMON)('when a user changes their password: %s', async (password) => {
    const user = await createUser(ctx.db);
    const accessToken = await ctx.signIn(user);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(accessToken),
      payload: { currentPassword: user.password, newPassword: password },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMMON_PASSWORD_MESSAGE);
    // The old password still works.
    await login(ctx.app, user.email, user.password);
  });

  it('keeps the minimum length and its message first', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'short@example.test', password: '12345' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password must be at least 6 characters');
  });

  it('does not check existing passwords again at sign-in (the demo accounts keep theirs)', async () => {
    const user = await createUser(ctx.db, { password: 'admin123' });
    expect(isCommonPassword('admin123')).toBe(true);
    expect((await login(ctx.app, user.email, 'admin123')).user.email).toBe(user.email);
  });
});
