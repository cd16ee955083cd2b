import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app';
import type { App } from '../app-types';
import type { Config } from '../config';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { createSecretBox } from '../lib/secret-box';
import { totpCode, totpStep } from '../lib/totp';
import { createDeps } from '../runtime';
import { bearer, createUser, openTestDatabase, testConfig, type TestUser } from '../../test/helpers';
import { resealAll } from './reseal';

/**
 * Keys apart, and rotated (issue 37): a new key is used at once while the old ones still open what they
 * sealed and verify what they signed; `reseal` seals everything again with the newest, after which the
 * old key can be dropped. Several app builds share one database, as instances with new settings would.
 */
const J1 = 'jwt-one-jwt-one-jwt-one-jwt-one-0123456789';
const J2 = 'jwt-two-jwt-two-jwt-two-jwt-two-0123456789';
const K1 = 'data-one-data-one-data-one-data-one-012345';
const K2 = 'data-two-data-two-data-two-data-two-012345';
const IBAN = 'FI2112345600000785';

let database: Database;
const apps: App[] = [];
const configs: Config[] = [];

async function appWith(keys: { jwtSecrets: string[]; dataKeys: string[] }) {
  const config = testConfig({ ...keys, loginRateLimit: 1000 });
  configs.push(config);
  const app = await buildApp(createDeps(config, database), { logger: false });
  await app.ready();
  apps.push(app);
  return app;
}

