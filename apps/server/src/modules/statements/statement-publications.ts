import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { statementLabel, type StatementPublication, type StatementPublicationList } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { statementPublications } from '../../db/schema';
import type { JobQueue, JobRun } from '../../jobs/queue';
import { BadRequestError, coded, ConflictError } from '../../lib/errors';
import { iso } from '../../lib/format';
import type { Mailer } from '../../mail/mailer';
import { MAIL_KINDS } from '../../mail/templates';
import type { FileStorage } from '../../storage/file-storage';
import { recordAudit } from '../audit/service';
import { blockMoneyEdits } from '../locks/service';
import { notifyFrom, rowsOf } from '../notifications/notify';
import { storeStatementBatch } from './statement-files';
import { periodInfo, periodsSince, today } from './statements';

/**
 * Investors told in one transaction of the publishing job: small enough that a batch stays well under
 * the database's statement timeout and the progress moves, large enough that 20,000 take a few batches.
 */
const PUBLISH_BATCH_SIZE = 1000;

/** The active investors who held an investment by a day (held from its start date, or its first return). */
const holdersBy = (day: string) => sql`
  select u.id from users u
  where u.is_active and exists (
    select 1 from investments i
    where i.user_id = u.id and coalesce(i.start_date, (
      select min(to_date(r.month || '-01', 'YYYY-MM-DD')) from monthly_returns r
      where r.user_id = i.user_id and r.project_id = i.project_id)) <= ${day}::date)`;

/**
 * How many would be reached by publishing each period ending on the given days, in one statement: the
 * investors `holdersBy` tells, and of them those `mailer.queueMany` emails (not opted out of the
 * statement's category).
 */
async function audienceBy(db: DbOrTx, days: string[]) {
  if (!days.length) return new Map<string, { total: number; emails: number }>();
  const category = MAIL_KINDS.statement.category;
  const rows = rowsOf<{ day: string; total: number; emails: number }>(
    await db.execute(sql`
      select d.day::text as day, count(u.id)::int as total,
        count(u.id) filter (where not (${category} = any(u.email_opt_out)))::int as emails
      from unnest(${sql.param(days)}::date[]) d(day)
      left join (
        select i.user_id, min(coalesce(i.start_date, (
          select min(to_date(r.month || '-01', 'YYYY-MM-DD')) from monthly_returns r
          where r.user_id = i.user_id and r.project_id = i.project_id))) as first
        from investments i group by i.user_id) f on f.first <= d.day
      left join users u on u.id = f.user_id and u.is_active
      group by d.day`),
  );
  return new Map(rows.map((r) => [r.day, { total: Number(r.total), emails: Number(r.emails) }]));
}

type PublicationRow = typeof statementPublications.$inferSelect;

const presentPublication = (p: PublicationRow): StatementPublication => ({
  period: p.period,
  publishedAt: iso(p.publishedAt)!,
  recipients: p.recipients,
  emailed: p.emailed,
  batchId: p.batchId,
  status: p.status as StatementPublication['status'],
  total: p.total,
  error: p.error,
  finishedAt: iso(p.finishedAt),
});

/**
 * The periods published (or being published), newest first, and those that have ended and are not, each
 * with how many investors publishing it would tell and how many emails would go out.
 */
export async function listPublications(db: DbOrTx): Promise<StatementPublicationList> {
  const [rows, firstRows] = await Promise.all([
    db.select().from(statementPublications).orderBy(desc(statementPublications.publishedAt)),
    // The first month of each project's returns through (project_id, month), and the first start date
    // through its own index: a few index reads however many months there are. A plain min over
    // monthly_returns read every month ever recorded (4.2 million rows, 0.7 s, at 10,000 investors).
    db.execute(sql`
      select least(
        (select min(start_date) from investments),
        (select min(to_date(f.month || '-01', 'YYYY-MM-DD')) from projects p cross join lateral (
          select r.month from monthly_returns r where r.project_id = p.id order by r.month limit 1) f)
      )::text as first`),
  ]);
  const first = rowsOf<{ first: string | null }>(firstRows)[0]?.first ?? null;
  const published = new Set(rows.map((r) => r.period));
  const open = periodsSince(first, today()).filter((p) => !published.has(p.period));
  const audience = await audienceBy(db, [...new Set(open.map((p) => p.to))]);
  return {
    publications: rows.map(presentPublication),
    publishable: open.map((p) => ({ period: p.period, ...(audience.get(p.to) ?? { total: 0, emails: 0 }) })),
  };
}

/**
 * Starts publishing a period's statements: every active investor who held an investment by its last day
 * is to be told in the portal, and by email unless they turned payouts and statements email off; once
 * per period. The publication is recorded as `running` with the number of investors to reach and its
 * job queued in one transaction; the job (`runPublishing`) tells them batch by batch. A publication whose
 * job failed is started again (it resumes after the last investor told); any other is a 409.
 */
