/**
 * The cluster test (issue 19, ADR 021): the production shape on one machine, all on 127.0.0.1.
 * Debian's nginx, configured from deploy/nginx.conf itself, in front of two instances of the built
 * server (apps/server/dist/main.js) on this machine's PostgreSQL (a database created and dropped here)
 * and Redis (keys under a prefix of their own, deleted afterwards) and an S3 server (s3rver, from npm).
 *
 *   npm run build && npm run test:cluster
 *
 * Settings: CLUSTER_DATABASE_URL (a connection that may create databases; default
 * postgres://postgres@127.0.0.1:5432/postgres), CLUSTER_REDIS_URL (default redis://127.0.0.1:6379),
 * CLUSTER_PORT_BASE (nginx on it, the instances on the next two; default: free ports), NGINX (the
 * binary; default /usr/sbin/nginx). On failure every process's log is printed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Agent, setGlobalDispatcher } from 'undici';
import { makePdf } from '../apps/server/src/db/seed/pdf';
import { createRedis, waitForRedis } from '../apps/server/src/lib/redis';
import { freePort } from '../apps/server/test/pg-cluster';
import { startTestS3, type TestS3 } from '../apps/server/test/s3-server';
import { connectSse, type SseConnection } from '../apps/server/test/sse-client';
import { Instance } from './cluster/instance';
import { isOk, startLoad, tally, type Outcome } from './cluster/load';
import { Nginx, type AccessLine } from './cluster/nginx';
import { waitUntil } from './cluster/process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
const SHIPPED_NGINX_CONF = path.join(ROOT, 'deploy/nginx.conf');
const ADMIN = { email: 'admin@example.com', password: 'admin123' };
const INVESTOR = { email: 'investor@example.com', password: 'investor123' };
/** The account the lockout is earned on (a demo investor no other step signs in as). */
const LOCKED = { email: 'investor2@example.com', password: 'investor123' };
/** Failures that lock an address out of an account: half of LOGIN_RATE_LIMIT's default of 20 (ADR 007). */
const LOCKOUT_FAILURES = 10;
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
/** Concurrent clients of the load loops: each has at most one request in flight. */
const WORKERS = 4;
const UPLOAD_BYTES = 6 * 1024 * 1024;

function check(ok: unknown, message: string): asserts ok {
  if (!ok) throw new Error(message);
}

interface Cluster {
  nginx: Nginx;
  a: Instance;
  b: Instance;
  admin: string;
  investor: string;
  investorId: string;
  projectId: string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = { 'content-type': 'application/json' };

async function call<T>(url: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the message
  }
  return { status: res.status, body: body as T };
}

