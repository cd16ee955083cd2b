import crypto from 'node:crypto';
import { statusErrorCode } from '@portal/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { lastBackupAt } from '../backup/schedule';
import type { App, MetricSources } from '../app-types';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { AnswerStore } from './read-cache';

/**
 * What the modules report to `/metrics`: each value is read when the endpoint is read (a gauge's
 * `collect`), never kept up to date on the request path. Without METRICS_TOKEN nothing is gathered.
 */
export interface Metrics extends MetricSources {
  /** The one thing done per request: the answer's duration by method, route and status. */
  observe(request: FastifyRequest, reply: FastifyReply): void;
  registry: Registry;
}

/** Sub-millisecond kept answers up to slow reports and uploads. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Answers to an address no route has (Fastify's not-found handler): one label for all of them. */
const NO_ROUTE = 'none';

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_seconds and its percentiles), memory, CPU, handles: prom-client's
  // own, gathered from Node's counters at scrape time.
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route (the path pattern) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    observe(request, reply) {
      duration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? NO_ROUTE,
          status: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
    },
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
    counter(name, help, read) {
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    },
    labelledGauge(name, help, label, read) {
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers: [registry],
        async collect() {
          this.reset();
          const values = await read().catch(() => ({}));
          for (const [key, value] of Object.entries(values)) this.set({ [label]: key }, value);
        },
      });
    },
  };
}

/** The app's own sources: kept answers, the database pool and the job queue. */
export function reportAppMetrics(
  sources: MetricSources,
  { answers, database, jobs }: { answers: AnswerStore; database: Database; jobs: JobQueue },
) {
  sources.counter('portal_read_cache_hits_total', 'Answers sent from the kept answers.', () => answers.hits);
  sources.counter(
    'portal_read_cache_misses_total',
    'Keepable answers not found among the kept answers (then made, and kept).',
    () => answers.misses,
  );
  sources.gauge(
    'portal_db_pool_in_use',
    'Database connections checked out (0 on the embedded database, which has no pool).',
    () => database.pool?.().inUse ?? 0,
  );
  sources.gauge(
    'portal_db_pool_waiting',
    'Queries waiting for a free database connection (0 on the embedded database).',
    () => database.pool?.().waiting ?? 0,
  );
  sources.gauge(
    'portal_backup_last_success_timestamp_seconds',
    'When the last scheduled backup was written in full, in seconds since 1970 (0: none yet).',
    async () => ((await lastBackupAt(database.db).catch(() => null))?.getTime() ?? 0) / 1000,
  );
  sources.labelledGauge(
    'portal_job_queue_depth',
    'Jobs waiting to run (new or to retry), by queue.',
    'queue',
    () => jobCounts(jobs, ['created', 'retry']),
  );
  sources.labelledGauge('portal_job_queue_failed', 'Failed jobs kept (30 days), by queue.', 'queue', () =>
    jobCounts(jobs, ['failed']),
  );
}

/** Jobs by queue in the given states (one query, at scrape time). */
async function jobCounts(jobs: JobQueue, states: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const c of await jobs.counts())
    if (states.includes(c.state)) counts[c.name] = (counts[c.name] ?? 0) + c.count;
  return counts;
}

/** Sources that go nowhere, when METRICS_TOKEN is unset. */
export const NO_METRICS: MetricSources = { gauge() {}, counter() {}, labelledGauge() {} };

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/**
 * `GET /metrics` in Prometheus's text format, for the bearer of METRICS_TOKEN. Without the setting, or
 * without the right token, it is an address like any unknown one: the same 404 (a 401 would tell a
 * scanner that the endpoint exists). The route always exists, so that the web app's fallback never
 * answers it with the page.
 */
export function metricsPlugin(app: App, opts: { token: string | undefined; metrics: Metrics | undefined }) {
  const { token, metrics } = opts;
  const expected = token ? digest(`Bearer ${token}`) : undefined;
  app.get('/metrics', async (request, reply) => {
    const given = request.headers.authorization;
    if (!expected || !metrics || !given || !crypto.timingSafeEqual(digest(given), expected))
      return reply
        .status(404)
        .send({ success: false, message: 'Not found', error: 'Not found', code: statusErrorCode(404) });
    const body = await metrics.registry.metrics();
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
