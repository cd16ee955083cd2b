/**
 * Fan-out of one broadcast notification on PostgreSQL (issue 6):
 *
 *   node --import tsx bench/broadcast.ts [--users 10000] [--runs 9] [--streams 200] [--url postgres://…]
 *
 * On a fresh database with `--users` active investors, each holding ten older notifications, it times
 * 1. the fan-out statement alone (`notifyAllActiveUsers`: one INSERT … SELECT with its pg_notify),
 * 2. `POST /api/notifications/send` without userIds (auth, validation, transaction, audit record),
 * 3. live delivery: from the send request until each of `--streams` open event streams has the new
 *    notification.
 * It prints the medians and every run, and drops the database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import type { Config } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { notifyAllActiveUsers } from '../apps/server/src/modules/notifications/notify';
import { createDeps } from '../apps/server/src/runtime';
import { connectSse } from '../apps/server/test/sse-client';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '9' },
    streams: { type: 'string', default: '200' },
    url: {
      type: 'string',
      default:
        process.env.BENCH_DATABASE_URL ??
        process.env.TEST_DATABASE_URL ??
        'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const USERS = Number(args.users);
const RUNS = Number(args.runs);
const STREAMS = Math.min(Number(args.streams), USERS);
const ADMIN = { email: 'broadcast.admin@bench.test', password: 'bench-password-1' };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const r1 = (x: number) => Math.round(x * 10) / 10;
const summary = (xs: number[]) => ({
  medianMs: r1(median(xs)),
  minMs: r1(Math.min(...xs)),
  maxMs: r1(Math.max(...xs)),
  runsMs: xs.map(r1),
});

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const name = `portal_bench_broadcast_${crypto.randomBytes(4).toString('hex')}`;
const dbUrl = new URL(args.url);
dbUrl.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-broadcast-'));

await withClient(args.url, (c) => c.query(`create database ${name}`));
const database = await openDatabase({ url: dbUrl.toString(), poolSize: 10 });
try {
  const hash = await hashPassword(ADMIN.password);
  const t0 = performance.now();
  await withClient(dbUrl.toString(), async (c) => {
    await c.query(
      `insert into users (name, email, password_hash, investor_id, activated_at)
       select 'Investor ' || g, 'investor' || g || '@bench.test', $2, 'INV-2026-' || lpad(upper(to_hex(g)), 6, '0'), now()
       from generate_series(1, $1::int) g`,
      [USERS, hash],
    );
    await c.query(
      `insert into users (name, email, password_hash, investor_id, is_admin, activated_at)
       values ('Broadcast Admin', $1, $2, 'INV-2026-ADMIN0', true, now())`,
      [ADMIN.email, hash],
    );
    await c.query(
      `insert into notifications (user_id, title, message, type, read, created_at)
       select u.id, 'Older ' || g, 'An older notification.', 'info', g % 3 = 0, now() - g * interval '3 days'
       from users u, generate_series(1, 10) g`,
    );
    await c.query('analyze');
  });
  console.info(
    `Loaded ${USERS.toLocaleString('en-US')} investors and ${(USERS * 10).toLocaleString('en-US')} notifications in ${Math.round(performance.now() - t0)} ms`,
  );

  // 1. The fan-out statement.
  const statement: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const t = performance.now();
    const sent = await notifyAllActiveUsers(database.db, {
      title: `Statement ${i}`,
      message: 'A broadcast to every investor.',
      type: 'info',
    });
    if (sent !== USERS + 1) throw new Error(`fan-out wrote ${sent} rows, expected ${USERS + 1}`);
    if (i > 0) statement.push(performance.now() - t); // the first run warms up
  }

  // 2. Through the API.
  const config: Config = {
    env: 'production',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: dbUrl.toString(),
    jwtSecrets: [crypto.randomBytes(32).toString('hex')],
    dataKeys: [crypto.randomBytes(32).toString('hex')],
    uploadMaxBytes: 1024 * 1024,
    seedDemo: false,
    allowDemoAccounts: false,
    kycValidMonths: 24,
    backups: {
      schedule: undefined,
      dir: path.join(os.tmpdir(), 'portal-backups'),
      keepDaily: 7,
      keepMonthly: 12,
    },
    logLevel: 'silent',
    accessLog: 'app',
    smtpUrl: undefined,
    mailFrom: 'Investor Portal <portal@example.test>',
    appUrl: 'http://localhost:3000',
    appUrlSet: true,
    mailRatePerMinute: 600,
    runJobs: false,
    loginRateLimit: 10_000,
    webDist: undefined,
    redisUrl: undefined,
    redisPrefix: 'portal:',
    trustProxy: [],
  };
  const deps = createDeps(config, database);
  const app = await buildApp(deps, { logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const adminToken: string = login.json().data.accessToken;
    const send = (title: string) =>
      app.inject({
        method: 'POST',
        url: '/api/notifications/send',
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { title, message: 'A broadcast to every investor.', type: 'success' },
      });
    const api: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const t = performance.now();
      const res = await send(`API ${i}`);
      if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${res.body}`);
      // Every investor and the sending admin.
      if (res.json().data.sent !== USERS + 1)
        throw new Error(`send reached ${res.json().data.sent} users, expected ${USERS + 1}`);
      if (i > 0) api.push(performance.now() - t);
    }

    // 3. Live delivery to open streams (tokens signed directly: no password hashing per investor).
    const investors = await withClient(dbUrl.toString(), async (c) => {
      const { rows } = await c.query<{ id: string }>(
        `select id from users where not is_admin order by email limit $1`,
        [STREAMS],
      );
      return rows;
    });
    const conns = await Promise.all(
      investors.map(async ({ id }) => {
        const token = await deps.signer.signAccess({ sub: id, sid: crypto.randomUUID(), isAdmin: false });
        const t = await app.inject({
          method: 'POST',
          url: '/api/notifications/stream/ticket',
          headers: { authorization: `Bearer ${token}` },
        });
        const conn = await connectSse(`${base}/api/notifications/stream?ticket=${t.json().data.ticket}`);
        await conn.next('ready', 10_000);
        return conn;
      }),
    );
    const live: number[] = [];
    const firstArrival: number[] = [];
    const sendDone: number[] = [];
    const liveRuns = Math.max(3, Math.ceil(RUNS / 3));
    for (let i = 0; i < liveRuns; i++) {
      const t = performance.now();
      const res = await send(`Live ${i}`);
      const sentAt = performance.now();
      if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode}`);
      const arrivals = await Promise.all(conns.map((c) => c.next('notification', 10_000)));
      live.push(Math.max(...arrivals.map((e) => e.at)) - t);
      firstArrival.push(Math.min(...arrivals.map((e) => e.at)) - t);
      sendDone.push(sentAt - t);
    }
    conns.forEach((c) => c.close());

    const results = {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      postgres: await withClient(
        args.url,
        async (c) => (await c.query('show server_version')).rows[0].server_version,
      ),
      users: USERS + 1,
      fanOutStatement: summary(statement),
      sendThroughApi: summary(api),
      liveDelivery: {
        streams: STREAMS,
        ...summary(live),
        sendAnsweredMs: summary(sendDone).medianMs,
        firstStreamMs: summary(firstArrival).medianMs,
      },
    };
    console.info(JSON.stringify(results, null, 2));
    console.info(
      [
        '',
        `| broadcast to ${results.users.toLocaleString('en-US')} users (PostgreSQL ${results.postgres}) | median | min | max |`,
        '| --- | --- | --- | --- |',
        `| fan-out statement | ${results.fanOutStatement.medianMs} ms | ${results.fanOutStatement.minMs} | ${results.fanOutStatement.maxMs} |`,
        `| POST /api/notifications/send | ${results.sendThroughApi.medianMs} ms | ${results.sendThroughApi.minMs} | ${results.sendThroughApi.maxMs} |`,
        `| until ${STREAMS} open streams have it | ${results.liveDelivery.medianMs} ms | ${results.liveDelivery.minMs} | ${results.liveDelivery.maxMs} |`,
      ].join('\n'),
    );
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await withClient(args.url, (c) => c.query(`drop database if exists ${name} with (force)`));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
