import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  not,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  monthBeforeStartProblem,
  toMoneyString,
  type CreateUserInput,
  type updateUserInput,
  type userListQuery,
} from '@portal/contracts';
import type { z } from 'zod';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import {
  capitalReturns,
  distributionAllocations,
  documents,
  investments,
  monthlyReturns,
  projects,
  rentalIncomes,
  userCount,
  users,
} from '../../db/schema';
import { monthlyReturnsTotal, paidAdjustmentsSql, paidRentalIncomeSql } from '../../db/investment-returns';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  coded,
  fieldError,
  isUniqueViolation,
  pgConstraint,
} from '../../lib/errors';
import { assertNewPasswordAllowed } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/service';
import { revokeAllSessions } from '../access/sessions';
import { notifyUsers } from '../notifications/notify';
import type { AdminInvestmentRow, AdminUserRows } from './presenter';

type ListQuery = z.output<typeof userListQuery>;
type UpdateInput = z.output<typeof updateUserInput>;

/** The words of a search box, lowercased: letters and digits only, at most 8 of at most 40 characters. */
function searchWords(input: string | undefined): string[] {
  const words = (input ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, 8).map((w) => w.slice(0, 40));
}

/**
 * The words of a search box as a prefix query ('emma lin' -> 'emma:* & lin:*'). Only letters and digits
 * survive, so nothing the user types can change the query's syntax.
 */
export function searchTerms(input: string | undefined): string | null {
  const words = searchWords(input);
  return words.length ? prefixQuery(words) : null;
}

const prefixQuery = (words: readonly string[]) => words.map((w) => `${w}:*`).join(' & ');

/** The list's filters but the search. */
function listFilter(q: ListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (q.status === 'active') where.push(eq(users.isActive, true));
  if (q.status === 'inactive') where.push(and(eq(users.isActive, false), isNotNull(users.activatedAt)));
  if (q.status === 'pending') where.push(and(eq(users.isActive, false), isNull(users.activatedAt)));
  if (q.role) where.push(eq(users.isAdmin, q.role === 'admin'));
  if (q.projectId) {
    const holds = exists(
      sql`(select 1 from ${investments} where ${investments.userId} = ${users.id} and ${investments.projectId} = ${q.projectId})`,
    );
    // "Not yet linked" lists investors only: an administrator does not hold investments.
    where.push(q.linked === false ? and(not(holds), eq(users.isAdmin, false)) : holds);
  }
  return where.length ? and(...where) : undefined;
}

/** Investments of the given users with their returns (monthly sum, else the stored field): one query. */
async function investmentsOf(db: DbOrTx, userIds: readonly string[]): Promise<AdminInvestmentRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: investments.id,
      userId: investments.userId,
      projectId: investments.projectId,
      projectName: projects.name,
      amount: investments.amount,
      returns: investments.returns,
      monthlyTotal: monthlyReturnsTotal,
      otherIncome: sql<string>`(${paidRentalIncomeSql(sql`ri.user_id = ${investments.userId} and ri.project_id = ${investments.projectId}`)}::numeric
        + ${paidAdjustmentsSql('income', sql`adj.user_id = ${investments.userId} and adj.project_id = ${investments.projectId}`)}::numeric)::text`,
      roi: investments.roi,
      startDate: investments.startDate,
    })
    .from(investments)
    .innerJoin(projects, eq(projects.id, investments.projectId))
    .where(inArray(investments.userId, [...userIds]))
    .orderBy(asc(projects.name));
}

/** Every column of a user but the search document, which only the search reads. */
const { searchDocument: _searchDocument, ...userColumns } = getTableColumns(users);

