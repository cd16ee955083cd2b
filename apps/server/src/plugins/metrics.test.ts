import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { App, AppDeps } from '../app-types';
import type { Database } from '../db/client';
import { createDeps } from '../runtime';
import { bearer, createUser, isPg, login, openTestDatabase, testConfig } from '../../test/helpers';
import { connectSse } from '../../test/sse-client';
import { requestIdGenerator } from './request-id';

const TOKEN = 'metrics-token-0123456789';
const PROXY = '10.0.0.7';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let app: App;
let database: Database;
let deps: AppDeps;
let lines: Record<string, unknown>[] = [];
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-metrics-web-'));
let dataDir: string;

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const config = testConfig({ metricsToken: TOKEN, trustProxy: [PROXY], webDist: dist });
  dataDir = config.dataDir;
  database = await openTestDatabase();
  deps = createDeps(config, database);
  app = await buildApp(deps, {
    // The log as the process writes it, one JSON line at a time.
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const scrape = () => app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });

/** Prometheus's text format: comments, or `name{labels} value`. */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const m = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (-?[\d.e+-]+|NaN|[+-]Inf)$/.exec(line);
    if (!m) throw new Error(`Not an exposition line: ${line}`);
    samples.set(m[1]!, Number(m[2]));
  }
  return samples;
}

