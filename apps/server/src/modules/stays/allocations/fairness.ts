import { and, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Fairness } from '@portal/contracts';
import type { DbOrTx } from '../../../db/client';
import { bookingNights, bookings, cabins, highSeasons, investments, users } from '../../../db/schema';
import { assertProjectVisible, type Viewer } from '../../access/project-access';
import { addDays } from '@portal/contracts';

/** The three calendar years a priority counts: `year` and the two before it. */
const yearsTo = (year: number) => [year - 2, year - 1, year];

/**
 * Approved high-season nights of a project per investor and year, for the three years to `year` (past or
 * future nights alike): what the allocation's priority counts (ADR 029).
 */
export async function peakNightsByYear(db: DbOrTx, projectId: string, year: number) {
  const rows = await db
    .select({
      userId: bookingNights.userId,
      year: sql<number>`extract(year from ${bookingNights.night})::int`,
      nights: count(),
    })
    .from(bookingNights)
    .innerJoin(bookings, eq(bookings.id, bookingNights.bookingId))
    .where(
      and(
        eq(bookingNights.projectId, projectId),
        eq(bookings.status, 'approved'),
        gte(bookingNights.night, `${year - 2}-01-01`),
        lte(bookingNights.night, `${year}-12-31`),
        sql`exists (select 1 from ${highSeasons} where ${highSeasons.projectId} = ${bookingNights.projectId}
          and ${bookingNights.night} between ${highSeasons.startsOn} and ${highSeasons.endsOn})`,
      ),
    )
    .groupBy(bookingNights.userId, sql`2`);
  const byUser = new Map<string, Map<number, number>>();
  for (const r of rows) {
    const years = byUser.get(r.userId) ?? new Map<number, number>();
    years.set(Number(r.year), r.nights);
    byUser.set(r.userId, years);
  }
  return byUser;
}

/** Each investor's euros in the project, in whole cents (only those above zero). */
export async function investedCents(db: DbOrTx, projectId: string) {
  const rows = await db
    .select({
      userId: investments.userId,
      name: users.name,
      cents: sql<string>`(sum(${investments.amount}) * 100)::bigint::text`,
    })
    .from(investments)
    .innerJoin(users, eq(users.id, investments.userId))
    .where(eq(investments.projectId, projectId))
    .groupBy(investments.userId, users.name);
  return rows
    .map((r) => ({ userId: r.userId, name: r.name, cents: Number(r.cents) }))
    .filter((r) => r.cents > 0);
}

/** a/b < c/d exactly (b, d > 0). */
const compareRatio = (a: number, b: number, c: number, d: number) => {
  const lhs = BigInt(a) * BigInt(d);
  const rhs = BigInt(c) * BigInt(b);
  return lhs < rhs ? -1 : lhs > rhs ? 1 : 0;
};

/**
 * The fairness ledger of a project (issue 35): for each investor, the peak nights held in each of the
 * last three years against their fair share (the year's high-season cabin-nights × their share of the
 * project), their peak nights per €10,000 and their place in the next allocation's order (ties are broken
 * by the draw). An investor gets their own row (404 for a project they do not hold); an admin, all.
 */
export async function fairnessLedger(
  db: DbOrTx,
  viewer: Viewer,
  projectId: string,
  today: string,
): Promise<Fairness> {
  await assertProjectVisible(db, viewer, projectId);
  const year = Number(today.slice(0, 4));
  const years = yearsTo(year);
  const [seasons, [active], held, invested] = await Promise.all([
    db
      .select({ startsOn: highSeasons.startsOn, endsOn: highSeasons.endsOn })
      .from(highSeasons)
      .where(eq(highSeasons.projectId, projectId)),
    db
      .select({ n: count() })
      .from(cabins)
      .where(and(eq(cabins.projectId, projectId), eq(cabins.active, true))),
    peakNightsByYear(db, projectId, year),
    investedCents(db, projectId),
  ]);
  // Each year's high-season nights (overlapping seasons counted once), times the cabins.
  const peakDays = new Set<string>();
  for (const s of seasons) for (let d = s.startsOn; d <= s.endsOn; d = addDays(d, 1)) peakDays.add(d);
  const seasonNights = years.map((y) => ({
    year: y,
    seasonNights: [...peakDays].filter((d) => d.startsWith(`${y}-`)).length * (active?.n ?? 0),
  }));
  const total = invested.reduce((sum, i) => sum + i.cents, 0);
  const peakOf = (userId: string) => years.reduce((sum, y) => sum + (held.get(userId)?.get(y) ?? 0), 0);
  const rows = invested.map((i) => {
    const peak = peakOf(i.userId);
    let before = 0;
    let tied = 0;
    for (const o of invested) {
      if (o.userId === i.userId) continue;
      const c = compareRatio(peakOf(o.userId), o.cents, peak, i.cents);
      if (c < 0) before++;
      else if (c === 0) tied++;
    }
    return {
      userId: i.userId,
      name: i.name,
      sharePercent: Math.round((i.cents / total) * 10_000) / 100,
      years: seasonNights.map((s) => ({
        year: s.year,
        peakNights: held.get(i.userId)?.get(s.year) ?? 0,
        fairShare: Math.round(((s.seasonNights * i.cents) / total) * 10) / 10,
      })),
      peakNightsPer10000: Math.round(((peak * 1_000_000) / i.cents) * 100) / 100,
      priority: { position: before + 1, tiedWith: tied, of: invested.length },
    };
  });
  rows.sort((a, b) => a.priority.position - b.priority.position || a.name.localeCompare(b.name));
  return {
    projectId,
    years: seasonNights,
    rows: viewer.isAdmin ? rows : rows.filter((r) => r.userId === viewer.id),
  };
}
