import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminStayReportsQuery, StayReportStatus, stayReportFields } from '@portal/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client';
import { bookingNights, bookings, cabins, projects, stayReports, users } from '../../../db/schema';
import { coded, ConflictError, NotFoundError } from '../../../lib/errors';
import { translator } from '../../../lib/translator';
import type { AuthUser } from '../../../plugins/auth';
import { recordAudit } from '../../audit/service';
import type { StoredUpload } from '../../files/uploads';
import { renderNotice, type Notice } from '../../notifications/notices';
import { notifyAdmins, notifyUsers, type NotificationInput } from '../../notifications/notify';

type ReportInput = z.output<typeof stayReportFields>;
export type StayReportRow = typeof stayReports.$inferSelect;
/** A report as the admins' inbox shows it: with its investor, project, stay and cabins. */
export type AdminStayReportRow = StayReportRow & {
  user: { id: string; name: string; email: string } | null;
  projectName: string;
  nights: string[];
  cabins: string[];
};

/** How much of a report's words the admins' notification carries. */
const EXCERPT_CHARS = 140;
const excerpt = (text: string) =>
  text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : text;

/** A notification written from a notice: its English words (the stored text) and the notice itself. */
async function fromNotice(notice: Notice, n: Omit<NotificationInput, 'title' | 'message' | 'notice'>) {
  const english = renderNotice(await translator(), 'en', notice.key, notice.params);
  return { ...n, title: english?.title ?? '', message: english?.message ?? '', notice };
}

/** The viewer's own stay (another investor's, or none, is a 404). */
async function ownStay(db: DbOrTx, viewer: AuthUser, bookingId: string) {
  const [stay] = await db
    .select({
      id: bookings.id,
      projectId: bookings.projectId,
      status: bookings.status,
      nights: bookings.nights,
    })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, viewer.id)))
    .limit(1);
  if (!stay) throw new NotFoundError('Stay');
  return stay;
}

/**
 * Stores a problem report on the viewer's own approved stay, with its photo when one was uploaded
 * (already stored: the caller removes it if this fails), and tells every admin, in one transaction.
 * Another investor's stay is a 404; a stay not approved (pending, declined, cancelled) a 409.
 */
export async function createStayReport(
  db: Db,
  viewer: AuthUser,
  bookingId: string,
  input: ReportInput,
  photo: StoredUpload | null,
): Promise<StayReportRow> {
  return db.transaction(async (tx) => {
    const stay = await ownStay(tx, viewer, bookingId);
    if (stay.status !== 'approved')
      throw new ConflictError(coded('stays.report_not_approved', { status: stay.status }));
    const [row] = await tx
      .insert(stayReports)
      .values({
        bookingId,
        userId: viewer.id,
        projectId: stay.projectId,
        text: input.text,
        ...(photo && {
          photoKey: photo.key,
          photoName: photo.originalName,
          photoMime: photo.mime,
          photoSize: photo.size,
        }),
      })
      .returning();
    const [who] = await tx
      .select({ name: users.name, project: projects.name })
      .from(users)
      .innerJoin(projects, eq(projects.id, stay.projectId))
      .where(eq(users.id, viewer.id));
    await notifyAdmins(
      tx,
      await fromNotice(
        {
          key: 'stayReportNew',
          params: {
            name: who?.name ?? '',
            project: who?.project ?? '',
            dates: { nights: stay.nights },
            text: excerpt(input.text),
          },
        },
        { type: 'warning', link: '/admin/stay-reports', createdBy: viewer.id },
      ),
    );
    return row!;
  });
}

/** The viewer's reports on their own stay, newest first (another investor's stay is a 404). */
export async function listOwnStayReports(
  db: DbOrTx,
  viewer: AuthUser,
  bookingId: string,
): Promise<StayReportRow[]> {
  await ownStay(db, viewer, bookingId);
  return db
    .select()
    .from(stayReports)
    .where(and(eq(stayReports.bookingId, bookingId), eq(stayReports.userId, viewer.id)))
    .orderBy(desc(stayReports.createdAt), desc(stayReports.id));
}

