import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DEFAULT_ERASURE_RETENTION_YEARS,
  erasureSettings,
  type AdminErasureRequest,
  type ErasureRequest,
  type ErasureSettings,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { PERSONAL_TABLES, type Person } from '../../db/personal-tables';
import { erasureRequests, users } from '../../db/schema';
import { AppError, coded, ConflictError, isUniqueViolation, NotFoundError } from '../../lib/errors';
import { iso } from '../../lib/format';
import type { Mailer } from '../../mail/mailer';
import type { FileStorage } from '../../storage/file-storage';
import { recordAudit } from '../audit/service';
import { notifyUsers } from '../notifications/notify';
import { readSetting, writeSetting } from '../settings/store';

type ErasureRow = typeof erasureRequests.$inferSelect;

const RETENTION_KEY = 'erasureRetentionYears';

/** The name an erased account goes by: "Erased investor 7F3A9C2B" (from its id, which is no personal data). */
export const pseudonymOf = (userId: string) =>
  `Erased investor ${userId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;

const presentOwn = (row: ErasureRow): ErasureRequest => ({
  _id: row.id,
  status: row.status,
  reason: row.reason,
  createdAt: iso(row.createdAt)!,
  decidedAt: iso(row.decidedAt),
  refusalReason: row.refusalReason,
});

/** The caller's request: the newest, unless it was withdrawn (then none). */
export async function getOwnErasure(db: DbOrTx, userId: string): Promise<ErasureRequest | null> {
  const [row] = await db
    .select()
    .from(erasureRequests)
    .where(eq(erasureRequests.userId, userId))
    .orderBy(desc(erasureRequests.createdAt), desc(erasureRequests.id))
    .limit(1);
  return row && row.status !== 'withdrawn' ? presentOwn(row) : null;
}

/**
 * Asks for the caller's account to be erased: a pending request and its audit row, in one transaction.
 * One pending at a time (the partial unique index settles two at once: 409); an admin's account cannot
 * be erased this way (409: the route is open to admins, the account is what refuses). The investor's reason is for the admins only, never in the audit.
 */
export async function requestErasure(
  db: Db,
  user: { id: string; isAdmin: boolean },
  reason: string | undefined,
): Promise<ErasureRequest> {
  if (user.isAdmin) throw new ConflictError(coded('profile.erasure_admin'));
  return db.transaction(async (tx) => {
    let row: ErasureRow | undefined;
    try {
      [row] = await tx
        .insert(erasureRequests)
        .values({ userId: user.id, reason: reason?.trim() || null })
        .returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(coded('profile.erasure_pending'));
      throw err;
    }
    await recordAudit(tx, {
      actorId: user.id,
      action: 'erasure-request',
      entity: 'user',
      entityId: user.id,
      details: { requestId: row!.id },
    });
    return presentOwn(row!);
  });
}

/** Withdraws the caller's pending request (none: 404). */
export async function withdrawErasure(db: Db, userId: string): Promise<ErasureRequest> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(erasureRequests)
      .set({ status: 'withdrawn', decidedAt: sql`now()` })
      .where(and(eq(erasureRequests.userId, userId), eq(erasureRequests.status, 'pending')))
      .returning();
    if (!row) throw new AppError(404, coded('profile.erasure_none'));
    await recordAudit(tx, {
      actorId: userId,
      action: 'erasure-withdraw',
      entity: 'user',
      entityId: userId,
      details: { requestId: row.id },
    });
    return presentOwn(row);
  });
}

const deciders = alias(users, 'erasure_decider');
/** Counts, per request's person, of what may be a legal reason to keep the account. */
const investmentsHeld = sql<number>`(select count(*)::int from investments i join projects p on p.id = i.project_id
  where i.user_id = ${erasureRequests.userId} and i.amount > 0 and p.archived_at is null)`;
const openPayouts = sql<number>`(
  (select count(*)::int from monthly_returns m
    where m.user_id = ${erasureRequests.userId} and m.paid_on > (now() at time zone 'utc')::date)
  + (select count(*)::int from distribution_allocations a join distributions d on d.id = a.distribution_id
    where a.user_id = ${erasureRequests.userId} and d.status = 'draft')
  + (select count(*)::int from capital_call_lines l
    where l.user_id = ${erasureRequests.userId} and l.paid < l.amount))`;
const bookingsAhead = sql<number>`(select count(*)::int from bookings b
  where b.user_id = ${erasureRequests.userId} and b.status in ('pending', 'approved')
    and (b.nights ->> -1) >= to_char(now() at time zone 'utc', 'YYYY-MM-DD'))`;

const adminSelection = {
  row: erasureRequests,
  user: { id: users.id, name: users.name, email: users.email, isAdmin: users.isAdmin },
  decider: { id: deciders.id, name: deciders.name },
  investments: investmentsHeld,
  openPayouts,
  bookings: bookingsAhead,
};

const adminQuery = (db: DbOrTx) =>
  db
    .select(adminSelection)
    .from(erasureRequests)
    .innerJoin(users, eq(users.id, erasureRequests.userId))
    .leftJoin(deciders, eq(deciders.id, erasureRequests.decidedBy));

type AdminRow = Awaited<ReturnType<ReturnType<typeof adminQuery>['execute']>>[number];

const presentAdmin = (r: AdminRow): AdminErasureRequest => ({
  ...presentOwn(r.row),
  user: { _id: r.user.id, name: r.user.name, email: r.user.email, isAdmin: r.user.isAdmin },
  decidedBy: r.decider ? { _id: r.decider.id, name: r.decider.name } : null,
  keepUntil: r.row.keepUntil,
  holds: { investments: r.investments, openPayouts: r.openPayouts, bookings: r.bookings },
});

/** Every request but the withdrawn ones: the pending first (oldest first: the month runs), then the rest, newest first. */
export async function listErasureRequests(db: DbOrTx): Promise<AdminErasureRequest[]> {
  const rows = await adminQuery(db)
    .where(inArray(erasureRequests.status, ['pending', 'refused', 'carried_out']))
    .orderBy(
      sql`case when ${erasureRequests.status} = 'pending' then 0 else 1 end`,
      sql`case when ${erasureRequests.status} = 'pending' then ${erasureRequests.createdAt} end asc`,
      desc(erasureRequests.createdAt),
    )
    .limit(500);
  return rows.map(presentAdmin);
}

async function adminOne(db: DbOrTx, id: string): Promise<AdminErasureRequest> {
  const [row] = await adminQuery(db).where(eq(erasureRequests.id, id));
  if (!row) throw new NotFoundError('Erasure request');
  return presentAdmin(row);
}

/** The pending request of an id, locked for the decision (none: 404; decided or withdrawn: 409). */
async function lockPending(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ request: erasureRequests, user: users })
    .from(erasureRequests)
    .innerJoin(users, eq(users.id, erasureRequests.userId))
    .where(eq(erasureRequests.id, id))
    .for('update');
  if (!row) throw new NotFoundError('Erasure request');
  if (row.request.status !== 'pending')
    throw new ConflictError(coded('profile.erasure_decided', { status: row.request.status }));
  return row;
}

/** How many years the financial records of an erased account are kept. */
export async function getErasureSettings(db: DbOrTx): Promise<ErasureSettings> {
  return {
    retentionYears: await readSetting(
      db,
      RETENTION_KEY,
      erasureSettings.shape.retentionYears,
      DEFAULT_ERASURE_RETENTION_YEARS,
    ),
  };
}

export const setErasureSettings = (db: DbOrTx, value: ErasureSettings, by: string) =>
  writeSetting(db, RETENTION_KEY, value.retentionYears, by);

/** 'YYYY-MM-DD', `years` after today (UTC). */
function yearsAhead(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/**
 * Carries out a pending request, in one transaction: every table of PERSONAL_TABLES loses the person's
 * rows or personal fields as its rule says (ADR 031), the account becomes the pseudonym, inactive, with
 * no way in left (its sign-ins end at once: the next request with any of its tokens is refused), the
 * financial records stay, the request is marked with the date until which they are kept, the audit row
 * written (the pseudonym only) and the last email queued to the address the account had. The files of
 * the deleted rows are deleted from the storage after the commit. An admin's account: 409.
 */
export async function carryOutErasure(
  deps: { db: Db; storage: FileStorage; mailer: Mailer },
  actorId: string,
  id: string,
): Promise<AdminErasureRequest> {
  const { db, storage, mailer } = deps;
  const files: string[] = [];
  await db.transaction(async (tx) => {
    const { request, user } = await lockPending(tx, id);
    if (user.isAdmin) throw new ConflictError(coded('profile.erasure_admin_account'));
    const person: Person = { id: user.id, email: user.email, pseudonym: pseudonymOf(user.id) };
    const keepUntil = yearsAhead((await getErasureSettings(tx)).retentionYears);
    for (const t of PERSONAL_TABLES) {
      const rule = t.erasure;
      if (rule.do === 'keep') continue;
      const where = t.rows(person);
      if (rule.do === 'anonymise') {
        await tx.update(t.table).set(rule.set(person)).where(where);
        continue;
      }
      if (rule.files) {
        const keys = await tx.select({ key: rule.files }).from(t.table).where(where);
        for (const { key } of keys) if (typeof key === 'string' && key) files.push(key);
      }
      await tx.delete(t.table).where(where);
    }
    await tx
      .update(erasureRequests)
      .set({ status: 'carried_out', decidedAt: sql`now()`, decidedBy: actorId, keepUntil, reason: null })
      .where(eq(erasureRequests.id, request.id));
    await recordAudit(tx, {
      actorId,
      action: 'erasure-carry-out',
      entity: 'user',
      entityId: user.id,
      details: { requestId: request.id, keepUntil },
    });
    // The account's own rows of email are gone; this one goes to the address it had, sealed until sent.
    await mailer.queueToFormerAddress(tx, 'erasureCarriedOut', user.id, user.email, { keepUntil });
  });
  for (const key of files) await storage.delete(key).catch(() => {});
  return adminOne(db, id);
}

/**
 * Refuses a pending request with a legal reason, in one transaction with the audit row, the investor's
 * notification and email (in their language). The investor may ask again later.
 */
export async function refuseErasure(
  deps: { db: Db; mailer: Mailer },
  actorId: string,
  id: string,
  reason: string,
): Promise<AdminErasureRequest> {
  const { db, mailer } = deps;
  const why = reason.trim();
  await db.transaction(async (tx) => {
    const { request, user } = await lockPending(tx, id);
    await tx
      .update(erasureRequests)
      .set({ status: 'refused', decidedAt: sql`now()`, decidedBy: actorId, refusalReason: why })
      .where(eq(erasureRequests.id, request.id));
    await recordAudit(tx, {
      actorId,
      action: 'erasure-refuse',
      entity: 'user',
      entityId: user.id,
      details: { requestId: request.id, reason: why },
    });
    await notifyUsers(tx, [user.id], {
      title: 'Your account was not erased',
      message: `Your request to erase your account was refused: ${why}`,
      type: 'warning',
      link: '/your-data',
      createdBy: actorId,
      notice: { key: 'erasureRefused', params: { reason: why } },
    });
    await mailer.queue(tx, 'erasureRefused', user.id, { reason: why });
  });
  return adminOne(db, id);
}
