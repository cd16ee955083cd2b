import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SendNotificationResult } from '@portal/contracts';
import { NOTIFICATION_LIST_LIMIT } from '@portal/contracts';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { notificationCount, notifications, refreshTokens, streamTickets, users } from '../../db/schema';
import { readSlottedCount } from '../../db/slotted-count';
import { BadRequestError, NotFoundError, UnauthorizedError, coded } from '../../lib/errors';
import { hashRefreshToken } from '../../lib/tokens';
import { recordAudit } from '../audit/service';
import { inReadersLanguage } from './notices';
import { fanOut, notificationColumns, rowsOf, syncSignal, type NotificationInput } from './notify';
import type { NotificationRow, RecipientRow } from './presenter';

const row = notificationColumns;

/** The user's newest notifications and the count of all their unread ones, in one query. */
export async function listForUser(
  db: Db,
  userId: string,
): Promise<{ rows: NotificationRow[]; unreadCount: number }> {
  const rows = await db
    .select({
      ...row,
      // A window over every row of the user, computed before the limit applies.
      unread: sql<number>`(count(*) filter (where not ${notifications.read}) over ())::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return { rows: await inReadersLanguage(rows), unreadCount: Number(rows[0]?.unread ?? 0) };
}

/** Marks one of the user's notifications read; another user's answers 404. Other tabs are told. */
export async function markRead(db: Db, userId: string, id: string): Promise<NotificationRow> {
  const [updated] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ ...row, signalled: syncSignal(notifications.userId) });
  if (!updated) throw new NotFoundError('Notification');
  const [shown] = await inReadersLanguage([updated]);
  return shown!;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  // Identical payloads in one transaction are delivered once, so this is one signal however many rows.
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id, signalled: syncSignal(notifications.userId) });
  return rows.length;
}

/** Deletes one of the user's notifications; another user's answers 404. */
export async function deleteOwn(db: Db, userId: string, id: string): Promise<void> {
  const [deleted] = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id, signalled: syncSignal(notifications.userId) });
  if (!deleted) throw new NotFoundError('Notification');
}

/**
 * Sends a notification to every active user, the sending admin included (docs/product.md §15.9: `userIds`
 * omitted means all users), or to the chosen users, all of whom must exist.
 */
export async function send(
  db: Db,
  mailer: Mailer,
  adminId: string,
  { email, ...input }: NotificationInput & { userIds?: string[]; email?: boolean },
): Promise<SendNotificationResult> {
  const n: NotificationInput = { ...input, createdBy: adminId };
  let chosen: string[] | null = null;
  let skippedInactive = 0;
  if (input.userIds) {
    chosen = [...new Set(input.userIds)];
    const found = await db
      .select({ id: users.id, isActive: users.isActive })
      .from(users)
      .where(sql`${users.id} = any(${sql.param(chosen)}::uuid[])`);
    const known = new Set(found.map((u) => u.id));
    const unknown = chosen.filter((id) => !known.has(id));
    if (unknown.length) {
      const shown = unknown.slice(0, 3).join(', ');
      throw new BadRequestError(
        unknown.length === 1
          ? coded('notifications.unknown_user', { ids: shown })
          : unknown.length > 3
            ? coded('notifications.unknown_users_more', { ids: shown, count: unknown.length - 3 })
            : coded('notifications.unknown_users', { ids: shown }),
      );
    }
    skippedInactive = found.filter((u) => !u.isActive).length;
    if (skippedInactive === found.length) throw new BadRequestError(coded('notifications.none_active'));
  }
  return db.transaction(async (tx) => {
    const { sent, batchId } = await fanOut(
      tx,
      chosen ? sql`${users.id} = any(${sql.param(chosen)}::uuid[])` : sql`true`,
      n,
    );
    await recordAudit(tx, {
      actorId: adminId,
      action: 'send',
      entity: 'notification',
      entityId: batchId,
      details: {
        title: n.title,
        type: n.type,
        link: n.link ?? null,
        recipients: chosen ? 'chosen' : 'all',
        sent,
        email: Boolean(email),
      },
    });
    // By email too: to the same recipients, but those who turned announcements off (skipped, and listed).
    const mail =
      email && sent > 0
        ? await mailer.queueMany(
            tx,
            'announcement',
            { userIds: chosen },
            { title: n.title, message: n.message, link: n.link ?? null },
            batchId,
          )
        : { queued: 0, skipped: 0 };
    return {
      sent,
      skippedInactive,
      batchId: sent > 0 ? batchId : null,
      emailed: mail.queued,
      emailSkipped: mail.skipped,
    };
  });
}

/** Every user's notifications for the admin list, newest first, one page at a time, and how many in all. */
export async function listAll(
  db: Db,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: (NotificationRow & { user: RecipientRow })[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select({ ...row, user: { id: users.id, name: users.name, email: users.email } })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    // Kept by the database (migration 0022) in a few rows: counting a million notifications took 192 ms.
    readSlottedCount(db, notificationCount),
  ]);
  // The admin sees each row as its recipient is shown it.
  return { rows: await inReadersLanguage(rows), total };
}

/** Deletes any user's notification; the recipient's open bell drops it. */
export async function deleteAny(db: Db, adminId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(notifications)
      .where(eq(notifications.id, id))
      .returning({
        id: notifications.id,
        title: notifications.title,
        signalled: syncSignal(notifications.userId),
      });
    if (!deleted) throw new NotFoundError('Notification');
    await recordAudit(tx, {
      actorId: adminId,
      action: 'delete',
      entity: 'notification',
      entityId: id,
      details: { title: deleted.title },
    });
  });
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Active users matching the search (name or email), for choosing recipients, and how many a send to
 * everyone reaches (every active user, the admin asking included).
 */
export async function findRecipients(
  db: Db,
  q: string | undefined,
  limit: number,
): Promise<{ users: RecipientRow[]; activeCount: number }> {
  const match = q
    ? and(eq(users.isActive, true), or(ilike(users.name, likePattern(q)), ilike(users.email, likePattern(q))))
    : eq(users.isActive, true);
  const [found, [active]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(match)
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
      .limit(limit),
    db.select({ n: count() }).from(users).where(eq(users.isActive, true)),
  ]);
  return { users: found, activeCount: active?.n ?? 0 };
}

/** How long a stream ticket can wait before it is redeemed. */
export const TICKET_TTL_SECONDS = 30;

/**
 * A single-use ticket for the stream, bound to the sign-in that asked for it and ending with its access
 * token. Expired, unredeemed tickets are swept in the same statement.
 */
export async function issueTicket(
  db: Db,
  auth: { id: string; sid: string },
  sessionExpiresAt: Date,
): Promise<string> {
  const ticket = crypto.randomBytes(32).toString('base64url');
  await db.execute(sql`
    with swept as (delete from ${streamTickets} where ${streamTickets.expiresAt} < now())
    insert into ${streamTickets} (token_hash, user_id, family_id, session_expires_at, expires_at)
    values (${hashRefreshToken(ticket)}, ${auth.id}::uuid, ${auth.sid}::uuid,
            ${sessionExpiresAt.toISOString()}::timestamptz, now() + make_interval(secs => ${TICKET_TTL_SECONDS}))`);
  return ticket;
}

export interface StreamSession {
  userId: string;
  /** The sign-in that asked for the ticket: the stream ends when it does. */
  familyId: string;
  sessionExpiresAt: Date;
}

/**
 * Redeems a ticket (it is deleted whether or not it is still good) and re-checks, as every request
 * does, that the user is active and the sign-in has not been revoked.
 */
export async function redeemTicket(db: Db, ticket: string): Promise<StreamSession> {
  const result = await db.execute(sql`
    with t as (
      delete from ${streamTickets} where ${streamTickets.tokenHash} = ${hashRefreshToken(ticket)}
      returning user_id, family_id, session_expires_at, expires_at
    )
    select t.user_id, t.family_id, to_json(t.session_expires_at) #>> '{}' as session_expires_at,
      (t.expires_at > now() and t.session_expires_at > now() and u.is_active and not exists (
        select 1 from ${refreshTokens} r where r.family_id = t.family_id and r.revoked_at is not null
      )) as ok
    from t join ${users} u on u.id = t.user_id`);
  const [found] = rowsOf<{ user_id: string; family_id: string; session_expires_at: string; ok: boolean }>(
    result,
  );
  if (!found?.ok) throw new UnauthorizedError(coded('notifications.ticket_invalid'));
  return {
    userId: found.user_id,
    familyId: found.family_id,
    sessionExpiresAt: new Date(found.session_expires_at),
  };
}