/** A report's photo: its investor's own, or any for an admin; otherwise (or none) a 404. */
export async function findStayReportPhoto(db: DbOrTx, viewer: AuthUser, id: string) {
  const [row] = await db
    .select({ key: stayReports.photoKey, name: stayReports.photoName, mime: stayReports.photoMime })
    .from(stayReports)
    .where(and(eq(stayReports.id, id), viewer.isAdmin ? undefined : eq(stayReports.userId, viewer.id)))
    .limit(1);
  if (!row?.key || !row.mime) throw new NotFoundError('Photo');
  return { key: row.key, name: row.name ?? 'photo', mime: row.mime };
}

/** The cabins of a stay's nights, A–Z (none once the stay no longer holds nights). */
const stayCabins = sql<string[]>`coalesce((
  select array_agg(distinct ${cabins.name} order by ${cabins.name})
  from ${bookingNights} join ${cabins} on ${cabins.id} = ${bookingNights.cabinId}
  where ${bookingNights.bookingId} = ${stayReports.bookingId}), '{}')`;

/** The inbox's rows matching `where`, newest first. */
function inboxRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      r: stayReports,
      user: { id: users.id, name: users.name, email: users.email },
      projectName: projects.name,
      nights: bookings.nights,
      cabins: stayCabins,
    })
    .from(stayReports)
    .innerJoin(projects, eq(projects.id, stayReports.projectId))
    .innerJoin(bookings, eq(bookings.id, stayReports.bookingId))
    .leftJoin(users, eq(users.id, stayReports.userId))
    .where(where)
    .orderBy(desc(stayReports.createdAt), desc(stayReports.id));
}

type InboxRow = Awaited<ReturnType<typeof inboxRows>>[number];
const adminRow = ({ r, user, projectName, nights, cabins: names }: InboxRow): AdminStayReportRow => ({
  ...r,
  user: user?.id ? user : null,
  projectName,
  nights,
  cabins: names ?? [],
});

/** A page of the admins' inbox, newest first, of one status or all (two queries). */
export async function listStayReports(
  db: DbOrTx,
  query: AdminStayReportsQuery,
): Promise<{ rows: AdminStayReportRow[]; total: number }> {
  const where = query.status ? eq(stayReports.status, query.status) : undefined;
  const [rows, [totals]] = await Promise.all([
    inboxRows(db, where)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(stayReports).where(where),
  ]);
  return { rows: rows.map(adminRow), total: totals?.n ?? 0 };
}

/** What the investor is told when their report moves to each status. */
const STATUS_NOTICE = {
  new: 'stayReportReopened',
  in_progress: 'stayReportInProgress',
  done: 'stayReportDone',
} as const satisfies Record<StayReportStatus, Notice['key']>;

/**
 * An admin moves a report along. A change is audited and its investor notified (in their language), in
 * one transaction; the same status again changes nothing. An unknown report is a 404.
 */
export async function setStayReportStatus(
  db: Db,
  actorId: string,
  id: string,
  status: StayReportStatus,
): Promise<AdminStayReportRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(stayReports).where(eq(stayReports.id, id)).for('update');
    if (!current) throw new NotFoundError('Problem report');
    if (current.status !== status) {
      await tx.update(stayReports).set({ status, updatedAt: new Date() }).where(eq(stayReports.id, id));
      const [stay] = await tx
        .select({ nights: bookings.nights, project: projects.name })
        .from(bookings)
        .innerJoin(projects, eq(projects.id, bookings.projectId))
        .where(eq(bookings.id, current.bookingId));
      await recordAudit(tx, {
        actorId,
        action: 'update',
        entity: 'stay_report',
        entityId: id,
        details: {
          status,
          from: current.status,
          userId: current.userId,
          projectId: current.projectId,
          bookingId: current.bookingId,
        },
      });
      await notifyUsers(
        tx,
        [current.userId],
        await fromNotice(
          {
            key: STATUS_NOTICE[status],
            params: { project: stay?.project ?? '', dates: { nights: stay?.nights ?? [] } },
          },
          {
            type: status === 'done' ? 'success' : 'info',
            link: `/perks?project=${current.projectId}`,
            createdBy: actorId,
          },
        ),
      );
    }
    const [row] = await inboxRows(tx, eq(stayReports.id, id));
    return adminRow(row!);
  });
}
