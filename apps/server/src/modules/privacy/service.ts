import { and, desc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { DATA_EXPORTS_PER_DAY } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { dataExports } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import {
  coded,
  ConflictError,
  isUniqueViolation,
  NotFoundError,
  TooManyRequestsError,
} from '../../lib/errors';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../storage/file-storage';
import type { DataExportRow } from './presenter';

const DAY_MS = 24 * 3600 * 1000;
/** The newest exports a user is shown. */
const LIST_LIMIT = 20;

/**
 * Starts an export of the user's data: a `pending` row and its `exports` job, in one transaction (the job
 * exists only if the row does). One is made at a time (the partial unique index on pending rows settles
 * two requests at once: the second is a 409), and at most DATA_EXPORTS_PER_DAY in 24 hours (a 429 that
 * says when the next one may be asked for).
 */
export async function requestExport(db: Db, jobs: JobQueue, userId: string): Promise<DataExportRow> {
  const row = await db.transaction(async (tx) => {
    const recent = await tx
      .select({ status: dataExports.status, createdAt: dataExports.createdAt })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), gt(dataExports.createdAt, sql`now() - interval '24 hours'`)))
      .orderBy(dataExports.createdAt);
    if (recent.some((r) => r.status === 'pending')) throw new ConflictError(coded('profile.export_pending'));
    const oldest = recent[0];
    if (oldest && recent.length >= DATA_EXPORTS_PER_DAY) {
      const waitSeconds = (oldest.createdAt.getTime() + DAY_MS - Date.now()) / 1000;
      throw new TooManyRequestsError(coded('profile.export_limit', { n: DATA_EXPORTS_PER_DAY }), waitSeconds);
    }
    let inserted: DataExportRow | undefined;
    try {
      [inserted] = await tx.insert(dataExports).values({ userId }).returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(coded('profile.export_pending'));
      throw err;
    }
    await jobs.send('exports', { exportId: inserted!.id }, { db: tx });
    return inserted!;
  });
  jobs.wake('exports');
  return row;
}

/** The user's exports, newest first. */
export function listExports(db: DbOrTx, userId: string): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(LIST_LIMIT);
}

/**
 * The archive of one of the user's exports, to download: another user's (or none) is a 404, one being
 * made or that failed a 409, one past its week (its file deleted, or about to be) a 410.
 */
export async function openExport(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<{ key: string; createdAt: Date }> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  if (!row) throw new NotFoundError('Export');
  if (row.status === 'pending') throw new ConflictError(coded('profile.export_not_ready'));
  if (row.status === 'failed') throw new ConflictError(coded('profile.export_failed'));
  if (!row.fileKey || !row.expiresAt || row.expiresAt.getTime() <= Date.now())
    throw new AppError(410, coded('profile.export_expired'));
  return { key: row.fileKey, createdAt: row.createdAt };
}

/**
 * Deletes the archives whose week is over (run daily): their rows stay, without a file, as the record of
 * what was asked for and when.
 */
export async function purgeExpiredExports(db: Db, storage: FileStorage): Promise<number> {
  const expired = await db
    .select({ id: dataExports.id, fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(isNotNull(dataExports.fileKey), lte(dataExports.expiresAt, sql`now()`)));
  for (const row of expired) {
    await storage.delete(row.fileKey!);
    await db.update(dataExports).set({ fileKey: null }).where(eq(dataExports.id, row.id));
  }
  return expired.length;
}
