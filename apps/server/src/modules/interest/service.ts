import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { InterestListQuery, InterestStatus, InterestValues } from '@portal/contracts';
import { checkInterestAmount, interestBounds, toCents, fromCents, toMoneyString } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { coded, fieldError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { currentOpportunity } from '../access/project-access';
import { interestRegistrations, users } from '../../db/schema';

export type InterestRow = typeof interestRegistrations.$inferSelect & {
  user: { id: string; name: string; email: string } | null;
};

/** Stores a 'Register Your Interest' submission of the signed-in user. */
export async function registerInterest(
  db: DbOrTx,
  userId: string,
  input: InterestValues,
): Promise<InterestRow> {
  // The amount, when given, within the open opportunity's minimum and maximum (the default bounds
  // while none is open).
  const open = await currentOpportunity(db);
  const bounds = interestBounds(
    open && {
      minimumInvestment: fromCents(toCents(open.interestMinimum)),
      maximumInvestment: fromCents(toCents(open.interestMaximum)),
    },
  );
  const wrong = checkInterestAmount(input.investmentAmount, bounds);
  if (wrong)
    throw fieldError(
      'investmentAmount',
      coded('interest.amount_out_of_range', { min: bounds.min, max: bounds.max }),
    );
  const [row] = await db
    .insert(interestRegistrations)
    .values({
      userId,
      name: input.name,
      email: input.email,
      phone: input.phone,
      amount: input.investmentAmount == null ? null : toMoneyString(input.investmentAmount),
      message: input.message ?? '',
    })
    .returning();
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { ...row!, user: user ?? null };
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of submissions, newest first, with the account that sent each (two queries). */
export async function listInterest(
  db: DbOrTx,
  query: InterestListQuery,
): Promise<{ rows: InterestRow[]; total: number }> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(interestRegistrations.status, query.status));
  if (query.q) {
    const p = likePattern(query.q);
    filters.push(or(ilike(interestRegistrations.name, p), ilike(interestRegistrations.email, p))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ r: interestRegistrations, user: { id: users.id, name: users.name, email: users.email } })
      .from(interestRegistrations)
      .leftJoin(users, eq(users.id, interestRegistrations.userId))
      .where(where)
      .orderBy(desc(interestRegistrations.createdAt), desc(interestRegistrations.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(interestRegistrations).where(where),
  ]);
  return {
    rows: rows.map(({ r, user }) => ({ ...r, user: user && user.id ? user : null })),
    total: totals?.n ?? 0,
  };
}

/** Sets a registration's status, recording who did it; answers the row, or null when there is none. */
export async function setInterestStatus(
  db: Db,
  id: string,
  status: InterestStatus,
  actorId: string,
): Promise<InterestRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(interestRegistrations)
      .set({ status })
      .where(eq(interestRegistrations.id, id))
      .returning();
    if (!row) return null;
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entity: 'interest',
      entityId: id,
      details: { name: row.name, status },
    });
    const [user] = row.userId
      ? await tx
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, row.userId))
      : [];
    return { ...row, user: user ?? null };
  });
}
