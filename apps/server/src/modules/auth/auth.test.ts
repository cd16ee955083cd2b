import { beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { refreshTokens, users } from '../../db/schema';
import { REFRESH_REUSE_GRACE_SECONDS, hashRefreshToken } from '../../lib/tokens';
import { bearer, buildTestApp, createUser, login, type TestUser, useTestApp } from '../../../test/helpers';

const ctx = useTestApp();
let investor: TestUser;

beforeAll(async () => {
  investor = await createUser(ctx.db, { name: 'Ingrid Investor' });
});

const post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

/** Moves a spent refresh token's rotation back in time, past the grace in which it answers its successor. */
const spentLongAgo = (refreshToken: string) =>
  ctx.db
    .update(refreshTokens)
    .set({ usedAt: sql`now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1})` })
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));

describe('POST /api/auth/login', () => {
  it('signs in with the right password and answers tokens and the user in the envelope', async () => {
    const res = await post('/api/auth/login', { email: investor.email, password: investor.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.accessToken.split('.')).toHaveLength(3);
    expect(body.data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.user).toMatchObject({ email: investor.email, name: 'Ingrid Investor', isAdmin: false });
    expect(body.data.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('matches the email case-insensitively and records the sign-in time', async () => {
    const res = await post('/api/auth/login', {
      email: investor.email.toUpperCase(),
      password: investor.password,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db.select({ at: users.lastLoginAt }).from(users).where(eq(users.id, investor.id));
    expect(row!.at).toBeInstanceOf(Date);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrong = await post('/api/auth/login', { email: investor.email, password: 'nope-nope' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.test', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      success: false,
      message: 'Invalid email or password',
      error: 'Invalid email or password',
      code: 'auth.invalid_credentials',
    });
  });

  it('refuses missing fields with a 400 naming the field', async () => {
    const res = await post('/api/auth/login', { email: investor.email });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/password/i);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/JSON/);
  });

  it('refuses an inactive account only after the right password, and says why', async () => {
    const inactive = await createUser(ctx.db, { isActive: false });
    const pending = await createUser(ctx.db, { isActive: false, activated: false });
    const wrong = await post('/api/auth/login', { email: inactive.email, password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    const res = await post('/api/auth/login', { email: inactive.email, password: inactive.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/deactivated/);
    const res2 = await post('/api/auth/login', { email: pending.email, password: pending.password });
    expect(res2.statusCode).toBe(403);
    expect(res2.json().message).toMatch(/waiting for activation/);
  });
});

describe('sessions', () => {
  it('rotates the refresh token: the new one works, the old one is spent', async () => {
    const first = await login(ctx.app, investor.email, investor.password);
    const r1 = await post('/api/auth/refresh', { refreshToken: first.refreshToken });
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(second.accessToken),
    });
    expect(me.statusCode).toBe(200);
    const r2 = await post('/api/auth/refresh', { refreshToken: second.refreshToken });
    expect(r2.statusCode).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is replayed after the grace', async () => {
    const first = await login(ctx.app, investor.email, investor.password);
    const rotated = (await post('/api/auth/refresh', { refreshToken: first.refreshToken })).json().data;
    await spentLongAgo(first.refreshToken);
    const replay = await post('/api/auth/refresh', { refreshToken: first.refreshToken });
    expect(replay.statusCode).toBe(401);
    // The thief's replay also ends the legitimate holder's chain, and its access token.
    expect((await post('/api/auth/refresh', { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(rotated.accessToken),
    });
    expect(me.statusCode).toBe(401);
  });

  it('answers parallel refreshes with the same token the same successor, and keeps the sign-in', async () => {
    const { refreshToken } = await login(ctx.app, investor.email, investor.password);
    const results = await Promise.all(
      Array.from({ length: 3 }, () => post('/api/auth/refresh', { refreshToken })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const pairs = results.map((r) => r.json().data);
    expect(new Set(pairs.map((p) => p.refreshToken)).size).toBe(1);
    for (const { accessToken } of pairs)
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(accessToken) }))
          .statusCode,
      ).toBe(200);
    // One chain goes on: the successor rotates as usual.
    const next = await post('/api/auth/refresh', { refreshToken: pairs[0].refreshToken });
    expect(next.statusCode).toBe(200);
    expect(next.json().data.refreshToken).not.toBe(pairs[0].refreshToken);
  });

  it('answers a retried refresh within the grace with the same successor; after it, reuse ends the sign-in', async () => {
    const first = await login(ctx.app, investor.email, investor.password);
    const rotated = (await post('/api/auth/refresh', { refreshToken: first.refreshToken })).json().data;
    // The answer was lost and the client asks again a moment later.
    const retried = await post('/api/auth/refresh', { refreshToken: first.refreshToken });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.refreshToken).toBe(rotated.refreshToken);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/users/me',
          headers: bearer(retried.json().data.accessToken),
        })
      ).statusCode,
    ).toBe(200);
    // Later, the spent token is a stolen copy: the whole sign-in ends.
    await spentLongAgo(first.refreshToken);
    expect((await post('/api/auth/refresh', { refreshToken: first.refreshToken })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
  });

  it('answers no successor within the grace once the sign-in has ended', async () => {
    const first = await login(ctx.app, investor.email, investor.password);
    const rotated = (await post('/api/auth/refresh', { refreshToken: first.refreshToken })).json().data;
    await post('/api/auth/logout', { refreshToken: rotated.refreshToken });
    expect((await post('/api/auth/refresh', { refreshToken: first.refreshToken })).statusCode).toBe(401);
  });

  it('refuses an unknown or empty refresh token', async () => {
    expect((await post('/api/auth/refresh', { refreshToken: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', {})).statusCode).toBe(400);
  });

  it('refuses an expired refresh token', async () => {
    const { refreshToken } = await login(ctx.app, investor.email, investor.password);
    await ctx.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, investor.id));
    expect((await post('/api/auth/refresh', { refreshToken })).statusCode).toBe(401);
  });

  it('logout revokes the refresh token and the access token of that sign-in only', async () => {
    const a = await login(ctx.app, investor.email, investor.password);
    const b = await login(ctx.app, investor.email, investor.password);
    const out = await post('/api/auth/logout', { refreshToken: a.refreshToken }, bearer(a.accessToken));
    expect(out.statusCode).toBe(200);
    expect((await post('/api/auth/refresh', { refreshToken: a.refreshToken })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(a.accessToken) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(b.accessToken) }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a deleted user even with a still-valid access token', async () => {
    const gone = await createUser(ctx.db);
    const t = await login(ctx.app, gone.email, gone.password);
    await ctx.db.delete(users).where(eq(users.id, gone.id));
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(t.accessToken) }))
        .statusCode,
    ).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: t.refreshToken })).statusCode).toBe(401);
  });

  it('refuses a deactivated user even with a still-valid access token', async () => {
    const user = await createUser(ctx.db);
    const t = await login(ctx.app, user.email, user.password);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(t.accessToken) }))
        .statusCode,
    ).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: t.refreshToken })).statusCode).toBe(401);
  });

  it('refuses forged tokens', async () => {
    const t = await login(ctx.app, investor.email, investor.password);
    const [h, p, s] = t.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, isAdmin: true })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const token of [`${h}.${tampered}.${s}`, `${none}.${p}.`, t.refreshToken, 'garbage']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('rate limiting', () => {
  it('locks an account for the address that failed five times, the right password too; the owner elsewhere gets in', async () => {
    const small = await buildTestApp({ loginRateLimit: 10 });
    try {
      const u = await createUser(small.db);
      const other = await createUser(small.db);
      const attempt = (email: string, password: string, remoteAddress = '203.0.113.9') =>
        small.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password },
          remoteAddress,
        });
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await attempt(u.email, 'wrong')).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
      const right = await attempt(u.email, u.password);
      expect(right.statusCode).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      expect(right.json().message).toBe(
        'Too many failed sign-in attempts for this account from your network address. Try again in 15 minutes.',
      );
      // For programs and the web app (which words it in the user's language), a code and its variables.
      expect(right.json()).toMatchObject({ code: 'auth.locked_address', params: { count: 15 } });
      // Another account from the same address is not affected, nor the owner from another address.
      expect((await attempt(other.email, other.password)).statusCode).toBe(200);
      expect((await attempt(u.email, u.password, '198.51.100.20')).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('limits sign-in attempts per address', async () => {
    const small = await buildTestApp({ loginRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await small.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `someone-${i}@example.test`, password: 'x' },
        });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await small.close();
    }
  });

  it('limits sign-ups per address: the next one gets 429 and creates nothing; another address goes on', async () => {
    const small = await buildTestApp({ loginRateLimit: 3 });
    try {
      const stamp = Date.now();
      const register = (n: number, remoteAddress: string) =>
        small.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: `signup-${stamp}-${n}@example.test`, password: 'Harbour-Kestrel-1' },
          remoteAddress,
        });
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await register(i, '198.51.100.7')).statusCode);
      expect(codes).toEqual([201, 201, 201, 429]);
      const refused = await register(9, '198.51.100.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const created = await small.db
        .select({ email: users.email })
        .from(users)
        .where(like(users.email, `signup-${stamp}-%`));
      expect(created.map((r) => r.email).sort()).toEqual(
        [0, 1, 2].map((n) => `signup-${stamp}-${n}@example.test`),
      );
      expect((await register(9, '198.51.100.8')).statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });

  it('limits password changes per address, the right current password included; another address goes on', async () => {
    const small = await buildTestApp({ loginRateLimit: 3 });
    try {
      const u = await createUser(small.db);
      const { accessToken } = await login(small.app, u.email, u.password);
      const change = (currentPassword: string, remoteAddress: string) =>
        small.app.inject({
          method: 'POST',
          url: '/api/auth/password',
          headers: bearer(accessToken),
          payload: { currentPassword, newPassword: 'brand-new-1' },
          remoteAddress,
        });
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await change('wrong-guess', '198.51.100.20')).statusCode);
      const right = await change(u.password, '198.51.100.20');
      expect([...codes, right.statusCode]).toEqual([401, 401, 401, 429]);
      expect(right.json().message).toMatch(/^Too many requests/);
      // The password is unchanged: it still signs in.
      expect((await login(small.app, u.email, u.password)).accessToken).toEqual(expect.any(String));
      expect((await change(u.password, '198.51.100.21')).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('POST /api/auth/register', () => {
  it('creates an inactive account waiting for activation, and answers the same for a taken email', async () => {
    const email = `new-${Date.now()}@example.test`;
    const res = await post('/api/auth/register', { email, password: 'Harbour-Kestrel-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json().success).toBe(true);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ isActive: false, activatedAt: null, isAdmin: false });
    expect(row!.investorId).toMatch(/^INV-\d{4}-[A-Z0-9]{6}$/);
    const again = await post('/api/auth/register', {
      email: email.toUpperCase(),
      password: 'Another-Cabin-2',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(res.json());
    const signIn = await post('/api/auth/login', { email, password: 'Harbour-Kestrel-1' });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toMatch(/waiting for activation/);
  });

  it('checks the email format and the password length', async () => {
    const short = await post('/api/auth/register', { email: 'a@b.co', password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters');
    const bad = await post('/api/auth/register', { email: 'not-an-email', password: '123456' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid email format');
  });
});
