import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { createAdmin, createUser, type TestUser } from '../../../test/helpers';
import { LISTENER_APPLICATION_NAME } from '../../db/listener';
import { connectSse, type SseConnection } from '../../../test/sse-client';

/**
 * Two server processes on different ports against one PostgreSQL database: a notification sent through
 * one reaches a browser connected to the other. Runs in the server-pg project only (*.pg.test.ts).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const BASE_URL = process.env.TEST_DATABASE_URL!;
const NAME = `portal_xi_${crypto.randomBytes(5).toString('hex')}`;

interface Instance {
  url: string;
  child: ChildProcess;
  output: () => string;
}

let database: Database;
let a: Instance;
let b: Instance;
let admin: TestUser;
let investor: TestUser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-xi-'));
const streams: SseConnection[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startInstance(dbUrl: string): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      JWT_SECRET: 'cross-instance-secret-cross-instance-secret-0123',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance exited (${child.exitCode}): ${out}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, child, output: () => out };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`instance did not become ready: ${out}`);
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

async function call(inst: Instance, method: string, p: string, token?: string, body?: unknown) {
  const res = await fetch(`${inst.url}${p}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the API answers
  return { status: res.status, json: (await res.json()) as any };
}

async function signIn(inst: Instance, user: TestUser): Promise<string> {
  const res = await call(inst, 'POST', '/api/auth/login', undefined, {
    email: user.email,
    password: user.password,
  });
  expect(res.status).toBe(200);
  return res.json.data.accessToken;
}

async function openStream(ticketFrom: Instance, streamOn: Instance, token: string) {
  const t = await call(ticketFrom, 'POST', '/api/notifications/stream/ticket', token);
  expect(t.status).toBe(200);
  const conn = await connectSse(`${streamOn.url}/api/notifications/stream?ticket=${t.json.data.ticket}`);
  streams.push(conn);
  expect(conn.status).toBe(200);
  await conn.next('ready');
  return conn;
}

beforeAll(async () => {
  const adminClient = new pg.Client({ connectionString: BASE_URL });
  await adminClient.connect();
  await adminClient.query(`create database ${NAME}`);
  await adminClient.end();
  const url = new URL(BASE_URL);
  url.pathname = `/${NAME}`;
  // Both instances start at once and migrate the new database under the advisory lock.
  [a, b] = await Promise.all([startInstance(url.toString()), startInstance(url.toString())]);
  database = await openDatabase({ url: url.toString(), migrate: false, poolSize: 2 });
  admin = await createAdmin(database.db, { name: 'Cross Admin' });
  investor = await createUser(database.db, { name: 'Cross Investor' });
}, 90_000);

afterAll(async () => {
  streams.forEach((s) => s.close());
  for (const inst of [a, b]) if (inst && inst.child.exitCode === null) inst.child.kill('SIGKILL');
  await database?.close();
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  await c.query(`drop database if exists ${NAME} with (force)`);
  await c.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('notifications across two server instances on one PostgreSQL database', () => {
  it('delivers a notification sent through instance A to a browser connected to instance B', async () => {
    expect(a.url).not.toBe(b.url);
    const adminToken = await signIn(a, admin);
    const investorToken = await signIn(b, investor);
    // The ticket is issued by A and redeemed by B: tickets live in the database, not in a process.
    const stream = await openStream(a, b, investorToken);

    const t0 = performance.now();
    const sent = await call(a, 'POST', '/api/notifications/send', adminToken, {
      title: 'Across instances',
      message: 'Sent through A, delivered by B',
      type: 'success',
      userIds: [investor.id],
    });
    expect(sent.status).toBe(200);
    expect(sent.json.message).toBe('Notification sent successfully!');
    const event = await stream.next('notification', 1_000);
    const latency = event.at - t0;
    expect(latency).toBeLessThan(1_000);
    console.info(`cross-instance delivery: ${latency.toFixed(1)} ms from the send request`);
    const item = JSON.parse(event.data);
    expect(item).toMatchObject({ title: 'Across instances', type: 'success', read: false });

    // Reading it through A tells the tab on B to reload its list.
    const read = await call(a, 'PUT', `/api/notifications/${item._id}/read`, investorToken);
    expect(read.status).toBe(200);
    await stream.next('sync', 1_000);

    // A broadcast through B reaches a second tab, on A.
    const onA = await openStream(b, a, investorToken);
    await call(b, 'POST', '/api/notifications/send', adminToken, { title: 'Everyone', message: 'From B' });
    expect(JSON.parse((await onA.next('notification', 1_000)).data).title).toBe('Everyone');
    expect(JSON.parse((await stream.next('notification', 1_000)).data).title).toBe('Everyone');
  });

  it('survives the loss of the LISTEN connection: it reconnects, resynchronises the tabs and delivers again', async () => {
    const adminToken = await signIn(a, admin);
    const investorToken = await signIn(b, investor);
    const stream = await openStream(b, b, investorToken);
    const killer = new pg.Client({ connectionString: BASE_URL });
    await killer.connect();
    const { rows } = await killer.query(
      `select pg_terminate_backend(pid) as killed from pg_stat_activity
       where datname = $1 and application_name = $2`,
      [NAME, LISTENER_APPLICATION_NAME],
    );
    await killer.end();
    // One listener per instance: A and B.
    expect(rows.length).toBeGreaterThanOrEqual(1);
    await stream.next('sync', 5_000);
    await call(a, 'POST', '/api/notifications/send', adminToken, {
      title: 'After the reconnect',
      message: 'M',
      userIds: [investor.id],
    });
    expect(JSON.parse((await stream.next('notification', 1_000)).data).title).toBe('After the reconnect');
  });

  it('ends a stream on instance B as soon as its sign-in ends through instance A (logout, deactivation)', async () => {
    const adminToken = await signIn(a, admin);
    const user = await createUser(database.db, { name: 'Cross Leaver' });
    const login = await call(a, 'POST', '/api/auth/login', undefined, {
      email: user.email,
      password: user.password,
    });
    const { accessToken, refreshToken } = login.json.data;
    const other = await signIn(a, user);
    const [ending, staying] = [await openStream(a, b, accessToken), await openStream(a, b, other)];

    let t0 = performance.now();
    expect((await call(a, 'POST', '/api/auth/logout', accessToken, { refreshToken })).status).toBe(200);
    let bye = await ending.next('bye', 1_000);
    expect(JSON.parse(bye.data)).toEqual({ reason: 'ended' });
    console.info(`cross-instance logout: stream ended ${(bye.at - t0).toFixed(1)} ms after the request`);
    await ending.ended;
    const seen = ending.events.length;
    // Another sign-in of the user is not touched, and the ended stream is told nothing more.
    await call(a, 'POST', '/api/notifications/send', adminToken, {
      title: 'After logout',
      message: 'M',
      userIds: [user.id],
    });
    expect(JSON.parse((await staying.next('notification', 1_000)).data).title).toBe('After logout');
    expect(ending.events.length).toBe(seen);

    t0 = performance.now();
    expect((await call(a, 'POST', `/api/users/${user.id}/deactivate`, adminToken)).status).toBe(200);
    bye = await staying.next('bye', 1_000);
    expect(JSON.parse(bye.data)).toEqual({ reason: 'ended' });
    expect(bye.at - t0).toBeLessThan(1_000);
    await staying.ended;
  });

  it('stops an instance gracefully with streams open: they are told, and the process exits promptly', async () => {
    const investorToken = await signIn(b, investor);
    const stream = await openStream(b, b, investorToken);
    const t0 = performance.now();
    b.child.kill('SIGTERM');
    expect(JSON.parse((await stream.next('bye', 3_000)).data)).toEqual({ reason: 'shutdown' });
    expect(await exitOf(b.child)).toBe(0);
    expect(performance.now() - t0).toBeLessThan(5_000);
    // Instance A still serves.
    expect((await fetch(`${a.url}/api/ready`)).status).toBe(200);
  });
});
