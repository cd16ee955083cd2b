import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  EMAIL_CATEGORY_LABELS,
  MAIL_STATUSES,
  OPTIONAL_EMAIL_CATEGORIES,
  statementLabel,
  type EmailPreferences,
  type EmailPreferencesInput,
  type JobsOverview,
  type MailCounts,
  type MailStatus,
  type OptionalEmailCategory,
  type UnsubscribeInfo,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { mailMessages, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { QUEUES } from '../../db/job-schema';
import { BadRequestError, coded, NotFoundError } from '../../lib/errors';
import { iso } from '../../lib/format';

const preferencesOf = (optOut: string[]): EmailPreferences => ({
  security: true,
  payouts: !optOut.includes('payouts'),
  projects: !optOut.includes('projects'),
  bookings: !optOut.includes('bookings'),
  announcements: !optOut.includes('announcements'),
});

export async function getEmailPreferences(db: Db, userId: string): Promise<EmailPreferences> {
  const [row] = await db.select({ optOut: users.emailOptOut }).from(users).where(eq(users.id, userId));
  if (!row) throw new NotFoundError('User');
  return preferencesOf(row.optOut);
}

export async function setEmailPreferences(
  db: Db,
  userId: string,
  input: EmailPreferencesInput,
): Promise<EmailPreferences> {
  const off = OPTIONAL_EMAIL_CATEGORIES.filter((c) => input[c] === false);
  const on = OPTIONAL_EMAIL_CATEGORIES.filter((c) => input[c] === true);
  const [row] = await db
    .update(users)
    .set({ emailOptOut: optOutSql(off, on), updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ optOut: users.emailOptOut });
  if (!row) throw new NotFoundError('User');
  return preferencesOf(row.optOut);
}

/** The opt-out list with `off` added and `on` taken away, in one statement (no lost update). */
function optOutSql(off: readonly string[], on: readonly string[]): SQL {
  const arr = (values: readonly string[]) =>
    values.length
      ? sql`array[${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )}]::text[]`
      : sql`'{}'::text[]`;
  return sql`array(select distinct c from unnest(${users.emailOptOut} || ${arr(off)}) c where c <> all(${arr(on)}) order by c)`;
}

/** The address, masked, for a page anyone with the link may open: "j***@example.com". */
const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

export const UNSUBSCRIBE_INVALID =
  'This unsubscribe link is invalid. Change your email preferences in your profile instead.';

/** What an unsubscribe link turns off; with `apply`, turns it off. */
export async function unsubscribe(
  db: Db,
  target: { userId: string; category: OptionalEmailCategory } | null,
  apply: boolean,
): Promise<UnsubscribeInfo> {
  if (!target) throw new BadRequestError(coded('common.unsubscribe_invalid'));
  const rows = apply
    ? await db
        .update(users)
        .set({ emailOptOut: optOutSql([target.category], []), updatedAt: sql`now()` })
        .where(eq(users.id, target.userId))
        .returning({ email: users.email, optOut: users.emailOptOut })
    : await db
        .select({ email: users.email, optOut: users.emailOptOut })
        .from(users)
        .where(eq(users.id, target.userId));
  const row = rows[0];
  // The account was deleted: there is nothing to send to any more.
  if (!row) throw new BadRequestError(coded('common.unsubscribe_invalid'));
  return {
    category: target.category,
    label: EMAIL_CATEGORY_LABELS[target.category],
    email: maskEmail(row.email),
    unsubscribed: row.optOut.includes(target.category),
  };
}

export type OutboxRow = typeof mailMessages.$inferSelect;

export async function listOutbox(
  db: Db,
  q: { page: number; pageSize: number; status?: MailStatus; batchId?: string },
): Promise<{ rows: OutboxRow[]; total: number; counts: MailCounts }> {
  const batch = q.batchId ? eq(mailMessages.batchId, q.batchId) : undefined;
  const where = and(batch, q.status ? eq(mailMessages.status, q.status) : undefined);
  const [rows, byStatus] = await Promise.all([
    db
      .select()
      .from(mailMessages)
      .where(where)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ status: mailMessages.status, n: count() })
      .from(mailMessages)
      .where(batch)
      .groupBy(mailMessages.status),
  ]);
  const counts: MailCounts = { queued: 0, sent: 0, failed: 0, skipped: 0 };
  for (const r of byStatus) counts[r.status] = r.n;
  const total = q.status ? counts[q.status] : MAIL_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return { rows, total, counts };
}

export async function getOutboxMessage(db: Db, id: string): Promise<OutboxRow> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  if (!row) throw new NotFoundError('Email');
  return row;
}

/** A failed job other than a known email, as the Email screen names it. */
function jobDescription(queue: string, data: Record<string, unknown>): string {
  if (queue === 'mail') return 'An email';
  if (queue === 'statements' && typeof data.period === 'string')
    return `Publishing the statements for ${statementLabel(data.period)}`;
  return queue;
}

export async function jobsOverview(db: Db, jobs: JobQueue): Promise<JobsOverview> {
  const [counts, failed] = await Promise.all([jobs.counts(), jobs.failed(100)]);
  const queues = Object.keys(QUEUES).map((queue) => {
    const n = (state: string) =>
      counts.filter((c) => c.name === queue && c.state === state).reduce((s, c) => s + c.count, 0);
    return {
      queue,
      waiting: n('created'),
      active: n('active'),
      retrying: n('retry'),
      failed: n('failed'),
      completed: n('completed'),
    };
  });
  const messageIds = failed.map((j) => j.data.messageId).filter((v): v is string => typeof v === 'string');
  const messages = messageIds.length
    ? await db
        .select({ id: mailMessages.id, subject: mailMessages.subject, to: mailMessages.toAddress })
        .from(mailMessages)
        .where(sql`${mailMessages.id} = any(${sql.param(messageIds)}::uuid[])`)
    : [];
  const byId = new Map(messages.map((m) => [m.id, m]));
  return {
    queues,
    failed: failed.map((j) => {
      const m = byId.get(String(j.data.messageId));
      const output = j.output as { message?: unknown; value?: { message?: unknown } } | null;
      return {
        _id: j.id,
        queue: j.name,
        description: m ? `Email “${m.subject}” to ${m.to}` : jobDescription(j.name, j.data),
        error: String(output?.message ?? output?.value?.message ?? 'Unknown error'),
        retryCount: j.retryCount,
        createdAt: iso(j.createdOn)!,
        failedAt: iso(j.completedOn),
      };
    }),
  };
}

/** Runs a failed job again; a failed email is queued again with it. */
export async function retryJob(db: Db, jobs: JobQueue, id: string): Promise<void> {
  const job = await jobs.failedJob(id);
  if (!job) throw new NotFoundError('Failed job');
  await jobs.retry(job);
  if (typeof job.data.messageId === 'string')
    await db
      .update(mailMessages)
      .set({ status: 'queued' })
      .where(and(eq(mailMessages.id, job.data.messageId), eq(mailMessages.status, 'failed')));
}
