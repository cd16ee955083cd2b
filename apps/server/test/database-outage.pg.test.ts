import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { PG_TIMEOUTS, type Database } from '../src/db/client';
import { LISTENER_HEARTBEAT_MS, LISTENER_TIMEOUT_MS } from '../src/db/listener';
import { classify } from '../src/plugins/errors';
import { createDeps, openConfiguredDatabase } from '../src/runtime';
import { createUser, testConfig } from './helpers';
import { createThrowawayCluster, type ThrowawayCluster } from './pg-cluster';

/**
 * PostgreSQL going away under a running server, on a throwaway cluster this file starts, stops and
 * freezes itself (server-pg project only: it needs the PostgreSQL server binaries). The app is built
 * the way main.ts builds it (the production pool settings), and spoken to over HTTP with the web
 * client's 10 s timeout.
 */
const UNAVAILABLE = 'The database is unavailable. Please try again shortly.';
const CLIENT_TIMEOUT_MS = 10_000;

let cluster: ThrowawayCluster;
let database: Database;
let app: App;
let base: string;
let token: string;

interface Answer {
  status: number | 'timeout' | 'network';
  ms: number;
  at: number;
  error?: string;
  retryAfter?: string | null;
}

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const at = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    return {
      status: res.status,
      ms: performance.now() - at,
      at,
      error: body.error,
      retryAfter: res.headers.get('retry-after'),
    };
  } catch (err) {
    return {
      status: (err as Error).name === 'TimeoutError' ? 'timeout' : 'network',
      ms: performance.now() - at,
      at,
    };
  }
}

/** Requests from `workers` clients, one after another each, until stopped. */
function steadyLoad(workers: number, path: string) {
  const answers: Answer[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) answers.push(await call(path));
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

async function until<T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: last ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  cluster = await createThrowawayCluster();
  const config = testConfig({ databaseUrl: cluster.url, loginRateLimit: 100_000 });
  database = await openConfiguredDatabase(config);
  const user = await createUser(database.db);
  app = await buildApp(createDeps(config, database), { logger: false });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
}, 60_000);

afterAll(async () => {
  // The cluster first: with its server gone, closing the app and the pool cannot hang on it.
  cluster?.destroy();
  await app?.close();
  // A pool that lost track of a connection never finishes closing; the assertions above report that.
  await Promise.race([database?.close().catch(() => {}), new Promise((r) => setTimeout(r, 5_000))]);
});

