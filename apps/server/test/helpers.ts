import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import pg from 'pg';
import type { LoginResult } from '@portal/contracts';
import { createDeps } from '../src/runtime';
import { buildApp } from '../src/app';
import { checkAnswers } from './answer-check';
import type { App, AppDeps } from '../src/app-types';
import type { Config } from '../src/config';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { cabins, investments, monthlyReturns, projects, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';

export const isPg = process.env.TEST_DB === 'pg';

/** A fresh, migrated, empty database: a PGlite copy of the snapshot, or a new PostgreSQL database. */
export async function openTestDatabase(): Promise<Database> {
  if (!isPg) {
    const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
    return openDatabase({ snapshot, migrate: false });
  }
  const template = inject('pgTemplate');
  if (template) {
    // A copy of the migrated template, dropped with the run's other databases (pg-global-setup.ts).
    const url = await copyPgDatabase(
      template,
      `${inject('pgRunPrefix')}${crypto.randomBytes(6).toString('hex')}`,
    );
    return openDatabase({ url, poolSize: 5, migrate: false });
  }
  const { url, drop } = await createPgDatabase();
  const database = await openDatabase({ url, poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}

/** A new database on the TEST_DATABASE_URL server, a copy of `template`; its URL. */
async function copyPgDatabase(template: string, name: string): Promise<string> {
  const base = process.env.TEST_DATABASE_URL!;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server, and a way to drop it. */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-')),
    databaseUrl: undefined,
    jwtSecrets: ['test-secret-test-secret-test-secret-0123456789'],
    dataKeys: ['test-data-key-test-data-key-test-data-key-0123'],
    uploadMaxBytes: 1024 * 1024,
    kycValidMonths: 24,
    seedDemo: false,
    allowDemoAccounts: false,
    backups: {
      schedule: undefined,
      dir: path.join(os.tmpdir(), 'portal-backups'),
      keepDaily: 7,
      keepMonthly: 12,
    },
    logLevel: 'silent',
    accessLog: 'app',
    loginRateLimit: 1000,
    webDist: undefined,
    smtpUrl: undefined,
    mailFrom: 'Investor Portal <portal@example.test>',
    appUrl: 'http://portal.test',
    appUrlSet: true,
    mailRatePerMinute: 600_000,
    runJobs: false,
    redisUrl: undefined,
    redisPrefix: 'portal-test:',
    trustProxy: [],
    ...overrides,
  };
}

export interface TestContext {
  app: App;
  db: Db;
  database: Database;
  deps: AppDeps;
  /** Signs `user` in: its access token. */
  signIn(user: { email: string; password: string }): Promise<string>;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database; call once per test file. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  replace: Partial<Pick<AppDeps, 'limiter' | 'afterAnswer'>> = {},
): Promise<TestContext> {
  const config = testConfig(overrides);
  const database = await openTestDatabase();
  const deps: AppDeps = {
    ...createDeps(config, database),
    ...replace,
  };
  const app = await buildApp(deps, { logger: false });
  const violations: string[] = [];
  checkAnswers(app, violations);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    deps,
    signIn: (user) => tokenOf(app, user),
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
      if (violations.length)
        throw new Error(`Answers the registry does not declare:\n${[...new Set(violations)].join('\n')}`);
    },
  };
}

/**
 * The app of one test file: built on a fresh database before its tests and closed after them. Call it
 * once at the top of the file; its fields read the app built then.
 */
export function useTestApp(...args: Parameters<typeof buildTestApp>): TestContext {
  let built: TestContext | undefined;
  beforeAll(async () => {
    built = await buildTestApp(...args);
  });
  afterAll(() => built?.close());
  const current = () => {
    if (!built) throw new Error('The test app is built in beforeAll: read it inside a hook or a test');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get database() {
      return current().database;
    },
    get deps() {
      return current().deps;
    },
    signIn: (user) => current().signIn(user),
    close: () => current().close(),
  };
}

/**
 * The statements `fn` sends with every cache cold (sign-in checks and kept answers), so that a count
 * does not depend on what ran before it.
 */
export async function countQueries(ctx: TestContext, fn: () => Promise<unknown>): Promise<number> {
  ctx.app.changes.reset();
  const before = ctx.database.queries.count;
  await fn();
  return ctx.database.queries.count - before;
}