/** The rows of the given ids, in that order. */
async function usersIn(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.select(userColumns).from(users).where(inArray(users.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}

/**
 * How many users match. Without a filter, the one row the database keeps (user_count, migration 0021):
 * counting 100,000 entries of an index on every page was most of the list's time.
 */
async function countUsers(db: Db, where: SQL | undefined): Promise<number> {
  if (!where) {
    const [kept] = await db.select({ n: userCount.n }).from(userCount);
    if (kept) return Number(kept.n);
  }
  const [counted] = await db.select({ n: count() }).from(users).where(where);
  return counted?.n ?? 0;
}

/**
 * The ids of one page of users, ordered by name. The ids come from the name index alone, walked from
 * whichever end is nearer, so the last page costs what the first does.
 */
async function pageOfIds(db: Db, q: ListQuery, where: SQL | undefined, total: number): Promise<string[]> {
  const offset = (q.page - 1) * q.pageSize;
  if (offset >= total) return [];
  const fromEnd = offset > total / 2;
  const order = fromEnd
    ? [sql`lower(${users.name}) desc`, desc(users.id)]
    : [sql`lower(${users.name})`, asc(users.id)];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(fromEnd ? Math.min(q.pageSize, total - offset) : q.pageSize)
    .offset(fromEnd ? Math.max(0, total - offset - q.pageSize) : offset);
  const ids = rows.map((r) => r.id);
  return fromEnd ? ids.reverse() : ids;
}

/**
 * A page of a search and how many match, in one statement: the matches are collected once and both
 * counted and ordered from that one set (a count of its own would search the index a second time).
 *
 * A user matches when their name, email or investor ID has a word starting with each word of the
 * search. The index is asked for the rarest word only (user_search_index_query, migration 0023): asked
 * for every word it collects each word's matches in full first, and a common one ('investor' at 100,000
 * users: 200,000 entries) cost more than the rest of the search. The whole search is then tested on the
 * rows found, through ts_match_vq (the function of @@, which the planner does not hand to the index),
 * unless the index was asked for the whole search (one word, or every word common).
 */
async function searchPage(db: Db, q: ListQuery, words: readonly string[], filters: SQL | undefined) {
  const offset = (q.page - 1) * q.pageSize;
  // One word is its own rarest word: the statistics are not read.
  const asking =
    words.length === 1
      ? sql`whole`
      : sql`user_search_index_query(array[${sql.join(
          words.map((w) => sql`${w}`),
          sql`, `,
        )}]::text[], whole)`;
  const result = (await db.execute(
    sql`with search as materialized (
          select whole, ${asking} as asked
            from (select to_tsquery('simple'::regconfig, ${prefixQuery(words)}) as whole) s
        ),
        matches as materialized (
          select ${users.id} as id, lower(${users.name}) as sort_key from ${users}
           where ${users.searchDocument} @@ (select asked from search)
             and ((select asked = whole from search) or ts_match_vq(${users.searchDocument}, (select whole from search)))
             and ${filters ?? sql`true`}
        )
        select (select count(*)::int from matches) as total,
               (select coalesce(json_agg(p.id order by p.sort_key, p.id), '[]'::json)
                  from (select id, sort_key from matches order by sort_key, id limit ${q.pageSize} offset ${offset}) p
               ) as ids`,
  )) as unknown as { rows: { total: number; ids: string[] | string }[] };
  const [row] = result.rows;
  // pg parses json; PGlite may hand it over as text.
  const ids = typeof row?.ids === 'string' ? (JSON.parse(row.ids) as string[]) : (row?.ids ?? []);
  return { total: Number(row?.total ?? 0), ids };
}

/**
 * A page of users with their investments, and how many users match in all: four queries whatever the
 * page size or the page (count, ids, rows, their investments); three with a search (the count and the
 * ids together).
 */
export async function listUsers(db: Db, q: ListQuery): Promise<{ rows: AdminUserRows[]; total: number }> {
  const where = listFilter(q);
  const words = searchWords(q.search);
  let total: number;
  let ids: string[];
  if (words.length) ({ total, ids } = await searchPage(db, q, words, where));
  else {
    // The count first: it says from which end the page is nearer.
    total = await countUsers(db, where);
    ids = await pageOfIds(db, q, where, total);
  }
  const rows = await usersIn(db, ids);
  const invs = await investmentsOf(
    db,
    rows.map((r) => r.id),
  );
  const byUser = new Map<string, AdminInvestmentRow[]>();
  for (const i of invs) byUser.set(i.userId, [...(byUser.get(i.userId) ?? []), i]);
  return { rows: rows.map((user) => ({ user, investments: byUser.get(user.id) ?? [] })), total };
}

/** One user with every investment and its monthly returns. */
export async function getAdminUser(db: DbOrTx, userId: string): Promise<AdminUserRows> {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new NotFoundError('User');
  const [invs, rows] = await Promise.all([
    investmentsOf(db, [userId]),
    db
      .select({
        projectId: monthlyReturns.projectId,
        month: monthlyReturns.month,
        amount: monthlyReturns.amount,
      })
      .from(monthlyReturns)
      .where(eq(monthlyReturns.userId, userId))
      .orderBy(asc(monthlyReturns.month)),
  ]);
  const monthly = new Map<string, { month: string; amount: string }[]>();
  for (const r of rows) monthly.set(r.projectId, [...(monthly.get(r.projectId) ?? []), r]);
  return { user, investments: invs, monthly };
}

/** Turns a unique violation on users into the 409 the screens show (the investor ID one regenerates). */
function duplicateUser(err: unknown): never {
  if (isUniqueViolation(err)) {
    const constraint = pgConstraint(err) ?? '';
    if (constraint.includes('investor_id')) throw new ConflictError(coded('admin.duplicate_investor_id'));
    if (constraint.includes('email')) throw new ConflictError(coded('admin.duplicate_email'));
  }
  throw err;
}

export async function createUser(db: Db, actorId: string, input: CreateUserInput): Promise<AdminUserRows> {
  assertNewPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          passwordHash,
          investorId: input.investorId,
          isAdmin: false,
          isActive: true,
          activatedAt: new Date(),
        })
        .returning({ id: users.id });
      await recordAudit(tx, {
        actorId,
        action: 'create',
        entity: 'user',
        entityId: row!.id,
        details: { name: input.name, email: input.email, investorId: input.investorId },
      });
      return row!.id;
    })
    .catch(duplicateUser);
  return getAdminUser(db, id);
}

