import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../db/client';
import { JOBS_SCHEMA, type QueueName } from '../db/job-schema';

/** A job as a handler receives it: its data, and whether this is the last try before it is kept as failed. */
export interface JobRun<T> {
  id: string;
  data: T;
  /** Tries so far before this one (0 on the first). */
  retryCount: number;
  lastTry: boolean;
}

type JobHandler = (job: JobRun<Record<string, unknown>>) => Promise<void>;
type JobHandlers = Partial<Record<QueueName, JobHandler>>;

/** Cron schedules (pg-boss runs each once per minute slot across every instance), in UTC. */
export const SCHEDULES: Partial<Record<QueueName, string>> = { 'daily-reminders': '0 7 * * *' };

interface JobRow {
  id: string;
  name: string;
  state: string;
  data: Record<string, unknown>;
  output: unknown;
  retryCount: number;
  createdOn: Date;
  completedOn: Date | null;
}

export interface JobQueue {
  /** Says what runs the jobs of a queue (before start). */
  handle(name: QueueName, handler: JobHandler): void;
  /** Queues a job; with `db` (a transaction), the job exists only if the transaction commits. */
  send(name: QueueName, data: object, opts?: { db?: DbOrTx; startAfter?: Date }): Promise<void>;
  /**
   * Has this process's worker of a queue look for jobs now rather than at its next poll: after the
   * commit of a transaction that queued one (`send` with `db` cannot, the job is not visible yet).
   */
  wake(name: QueueName): void;
  /** Queues many jobs in one statement. */
  insert(name: QueueName, jobs: { data: object; startAfter?: Date }[], db?: DbOrTx): Promise<void>;
  /** Connects; a working queue also works the queues, expires stuck jobs and keeps the schedules. */
  start(): Promise<void>;
  /**
   * Runs every job waiting in a queue, here and now, whatever its start time (a retry's backoff, the
   * rate limit's spacing), once: a job that fails is retried by a later drain. Tests run the queue step
   * by step with it. Answers how many ran.
   */
  drain(name: QueueName): Promise<number>;
  /** Jobs by queue and state, and the newest failed ones. */
  counts(): Promise<{ name: string; state: string; count: number }[]>;
  failed(limit: number): Promise<JobRow[]>;
  failedJob(id: string): Promise<JobRow | null>;
  /** Runs a failed job (as `failedJob` read it) again. */
  retry(job: JobRow): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  /** Whether this process works the queues (RUN_JOBS); otherwise it only queues jobs. */
  work: boolean;
  /** Seconds between polls for new jobs when idle (pg-boss's minimum is 0.5). */
  pollingSeconds?: number;
  /** The cron schedules, in place of SCHEDULES (tests). */
  schedules?: Partial<Record<QueueName, string>>;
  /** Seconds between two checks of the schedules (pg-boss's default is 30; tests check every second). */
  cronCheckSeconds?: number;
  onError?: (err: unknown) => void;
}

const SELECT_JOB = `select id, name, state, data, output, retry_count as "retryCount", created_on as "createdOn",
  completed_on as "completedOn" from ${JOBS_SCHEMA}.job`;

