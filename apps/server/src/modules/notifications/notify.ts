import { sql, type SQL } from 'drizzle-orm';
import type { NotificationType } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { investments, notifications, users } from '../../db/schema';
import type { Notice } from './notices';

export interface NotificationInput {
  title: string;
  message: string;
  type?: NotificationType;
  /** A path in this app that opens what the notification is about. */
  link?: string | null;
  createdBy?: string | null;
  /**
   * What the server writes, by name and values (notices.ts): its reader is shown it in their language.
   * `title` and `message` are then its English text. None on an admin's own words.
   */
  notice?: Notice;
}

const noticeKey = (n: Pick<NotificationInput, 'notice'>) => n.notice?.key ?? null;
const noticeParams = (n: Pick<NotificationInput, 'notice'>) =>
  n.notice ? JSON.stringify(n.notice.params ?? {}) : null;

/** Rows of a raw statement: both drivers (pg and PGlite) answer `{ rows }`. */
/** The columns of a notification its reader is shown (NotificationRow). */
export const notificationColumns = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  type: notifications.type,
  read: notifications.read,
  link: notifications.link,
  createdAt: notifications.createdAt,
  messageKey: notifications.messageKey,
  params: notifications.params,
  /** The reader's language, in which a notice is shown. */
  locale: sql<
    string | null
  >`(select ${users.locale} from ${users} where ${users.id} = ${notifications.userId})`.as('reader_locale'),
};

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The PostgreSQL channel on which instances tell each other (and PGlite tells itself) what changed. */
export const NOTIFY_CHANNEL = 'portal_notifications';

/**
 * What travels on the channel. A NOTIFY payload is limited to 8000 bytes, so a batch is named, not
 * listed: each instance reads the rows of its own connected users (`at` is the batch's created_at,
 * which keeps that read on the (user_id, created_at) index).
 */
export type Signal = { k: 'batch'; b: string; at: string } | { k: 'sync'; u: string };

/** pg_notify of a sync signal for the user in `userIdColumn`; used in RETURNING so it fires per changed row. */
export const syncSignal = (userIdColumn: SQL | typeof notifications.userId) =>
  sql<string>`pg_notify(${NOTIFY_CHANNEL}, json_build_object('k', 'sync', 'u', ${userIdColumn})::text)::text`;

/**
 * Inserts the rows `select` gives (user, title, message, type, link, batch, sender: one per recipient)
 * as one batch and signals it, all in one statement. Inside a transaction the signal is delivered on
 * commit and dropped on rollback, so nobody is told about a notification that was never written.
 */
async function writeBatch(db: DbOrTx, select: SQL, batchId: string): Promise<number> {
  const result = await db.execute(sql`
    with ins as (
      insert into ${notifications} (user_id, title, message, type, link, batch_id, created_by, message_key, params)
      ${select}
      returning 1
    ), c as (select count(*)::int as n from ins)
    select n, case when n > 0 then pg_notify(
      ${NOTIFY_CHANNEL},
      json_build_object('k', 'batch', 'b', ${batchId}::uuid, 'at', now())::text
    )::text end as signalled
    from c`);
  const [counted] = rowsOf<{ n: number }>(result);
  return Number(counted?.n ?? 0);
}

/** Recipients one statement of a fan-out writes at most (a broadcast to 100,000 users is four). */
const FAN_OUT_CHUNK = 25_000;

/**
 * The first bytes of a batch's notification ids, as hex: a time-ordered (version 7) UUID whose last three
 * bytes each row replaces with its place in the batch. The ids of a batch then ascend with the users' ids,
 * so that the primary key and the (created_at, id) index are written at one end, page after page, instead
 * of at 100,000 random pages (which, with the indexes larger than the database's buffers, doubled the
 * time of a broadcast to 100,000 users). 50 random bits tell apart batches of the same millisecond.
 */
function batchIdBase(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  const ms = Date.now();
  for (let i = 5, t = ms; i >= 0; i--, t = Math.floor(t / 256)) b[i] = t % 256;
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  return Buffer.from(b).toString('hex');
}

/**
 * Writes one notification per active recipient chosen by `recipients` (a condition on `users`) as one
 * batch, in the order of the users' ids and at most `chunk` a statement, so that no statement of a
 * broadcast to every user comes near the statement timeout. In that order the (user_id, created_at)
 * index is visited in order rather than at random, which at 100,000 recipients halved the pages the
 * insert touched. Every statement signals the same batch: identical payloads in one transaction are
 * delivered once, on commit.
 */