const PROFILE_FIELDS = [
  'name',
  'email',
  'investorId',
  'phone',
  'address',
  'city',
  'country',
  'postalCode',
  'dateOfBirth',
] as const;

type Entry = NonNullable<UpdateInput['investments']>[number];

/**
 * An investment does not start after money was paid on it: the earliest month with a return (of income,
 * or of capital by its payment date) must not come before the start month (400 naming both).
 */
async function assertNoMoneyBeforeStart(
  tx: DbOrTx,
  userId: string,
  projectId: string,
  startDate: string | null,
) {
  if (!startDate) return;
  const [row] = await queryRows<{ first: string | null }>(
    tx,
    sql`select least(
          (select min(${monthlyReturns.month}) from ${monthlyReturns}
            where ${monthlyReturns.userId} = ${userId} and ${monthlyReturns.projectId} = ${projectId}),
          (select to_char(min(${capitalReturns.paymentDate}), 'YYYY-MM') from ${capitalReturns}
            where ${capitalReturns.userId} = ${userId} and ${capitalReturns.projectId} = ${projectId})
        ) as first`,
  );
  const first = row?.first;
  if (first && monthBeforeStartProblem(first, startDate)) {
    throw fieldError(
      'investments.startDate',
      coded('admin.start_after_first_return', { first, start: startDate.slice(0, 7) }),
    );
  }
}

/**
 * Writes the investments of a PUT. With a project scope the user's holding in that project becomes the
 * entry for it (amount above 0), or is removed when there is none; without one each entry is upserted.
 * Upserts update the row in place, so monthly returns (kept per user and project) are never lost.
 */
async function writeInvestments(tx: DbOrTx, userId: string, actorId: string, input: UpdateInput) {
  const scope = input.projectId;
  const byProject = new Map<string, Entry>();
  for (const e of input.investments ?? []) {
    if (e.amount <= 0) continue;
    if (scope && e.projectId !== scope) continue;
    byProject.set(e.projectId, e);
  }
  const projectIds = [...new Set([...byProject.keys(), ...(scope ? [scope] : [])])];
  if (projectIds.length) {
    const found = await tx.select({ id: projects.id }).from(projects).where(inArray(projects.id, projectIds));
    if (found.length !== projectIds.length) throw new NotFoundError('Project');
  }
  const today = new Date().toISOString().slice(0, 10);
  for (const e of byProject.values()) {
    const startDate = e.startDate ? e.startDate.slice(0, 10) : undefined;
    const set = {
      amount: toMoneyString(e.amount),
      ...(e.returns !== undefined ? { returns: toMoneyString(e.returns) } : {}),
      ...(e.roi !== undefined ? { roi: e.roi == null ? null : e.roi.toFixed(2) } : {}),
      ...(startDate ? { startDate } : {}),
      updatedAt: new Date(),
    };
    const [written] = await tx
      .insert(investments)
      .values({ userId, projectId: e.projectId, startDate: today, ...set })
      .onConflictDoUpdate({ target: [investments.userId, investments.projectId], set })
      .returning({ startDate: investments.startDate });
    await assertNoMoneyBeforeStart(tx, userId, e.projectId, written?.startDate ?? null);
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entity: 'investment',
      entityId: userId,
      details: { projectId: e.projectId, amount: e.amount, ...(startDate ? { startDate } : {}) },
    });
  }
  if (scope && !byProject.has(scope)) {
    const removed = await tx
      .delete(investments)
      .where(and(eq(investments.userId, userId), eq(investments.projectId, scope)))
      .returning({ id: investments.id });
    if (removed.length)
      await recordAudit(tx, {
        actorId,
        action: 'delete',
        entity: 'investment',
        entityId: userId,
        details: { projectId: scope },
      });
  }
}

