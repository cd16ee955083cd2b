import fs from 'node:fs';
import path from 'node:path';
import type { AppDeps } from './app-types';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { isEmpty, seedDemo } from './db/seed/demo';
import { createJobQueue, SCHEDULES, type QueueOptions } from './jobs/queue';
import { runScheduledBackup } from './backup/schedule';
import { createAfterAnswer } from './lib/after-answer';
import { createTokenSigner } from './lib/tokens';
import { createMailer } from './mail/mailer';
import { queuePendingApprovalReminders } from './mail/reminders';
import { createMailTransport } from './mail/transport';
import { createRedis } from './lib/redis';
import { LoginLimiter, RedisFailures } from './modules/credentials/login-limiter';
import { queueExpiryReminders } from './modules/stays/calendar/expiry-reminders';
import { queueKycExpiryReminders } from './modules/kyc/expiry-reminders';
import { queueCallReminders } from './modules/capital-calls/notice';
import { runPublishing } from './modules/statements/statement-publications';
import { runDueAllocation } from './modules/stays/allocations/run';
import { runCallNotices } from './modules/capital-calls/notice';
import { runExport } from './modules/privacy/export-job';
import { purgeExpiredExports } from './modules/privacy/service';
import { collectPersonalData } from './personal-data';
import { createLocalStorage, type FileStorage } from './storage/file-storage';
import { createS3Storage } from './storage/s3-storage';

const embeddedDbDir = (config: Config) => path.join(config.dataDir, 'db');
const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

/** The configured file storage: the S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
function createFileStorage(config: Config): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(uploadsDir(config));
}

export function embeddedDbExists(config: Config): boolean {
  return fs.existsSync(path.join(embeddedDbDir(config), 'PG_VERSION'));
}

export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ url: config.databaseUrl })
    : openDatabase({ dataDir: embeddedDbDir(config) });
}

/** Creates and migrates the database and seeds the demo data when it is empty and seeding is on. */
export async function prepareDatabase(config: Config, database: Database): Promise<{ seeded: boolean }> {
  if (config.seedDemo && (await isEmpty(database.db))) {
    await seedDemo(database.db, createFileStorage(config));
    return { seeded: true };
  }
  return { seeded: false };
}

export function createDeps(
  config: Config,
  database: Database,
  { onJobError, ...opts }: Partial<QueueOptions> & { onJobError?: (err: unknown) => void } = {},
): AppDeps {
  const storage = createFileStorage(config);
  const { jobs, mailer } = createBackgroundWork(config, database, storage, {
    ...opts,
    work: opts.work ?? config.runJobs,
    onError: onJobError,
  });
  // With REDIS_URL, rate limits and sign-in failures are counted there, for every instance (ADR 019).
  const redis = createRedis(config);
  return {
    config,
    database,
    signer: createTokenSigner(config.jwtSecrets),
    limiter: new LoginLimiter(Math.max(5, Math.floor(config.loginRateLimit / 2)), {
      store: redis && new RedisFailures(redis),
    }),
    redis,
    storage,
    jobs,
    mailer,
    afterAnswer: createAfterAnswer(),
  };
}

/**
 * The job queue and what its jobs do: sending email, the daily reminders (and deleting expired data
 * exports), publishing statements, making data exports. Not started yet.
 */
function createBackgroundWork(config: Config, database: Database, storage: FileStorage, opts: QueueOptions) {
  const jobs = createJobQueue(database, {
    ...opts,
    schedules: {
      ...(opts.schedules ?? SCHEDULES),
      ...(config.backups.schedule && { backups: config.backups.schedule }),
    },
  });
  const mailer = createMailer({ config, database, jobs, transport: createMailTransport(config) });
  jobs.handle('mail', (job) => mailer.deliver(job));
  jobs.handle('daily-reminders', async () => {
    await queuePendingApprovalReminders(database.db, mailer);
    await queueExpiryReminders(database.db, mailer);
    await queueKycExpiryReminders(database.db, mailer, config.kycValidMonths);
    await queueCallReminders(database.db, mailer);
    await purgeExpiredExports(database.db, storage);
  });
  jobs.handle('statements', (job) => runPublishing(database.db, mailer, storage, job));
  jobs.handle('allocations', (job) => runDueAllocation(database.db, String(job.data.id)));
  jobs.handle('call-notices', (job) => runCallNotices(database.db, mailer, storage, String(job.data.callId)));
  jobs.handle('exports', (job) =>
    runExport({ db: database.db, storage, mailer }, job, (userId) =>
      collectPersonalData({ db: database.db, storage, config, mailer }, userId),
    ),
  );
  jobs.handle('backups', async () => {
    await runScheduledBackup(config, database);
  });
  return { jobs, mailer };
}

/**
 * PGlite is single-process: two servers on one DATA_DIR would corrupt the embedded database. The first
 * takes DATA_DIR/server.pid; a second one finds a live process there and stops. A stale file (a crashed
 * server) is taken over. Answers a function that releases the lock.
 */
export function lockEmbeddedDataDir(config: Config): () => void {
  const file = path.join(config.dataDir, 'server.pid');
  fs.mkdirSync(config.dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `Another server (process ${pid}) is using the embedded database in ${config.dataDir}.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