export async function fanOut(
  db: DbOrTx,
  recipients: SQL,
  n: NotificationInput,
  chunk = FAN_OUT_CHUNK,
): Promise<{ sent: number; batchId: string }> {
  const batchId = crypto.randomUUID();
  const base = batchIdBase();
  let sent = 0;
  let after: string | null = null;
  for (;;) {
    const result: unknown = await db.execute(sql`
      with ins as (
        insert into ${notifications} (id, user_id, title, message, type, link, batch_id, created_by, message_key, params)
        select encode(overlay(decode(${base}, 'hex') placing substring(int4send((${sent}::int + row_number() over ())::int) from 2 for 3) from 14 for 3), 'hex')::uuid,
          r.id, ${n.title}, ${n.message}, ${n.type ?? 'info'}, ${n.link ?? null}, ${batchId}::uuid, ${n.createdBy ?? null}::uuid,
          ${noticeKey(n)}::text, ${noticeParams(n)}::jsonb
        from (
          select ${users.id} as id from ${users}
          where ${recipients} and ${users.isActive}${after ? sql` and ${users.id} > ${after}::uuid` : sql``}
          order by ${users.id}
          limit ${chunk}
        ) r
        returning user_id
      ), c as (select count(*)::int as n, max(user_id::text collate "C") as last from ins)
      select n, last, case when n > 0 then pg_notify(
        ${NOTIFY_CHANNEL},
        json_build_object('k', 'batch', 'b', ${batchId}::uuid, 'at', now())::text
      )::text end as signalled
      from c`);
    const [written] = rowsOf<{ n: number; last: string | null }>(result);
    const k = Number(written?.n ?? 0);
    sent += k;
    if (k < chunk || !written?.last) break;
    after = written.last;
  }
  return { sent, batchId };
}

/**
 * Writes one notification per active user with a message of their own, as one batch in one statement:
 * `source` is a query giving `(user_id, message)` rows (a distribution's allocations, each with its
 * amount), so that nothing per user travels through this process.
 */
export async function notifyFrom(
  db: DbOrTx,
  source: SQL,
  n: Omit<NotificationInput, 'message' | 'title'> & {
    /** The title, or an expression of the recipient's `users` row (their language's title). */
    title: string | SQL;
  },
): Promise<number> {
  const batchId = crypto.randomUUID();
  return writeBatch(
    db,
    sql`select ${users.id}, ${n.title}, m.message, ${n.type ?? 'info'}, ${n.link ?? null}, ${batchId}::uuid, ${n.createdBy ?? null}::uuid,
        ${noticeKey(n)}::text, ${noticeParams(n)}::jsonb
      from (${source}) as m(user_id, message)
      join ${users} on ${users.id} = m.user_id
      where ${users.isActive}`,
    batchId,
  );
}

/**
 * Notifies the given users (only active ones) with one set-based insert. Call it inside the transaction
 * of the change that causes it; open browsers of the recipients receive it live once that commits.
 */
export async function notifyUsers(
  db: DbOrTx,
  userIds: readonly string[],
  n: NotificationInput,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const { sent } = await fanOut(db, sql`${users.id} = any(${sql.param([...new Set(userIds)])}::uuid[])`, n);
  return sent;
}

/** Notifies every active user (a broadcast), in one statement however many users there are. */
export async function notifyAllActiveUsers(db: DbOrTx, n: NotificationInput): Promise<number> {
  return (await fanOut(db, sql`true`, n)).sent;
}

/** Notifies every active admin (something waits in an admin's inbox), in one statement. */
export async function notifyAdmins(db: DbOrTx, n: NotificationInput): Promise<number> {
  return (await fanOut(db, sql`${users.isAdmin}`, n)).sent;
}

/** Notifies every active investor who holds an investment in the project, in one statement. */
export async function notifyProjectInvestors(
  db: DbOrTx,
  projectId: string,
  n: NotificationInput,
): Promise<number> {
  const holders = sql`${users.id} in (select ${investments.userId} from ${investments} where ${investments.projectId} = ${projectId}::uuid)`;
  return (await fanOut(db, holders, n)).sent;
}
