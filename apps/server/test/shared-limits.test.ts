import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { RedisFailures } from '../src/modules/credentials/login-limiter';
import { createRedis, waitForRedis } from '../src/lib/redis';
import { bearer, buildTestApp, createUser, login, type TestContext, type TestUser } from './helpers';

/** A database of its own on the machine's Redis; every key of this run under one prefix (ADR 019). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
const prefix = `portal-test:${crypto.randomBytes(6).toString('hex')}:`;
/** Nothing listens there: Redis is unreachable. */
const CLOSED_PORT_URL = 'redis://127.0.0.1:4421/5';

/** Five failures lock a source out of an account (max(5, LOGIN_RATE_LIMIT / 2)). */
const shared = { redisUrl: REDIS_URL, redisPrefix: prefix, loginRateLimit: 10 };

const LOCKED_ADDRESS =
  'Too many failed sign-in attempts for this account from your network address. Try again in 15 minutes.';

async function deleteKeys() {
  const redis = new Redis(REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}

function signIn(
  ctx: TestContext,
  user: Pick<TestUser, 'email'>,
  password: string,
  remoteAddress: string,
  forwardedFor?: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

describe('two instances sharing one Redis', () => {
  let a: TestContext;
  let b: TestContext;

  beforeAll(async () => {
    [a, b] = await Promise.all([buildTestApp(shared), buildTestApp(shared)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await deleteKeys();
  });

  it('a sign-in lockout earned through one instance holds on the other', async () => {
    // The same account on both (each test instance has its own database; production shares one).
    const owner = await createUser(a.db);
    await createUser(b.db, { email: owner.email, password: owner.password });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await signIn(a, owner, `guess-${i}`, '203.0.113.50')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const refused = await signIn(b, owner, owner.password, '203.0.113.50');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(LOCKED_ADDRESS);
    // … on the first instance too, and not for the owner elsewhere.
    expect((await signIn(a, owner, owner.password, '203.0.113.50')).statusCode).toBe(429);
    expect((await signIn(b, owner, owner.password, '192.0.2.50')).statusCode).toBe(200);
  });

  it('the account delay earned from many addresses through one instance holds on the other', async () => {
    const owner = { email: `nobody-${crypto.randomBytes(4).toString('hex')}@example.test` };
    for (let i = 0; i < 6; i++)
      expect((await signIn(i % 2 ? a : b, owner, 'guess', `198.51.100.${i + 1}`)).statusCode).toBe(401);
    const refused = await signIn(b, owner, 'guess', '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many failed sign-in attempts for this account\. Try again in/,
    );
  });

  it('wrong current passwords given with a session through one instance count on the other', async () => {
    const owner = await createUser(a.db);
    await createUser(b.db, { email: owner.email, password: owner.password });
    const tokens = {
      a: (await login(a.app, owner.email, owner.password)).accessToken,
      b: (await login(b.app, owner.email, owner.password)).accessToken,
    };
    const changePassword = (ctx: TestContext, token: string, i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: bearer(token),
        payload: { currentPassword: `guess-${i}`, newPassword: 'a-new-Passphrase-2026' },
        remoteAddress: `198.51.100.${i + 20}`,
      });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const [ctx, token] = i % 2 ? [a, tokens.a] : [b, tokens.b];
      codes.push((await changePassword(ctx, token, i)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // … and at the sign-in of either.
    expect((await signIn(a, owner, 'guess', '198.51.100.99')).json().message).toMatch(
      /^Too many failed sign-in attempts for this account\. Try again in/,
    );
  });

  it('counts a route rate limit across both instances', async () => {
    const reset = (ctx: TestContext) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: 'someone@example.test' },
        remoteAddress: '203.0.113.77',
      });
    // Five reset requests per address in 15 minutes, wherever they land.
    const codes: number[] = [];
    for (const ctx of [a, b, a, b, a, b, a]) codes.push((await reset(ctx)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // The counts are in Redis, under the portal's prefix.
    const redis = new Redis(REDIS_URL);
    expect((await redis.keys(`${prefix}rate:*`)).length).toBeGreaterThan(0);
    await redis.quit();
  });
});

describe('Redis unreachable', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({ ...shared, redisUrl: CLOSED_PORT_URL });
  });
  afterAll(() => ctx?.close());

  it('the app still answers, quickly', async () => {
    const started = Date.now();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('sign-in stays limited: each instance counts in its own memory', async () => {
    const owner = await createUser(ctx.db);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await signIn(ctx, owner, `guess-${i}`, '203.0.113.60')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await signIn(ctx, owner, owner.password, '203.0.113.60')).json().message).toBe(LOCKED_ADDRESS);
    expect((await signIn(ctx, owner, owner.password, '192.0.2.60')).statusCode).toBe(200);
  });

  it('route rate limits stay in force too', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/password-reset',
            payload: { email: 'someone@example.test' },
            remoteAddress: '203.0.113.61',
          })
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});

