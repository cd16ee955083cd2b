/**
 * Session attacks not already covered by the auth, two-factor and admin-user tests: a stolen refresh token
 * raced ten times, idle and absolute expiry, every way a sign-in ends, and forged access tokens.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { refreshTokens } from '../../src/db/schema';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_ABSOLUTE_TTL_MS,
  REFRESH_IDLE_TTL_MS,
  REFRESH_REUSE_GRACE_SECONDS,
  createTokenSigner,
  hashRefreshToken,
} from '../../src/lib/tokens';
import { bearer, createAdmin, createUser, login, useAdminApp } from '../helpers';

const ctx = useAdminApp();

const refresh = (refreshToken: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
const tokenRow = async (refreshToken: string) =>
  (
    await ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)))
  )[0]!;

/** Moves a spent refresh token's rotation back in time, past the grace in which it answers its successor. */
const spentLongAgo = (refreshToken: string) =>
  ctx.db
    .update(refreshTokens)
    .set({ usedAt: sql`now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1})` })
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));

/** Whether a sign-in still lives: its access token is accepted or its refresh token can be spent. */
async function alive(pair: { accessToken: string; refreshToken: string }) {
  if ((await me(pair.accessToken)).statusCode === 200) return true;
  return (await refresh(pair.refreshToken)).statusCode === 200;
}

describe('refresh token races', () => {
  it('ten parallel refreshes with one token all get its one successor: one valid chain', async () => {
    const user = await createUser(ctx.db);
    const start = await login(ctx.app, user.email, user.password);
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(start.refreshToken)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const successors = new Set(results.map((r) => r.json().data.refreshToken as string));
    expect(successors.size).toBe(1);
    const [successor] = [...successors];
    expect((await tokenRow(successor!)).usedAt).toBeNull();
    expect(await alive(results[0]!.json().data)).toBe(true);
    // Past the grace, the spent token itself is worth nothing, and ends the chain.
    await spentLongAgo(start.refreshToken);
    expect((await refresh(start.refreshToken)).statusCode).toBe(401);
    expect((await refresh(successor!)).statusCode).toBe(401);
  });

  it('a thief who refreshes first is signed out with the victim when the victim refreshes', async () => {
    const user = await createUser(ctx.db);
    const victim = await login(ctx.app, user.email, user.password);
    const thief = (await refresh(victim.refreshToken)).json().data;
    expect((await me(thief.accessToken)).statusCode).toBe(200);
    // The victim's next refresh comes later than a retry would.
    await spentLongAgo(victim.refreshToken);
    expect((await refresh(victim.refreshToken)).statusCode).toBe(401);
    expect((await me(thief.accessToken)).statusCode).toBe(401);
    expect((await refresh(thief.refreshToken)).statusCode).toBe(401);
  });
});

describe('expiry', () => {
  it('issues refresh tokens with a 7-day idle and a 30-day absolute limit; rotation never extends the absolute one', async () => {
    const user = await createUser(ctx.db);
    const t0 = Date.now();
    const first = await login(ctx.app, user.email, user.password);
    const row = await tokenRow(first.refreshToken);
    expect(row.expiresAt.getTime() - t0).toBeGreaterThanOrEqual(REFRESH_IDLE_TTL_MS - 5_000);
    expect(row.expiresAt.getTime() - t0).toBeLessThanOrEqual(REFRESH_IDLE_TTL_MS + 5_000);
    expect(row.familyExpiresAt.getTime() - t0).toBeGreaterThanOrEqual(REFRESH_ABSOLUTE_TTL_MS - 5_000);
    expect(row.familyExpiresAt.getTime() - t0).toBeLessThanOrEqual(REFRESH_ABSOLUTE_TTL_MS + 5_000);
    const next = (await refresh(first.refreshToken)).json().data;
    const nextRow = await tokenRow(next.refreshToken);
    expect(nextRow.familyExpiresAt.getTime()).toBe(row.familyExpiresAt.getTime());
    // Near the absolute end, the idle expiry of a new token stops at it.
    await ctx.db
      .update(refreshTokens)
      .set({ familyExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(refreshTokens.familyId, nextRow.familyId));
    const last = (await refresh(next.refreshToken)).json().data;
    const lastRow = await tokenRow(last.refreshToken);
    expect(lastRow.expiresAt.getTime()).toBeLessThanOrEqual(lastRow.familyExpiresAt.getTime());
    // The access token lives 15 minutes.
    const claims = JSON.parse(Buffer.from(last.accessToken.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_TTL_SECONDS);
  });

  it('refuses a token idle for too long and ends its sign-in', async () => {
    const user = await createUser(ctx.db);
    const pair = await login(ctx.app, user.email, user.password);
    await ctx.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(pair.refreshToken)));
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    // The access token of that sign-in goes with it.
    expect((await me(pair.accessToken)).statusCode).toBe(401);
  });

  it('refuses a token whose sign-in is past its absolute limit, however recently it was used', async () => {
    const user = await createUser(ctx.db);
    const pair = await login(ctx.app, user.email, user.password);
    await ctx.db
      .update(refreshTokens)
      .set({
        expiresAt: new Date(Date.now() + REFRESH_IDLE_TTL_MS),
        familyExpiresAt: new Date(Date.now() - 1000),
      })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(pair.refreshToken)));
    const res = await refresh(pair.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has ended. Please sign in again.');
  });
});