async function signIn(base: string, who: { email: string; password: string }): Promise<string> {
  const res = await call<{ data: { accessToken: string } }>(`${base}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(who),
  });
  check(res.status === 200, `sign-in of ${who.email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.accessToken;
}

/** Every update's title, read from one instance directly. */
async function updateTitles(instance: Instance, admin: string, projectId: string): Promise<string[]> {
  const res = await call<{ updates: { title: string }[] }>(
    `${instance.url}/api/updates?projectId=${projectId}`,
    {
      headers: bearer(admin),
    },
  );
  check(res.status === 200, `listing updates: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.updates.map((u) => u.title);
}

/** Every write acknowledged with 2xx is there, once; a write is never there twice (no resent POST). */
async function checkWrites(cluster: Cluster, reader: Instance, prefix: string, outcomes: Outcome[]) {
  const titles = (await updateTitles(reader, cluster.admin, cluster.projectId)).filter((t) =>
    t.startsWith(prefix),
  );
  const counts = new Map<string, number>();
  for (const t of titles) counts.set(t, (counts.get(t) ?? 0) + 1);
  const twice = [...counts].filter(([, n]) => n > 1);
  check(twice.length === 0, `written more than once: ${JSON.stringify(twice)}`);
  const acknowledged = outcomes.filter((o) => o.kind === 'write' && isOk(o));
  const missing = acknowledged.filter((o) => !counts.has(o.title!));
  check(
    missing.length === 0,
    `${missing.length} acknowledged writes are missing: ${missing.map((o) => o.title)}`,
  );
  const unacknowledged = outcomes.filter((o) => o.kind === 'write' && !isOk(o));
  return {
    acknowledged: acknowledged.length,
    stored: titles.length,
    failedButStored: unacknowledged.filter((o) => counts.has(o.title!)).length,
  };
}

async function streamsOpen(instance: Instance): Promise<number> {
  const res = await call<string>(`${instance.url}/metrics`, { headers: bearer(METRICS_TOKEN) });
  check(res.status === 200, `${instance.name} /metrics: ${res.status}`);
  const m = /^portal_notification_streams_open (\d+)/m.exec(res.body);
  check(m, `${instance.name} /metrics has no portal_notification_streams_open`);
  return Number(m[1]);
}

// ---------------------------------------------------------------------------------------------------

async function lockoutHoldsOnTheOther({ a, b, nginx }: Cluster) {
  const attempt = (base: string, password: string, address: string) =>
    call<{ message: string }>(`${base}/api/auth/login`, {
      method: 'POST',
      // The instances believe X-Forwarded-For from 127.0.0.1 (TRUST_PROXY), as they would from nginx.
      headers: { ...json, 'x-forwarded-for': address },
      body: JSON.stringify({ email: LOCKED.email, password }),
    });
  const codes: number[] = [];
  for (let i = 0; i < LOCKOUT_FAILURES; i++)
    codes.push((await attempt(a.url, `wrong-${i}`, '203.0.113.50')).status);
  check(
    codes.every((c) => c === 401),
    `${LOCKOUT_FAILURES} wrong passwords through A: ${codes}`,
  );
  const onB = await attempt(b.url, LOCKED.password, '203.0.113.50');
  check(
    onB.status === 429 &&
      /Too many failed sign-in attempts for this account from your network address/.test(onB.body.message),
    `the right password through B from the locked address: ${onB.status} ${JSON.stringify(onB.body)}`,
  );
  const throughNginx = await attempt(nginx.url, LOCKED.password, '203.0.113.50');
  check(throughNginx.status === 429, `… through nginx: ${throughNginx.status}`);
  const elsewhere = await attempt(b.url, LOCKED.password, '198.51.100.7');
  check(elsewhere.status === 200, `the owner from another address through B: ${elsewhere.status}`);
  return `${LOCKOUT_FAILURES} failures through A; B and nginx refuse the address with 429; another address signs in through B`;
}

async function notificationCrossesInstances(cluster: Cluster) {
  const { a, b, nginx, admin, investor, investorId } = cluster;
  // Streams are opened through nginx, one at a time, until each instance holds one; /metrics of each
  // instance tells where a stream landed. (The tickets come from the instances directly: taken through
  // nginx too, they would take every other turn of its round robin, and every stream the same one.)
  const on = new Map<Instance, SseConnection>();
  const opened: SseConnection[] = [];
  try {
    for (let i = 0; i < 8 && on.size < 2; i++) {
      const before = [await streamsOpen(a), await streamsOpen(b)];
      const ticket = await call<{ data: { ticket: string } }>(
        `${[a, b][i % 2]!.url}/api/notifications/stream/ticket`,
        {
          method: 'POST',
          headers: bearer(investor),
        },
      );
      check(ticket.status === 200, `stream ticket: ${ticket.status}`);
      const stream = await connectSse(
        `${nginx.url}/api/notifications/stream?ticket=${ticket.body.data.ticket}`,
        { ca: nginx.ca },
      );
      opened.push(stream);
      check(stream.status === 200, `stream through nginx: ${stream.status} ${stream.body}`);
      await stream.next('ready', 10_000);
      let landed: Instance | undefined;
      await waitUntil('the stream counted by an instance', async () => {
        const after = [await streamsOpen(a), await streamsOpen(b)];
        landed = after[0]! > before[0]! ? a : after[1]! > before[1]! ? b : undefined;
        return landed !== undefined;
      });
      if (!on.has(landed!)) on.set(landed!, stream);
    }
    check(on.size === 2, 'nginx did not spread 8 streams over both instances');
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const title = `Cluster notice sent through ${from.name}`;
      const sent = await call(`${from.url}/api/notifications/send`, {
        method: 'POST',
        headers: { ...json, ...bearer(admin) },
        body: JSON.stringify({ title, message: 'Across instances', userIds: [investorId] }),
      });
      check(sent.status === 201 || sent.status === 200, `sending through ${from.name}: ${sent.status}`);
      const stream = on.get(to)!;
      await waitUntil(`the notification on the stream held by ${to.name}`, async () => {
        const e = await stream.next('notification', 10_000);
        return (JSON.parse(e.data) as { title: string }).title === title;
      });
    }
  } finally {
    opened.forEach((s) => s.close());
  }
  return 'sent through A, it reached the stream B holds (through nginx), and the other way round';
}

async function documentCrossesInstances({ a, b, nginx, admin, investor, investorId, projectId }: Cluster) {
  const pdf = await makePdf('Cluster statement', ['Uploaded through one instance.']);
  // Past the S3 upload's 5 MB part: a multipart upload, read back whole.
  const file = Buffer.concat([pdf, crypto.randomBytes(UPLOAD_BYTES)]);
  const digest = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
  const roundTrip = async (up: string, down: string) => {
    const form = new FormData();
    form.append('name', `Statement via ${up}`);
    form.append('category', 'Tax Documents');
    form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'statement.pdf');
    const created = await call<{ data: { _id: string; fileSize: number } }>(
      `${up}/api/documents?userId=${investorId}&projectId=${projectId}`,
      { method: 'POST', headers: bearer(admin), body: form },
    );
    check(created.status === 201, `upload through ${up}: ${created.status} ${JSON.stringify(created.body)}`);
    check(created.body.data.fileSize === file.length, `stored size ${created.body.data.fileSize}`);
    const res = await fetch(`${down}/api/documents/${created.body.data._id}/download`, {
      headers: bearer(investor),
    });
    check(res.status === 200, `download through ${down}: ${res.status}`);
    const got = Buffer.from(await res.arrayBuffer());
    check(got.length === file.length && digest(got) === digest(file), `download through ${down} differs`);
  };
  await roundTrip(a.url, b.url);
  await roundTrip(b.url, a.url);
  await roundTrip(nginx.url, nginx.url);
  return `${(file.length / 1024 / 1024).toFixed(1)} MB up through A, down through B byte for byte (and B to A, and through nginx)`;
}

function writeLoad(cluster: Cluster, prefix: string, kind: (w: number, i: number) => 'write' | 'read') {
  let stopped = false;
  const reads = ['/api/users/me', '/api/projects', `/api/updates?projectId=${cluster.projectId}`];
  const load = startLoad({
    workers: WORKERS,
    maxPerWorker: 5_000,
    maxMs: 90_000,
    stop: () => stopped,
    kind,
    write: (w, i) => {
      const title = `${prefix} ${w}-${i}`;
      return {
        title,
        url: `${cluster.nginx.url}/api/updates`,
        init: {
          method: 'POST',
          headers: { ...json, ...bearer(cluster.admin) },
          body: JSON.stringify({ projectId: cluster.projectId, title, excerpt: 'Written under load' }),
        },
      };
    },
    read: (w, i) => ({
      url: `${cluster.nginx.url}${reads[(w + i) % reads.length]}`,
      init: { headers: bearer(cluster.investor) },
    }),
  });
  return { ...load, stop: () => (stopped = true) };
}

/**
 * nginx's access line and the app's lines of one request are joined by the request's id: nginx writes
 * JSON with the app's field names (deploy/nginx.conf) and sends its id to the instance, which logs
 * under it and answers it in X-Request-Id.
 */
async function logsJoinByRequestId(cluster: Cluster) {
  const { nginx } = cluster;
  const before = nginx.logSize();
  const res = await fetch(`${nginx.url}/api/users/me`, { headers: bearer(cluster.investor) });
  check(res.status === 200, `GET /api/users/me through nginx answered ${res.status}`);
  const id = res.headers.get('x-request-id');
  check(id && /^[0-9a-f]{32}$/.test(id), `the answer's X-Request-Id is nginx's $request_id: ${id}`);
  let line: AccessLine | undefined;
  await waitUntil('the nginx access line of the request', () => {
    line = nginx.linesSince(before).find((l) => l.reqId === id);
    return line !== undefined;
  });
  check(
    line!.method === 'GET' &&
      line!.url === '/api/users/me' &&
      line!.status === 200 &&
      Number.isInteger(line!.ms) &&
      Math.abs(line!.time - Date.now()) < 60_000 &&
      line!.msg === 'request',
    `nginx's line has the app's fields: ${JSON.stringify(line)}`,
  );
  // The instance writes its line as the answer ends: it may reach its log a moment after nginx's.
  let appLine: Record<string, unknown> | undefined;
  await waitUntil(`the instance's line of request ${id}`, () => {
    appLine = [cluster.a, cluster.b]
      .flatMap((i) => i.output().split('\n'))
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.reqId === id && l.msg === 'request');
    return appLine !== undefined;
  });
  check(
    appLine && appLine.url === line!.url && appLine.status === line!.status,
    `the instance's line of request ${id}: ${JSON.stringify(appLine)}`,
  );
  return `request ${id}: nginx ${line!.ms} ms via ${line!.upstream}, the app's line ${String(appLine.ms)} ms`;
}