describe('database outage', () => {
  it('stopped mid-run: data routes answer 503 at once with a clear message, readiness reports it, liveness stays up, and it recovers by itself', async () => {
    expect((await call('/api/users/me')).status).toBe(200);
    expect((await call('/api/ready')).status).toBe(200);

    // A transaction that is open (its connection checked out of the pool) when the server goes away.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let inside = false;
    const openResult = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inside = true;
        await gate;
        await tx.execute(sql`select 1`);
      })
      .then(
        () => 'committed',
        (err: unknown) => err,
      );
    await until('open transaction', async () => inside, Boolean);

    const load = steadyLoad(4, '/api/users/me');
    await until(
      'steady load',
      async () => load.answers.length,
      (n) => n >= 20,
    );
    const stopAt = performance.now();
    await cluster.stop();
    const stopped = performance.now();
    release();
    // It fails as "unavailable", and the process is still here to say so.
    expect(classify(await openResult).status).toBe(503);

    const me = await call('/api/users/me');
    expect(me).toMatchObject({ status: 503, error: UNAVAILABLE, retryAfter: '5' });
    expect(me.ms).toBeLessThan(1_000);
    const ready = await call('/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(1_000);
    const health = await call('/api/health');
    expect(health.status).toBe(200);
    // A public route that reads the database says the same, instead of "wrong password".
    const login = await call('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever1' }),
    });
    expect(login).toMatchObject({ status: 503, error: UNAVAILABLE });

    const startAt = performance.now();
    await cluster.start();
    const started = performance.now();
    await until(
      'recovery',
      () => call('/api/users/me'),
      (a) => a.status === 200,
    );
    expect((await call('/api/ready')).status).toBe(200);
    // Let the load run on for a moment after recovery, so stale pool connections would show.
    const countAfter = (t: number) => load.answers.filter((a) => a.at > t).length;
    const recoveredAt = performance.now();
    await until(
      'load after recovery',
      async () => countAfter(recoveredAt),
      (n) => n >= 40,
    );
    const answers = await load.stop();

    const end = (a: Answer) => a.at + a.ms;
    const during = answers.filter((a) => a.at >= stopped && a.at < startAt);
    const after = answers.filter((a) => a.at > recoveredAt);
    const firstOutage = answers
      .filter((a) => a.at >= stopAt && a.status === 503)
      .sort((a, b) => end(a) - end(b))[0]!;
    const firstBack = answers
      .filter((a) => a.at >= startAt && a.status === 200)
      .sort((a, b) => end(a) - end(b))[0]!;
    console.info(
      `outage: ${answers.length} requests; first 503 ${Math.round(end(firstOutage) - stopAt)} ms after pg_ctl stop began ` +
        `(stop took ${Math.round(stopped - stopAt)} ms); slowest answer while down ${Math.round(Math.max(...during.map((a) => a.ms)))} ms; ` +
        `first 200 ${Math.round(end(firstBack) - startAt)} ms after pg_ctl start began (start took ${Math.round(started - startAt)} ms)`,
    );
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(during.length).toBeGreaterThan(0);
    expect(during.filter((a) => a.status !== 503 || a.error !== UNAVAILABLE)).toEqual([]);
    expect(Math.max(...during.map((a) => a.ms))).toBeLessThan(1_000);
    expect(after.every((a) => a.status === 200)).toBe(true);
    expect(end(firstBack) - started).toBeLessThan(5_000);
  }, 60_000);

  it('a database that stops answering (frozen, connections open): 503 well within the client timeout, then recovery', async () => {
    // The longest wait: a query that never gets an answer, plus a little for the rest of the request.
    const slowest = PG_TIMEOUTS.queryMs + 1_500;
    expect(slowest).toBeLessThan(CLIENT_TIMEOUT_MS * 0.7);
    expect((await call('/api/users/me')).status).toBe(200);
    // Eight connections in the pool, so that some are idle (and get reused) when the server freezes.
    await Promise.all(Array.from({ length: 8 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    const load = steadyLoad(4, '/api/users/me');
    await until(
      'steady load',
      async () => load.answers.length,
      (n) => n >= 20,
    );
    cluster.freeze();
    const frozen = performance.now();
    // A transaction on a connection that gets no answer: its ROLLBACK must not wait a second timeout.
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      })
      .then(
        () => ({ err: 'committed' as unknown, ms: performance.now() - frozen }),
        (err: unknown) => ({ err, ms: performance.now() - frozen }),
      );
    try {
      // A kept answer may still be given until the listener's heartbeat goes unanswered (nothing can be
      // known to have changed meanwhile); from then on nothing is answered from a cache.
      const noticed = LISTENER_HEARTBEAT_MS + LISTENER_TIMEOUT_MS;
      const me = await until(
        'the cached answer to stop',
        () => call('/api/users/me'),
        (a) => a.status !== 200,
        noticed + slowest,
      );
      expect(me).toMatchObject({ status: 503, error: UNAVAILABLE });
      expect(me.ms).toBeLessThan(slowest);
      expect(me.at - frozen).toBeLessThan(noticed + 500);
      const ready = await call('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(slowest);
      const health = await call('/api/health');
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(1_000);
      const tx = await transaction;
      expect(classify(tx.err).status).toBe(503);
      expect(tx.ms).toBeLessThan(slowest);
      // Every request that was waiting on the frozen database has been answered by now.
      await until(
        'frozen requests answered',
        async () => load.answers.filter((a) => a.at > frozen).length,
        (n) => n >= 8,
      );
    } finally {
      cluster.thaw();
    }
    const thawed = performance.now();
    const back = await until(
      'recovery',
      () => call('/api/users/me'),
      (a) => a.status === 200,
    );
    const recoveredAt = performance.now();
    await until(
      'load after recovery',
      async () => load.answers.filter((a) => a.at > recoveredAt).length,
      (n) => n >= 40,
    );
    const answers = await load.stop();
    const during = answers.filter((a) => a.at >= frozen && a.at < thawed);
    // A connection whose BEGIN timed out must not go back to the pool: the BEGIN would run once the
    // server woke up, and every later query on that connection would sit in a transaction never committed.
    const [stuck] = await database.db.execute(sql`select 1`).then(async () => {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      try {
        const r = await admin.query(
          `select count(*)::int as n from pg_stat_activity
            where backend_type = 'client backend' and state like 'idle in transaction%'`,
        );
        return [r.rows[0].n as number];
      } finally {
        await admin.end();
      }
    });
    expect(stuck).toBe(0);
    // Every pool slot is usable again: as many transactions as the pool holds run at the same time.
    let begun = 0;
    const all = Array.from({ length: 10 }, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        begun++;
        await until(
          'every transaction begun',
          async () => begun,
          (n) => n === 10,
          4_000,
        );
      }),
    );
    await Promise.all(all);
    console.info(
      `frozen database: slowest answer ${Math.round(Math.max(...during.map((a) => a.ms)))} ms; ` +
        `200 again ${Math.round(back.at + back.ms - thawed)} ms after it answered again`,
    );
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(slowest);
  }, 60_000);
});