export async function updateUser(
  db: Db,
  actorId: string,
  userId: string,
  input: UpdateInput,
): Promise<AdminUserRows> {
  await db
    .transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
        .limit(1);
      if (!existing) throw new NotFoundError('User');
      const changes: Partial<typeof users.$inferInsert> = {};
      for (const k of PROFILE_FIELDS) {
        const v = input[k];
        if (v === undefined) continue;
        if (k === 'dateOfBirth') changes.dateOfBirth = v ? String(v).slice(0, 10) : null;
        else (changes as Record<string, unknown>)[k] = v;
      }
      if (Object.keys(changes).length) {
        await tx
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await recordAudit(tx, {
          actorId,
          action: 'update',
          entity: 'user',
          entityId: userId,
          details: { fields: Object.keys(changes) },
        });
      }
      if (input.investments) await writeInvestments(tx, userId, actorId, input);
    })
    .catch(duplicateUser);
  return getAdminUser(db, userId);
}

/**
 * What an investor has on record that a deletion would erase (investments, returns, returns of capital,
 * rental income, distribution allocations, their own documents), asked in one query. Statements are
 * not stored per user: they exist wherever an investment does.
 */
async function moneyOnRecord(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(
    tx,
    sql`select exists (select 1 from ${investments} where ${investments.userId} = ${userId})
        or exists (select 1 from ${monthlyReturns} where ${monthlyReturns.userId} = ${userId})
        or exists (select 1 from ${capitalReturns} where ${capitalReturns.userId} = ${userId})
        or exists (select 1 from ${rentalIncomes} where ${rentalIncomes.userId} = ${userId})
        or exists (select 1 from ${distributionAllocations} where ${distributionAllocations.userId} = ${userId})
        or exists (select 1 from ${documents} where ${documents.userId} = ${userId}) as any`,
  );
  return Boolean(row?.any);
}

/**
 * Deletes a user who has nothing on record. An investor with money or documents is kept, since their
 * deletion would rewrite figures others were given (a final distribution's total, the dashboard): 409,
 * deactivate instead. The user row is locked first, so nothing is recorded for them between the check
 * and the delete.
 */
export async function deleteUser(db: Db, actorId: string, userId: string): Promise<void> {
  if (userId === actorId) throw new BadRequestError(coded('admin.delete_self'));
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
      .limit(1);
    if (!user) throw new NotFoundError('User');
    if (await moneyOnRecord(tx, userId))
      throw new ConflictError(coded('admin.delete_money_on_record', { name: user.name }));
    await tx.delete(users).where(eq(users.id, userId));
    // The refresh tokens go with the user (cascade) and every request re-reads the user, so their
    // open sessions end at once.
    await recordAudit(tx, {
      actorId,
      action: 'delete',
      entity: 'user',
      entityId: userId,
      details: { name: user.name, email: user.email },
    });
  });
}

/** Lets a signed-up (or deactivated) account sign in; the user finds a welcome notification. */
export async function activateUser(
  db: Db,
  mailer: Mailer,
  actorId: string,
  userId: string,
): Promise<AdminUserRows> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isActive: true, activatedAt: sql`coalesce(${users.activatedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) throw new NotFoundError('User');
    await recordAudit(tx, { actorId, action: 'activate', entity: 'user', entityId: userId });
    await notifyUsers(tx, [userId], {
      title: 'Your account is active',
      message: 'An administrator has activated your account. Welcome to the Investor Portal!',
      notice: { key: 'accountActivated' },
      type: 'success',
      link: '/',
      createdBy: actorId,
    });
    await mailer.queue(tx, 'accountActivated', userId, {});
  });
  return getAdminUser(db, userId);
}

/** Stops an account from signing in and ends its sessions at once. */
export async function deactivateUser(db: Db, actorId: string, userId: string): Promise<AdminUserRows> {
  if (userId === actorId) throw new BadRequestError(coded('admin.deactivate_self'));
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        isActive: false,
        activatedAt: sql`coalesce(${users.activatedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) throw new NotFoundError('User');
    await revokeAllSessions(tx, userId);
    await recordAudit(tx, { actorId, action: 'deactivate', entity: 'user', entityId: userId });
  });
  return getAdminUser(db, userId);
}