let counter = 0;
const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${crypto.randomBytes(2).toString('hex')}`;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

export async function createUser(
  db: Db,
  opts: {
    name?: string;
    email?: string;
    password?: string;
    isAdmin?: boolean;
    isActive?: boolean;
    activated?: boolean;
    /** The account's language (`users.locale`): English by default. */
    locale?: 'en' | 'de' | 'nb';
  } = {},
): Promise<TestUser> {
  const u = unique();
  const email = opts.email ?? `user-${u}@example.test`;
  const password = opts.password ?? 'secret123';
  const name = opts.name ?? `Test User ${u}`;
  const [row] = await db
    .insert(users)
    .values({
      name,
      email,
      passwordHash: await hashPassword(password),
      investorId: `INV-2026-${u.slice(-6).toUpperCase().padStart(6, '0')}`,
      isAdmin: opts.isAdmin ?? false,
      isActive: opts.isActive ?? true,
      activatedAt: opts.activated === false ? null : new Date(),
      ...(opts.locale ? { locale: opts.locale } : {}),
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password, name };
}

export const createAdmin = (db: Db, opts: Parameters<typeof createUser>[1] = {}) =>
  createUser(db, { ...opts, isAdmin: true });

/** A project with `cabins` cabins ('Cabin 1', 'Cabin 2' …), so that its stays have somewhere to go. */
export async function createProject(
  db: Db,
  values: Partial<typeof projects.$inferInsert> = {},
  { cabins: cabinCount = 3 }: { cabins?: number } = {},
) {
  const [row] = await db
    .insert(projects)
    .values({ name: `Project ${unique()}`, location: 'Somewhere, Finland', status: 'active', ...values })
    .returning();
  if (cabinCount)
    await db.insert(cabins).values(
      Array.from({ length: cabinCount }, (_, i) => ({
        projectId: row!.id,
        name: `Cabin ${i + 1}`,
        sleeps: 6,
      })),
    );
  return row!;
}

/** An investment, with monthly returns when given ({ '2025-01': '100.10' }). */
export async function createInvestment(
  db: Db,
  userId: string,
  projectId: string,
  values: {
    amount?: string;
    returns?: string;
    startDate?: string;
    /** Amount a month, or the amount and its own payment date. */
    monthly?: Record<string, string | { amount: string; paymentDate: string }>;
  } = {},
) {
  const [row] = await db
    .insert(investments)
    .values({
      userId,
      projectId,
      amount: values.amount ?? '10000.00',
      returns: values.returns ?? '0',
      startDate: values.startDate ?? '2024-01-01',
    })
    .returning();
  const monthly = Object.entries(values.monthly ?? {});
  if (monthly.length) {
    await db.insert(monthlyReturns).values(
      monthly.map(([month, v]) => ({
        userId,
        projectId,
        month,
        ...(typeof v === 'string' ? { amount: v } : v),
      })),
    );
  }
  return row!;
}

/**
 * A new investor holding a new project: the user (`user`: createUser's options), the project
 * (`project`: its values) and the investment (`values`: createInvestment's).
 */
export async function createHolding(
  db: Db,
  values: Parameters<typeof createInvestment>[3] = {},
  opts: { user?: Parameters<typeof createUser>[1]; project?: Parameters<typeof createProject>[1] } = {},
) {
  const user = await createUser(db, opts.user);
  const project = await createProject(db, opts.project);
  const investment = await createInvestment(db, user.id, project.id, values);
  return { user, project, investment };
}

export async function login(app: App, email: string, password: string): Promise<LoginResult> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The access token of `user`, signed in. */
const tokenOf = async (app: App, user: { email: string; password: string }) =>
  (await login(app, user.email, user.password)).accessToken;

/** A new admin, signed in: its access token. */
export const signInAdmin = async (ctx: Pick<TestContext, 'app' | 'db'>, opts: { name?: string } = {}) =>
  tokenOf(ctx.app, await createAdmin(ctx.db, opts));

/** A signed-in user of a test: the user and its access `token`. */
export type SignedIn = TestUser & { token: string };

/**
 * The app of one test file (useTestApp) with an admin signed in before its tests: `ctx.admin`, the
 * admin's id, name, email and access `token`; `admin` names it ('Ada Admin'). Call it once at the top of
 * the file.
 */
export function useAdminApp(
  admin: { name?: string } = {},
  ...args: Parameters<typeof buildTestApp>
): TestContext & { readonly admin: SignedIn } {
  const ctx = useTestApp(...args);
  let signedIn: SignedIn | undefined;
  beforeAll(async () => {
    const user = await createAdmin(ctx.db, admin);
    signedIn = { ...user, token: await tokenOf(ctx.app, user) };
  });
  return Object.defineProperty(ctx, 'admin', {
    get() {
      if (!signedIn) throw new Error('The admin signs in in beforeAll: read it inside a hook or a test');
      return signedIn;
    },
  }) as TestContext & { readonly admin: SignedIn };
}

/** A new investor holding `projectIds`, signed in: the user and its `token`. */
export async function investorIn(ctx: Pick<TestContext, 'app' | 'db'>, ...projectIds: string[]) {
  const user = await createUser(ctx.db);
  for (const p of projectIds) await createInvestment(ctx.db, user.id, p);
  return { ...user, token: await tokenOf(ctx.app, user) };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Requests to the app as the holder of a token: `get(token, url)` and `send(token, method, url, payload?)`. */
export const requestsOf = (ctx: Pick<TestContext, 'app'>) => ({
  get: (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) }),
  send: (token: string, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) }),
});

/** The month (YYYY-MM) `n` months after this one. */
export function monthsAhead(n: number): string {
  const month = new Date();
  month.setUTCDate(1);
  month.setUTCMonth(month.getUTCMonth() + n);
  return month.toISOString().slice(0, 7);
}

/** Turns two-factor sign-in on for the holder of `accessToken`: its secret and recovery codes. */
export async function enableTwoFactor(app: App, accessToken: string) {
  const { totpCode, totpStep } = await import('../src/lib/totp');
  const post = (url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: bearer(accessToken), payload });
  const secret = (await post('/api/auth/totp/setup')).json().data.secret as string;
  const on = await post('/api/auth/totp/enable', { code: totpCode(secret, totpStep()) });
  if (on.statusCode !== 200) throw new Error(`two-factor sign-in not turned on: ${on.body}`);
  return { secret, recoveryCodes: on.json().data.recoveryCodes as string[] };
}
