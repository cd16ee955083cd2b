import PgBoss from 'pg-boss';

/** The job queue's tables live in their own schema, made by pg-boss itself. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * The queues and how their jobs retry: an email is tried again after 30 s, 1, 2, 4… minutes (exponential
 * backoff with some jitter, some four to eight hours in all) before it is kept as failed; a job that runs longer than its expiry
 * counts as failed and is retried.
 */
export const QUEUES = {
  mail: { retryLimit: 9, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  'daily-reminders': { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 15 * 60 },
  // Publishing a period's statements, batch by batch; a retry resumes after the last batch written.
  statements: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60 },
  // A scheduled backup (BACKUP_SCHEDULE): tried twice more, 5 and 10 minutes later; an hour at most a run.
  backups: { retryLimit: 2, retryDelay: 300, retryBackoff: true, expireInSeconds: 60 * 60 },
  // A peak allocation's run at its `runsAt` (issue 35): tried again after 30 s, 1 and 2 minutes.
  allocations: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  // A capital call's notices (a PDF, the bell and an email per investor), sent in the call's transaction:
  // tried again after 30 s, 1, 2, 4 and 8 minutes; a retry skips the notices already written.
  'call-notices': { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 },
  // An archive of an investor's data (modules/privacy): tried three times more, 1, 2 and 4 minutes later;
  // 30 minutes at most a run (their documents are copied into it).
  exports: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
} as const;
export type QueueName = keyof typeof QUEUES;

type Run = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * Creates the queue's schema and queues in a new database, as part of the migrations (and so of the
 * tests' migrated snapshot). pg-boss upgrades its own schema when a later version starts.
 */
export async function createJobSchema(run: Run): Promise<void> {
  const { rows } = await run(
    `select 1 from information_schema.tables where table_schema = '${JOBS_SCHEMA}' and table_name = 'version'`,
  );
  if (!rows.length) await run(PgBoss.getConstructionPlans(JOBS_SCHEMA));
  for (const [name, options] of Object.entries(QUEUES)) {
    const json = JSON.stringify({ policy: 'standard', ...options }).replaceAll("'", "''");
    await run(`select ${JOBS_SCHEMA}.create_queue('${name}', '${json}'::json)`);
  }
}