/**
 * TLS as deploy/nginx.conf serves it: plain HTTP only redirects, every HTTPS answer carries HSTS, TLS 1.3
 * is negotiated, and a TLS 1.2 client offering only a cipher without forward secrecy is refused.
 */
async function tlsAsShipped(cluster: Cluster) {
  const { nginx } = cluster;
  const plain = await fetch(`${nginx.httpUrl}/login?next=%2Fdocuments`, { redirect: 'manual' });
  check(
    plain.status === 301 && plain.headers.get('location') === 'https://127.0.0.1/login?next=%2Fdocuments',
    `plain HTTP redirects to HTTPS: ${plain.status} ${plain.headers.get('location')}`,
  );
  const api = await fetch(`${nginx.httpUrl}/api/users/me`, { redirect: 'manual' });
  check(api.status === 301, `the API is not answered over plain HTTP: ${api.status}`);
  for (const url of [`${nginx.url}/api/health`, `${nginx.url}/login`, `${nginx.url}/api/users/me`]) {
    const res = await fetch(url);
    check(
      res.headers.get('strict-transport-security') === 'max-age=63072000',
      `${url} answers ${res.status} with HSTS: ${res.headers.get('strict-transport-security')}`,
    );
  }
  const handshake = (options: tls.ConnectionOptions) =>
    new Promise<{ protocol: string | null; cipher: string } | { error: string }>((resolve) => {
      const socket = tls.connect({ host: '127.0.0.1', port: nginx.port, ca: nginx.ca, ...options }, () => {
        resolve({ protocol: socket.getProtocol(), cipher: socket.getCipher().name });
        socket.end();
      });
      socket.on('error', (err) => resolve({ error: err.message }));
    });
  const modern = await handshake({});
  check(
    'protocol' in modern && modern.protocol === 'TLSv1.3',
    `TLS 1.3 negotiated: ${JSON.stringify(modern)}`,
  );
  const weak = await handshake({ maxVersion: 'TLSv1.2', ciphers: 'AES128-SHA256' });
  check('error' in weak, `a cipher without forward secrecy is refused: ${JSON.stringify(weak)}`);
  const tls12 = await handshake({ maxVersion: 'TLSv1.2' });
  check(
    'protocol' in tls12 && tls12.protocol === 'TLSv1.2' && tls12.cipher.startsWith('ECDHE-'),
    `TLS 1.2 with a forward-secret cipher is served: ${JSON.stringify(tls12)}`,
  );
  return `HTTP -> 301 https; HSTS on every answer; ${modern.protocol} ${modern.cipher}; TLS 1.2 ${tls12.cipher}; AES128-SHA256 refused`;
}