/** pg-boss's SQL text with $n parameters, as a Drizzle query: it then runs in the caller's transaction. */
function asQuery(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, i) =>
    i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`,
  );
  return sql.join(chunks, sql.raw(''));
}

const executorOf = (db: DbOrTx): PgBoss.Db => ({
  executeSql: async (text: string, values?: unknown[]) =>
    (await db.execute(asQuery(text, values))) as unknown as { rows: unknown[] },
});

export function createJobQueue(database: Database, opts: QueueOptions): JobQueue {
  const handlers: JobHandlers = {};
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) } as PgBoss.Db,
    schema: JOBS_SCHEMA,
    // The schema and queues are made by the migrations (db/client.ts); a later pg-boss upgrades its
    // schema when it starts.
    migrate: true,
    // A failed job stays in the admin's list (and can be retried) for 30 days, completed ones a day.
    archiveFailedAfterSeconds: 30 * 24 * 3600,
    archiveCompletedAfterSeconds: 24 * 3600,
    ...(opts.cronCheckSeconds
      ? {
          cronMonitorIntervalSeconds: opts.cronCheckSeconds,
          cronWorkerIntervalSeconds: opts.cronCheckSeconds,
        }
      : {}),
    supervise: opts.work,
    schedule: opts.work,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => opts.onError?.(err));
  const workers = new Map<QueueName, string>();
  let started: Promise<unknown> | undefined;
  let working = false;

  /** Runs a batch; a job that throws is failed (and retried by pg-boss), the others complete. */
  async function run(name: QueueName, jobs: PgBoss.JobWithMetadata<Record<string, unknown>>[]) {
    const handler = handlers[name];
    if (!handler) throw new Error(`No handler for the ${name} queue`);
    for (const job of jobs) {
      try {
        await handler({
          id: job.id,
          data: job.data,
          retryCount: job.retryCount,
          lastTry: job.retryCount >= job.retryLimit,
        });
      } catch (err) {
        await boss.fail(name, job.id, { message: (err as Error).message ?? String(err) });
      }
    }
  }

  return {
    handle(name, handler) {
      handlers[name] = handler;
    },
    async send(name, data, { db, startAfter } = {}) {
      await boss.send(name, data, {
        ...(startAfter ? { startAfter } : {}),
        ...(db ? { db: executorOf(db) } : {}),
      });
      // Woken only when the job is visible now: inside a transaction it is not until the commit.
      const worker = workers.get(name);
      if (worker && !startAfter && !db) boss.notifyWorker(worker);
    },
    wake(name) {
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
    },
    async insert(name, jobs, db) {
      if (!jobs.length) return;
      await boss.insert(
        jobs.map((j) => ({
          name,
          data: j.data,
          ...(j.startAfter ? { startAfter: j.startAfter } : {}),
        })),
        db ? { db: executorOf(db) } : {},
      );
      const worker = workers.get(name);
      if (worker && !db) boss.notifyWorker(worker);
    },
    async start() {
      started ??= boss.start();
      await started;
      if (!opts.work || working) return;
      working = true;
      const pollingIntervalSeconds = opts.pollingSeconds ?? 2;
      for (const name of Object.keys(handlers) as QueueName[]) {
        const id = await boss.work<Record<string, unknown>>(
          name,
          { batchSize: 10, pollingIntervalSeconds, includeMetadata: true },
          (jobs) => run(name, jobs),
        );
        workers.set(name, id);
      }
      // pg-boss's supervision (expiring stuck jobs, archiving old ones) and its clock for the schedules
      // run once per interval across every instance.
      for (const [name, cron] of Object.entries(opts.schedules ?? SCHEDULES)) await boss.schedule(name, cron);
    },
    async drain(name) {
      // Due a second ago (the embedded database's clock may read the same millisecond twice, and pg-boss
      // takes a job when start_after < now()); what fails now is given a start time after this.
      await database.executeSql(
        `update ${JOBS_SCHEMA}.job set start_after = now() - interval '1 second'
          where name = $1 and state in ('created', 'retry')`,
        [name],
      );
      let n = 0;
      for (;;) {
        const jobs = await boss.fetch<Record<string, unknown>>(name, {
          batchSize: 50,
          includeMetadata: true,
        });
        if (!jobs.length) return n;
        await run(name, jobs);
        await boss.complete(
          name,
          jobs.map((j) => j.id),
        );
        n += jobs.length;
      }
    },
    async counts() {
      const { rows } = await database.executeSql(
        `select name, state, count(*)::int as count from ${JOBS_SCHEMA}.job group by name, state`,
      );
      return rows as { name: string; state: string; count: number }[];
    },
    async failed(limit) {
      const { rows } = await database.executeSql(
        `${SELECT_JOB} where state = 'failed' order by completed_on desc nulls last limit $1`,
        [limit],
      );
      return rows as JobRow[];
    },
    async failedJob(id) {
      const { rows } = await database.executeSql(`${SELECT_JOB} where state = 'failed' and id = $1`, [id]);
      return (rows[0] as JobRow | undefined) ?? null;
    },
    async retry(job) {
      await boss.retry(job.name, job.id);
      const worker = workers.get(job.name as QueueName);
      if (worker) boss.notifyWorker(worker);
    },
    async stop() {
      if (!started) return;
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