describe('Redis going away', () => {
  afterAll(deleteKeys);

  it('keeps the failures this instance saw and goes on counting them', async () => {
    const redis = createRedis({ redisUrl: REDIS_URL, redisPrefix: prefix })!;
    expect(await waitForRedis(redis, 2000)).toBe(true);
    const store = new RedisFailures(redis);
    const now = Date.now();
    for (let i = 0; i < 3; i++) await store.add('account:x', now + i, 60_000);
    expect(await store.list('account:x', now - 1)).toHaveLength(3);
    redis.disconnect();
    await store.add('account:x', now + 3, 60_000);
    expect(await store.list('account:x', now - 1)).toEqual([now, now + 1, now + 2, now + 3]);
  });
});

describe('TRUST_PROXY', () => {
  let trusting: TestContext;
  let plain: TestContext;

  beforeAll(async () => {
    [trusting, plain] = await Promise.all([
      buildTestApp({ loginRateLimit: 10, trustProxy: ['10.0.0.0/8'] }),
      buildTestApp({ loginRateLimit: 10 }),
    ]);
  });
  afterAll(() => Promise.all([trusting?.close(), plain?.close()]));

  it('believes X-Forwarded-For from a named proxy: the client behind it is the address', async () => {
    const owner = { email: 'proxied@example.test' };
    for (let i = 0; i < 5; i++)
      expect((await signIn(trusting, owner, 'guess', '10.1.2.3', '203.0.113.10')).statusCode).toBe(401);
    expect((await signIn(trusting, owner, 'guess', '10.1.2.3', '203.0.113.10')).statusCode).toBe(429);
    // Another client behind the same proxy is not locked out.
    expect((await signIn(trusting, owner, 'guess', '10.1.2.3', '203.0.113.11')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from any other peer: a changing header does not escape the lockout', async () => {
    for (const ctx of [trusting, plain]) {
      const owner = { email: `spoofer-${crypto.randomBytes(4).toString('hex')}@example.test` };
      const codes: number[] = [];
      for (let i = 0; i < 7; i++)
        codes.push((await signIn(ctx, owner, 'guess', '198.51.100.200', `203.0.113.${100 + i}`)).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
    }
    // Unset, not even loopback is trusted.
    const owner = { email: 'loopback@example.test' };
    for (let i = 0; i < 5; i++) await signIn(plain, owner, 'guess', '127.0.0.1', `203.0.113.${i}`);
    expect((await signIn(plain, owner, 'guess', '127.0.0.1', '203.0.113.250')).statusCode).toBe(429);
  });
});

describe('settings', () => {
  const env = { DATA_DIR: '/tmp/portal-shared-limits-config' };

  it('reads REDIS_URL, REDIS_PREFIX and TRUST_PROXY, and trusts no proxy by default', () => {
    expect(loadConfig(env)).toMatchObject({ redisUrl: undefined, redisPrefix: 'portal:', trustProxy: [] });
    expect(
      loadConfig({
        ...env,
        REDIS_URL: 'redis://cache.internal:6379/2',
        REDIS_PREFIX: 'portal-eu:',
        TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8 ,loopback',
      }),
    ).toMatchObject({
      redisUrl: 'redis://cache.internal:6379/2',
      redisPrefix: 'portal-eu:',
      trustProxy: ['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses what is not an address or a range, and a non-Redis URL', () => {
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/9'])
      expect(() => loadConfig({ ...env, TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...env, REDIS_URL: 'http://cache:6379' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
  });
});