async function rollingRestart(cluster: Cluster) {
  const { nginx } = cluster;
  const prefix = `rolling-${Date.now()}`;
  const load = writeLoad(cluster, prefix, (w, i) => ((w + i) % 2 === 0 ? 'write' : 'read'));
  const notes: string[] = [];
  try {
    await waitUntil('steady load', () => load.outcomes.length >= 40);
    for (const instance of [cluster.a, cluster.b]) {
      const signalAt = performance.now();
      const logAtSignal = nginx.logSize();
      const exit = await instance.stop();
      check(
        exit.code === 0,
        `${instance.name} did not exit cleanly after SIGTERM: code ${exit.code}, signal ${exit.signal}`,
      );
      // Reads it refused while closing, which nginx sent to the other instance.
      const resent = nginx
        .linesSince(logAtSignal)
        .filter((l) => l.upstream.startsWith(`${instance.address}, `)).length;
      const atExit = load.outcomes.length;
      await waitUntil(`traffic while ${instance.name} is down`, () => load.outcomes.length >= atExit + 20);
      await instance.start();
      // Back in nginx's rotation (after fail_timeout) before the next one goes: a request answered by it.
      const logAtStart = nginx.logSize();
      await waitUntil(
        `nginx sending to ${instance.name} again`,
        () =>
          nginx
            .linesSince(logAtStart)
            .some((l) => l.upstream === instance.address && /^2\d\d$/.test(l.upstreamStatus)),
        30_000,
      );
      notes.push(
        `${instance.name}: exited 0 ${Math.round(exit.at - signalAt)} ms after SIGTERM, ${resent} refused reads resent to the other`,
      );
    }
  } finally {
    load.stop();
    await load.done;
  }
  const bad = load.outcomes.filter((o) => !isOk(o));
  check(
    bad.length === 0,
    `${bad.length} requests failed during the rolling restart: ${JSON.stringify(bad.slice(0, 10).map(({ body, ...o }) => ({ ...o, body: body?.slice(0, 200) })))}`,
  );
  const writes = await checkWrites(cluster, cluster.a, prefix, load.outcomes);
  return (
    `${load.outcomes.length} requests ${JSON.stringify(tally(load.outcomes))}, none failed; ` +
    `${writes.acknowledged} writes acknowledged, ${writes.stored} stored, each once; ${notes.join('; ')}`
  );
}

