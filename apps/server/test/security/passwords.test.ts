/**
 * Passwords: every way a password is set stores a salted argon2id hash at or above OWASP's minimum
 * parameters (19 MiB, 2 iterations, 1 lane), and no answer ever carries a hash or a secret. Sign-in
 * throttling cannot be dodged by changing the email's case or claiming another address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { bearer, buildTestApp, createAdmin, createUser, login, useTestApp } from '../helpers';

const ctx = useTestApp();
let adminToken: string;

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  adminToken = await ctx.signIn(admin);
});

/** '$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>' read into its parts. */
function parseArgon2(encoded: string) {
  const m =
    /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
      encoded,
    );
  if (!m) throw new Error(`not an argon2 hash: ${encoded.slice(0, 20)}…`);
  return {
    type: m[1],
    version: Number(m[2]),
    memoryKiB: Number(m[3]),
    iterations: Number(m[4]),
    lanes: Number(m[5]),
    saltBytes: Buffer.from(m[6]!, 'base64').length,
    hashBytes: Buffer.from(m[7]!, 'base64').length,
  };
}

async function storedHash(email: string) {
  const [row] = await ctx.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row!.hash;
}

function expectStrongHash(encoded: string) {
  const h = parseArgon2(encoded);
  expect(h.type).toBe('argon2id');
  expect(h.version).toBe(19);
  expect(h.memoryKiB).toBeGreaterThanOrEqual(19 * 1024);
  expect(h.iterations).toBeGreaterThanOrEqual(2);
  expect(h.lanes).toBeGreaterThanOrEqual(1);
  expect(h.saltBytes).toBeGreaterThanOrEqual(16);
  expect(h.hashBytes).toBeGreaterThanOrEqual(32);
}

describe('stored passwords', () => {
  it('are argon2id at OWASP minimums or above, salted, whichever way they were set', async () => {
    const password = 'same-password-1';
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(adminToken),
      payload: { name: 'Hash One', email: 'hash-one@example.test', password, investorId: 'INV-2026-HASH01' },
    });
    expect(created.statusCode).toBe(201);
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'hash-two@example.test', password },
    });
    expect(registered.statusCode).toBe(201);
    const changer = await createUser(ctx.db, { email: 'hash-three@example.test' });
    const session = await login(ctx.app, changer.email, changer.password);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(session.accessToken),
      payload: { currentPassword: changer.password, newPassword: password },
    });
    expect(changed.statusCode).toBe(200);

    const hashes = await Promise.all(
      ['hash-one@example.test', 'hash-two@example.test', 'hash-three@example.test'].map(storedHash),
    );
    for (const h of hashes) {
      expectStrongHash(h);
      expect(h).not.toContain(password);
    }
    // The same password, three different salts.
    expect(new Set(hashes).size).toBe(3);
  });

  it('never leave the server: no answer holds a hash, the two-factor secret or the word passwordHash', async () => {
    const user = await createUser(ctx.db);
    const accessToken = await ctx.signIn(user);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/totp/setup', headers: bearer(accessToken) });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    const answers = await Promise.all(
      [
        ['/api/users/me', accessToken],
        ['/api/auth/totp', accessToken],
        [`/api/users/${user.id}`, adminToken],
        ['/api/users?pageSize=200', adminToken],
        ['/api/admin/audit', adminToken],
      ].map(([url, token]) => ctx.app.inject({ method: 'GET', url: url!, headers: bearer(token!) })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('$argon2');
      expect(res.body).not.toContain(row!.passwordHash);
      expect(res.body).not.toContain(row!.totpSecret!);
      expect(res.body).not.toMatch(/passwordHash|password_hash|totpSecret/);
    }
  });
});

describe('sign-in throttling cannot be dodged', () => {
  it('by changing the case or padding of the email: it is one account', async () => {
    // Five failures from one address lock the account for that address (with this per-address limit).
    const small = await buildTestApp({ loginRateLimit: 10 });
    try {
      const u = await createUser(small.db, { email: 'casey@example.test' });
      const variants = [
        'casey@example.test',
        'CASEY@example.test',
        ' Casey@Example.Test ',
        'casey@EXAMPLE.test',
        'cAsEy@example.test',
      ];
      for (const email of variants) {
        const res = await small.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'wrong' },
        });
        expect(res.statusCode).toBe(401);
      }
      const locked = await small.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.email, password: u.password },
      });
      expect(locked.statusCode).toBe(429);
    } finally {
      await small.close();
    }
  });

  it('by claiming another address in X-Forwarded-For: the proxy header is not trusted', async () => {
    const small = await buildTestApp({ loginRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await small.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}` },
          payload: { email: `nobody-${i}@example.test`, password: 'x' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await small.close();
    }
  });
});