export async function startPublishing(
  db: Db,
  jobs: JobQueue,
  actorId: string,
  period: string,
): Promise<StatementPublication> {
  const info = periodInfo(period);
  const label = statementLabel(period);
  if (info.to >= today())
    throw new BadRequestError(coded('distributions.period_not_ended', { period: label, date: info.to }));
  const total = sql<number>`(select count(*)::int from (${holdersBy(info.to)}) h)`;
  const publication = await db.transaction(async (tx) => {
    // Edits of money under way commit first; those that come after see the period published (locks/).
    await blockMoneyEdits(tx);
    // One statement claims the period: a second publish at the same time waits for this one's commit,
    // then finds the period taken (409).
    const [row] = await tx
      .insert(statementPublications)
      .values({
        period,
        publishedBy: actorId,
        recipients: 0,
        emailed: 0,
        batchId: crypto.randomUUID(),
        status: 'running',
        total,
      })
      .onConflictDoUpdate({
        target: statementPublications.period,
        set: { status: 'running', error: null, total, publishedBy: actorId },
        setWhere: eq(statementPublications.status, 'failed'),
      })
      .returning();
    if (!row) throw new ConflictError(coded('distributions.statements_already_published', { period: label }));
    if (row.total === 0)
      throw new BadRequestError(coded('distributions.nobody_held_in_period', { period: label }));
    await jobs.send('statements', { period }, { db: tx });
    await recordAudit(tx, {
      actorId,
      action: 'publish',
      entity: 'statements',
      entityId: null,
      details: { period, investors: row.total },
    });
    return row;
  });
  jobs.wake('statements');
  return presentPublication(publication);
}

/**
 * Tells the next batch of a running publication's investors, in one transaction: their notifications,
 * their emails and the publication's progress (and the last investor told, the cursor) commit together,
 * so a retry resumes exactly after it. The publication's row is locked first, so two runs of the job at
 * once take turns. Marks it `published` once nobody is left. Answers whether there may be more.
 */
async function publishBatch(db: Db, mailer: Mailer, period: string, size: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(statementPublications)
      .where(eq(statementPublications.period, period))
      .for('update');
    if (!p || p.status === 'published') return false;
    const info = periodInfo(period);
    const label = statementLabel(period);
    // The batch's investors are read once (walking the users by id after the cursor) and then named by
    // id, so that the notifications and the emails do not evaluate who held what again.
    const after = p.cursor ? sql`h.id > ${p.cursor}::uuid` : sql`true`;
    const [next] = rowsOf<{ ids: string[] | null }>(
      await tx.execute(sql`
        select array_agg(b.id order by b.id)::text[] as ids from (
          select h.id from (${holdersBy(info.to)}) h where ${after} order by h.id limit ${size}) b`),
    );
    const ids = next?.ids ?? [];
    const last = ids.at(-1) ?? null;
    let told = 0;
    let emailed = 0;
    if (ids.length) {
      const batch = sql`select unnest(${sql.param(ids)}::uuid[]) as id`;
      told = await notifyFrom(
        tx,
        sql`select b.id, ${`Your statement for ${label} is ready in your Document Vault.`} from (${batch}) b`,
        {
          title: `Statement for ${label}`,
          notice: { key: 'statementReady', params: { period: label } },
          type: 'info',
          link: '/documents',
          createdBy: p.publishedBy,
        },
      );
      ({ queued: emailed } = await mailer.queueMany(
        tx,
        'statement',
        { from: sql`users u`, where: sql`u.id = any(${sql.param(ids)}::uuid[])`, data: sql`'{}'::jsonb` },
        { periodLabel: label },
        p.batchId,
      ));
    }
    const done = ids.length < size;
    await tx
      .update(statementPublications)
      .set({
        recipients: p.recipients + told,
        emailed: p.emailed + emailed,
        cursor: last ?? p.cursor,
        status: done ? 'published' : 'running',
        error: null,
        ...(done ? { total: p.recipients + told, finishedAt: sql`now()` } : {}),
      })
      .where(eq(statementPublications.period, period));
    return !done;
  });
}

/**
 * The `statements` job: tells a publication's investors batch by batch until none is left, then stores
 * each one's PDF (`storeStatementBatch`; rendering takes some milliseconds a statement, so this part
 * comes after the publication is `published`, and a download that comes first stores its own). A batch
 * that fails is rolled back and the job retried (from the cursor: nobody is told twice; statements
 * stored are not stored again); after the last try a publication still telling is kept as `failed` with
 * the reason, and publishing again resumes it.
 */
export async function runPublishing(
  db: Db,
  mailer: Mailer,
  storage: FileStorage,
  job: JobRun<Record<string, unknown>>,
  size = PUBLISH_BATCH_SIZE,
): Promise<void> {
  const period = String(job.data.period);
  try {
    while (await publishBatch(db, mailer, period, size));
    const holders = holdersBy(periodInfo(period).to);
    for (let after: string | null = null; ;) {
      after = await storeStatementBatch(db, storage, period, holders, after);
      if (!after) break;
    }
  } catch (err) {
    if (job.lastTry)
      await db
        .update(statementPublications)
        .set({ status: 'failed', error: (err as Error).message ?? String(err) })
        .where(and(eq(statementPublications.period, period), eq(statementPublications.status, 'running')));
    throw err;
  }
}