describe('GET /metrics', () => {
  it('is not found without the token, with a wrong one, or when METRICS_TOKEN is unset', async () => {
    for (const headers of [{}, bearer('wrong-token-0123456789'), { authorization: TOKEN }]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Not found' });
    }
    const config = testConfig();
    const db = await openTestDatabase();
    const plain = await buildApp(createDeps(config, db), { logger: false });
    try {
      const res = await plain.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
    } finally {
      await plain.close();
      await db.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('answers the Prometheus text format with every metric of the issue', async () => {
    const user = await createUser(database.db, { name: 'Mia Metrics' });
    const { accessToken } = await login(app, user.email, user.password);
    // A kept answer: the first read misses, the second hits.
    for (let i = 0; i < 2; i++)
      expect((await app.inject({ url: '/api/users/me', headers: bearer(accessToken) })).statusCode).toBe(200);
    await app.inject({ url: '/api/health' });
    await app.inject({ url: '/api/no-such-thing' });
    // A job waiting in its queue (this process does not work the queue).
    await deps.jobs.send('mail', { to: 'nobody' });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const samples = parseExposition(res.body);
    const value = (name: string) => samples.get(name);

    expect(
      value('http_request_duration_seconds_count{method="GET",route="/api/users/me",status="200"}'),
    ).toBe(2);
    expect(value('http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}')).toBe(
      1,
    );
    expect(value('http_request_duration_seconds_count{method="GET",route="none",status="404"}')).toBe(1);
    expect(
      value('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health",status="200"}'),
    ).toBe(1);
    expect(value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(value('portal_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(value('portal_db_pool_waiting')).toBe(0);
    expect(value('portal_notification_streams_open')).toBe(0);
    expect(value('portal_read_cache_hits_total')).toBe(1);
    expect(value('portal_read_cache_misses_total')).toBe(1);
    expect(value('portal_job_queue_depth{queue="mail"}')).toBe(1);
    expect(res.body).toContain('# TYPE portal_job_queue_failed gauge');
    if (!isPg) expect(value('portal_db_pool_in_use')).toBe(0);
  });

  it('counts the notification streams open on this instance; a stream carries its X-Request-Id', async () => {
    const user = await createUser(database.db, { name: 'Sam Stream' });
    const { accessToken } = await login(app, user.email, user.password);
    const ticket = await app.inject({
      method: 'POST',
      url: '/api/notifications/stream/ticket',
      headers: bearer(accessToken),
    });
    // A port of this test's own range (4440-4459), on the loopback only.
    const base = await app.listen({ port: 4447, host: '127.0.0.1' });
    const conn = await connectSse(`${base}/api/notifications/stream?ticket=${ticket.json().data.ticket}`);
    try {
      await conn.next('ready');
      expect(conn.headers['x-request-id']).toMatch(UUID);
      expect(parseExposition((await scrape()).body).get('portal_notification_streams_open')).toBe(1);
    } finally {
      conn.close();
      await conn.ended;
    }
    await expect
      .poll(async () => parseExposition((await scrape()).body).get('portal_notification_streams_open'))
      .toBe(0);
  });
});

describe('request ids', () => {
  it('every answer carries X-Request-Id: API, static file, page fallback, error, not found, metrics', async () => {
    const answers = await Promise.all([
      app.inject({ url: '/api/health' }),
      app.inject({ url: '/favicon.svg' }),
      app.inject({ url: '/some/client/route' }),
      app.inject({ url: '/api/users/me' }),
      app.inject({ url: '/api/no-such-thing' }),
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      }),
      app.inject({ url: '/metrics' }),
      scrape(),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 404, 400, 404, 200]);
    for (const a of answers) expect(a.headers['x-request-id']).toMatch(UUID);
    expect(new Set(answers.map((a) => a.headers['x-request-id'])).size).toBe(answers.length);
  });

  it("takes the peer's X-Request-Id only when the peer is a trusted proxy", async () => {
    const fromProxy = await app.inject({
      url: '/api/health',
      remoteAddress: PROXY,
      headers: { 'x-request-id': 'edge-4f2a9c' },
    });
    expect(fromProxy.headers['x-request-id']).toBe('edge-4f2a9c');
    const fromClient = await app.inject({
      url: '/api/health',
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': 'edge-4f2a9c' },
    });
    expect(fromClient.headers['x-request-id']).toMatch(UUID);
    // Even a trusted proxy's id is refused when it could bend a log or a header.
    const odd = await app.inject({
      url: '/api/health',
      remoteAddress: PROXY,
      headers: { 'x-request-id': 'a b"c' },
    });
    expect(odd.headers['x-request-id']).toMatch(UUID);
  });

  it('follows Fastify’s trustProxy: nothing trusted, everything, a list', () => {
    const req = (remoteAddress: string) =>
      ({ headers: { 'x-request-id': 'from-proxy' }, socket: { remoteAddress } }) as never;
    expect(requestIdGenerator(false)(req('10.0.0.7'))).toMatch(UUID);
    expect(requestIdGenerator(true)(req('203.0.113.9'))).toBe('from-proxy');
    expect(requestIdGenerator('10.0.0.0/8, 127.0.0.1')(req('10.1.2.3'))).toBe('from-proxy');
    expect(requestIdGenerator(['loopback'])(req('127.0.0.1'))).toBe('from-proxy');
    expect(requestIdGenerator(['loopback'])(req('10.0.0.7'))).toMatch(UUID);
  });

  it("the request's access line and its other lines carry the id", async () => {
    lines = [];
    const res = await app.inject({ url: '/api/users/me', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(401);
    const id = res.headers['x-request-id'];
    const access = lines.find((l) => l.msg === 'request' && l.url === '/api/users/me');
    expect(access).toMatchObject({ reqId: id, status: 401, method: 'GET', ip: '203.0.113.9' });
    const ofRequest = lines.filter((l) => l.reqId === id);
    expect(ofRequest.length).toBeGreaterThanOrEqual(1);
    // Every line written while the request ran is under its id.
    expect(lines.filter((l) => 'url' in l && l.url === '/api/users/me' && l.reqId !== id)).toEqual([]);

    lines = [];
    const proxied = await app.inject({
      url: '/api/health',
      remoteAddress: PROXY,
      headers: { 'x-request-id': 'edge-line-1' },
    });
    expect(proxied.headers['x-request-id']).toBe('edge-line-1');
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ reqId: 'edge-line-1', status: 200 });
  });
});

describe('ACCESS_LOG=proxy', () => {
  it('writes no access line for an answer (the proxy keeps them), still counts every answer and still logs under its id', async () => {
    const own: Record<string, unknown>[] = [];
    const config = testConfig({ metricsToken: TOKEN, accessLog: 'proxy' });
    const db = await openTestDatabase();
    const proxied = await buildApp(createDeps(config, db), {
      logger: { level: 'info', stream: { write: (line: string) => void own.push(JSON.parse(line)) } },
    });
    try {
      const answers = [
        await proxied.inject({ url: '/api/health' }),
        await proxied.inject({ url: '/api/users/me' }),
        await proxied.inject({ url: '/api/no-such-thing' }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404]);
      expect(own.filter((l) => l.msg === 'request')).toEqual([]);
      // The app's own lines of a request are still written, under the id the answer names.
      const id = answers[1]!.headers['x-request-id'];
      expect(own.filter((l) => l.reqId === id).length).toBeGreaterThanOrEqual(1);
      const text = (await proxied.inject({ url: '/metrics', headers: bearer(TOKEN) })).body;
      expect(text).toContain(
        'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"} 1',
      );
      expect(text).toContain(
        'http_request_duration_seconds_count{method="GET",route="/api/users/me",status="401"} 1',
      );
    } finally {
      await proxied.close();
      await db.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('exports every metric the shipped dashboard and alert rules query (deploy/grafana, deploy/prometheus)', async () => {
    const exported = new Set(
      [...(await scrape()).body.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
        // A histogram is queried by its series: name_bucket, name_count and name_sum.
        type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name!],
      ),
    );
    const root = path.resolve(import.meta.dirname, '../../../..');
    const queries = [
      ...(
        JSON.parse(fs.readFileSync(path.join(root, 'deploy/grafana/portal.json'), 'utf8')) as {
          panels: { targets: { expr: string }[] }[];
        }
      ).panels.flatMap((p) => p.targets.map((t) => t.expr)),
      ...[
        ...fs
          .readFileSync(path.join(root, 'deploy/prometheus/alerts.yml'), 'utf8')
          .matchAll(/expr: (\|\n(?:\s{10}.*\n)+|.*)/g),
      ].map((m) => m[1]!),
    ];
    expect(queries.length).toBeGreaterThanOrEqual(17);
    // The metric names in the queries: words followed by `{`, `[` or a space that are not PromQL's own.
    const PROMQL = new Set([
      'sum',
      'by',
      'rate',
      'histogram_quantile',
      'max',
      'min',
      'min_over_time',
      'delta',
      'and',
      'le',
    ]);
    const named = new Set(
      queries.flatMap((q) =>
        [...q.matchAll(/\b([a-z_][a-z0-9_]*)\s*[{[]/g)].map((m) => m[1]!).filter((n) => !PROMQL.has(n)),
      ),
    );
    // `up` is Prometheus's own series of each scrape.
    named.delete('up');
    expect(named.size).toBeGreaterThanOrEqual(8);
    expect([...named].filter((n) => !exported.has(n))).toEqual([]);
  });
});