describe('every way a sign-in ends', () => {
  async function twoSignIns() {
    const user = await createUser(ctx.db);
    return {
      user,
      one: await login(ctx.app, user.email, user.password),
      two: await login(ctx.app, user.email, user.password),
    };
  }

  it('logout with only the refresh token (the access token already expired) ends that sign-in', async () => {
    const { one, two } = await twoSignIns();
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: one.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect(await alive(one)).toBe(false);
    expect(await alive(two)).toBe(true);
  });

  it('deactivation and deletion by an admin end every sign-in of the user at once', async () => {
    for (const action of ['deactivate', 'delete'] as const) {
      const { user, one, two } = await twoSignIns();
      const res = await ctx.app.inject({
        method: action === 'delete' ? 'DELETE' : 'POST',
        url: action === 'delete' ? `/api/users/${user.id}` : `/api/users/${user.id}/deactivate`,
        headers: bearer(ctx.admin.token),
      });
      expect(res.statusCode, action).toBe(200);
      expect(await alive(one), action).toBe(false);
      expect(await alive(two), action).toBe(false);
    }
  });

  it('losing admin rights takes effect on the next request, whatever the token says', async () => {
    const other = await createAdmin(ctx.db);
    const pair = await login(ctx.app, other.email, other.password);
    const dash = () =>
      ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(pair.accessToken) });
    expect((await dash()).statusCode).toBe(200);
    const { users } = await import('../../src/db/schema');
    await ctx.db.update(users).set({ isAdmin: false }).where(eq(users.id, other.id));
    expect((await dash()).statusCode).toBe(403);
  });
});

describe('forged access tokens', () => {
  it('refuses alg none, a wrong key, another algorithm, tampered claims, an expired token, a refresh token and an MFA challenge', async () => {
    const user = await createUser(ctx.db);
    const pair = await login(ctx.app, user.email, user.password);
    const real = ctx.deps.signer;
    const claims = JSON.parse(Buffer.from(pair.accessToken.split('.')[1]!, 'base64url').toString());
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const [h, p, s] = pair.accessToken.split('.');
    const key = new TextEncoder().encode(ctx.deps.config.jwtSecrets[0]);
    const forged: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
      'alg none, no dot': `${b64({ alg: 'none', typ: 'JWT' })}.${p}`,
      'wrong key': await createTokenSigner('another-secret-another-secret-0123456789').signAccess({
        sub: user.id,
        sid: claims.sid,
        isAdmin: false,
      }),
      'HS512 with the right key': await new SignJWT({ sid: claims.sid, isAdmin: false, typ: 'access' })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key),
      'tampered sub': `${h}.${b64({ ...claims, sub: ctx.admin.id })}.${s}`,
      'tampered exp': `${h}.${b64({ ...claims, exp: claims.exp + 86_400 })}.${s}`,
      expired: await real.signAccess(
        { sub: user.id, sid: claims.sid, isAdmin: false },
        Math.floor(Date.now() / 1000) - ACCESS_TOKEN_TTL_SECONDS - 60,
      ),
      'no typ': await new SignJWT({ sid: claims.sid, isAdmin: false })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key),
      'refresh token': pair.refreshToken,
      'MFA challenge token': await real.signMfa(user.id),
      'signature cut off': `${h}.${p}.`,
      empty: '',
    };
    for (const [what, token] of Object.entries(forged)) {
      const res = await me(token);
      expect(res.statusCode, what).toBe(401);
      expect(res.json().success, what).toBe(false);
    }
    // And an access token is no MFA challenge.
    const mfa = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/mfa',
      payload: { mfaToken: pair.accessToken, code: '123456' },
    });
    expect(mfa.statusCode).toBe(401);
    expect((await me(pair.accessToken)).statusCode).toBe(200);
  });

  it('a validly signed token claiming admin rights does not make an investor an admin', async () => {
    const user = await createUser(ctx.db);
    const pair = await login(ctx.app, user.email, user.password);
    const claims = JSON.parse(Buffer.from(pair.accessToken.split('.')[1]!, 'base64url').toString());
    const boosted = await ctx.deps.signer.signAccess({ sub: user.id, sid: claims.sid, isAdmin: true });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(boosted) });
    expect(res.statusCode).toBe(403);
  });
});