async function killUnderWriteLoad(cluster: Cluster) {
  const { a, b } = cluster;
  const prefix = `kill-${Date.now()}`;
  const load = writeLoad(cluster, prefix, () => 'write');
  let killAt = 0;
  let exitAt = 0;
  try {
    await waitUntil('steady write load', () => load.outcomes.length >= 40);
    killAt = performance.now();
    exitAt = (await a.kill()).at;
    await waitUntil(
      'writes after the kill',
      () => load.outcomes.filter((o) => o.sentAt > exitAt).length >= 80,
    );
  } finally {
    load.stop();
    await load.done;
  }
  const failed = load.outcomes.filter((o) => !isOk(o));
  // A request can fail only if it was in flight at the kill: sent before the process was gone, answered
  // after the signal. Each worker has one request in flight at a time: the one the kill cut off, and at
  // most one more, sent at once after it and taken into the dying instance's accept queue before the
  // kernel had torn it down (seen once on a loaded machine: 5 failures of 4 workers).
  const notInFlight = failed.filter((o) => !(o.sentAt < exitAt && o.doneAt > killAt));
  check(notInFlight.length === 0, `failures not in flight at the kill: ${JSON.stringify(notInFlight)}`);
  for (let w = 0; w < WORKERS; w++) {
    const own = failed.filter((o) => o.worker === w).length;
    check(own <= 2, `worker ${w}: ${own} failures, more than the request the kill cut off and one after it`);
  }
  // nginx answers them itself, in the app's envelope with Retry-After: a clean error, not a reset.
  for (const o of failed)
    check(
      o.status === 502 && /"success":false/.test(o.body ?? '') && o.retryAfter === '5',
      `a write in flight at the kill got ${o.status} ${o.body?.slice(0, 200)}`,
    );
  const after = load.outcomes.filter((o) => o.sentAt > exitAt);
  check(after.every(isOk), 'a write sent after the kill failed');
  const writes = await checkWrites(cluster, b, prefix, load.outcomes);
  return (
    `${load.outcomes.length} writes ${JSON.stringify(tally(load.outcomes))}: ${failed.length} in flight at the kill failed ` +
    `with nginx's 502 (bound ${2 * WORKERS}; ${writes.failedButStored} of them were done all the same), ` +
    `${after.length} sent after it all succeeded through B; ${writes.acknowledged} acknowledged, all stored once`
  );
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  check(fs.existsSync(ENTRY), `${ENTRY} is missing: run npm run build first`);
  const started = performance.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
  fs.chmodSync(tmp, 0o755);
  const adminUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const dbName = `portal_cluster_${Date.now()}_${process.pid}`;
  const redisPrefix = `portal-cluster-${process.pid}-${Date.now()}:`;
  const base = Number(process.env.CLUSTER_PORT_BASE ?? 0);
  const [nginxPort, portA, portB, httpPort] = base
    ? [base, base + 1, base + 2, base + 3]
    : [await freePort(), await freePort(), await freePort(), await freePort()];

  const cleanups: (() => Promise<unknown>)[] = [];
  const logs: (() => string)[] = [];
  let failed = false;
  try {
    const adminDb = new pg.Client({ connectionString: adminUrl });
    await adminDb.connect();
    await adminDb.query(`create database ${dbName}`);
    cleanups.push(async () => {
      await adminDb.query(`drop database if exists ${dbName} with (force)`);
      await adminDb.end();
    });
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${dbName}`;

    const redis = createRedis({ redisUrl, redisPrefix: '' })!;
    cleanups.push(async () => {
      try {
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    });
    check(await waitForRedis(redis, 5_000), `Redis does not answer at ${redisUrl}`);

    const s3: TestS3 = await startTestS3('portal-cluster');
    cleanups.push(() => s3.stop());

    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl.toString(),
      JWT_SECRET: crypto.randomBytes(36).toString('base64url'),
      SEED_DEMO: 'true',
      // The cluster signs in with the demo accounts (a demo installation on PostgreSQL).
      ALLOW_DEMO_ACCOUNTS: 'true',
      LOG_LEVEL: 'info',
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      TRUST_PROXY: '127.0.0.1',
      METRICS_TOKEN,
      APP_URL: `https://127.0.0.1:${nginxPort}`,
      ...s3.env,
    };
    const a = new Instance('A', portA!, ENTRY, env, tmp);
    const b = new Instance('B', portB!, ENTRY, env, tmp);
    logs.push(
      () => `--- instance A\n${a.output()}`,
      () => `--- instance B\n${b.output()}`,
    );
    cleanups.push(() => Promise.all([a.stop(), b.stop()]));
    // One after the other: the first migrates and seeds the demo data.
    await a.start();
    await b.start();

    const nginx = new Nginx(
      path.join(tmp, 'nginx'),
      nginxPort!,
      httpPort!,
      [portA!, portB!],
      fs.readFileSync(SHIPPED_NGINX_CONF, 'utf8'),
    );
    // Every client of the test trusts nginx's certificate, and nothing else over TLS.
    setGlobalDispatcher(new Agent({ connect: { ca: nginx.ca } }));
    logs.push(() => nginx.output());
    cleanups.push(() => nginx.stop());
    await nginx.start();

    const admin = await signIn(nginx.url, ADMIN);
    const investor = await signIn(nginx.url, INVESTOR);
    const me = await call<{ data: { _id: string } }>(`${nginx.url}/api/users/me`, {
      headers: bearer(investor),
    });
    const projects = await call<{ data: { _id: string }[] }>(`${nginx.url}/api/projects`, {
      headers: bearer(investor),
    });
    check(me.status === 200 && projects.status === 200, 'reading the demo investor and their projects');
    const cluster: Cluster = {
      nginx,
      a,
      b,
      admin,
      investor,
      investorId: me.body.data._id,
      projectId: projects.body.data[0]!._id,
    };
    console.info(
      `cluster: nginx ${nginx.url} -> A ${a.url}, B ${b.url}; PostgreSQL ${dbName}; Redis ${redisPrefix}*; S3 ${s3.env.S3_ENDPOINT} (${((performance.now() - started) / 1000).toFixed(1)} s to start)`,
    );

    const steps: [string, (c: Cluster) => Promise<string>][] = [
      ['TLS: plain HTTP redirects, HSTS, TLS 1.3 and forward-secret ciphers only', tlsAsShipped],
      ["nginx's access line and the instance's line of a request join by its id", logsJoinByRequestId],
      ['a sign-in lockout earned through one instance holds on the other', lockoutHoldsOnTheOther],
      [
        'a notification sent through one instance reaches a stream held by the other, through nginx',
        notificationCrossesInstances,
      ],
      [
        'a document uploaded through one instance downloads byte for byte through the other',
        documentCrossesInstances,
      ],
      [
        'a rolling restart of both instances under read and write load: no failure, every write kept',
        rollingRestart,
      ],
      [
        'kill -9 of one instance under write load: only writes in flight fail, none acknowledged is lost',
        killUnderWriteLoad,
      ],
    ];
    for (const [name, step] of steps) {
      const t = performance.now();
      const summary = await step(cluster);
      console.info(`ok   ${name} (${((performance.now() - t) / 1000).toFixed(1)} s)\n     ${summary}`);
    }
    console.info(`cluster test passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (err) {
    failed = true;
    console.error(`FAILED: ${(err as Error).stack ?? err}`);
    for (const log of logs) console.error(log());
  } finally {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((err: Error) => {
        failed = true;
        console.error(`cleanup: ${err.message}`);
      });
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
