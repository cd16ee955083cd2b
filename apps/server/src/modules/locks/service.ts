import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { monthLabel, statementLabel } from '@portal/contracts';
import { queryRows, type DbOrTx } from '../../db/client';
import { distributionAllocations, distributions, statementPublications } from '../../db/schema';
import { coded, ConflictError, englishMessage, type CodedError } from '../../lib/errors';

/**
 * Money that is final (docs/product.md "Final is final"): a monthly return written by a final
 * distribution, or any entry paid in a period whose statements were published, is never edited or
 * deleted; a correction is an adjustment of its own. The one place that says whether, and why, an entry
 * is locked: the admin lists read the same SQL as the writes check.
 */

/** The final distribution an entry belongs to, as the lock's SQL reads it. */
export interface LockRun {
  period: string;
  kind: string;
  status: string;
}

/** The published statement period an entry falls in, as the lock's SQL reads it. */
export interface LockPublication {
  period: string;
  publishedAt: string;
}

/** What makes an entry locked: its run, its published period, or neither. */
export interface LockFacts {
  run: LockRun | null;
  publication: LockPublication | null;
}

/**
 * The run (not a draft) that paid this investor this month's income in the project, as JSON, or null:
 * the monthly returns a final income run wrote are those of its period and its allocations above 0.
 */
export const incomeRunOf = (
  userId: SQLWrapper,
  projectId: SQLWrapper,
  month: SQLWrapper,
): SQL<LockRun | null> =>
  sql<LockRun | null>`(select json_build_object('period', d.period, 'kind', d.kind, 'status', d.status)
    from ${distributions} d
    join ${distributionAllocations} a on a.distribution_id = d.id and a.user_id = ${userId} and a.amount > 0
    where d.project_id = ${projectId} and d.period = ${month} and d.kind = 'income' and d.status <> 'draft'
    limit 1)`;

/**
 * The published statement period (its quarter or its year) a day falls in, as JSON, or null. A
 * publication counts from the moment it is started: investors are being told from then on.
 */
export const publicationOf = (day: SQLWrapper): SQL<LockPublication | null> =>
  sql<LockPublication | null>`(select json_build_object('period', p.period, 'publishedAt', p.published_at)
    from ${statementPublications} p
    where p.period in (to_char(${day}, 'YYYY'), to_char(${day}, 'YYYY') || '-Q' || to_char(${day}, 'Q'))
    order by p.published_at
    limit 1)`;

const longDate = (at: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(at));

const INSTEAD = 'Record an adjustment instead.';

/**
 * Why an entry is locked, in words an admin can act on, or null when it may change. `entry` names it
 * ('The Nov 2026 return'), `kind` what the period's lock covers ('returns', 'rental income').
 */
export function lockReason(facts: LockFacts, entry: string, kind: string): string | null {
  const { run, publication } = facts;
  if (run) {
    const name = `${monthLabel(run.period)} ${run.kind}`;
    const state = run.status === 'final' ? 'final distribution' : `${run.status} distribution`;
    return `${entry} is part of the ${state} '${name}' and was paid: it cannot be changed. ${INSTEAD}`;
  }
  if (publication)
    return `${statementLabel(publication.period)} statements were published on ${longDate(publication.publishedAt)}: ${kind} in that period cannot be changed. ${INSTEAD}`;
  return null;
}

/**
 * The published periods (quarters and years), for checking many days at once without a query each: the
 * one whose period a day falls in, first published first, or null (`publicationOf`'s rule).
 */
export async function publishedPeriods(tx: DbOrTx): Promise<(day: string) => LockPublication | null> {
  const rows = await queryRows<{ period: string; publishedAt: string }>(
    tx,
    sql`select period, published_at::text as "publishedAt" from ${statementPublications} order by published_at`,
  );
  return (day) => {
    const year = day.slice(0, 4);
    const quarter = `${year}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
    return rows.find((r) => r.period === year || r.period === quarter) ?? null;
  };
}

/**
 * The coded form of a lock's refusal, for the refusals the writes make: a month's return (`month`) in a
 * run, returns or rental income in a published period. The months and the day go raw ('YYYY-MM',
 * 'YYYY-MM-DD'), worded in the reader's language.
 */
function lockRefusal(facts: LockFacts, kind: string, month?: string): CodedError | null {
  const { run, publication } = facts;
  if (run) {
    if (!month || run.kind !== 'income') return null;
    if (run.status === 'final') return coded('distributions.return_in_final_run', { month, run: run.period });
    if (run.status === 'reversed')
      return coded('distributions.return_in_reversed_run', { month, run: run.period });
    return null;
  }
  if (!publication) return null;
  const params = {
    period: statementLabel(publication.period),
    date: new Date(publication.publishedAt).toISOString().slice(0, 10),
  };
  if (kind === 'returns') return coded('distributions.returns_period_published', params);
  if (kind === 'rental income') return coded('stays.rental_income_period_published', params);
  return null;
}

/**
 * A 409 when a day falls in a published period: money paid on it would change statements the investors
 * were already given. `kind` names what ('returns', 'rental income').
 */
export async function assertPeriodOpen(tx: DbOrTx, day: string, entry: string, kind: string): Promise<void> {
  assertUnlocked({ run: null, publication: (await publishedPeriods(tx))(day) }, entry, kind);
}

/**
 * A 409 with the reason when the entry is locked: coded where the coded form says the reason word for
 * word (`month`: the month of a return the entry is).
 */
export function assertUnlocked(facts: LockFacts, entry: string, kind: string, month?: string): void {
  const reason = lockReason(facts, entry, kind);
  if (!reason) return;
  const refusal = lockRefusal(facts, kind, month);
  throw new ConflictError(refusal && englishMessage(refusal) === reason ? refusal : reason);
}

/**
 * Any key of the application's own: edits of money hold it shared for their transaction, publishing a
 * period holds it alone. So a publication waits for the edits under way to commit, and an edit that
 * starts while a period is being published reads the publication once it is committed: an edit cannot
 * slip in between a publication's check and its commit.
 */
const PUBLICATION_LOCK = 3_110_001;

/** Taken by every edit or deletion of money, before it reads its lock (in the same transaction). */
export async function holdPublications(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${PUBLICATION_LOCK})`);
}

/** Taken by publishing a period, before it claims the period (in the same transaction). */
export async function blockMoneyEdits(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PUBLICATION_LOCK})`);
}