const call = (app: App, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

/**
 * Signs in with the password and the current TOTP code. A code is taken once (replays are refused), so
 * the step last used is forgotten first: each sign-in here is a new one, not a replay.
 */
async function signInWithCode(app: App, user: TestUser, secret: string) {
  await database.db.update(users).set({ totpLastStep: null }).where(eq(users.id, user.id));
  const first = await call(app, 'POST', '/api/auth/login', undefined, {
    email: user.email,
    password: user.password,
  });
  expect(first.json().data.mfaRequired).toBe(true);
  return call(app, 'POST', '/api/auth/login/mfa', undefined, {
    mfaToken: first.json().data.mfaToken,
    code: totpCode(secret, totpStep()),
  });
}

const sealedOf = async (id: string) =>
  (
    await database.db
      .select({ totp: users.totpSecret, iban: users.bankIbanSealed })
      .from(users)
      .where(eq(users.id, id))
  )[0]!;

let user: TestUser;
let secret: string;
let oldToken: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const first = await appWith({ jwtSecrets: [J1], dataKeys: [K1] });
  user = await createUser(database.db);
  const signedIn = await call(first, 'POST', '/api/auth/login', undefined, {
    email: user.email,
    password: user.password,
  });
  oldToken = signedIn.json().data.accessToken;
  const setup = await call(first, 'POST', '/api/auth/totp/setup', oldToken);
  secret = setup.json().data.secret;
  expect(
    (await call(first, 'POST', '/api/auth/totp/enable', oldToken, { code: totpCode(secret, totpStep()) }))
      .statusCode,
  ).toBe(200);
  await database.db.update(users).set({ totpLastStep: null }).where(eq(users.id, user.id));
  const bank = await call(first, 'PUT', '/api/users/me/bank-account', oldToken, {
    iban: IBAN,
    holder: user.name,
    currentPassword: user.password,
    code: totpCode(secret, totpStep()),
  });
  expect(bank.json()).toMatchObject({ success: true });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

describe('rotating DATA_KEYS and JWT_SECRETS', () => {
  it('a new key first: old tokens still verify, old sealed values still open, new ones are sealed with it', async () => {
    const rotated = await appWith({ jwtSecrets: [J2, J1], dataKeys: [K2, K1] });
    expect((await call(rotated, 'GET', '/api/users/me', oldToken)).statusCode).toBe(200);
    const fresh = await signInWithCode(rotated, user, secret);
    expect(fresh.statusCode).toBe(200);
    const before = await sealedOf(user.id);
    expect(createSecretBox([K2, K1], 'bank-account').isCurrent(before.iban!)).toBe(false);
    expect(createSecretBox([K2, K1], 'bank-account').open(before.iban!)).toBe(IBAN);
  });

  it('reseal seals every value again with the newest key, and a second run has nothing left to do', async () => {
    const progress: string[] = [];
    const results = await resealAll(database.db, [K2, K1], {
      batch: 1,
      onProgress: (p) => progress.push(p.what),
    });
    const byWhat = Object.fromEntries(results.map((r) => [r.what, r]));
    expect(byWhat['two-factor secrets']).toMatchObject({ resealed: 1, unreadable: 0 });
    expect(byWhat['bank accounts (IBAN)']).toMatchObject({ resealed: 1, unreadable: 0 });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    const after = await sealedOf(user.id);
    expect(createSecretBox([K2], 'bank-account').open(after.iban!)).toBe(IBAN);
    expect(createSecretBox([K2], 'totp-secret').open(after.totp!)).toBe(secret);
    const again = await resealAll(database.db, [K2, K1]);
    expect(again.map((r) => r.resealed)).toEqual([0, 0, 0]);
  });

  it('with the old keys dropped: the second factor and the bank account open, a token signed with the old secret is refused', async () => {
    const dropped = await appWith({ jwtSecrets: [J2], dataKeys: [K2] });
    expect((await call(dropped, 'GET', '/api/users/me', oldToken)).statusCode).toBe(401);
    const signedIn = await signInWithCode(dropped, user, secret);
    expect(signedIn.statusCode).toBe(200);
    const me = await call(dropped, 'GET', '/api/users/me', signedIn.json().data.accessToken);
    expect(me.json().data.bankAccount.iban).toBe('•••• •••• •••• 0785');
    expect(createSecretBox([K2], 'bank-account').open((await sealedOf(user.id)).iban!)).toBe(IBAN);
  });

  it('a value no listed key opens is counted, not changed', async () => {
    const stranger = await createUser(database.db);
    const foreign = createSecretBox('some-other-key-some-other-key-0123456789', 'bank-account').seal(IBAN);
    await database.db
      .update(users)
      .set({ bankIbanSealed: foreign, bankIbanLast4: '0785', bankHolder: 'X', bankUpdatedAt: new Date() })
      .where(eq(users.id, stranger.id));
    const results = await resealAll(database.db, [K2]);
    expect(results.find((r) => r.what === 'bank accounts (IBAN)')).toMatchObject({
      resealed: 0,
      unreadable: 1,
    });
    expect((await sealedOf(stranger.id)).iban).toBe(foreign);
  });
});

describe('the key settings', () => {
  const pg = { DATABASE_URL: 'postgres://localhost/x' };
  it('read an installation with only JWT_SECRET as both lists, and lists newest first', () => {
    const old = loadConfig({ ...pg, JWT_SECRET: J1 });
    expect(old.jwtSecrets).toEqual([J1]);
    expect(old.dataKeys).toEqual([J1]);
    const apart = loadConfig({ ...pg, JWT_SECRETS: `${J2}, ${J1}`, DATA_KEYS: `${K2},${J1}` });
    expect(apart.jwtSecrets).toEqual([J2, J1]);
    expect(apart.dataKeys).toEqual([K2, J1]);
    // The old JWT_SECRET listed in DATA_KEYS opens what it sealed.
    const sealedBefore = createSecretBox(old.dataKeys, 'totp-secret').seal('S');
    expect(createSecretBox(apart.dataKeys, 'totp-secret').open(sealedBefore)).toBe('S');
  });

  it('name what is missing or too short', () => {
    expect(() => loadConfig({ ...pg, JWT_SECRETS: J1 })).toThrow(
      /JWT_SECRET: required when DATABASE_URL is set \(or both JWT_SECRETS and DATA_KEYS\)/,
    );
    expect(() => loadConfig({ ...pg, JWT_SECRETS: `${J1},short`, DATA_KEYS: K1 })).toThrow(
      /JWT_SECRETS: must be one or more secrets of at least 32 characters/,
    );
  });
});
