import { and, eq, sql } from 'drizzle-orm';
import { DATA_EXPORT_VALID_DAYS } from '@portal/contracts';
import { formatFor } from '@portal/i18n';
import type { Db } from '../../db/client';
import { dataExports } from '../../db/schema';
import type { JobRun } from '../../jobs/queue';
import type { Mailer } from '../../mail/mailer';
import type { FileStorage } from '../../storage/file-storage';
import { notifyUsers } from '../notifications/notify';
import { writeArchive, type PersonalData } from './archive';

/** Gathers everything about a user (the composition root's `collectPersonalData`, which reads every domain). */
export type CollectPersonalData = (userId: string) => Promise<PersonalData>;

const DAY_MS = 24 * 3600 * 1000;
/** Where the notification and the email send the investor: their exports, with the download. */
const YOUR_DATA_PATH = '/your-data';

/**
 * The `exports` job: gathers the user's data, writes the archive into the file storage, and in one
 * transaction marks the export ready (downloadable for DATA_EXPORT_VALID_DAYS), notifies the user and
 * queues the email with the link. An export that is no longer pending (done by an earlier try, or its
 * user deleted) is left alone. A failure is retried; after the last try the export is `failed`, with
 * the reason, and the user is told, so that they may ask again.
 */
export async function runExport(
  deps: { db: Db; storage: FileStorage; mailer: Mailer },
  job: JobRun<Record<string, unknown>>,
  collect: CollectPersonalData,
): Promise<void> {
  const { db, storage, mailer } = deps;
  const id = String(job.data.exportId);
  const [pending] = await db
    .select({ userId: dataExports.userId })
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')));
  if (!pending) return;
  const { userId } = pending;
  try {
    const archive = await writeArchive(storage, await collect(userId));
    const expiresAt = new Date(Date.now() + DATA_EXPORT_VALID_DAYS * DAY_MS);
    const day = expiresAt.toISOString().slice(0, 10);
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(dataExports)
        .set({
          status: 'ready',
          readyAt: sql`now()`,
          expiresAt,
          fileKey: archive.key,
          fileSize: archive.size,
          error: null,
        })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
        .returning({ id: dataExports.id });
      if (!row) return false;
      await notifyUsers(tx, [userId], {
        title: 'Your data is ready',
        message: `The copy of your data you asked for is ready to download until ${formatFor('en').date(day)}.`,
        type: 'success',
        link: YOUR_DATA_PATH,
        notice: { key: 'dataExportReady', params: { date: { date: day } } },
      });
      await mailer.queue(tx, 'dataExportReady', userId, { expiresAt: day });
      return true;
    });
    if (!done) await storage.delete(archive.key);
  } catch (err) {
    if (job.lastTry)
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(dataExports)
          .set({ status: 'failed', error: ((err as Error).message ?? String(err)).slice(0, 1000) })
          .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
          .returning({ id: dataExports.id });
        if (row)
          await notifyUsers(tx, [userId], {
            title: 'Your data could not be exported',
            message: 'Making the copy of your data failed. Please ask for it again.',
            type: 'error',
            link: YOUR_DATA_PATH,
            notice: { key: 'dataExportFailed' },
          });
      });
    throw err;
  }
}
