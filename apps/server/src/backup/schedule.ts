import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config';
import type { Database, DbOrTx } from '../db/client';
import { settings } from '../db/schema';
import { s3Client } from '../storage/s3-storage';
import { createBackup, defaultBackupFile } from './backup';
import { openPgliteSnapshotSession, openPgSession, type SqlSession } from './sql-session';

/**
 * Backups on a schedule (BACKUP_SCHEDULE, issue 37): the job queue's `backups` job, which pg-boss
 * sends once per cron slot across every instance, writes an archive as `npm run backup` does, from
 * the running database (PostgreSQL through a connection of its own; the embedded database through a
 * copy of its data folder taken in one step, so the server keeps answering), keeps it in BACKUP_DIR or
 * under `backups/` in the S3 bucket, and prunes the older ones.
 */

/** A kept archive: its name (`investor-portal-<UTC time>.tar.gz`) and when it was made. */
interface KeptBackup {
  name: string;
  at: Date;
}

/** Where scheduled backups are kept. */
interface BackupStore {
  where: string;
  put(file: string, name: string): Promise<void>;
  list(): Promise<KeptBackup[]>;
  delete(name: string): Promise<void>;
}

const NAME = /^investor-portal-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

/** When an archive of this name was made; null for a name that is not a backup's. */
function madeAt(name: string): Date | null {
  const m = NAME.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : null;
}

const kept = (names: string[]): KeptBackup[] =>
  names.flatMap((name) => {
    const at = madeAt(name);
    return at ? [{ name, at }] : [];
  });

function diskStore(dir: string): BackupStore {
  return {
    where: dir,
    async put(file, name) {
      await fsp.mkdir(dir, { recursive: true });
      const partial = path.join(dir, `${name}.part`);
      await fsp.copyFile(file, partial);
      await fsp.rename(partial, path.join(dir, name));
    },
    async list() {
      return kept(fs.existsSync(dir) ? await fsp.readdir(dir) : []);
    },
    async delete(name) {
      await fsp.rm(path.join(dir, name), { force: true });
    },
  };
}

const S3_PREFIX = 'backups/';

function s3Store(settings: NonNullable<Config['s3']>): BackupStore {
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  return {
    where: `s3://${Bucket}/${S3_PREFIX}`,
    async put(file, name) {
      await new Upload({
        client,
        params: { Bucket, Key: `${S3_PREFIX}${name}`, Body: fs.createReadStream(file) },
      }).done();
    },
    async list() {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: S3_PREFIX, ContinuationToken }),
        );
        for (const o of page.Contents ?? []) names.push((o.Key ?? '').slice(S3_PREFIX.length));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return kept(names);
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: `${S3_PREFIX}${name}` }));
    },
  };
}

/** The S3 bucket's `backups/` when the uploads are in S3, otherwise BACKUP_DIR. */
const backupStore = (config: Config): BackupStore =>
  config.s3 ? s3Store(config.s3) : diskStore(config.backups.dir);

/**
 * The archives to delete: kept are the newest archive of each of the newest `daily` days that have one,
 * and the newest of each of the newest `monthly` months (UTC); the newest archive of all is always kept.
 */
export function backupsToPrune(
  archives: readonly KeptBackup[],
  keep: { daily: number; monthly: number },
): string[] {
  const newestFirst = [...archives].sort((a, b) => b.at.getTime() - a.at.getTime());
  const keepNames = new Set<string>(newestFirst.slice(0, 1).map((a) => a.name));
  for (const [period, count] of [
    [(d: Date) => d.toISOString().slice(0, 10), keep.daily],
    [(d: Date) => d.toISOString().slice(0, 7), keep.monthly],
  ] as const) {
    const seen = new Set<string>();
    for (const a of newestFirst) {
      const p = period(a.at);
      if (seen.has(p)) continue;
      if (seen.size >= count) break;
      seen.add(p);
      keepNames.add(a.name);
    }
  }
  return newestFirst.filter((a) => !keepNames.has(a.name)).map((a) => a.name);
}

/** The settings row that records the last good scheduled backup. */
const LAST_BACKUP = 'backup.last';
const lastBackupSchema = z.object({ at: z.string(), name: z.string(), bytes: z.number() });

/** When the last scheduled backup was written in full (null before the first): /metrics reports its age. */
export async function lastBackupAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, LAST_BACKUP));
  const parsed = lastBackupSchema.safeParse(row?.value);
  return parsed.success ? new Date(parsed.data.at) : null;
}

/** A session on a consistent copy of the running database, for the dump. */
async function sessionOnRunning(database: Database): Promise<SqlSession> {
  if (database.driver === 'pg') return openPgSession(database.url!);
  if (!database.snapshot) throw new Error('This database cannot be copied while it runs.');
  return openPgliteSnapshotSession(await database.snapshot());
}

/**
 * One scheduled backup: the archive is written to a temporary file, stored, recorded as the last good
 * one, and then the store is pruned. A failure leaves the earlier archives and record as they were.
 */
export async function runScheduledBackup(
  config: Config,
  database: Database,
  now = new Date(),
): Promise<{ name: string; bytes: number; pruned: string[] }> {
  const store = backupStore(config);
  const name = path.basename(defaultBackupFile(now));
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'portal-scheduled-backup-'));
  try {
    const file = path.join(tmp, name);
    const result = await createBackup(
      { dataDir: config.dataDir, databaseUrl: config.databaseUrl, secrets: config.dataKeys, s3: config.s3 },
      file,
      { session: await sessionOnRunning(database) },
    );
    await store.put(file, name);
    const value = { at: now.toISOString(), name, bytes: result.bytes };
    await database.db
      .insert(settings)
      .values({ key: LAST_BACKUP, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    const pruned = backupsToPrune(await store.list(), {
      daily: config.backups.keepDaily,
      monthly: config.backups.keepMonthly,
    });
    for (const old of pruned) await store.delete(old);
    return { name, bytes: result.bytes, pruned };
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}
