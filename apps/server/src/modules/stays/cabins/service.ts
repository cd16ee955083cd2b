import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  addDays,
  datesBetween,
  earliestTodayIso,
  type cabinInput,
  type highSeasonInput,
} from '@portal/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { bookingNights, bookings, cabins, highSeasons } from '../../../db/schema';
import {
  coded,
  ConflictError,
  englishMessage,
  isUniqueViolation,
  NotFoundError,
  ValidationError,
} from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { recordAudit } from '../../audit/service';
import { stayFreed } from '../stay-freed';
import { assertProjectVisible, type Viewer } from '../../access/project-access';
import { rulesOf } from '../stay-rules/service';
import { heldForAllocations } from '../allocation-hold';

export type CabinRow = typeof cabins.$inferSelect & { futureNights: number };
export type SeasonRow = typeof highSeasons.$inferSelect & { usedNights: number };
type CabinFields = z.output<typeof cabinInput>;
type SeasonFields = z.output<typeof highSeasonInput>;

const nameTaken = (name: string) => coded('stays.cabin_name_taken', { name });

/** A project's cabins by name, with the nights from `today` on they hold; investors see the active ones. */
export async function listCabins(
  db: DbOrTx,
  viewer: Viewer,
  projectId: string,
  today: string,
): Promise<CabinRow[]> {
  await assertProjectVisible(db, viewer, projectId);
  const future = db
    .select({ cabinId: bookingNights.cabinId, n: count().as('n') })
    .from(bookingNights)
    .where(and(eq(bookingNights.projectId, projectId), gte(bookingNights.night, today)))
    .groupBy(bookingNights.cabinId)
    .as('future');
  const rows = await db
    .select({ cabin: cabins, futureNights: sql<number>`coalesce(${future.n}, 0)::int` })
    .from(cabins)
    .leftJoin(future, eq(future.cabinId, cabins.id))
    .where(and(eq(cabins.projectId, projectId), viewer.isAdmin ? undefined : eq(cabins.active, true)))
    .orderBy(asc(cabins.name));
  return rows.map((r) => ({ ...r.cabin, futureNights: Number(r.futureNights) }));
}

async function cabinOf(db: DbOrTx, projectId: string, cabinId: string) {
  const [row] = await db
    .select()
    .from(cabins)
    .where(and(eq(cabins.id, cabinId), eq(cabins.projectId, projectId)))
    .limit(1);
  if (!row) throw new NotFoundError('Cabin');
  return row;
}

async function futureNightsOf(db: DbOrTx, cabinId: string, today: string) {
  const [row] = await db
    .select({ n: count() })
    .from(bookingNights)
    .where(and(eq(bookingNights.cabinId, cabinId), gte(bookingNights.night, today)));
  return row?.n ?? 0;
}

/** Adds or changes a cabin (admin); a name is unique within a project. */
export async function saveCabin(
  db: DbOrTx,
  actor: AuthUser,
  projectId: string,
  cabinId: string | null,
  input: CabinFields,
  today: string,
): Promise<CabinRow> {
  try {
    return await db.transaction(async (tx) => {
      await assertProjectVisible(tx, actor, projectId);
      if (cabinId) await cabinOf(tx, projectId, cabinId);
      const [row] = cabinId
        ? await tx
            .update(cabins)
            .set({ ...input, updatedAt: new Date() })
            .where(eq(cabins.id, cabinId))
            .returning()
        : await tx
            .insert(cabins)
            .values({ projectId, ...input })
            .returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: cabinId ? 'update' : 'create',
        entity: 'cabin',
        entityId: row!.id,
        details: { projectId, name: row!.name, active: row!.active },
      });
      if (row!.active) await stayFreed(tx, projectId, earliestTodayIso());
      return { ...row!, futureNights: cabinId ? await futureNightsOf(tx, row!.id, today) : 0 };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(nameTaken(input.name));
    throw err;
  }
}

/** Deletes a cabin (admin), refused while it holds a stay from `today` on. */
export async function deleteCabin(
  db: DbOrTx,
  actor: AuthUser,
  projectId: string,
  cabinId: string,
  today: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await assertProjectVisible(tx, actor, projectId);
    const cabin = await cabinOf(tx, projectId, cabinId);
    // Locks the cabin, so that no stay takes it between the count and the delete.
    await tx.select({ id: cabins.id }).from(cabins).where(eq(cabins.id, cabinId)).for('update');
    const future = await futureNightsOf(tx, cabinId, today);
    if (future > 0)
      throw new ConflictError(coded('stays.cabin_has_stays', { cabin: cabin.name, count: future }));
    await tx.delete(cabins).where(eq(cabins.id, cabinId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entity: 'cabin',
      entityId: cabinId,
      details: { projectId, name: cabin.name },
    });
  });
}

/**
 * Nights of live stays of one investor within a period, optionally leaving some bookings out (a swap
 * counts what the investor will hold after it).
 */
async function heldNightsIn(
  db: DbOrTx,
  userId: string,
  projectId: string,
  from: string,
  to: string,
  exceptBookings: readonly string[] = [],
) {
  const [row] = await db
    .select({ n: count() })
    .from(bookingNights)
    .where(
      and(
        eq(bookingNights.userId, userId),
        eq(bookingNights.projectId, projectId),
        gte(bookingNights.night, from),
        lte(bookingNights.night, to),
        exceptBookings.length
          ? sql`${bookingNights.bookingId} <> all(${sql.param([...exceptBookings])}::uuid[])`
          : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** A project's high seasons in date order, each with the nights the viewer holds in it. */
export async function listSeasons(db: DbOrTx, viewer: Viewer, projectId: string): Promise<SeasonRow[]> {
  await assertProjectVisible(db, viewer, projectId);
  const rows = await db
    .select()
    .from(highSeasons)
    .where(eq(highSeasons.projectId, projectId))
    .orderBy(asc(highSeasons.startsOn));
  return Promise.all(
    rows.map(async (s) => ({
      ...s,
      usedNights: viewer.isAdmin ? 0 : await heldNightsIn(db, viewer.id, projectId, s.startsOn, s.endsOn),
    })),
  );
}

async function seasonOf(db: DbOrTx, projectId: string, seasonId: string) {
  const [row] = await db
    .select()
    .from(highSeasons)
    .where(and(eq(highSeasons.id, seasonId), eq(highSeasons.projectId, projectId)))
    .limit(1);
  if (!row) throw new NotFoundError('High season');
  return row;
}

export async function saveSeason(
  db: DbOrTx,
  actor: AuthUser,
  projectId: string,
  seasonId: string | null,
  input: SeasonFields,
): Promise<SeasonRow> {
  return db.transaction(async (tx) => {
    await assertProjectVisible(tx, actor, projectId);
    if (seasonId) await seasonOf(tx, projectId, seasonId);
    // Under the project's lock of stays, two writes at once cannot both miss each other's season (and
    // a stay's write checks its limits against settled seasons).
    await lockProjectNights(tx, projectId);
    const other = (await seasonsOverlapping(tx, projectId, input.startsOn, input.endsOn)).find(
      (s) => s.id !== seasonId,
    );
    if (other) {
      // The field whose date falls in the other season; the end when this one encloses it.
      const field = other.startsOn <= input.startsOn ? 'startsOn' : 'endsOn';
      const overlap = coded('stays.season_overlap', {
        season: other.name,
        from: other.startsOn,
        to: other.endsOn,
      });
      throw new ValidationError(overlap, { [field]: englishMessage(overlap) });
    }
    const [row] = seasonId
      ? await tx
          .update(highSeasons)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(highSeasons.id, seasonId))
          .returning()
      : await tx
          .insert(highSeasons)
          .values({ projectId, ...input })
          .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: seasonId ? 'update' : 'create',
      entity: 'high_season',
      entityId: row!.id,
      details: { projectId, name: row!.name, startsOn: row!.startsOn, endsOn: row!.endsOn },
    });
    return { ...row!, usedNights: 0 };
  });
}

export async function deleteSeason(db: DbOrTx, actor: AuthUser, projectId: string, seasonId: string) {
  await db.transaction(async (tx) => {
    await assertProjectVisible(tx, actor, projectId);
    const season = await seasonOf(tx, projectId, seasonId);
    await tx.delete(highSeasons).where(eq(highSeasons.id, seasonId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entity: 'high_season',
      entityId: seasonId,
      details: { projectId, name: season.name },
    });
  });
}

/** For each date from `from` to `to`: the active cabins, how many of them are free, and whether it is high season. */
export async function availability(db: DbOrTx, viewer: Viewer, projectId: string, from: string, to: string) {
  await assertProjectVisible(db, viewer, projectId);
  // A cabin is busy on a night within the project's turnover days of a stay in it (as assignCabins sees it).
  const { turnoverDays } = await rulesOf(db, projectId);
  const [[total], taken, seasons, own, held] = await Promise.all([
    db
      .select({ n: count() })
      .from(cabins)
      .where(and(eq(cabins.projectId, projectId), eq(cabins.active, true))),
    db
      .select({ cabinId: bookingNights.cabinId, night: bookingNights.night })
      .from(bookingNights)
      .innerJoin(cabins, and(eq(cabins.id, bookingNights.cabinId), eq(cabins.active, true)))
      .where(
        and(
          eq(bookingNights.projectId, projectId),
          gte(bookingNights.night, addDays(from, -turnoverDays)),
          lte(bookingNights.night, addDays(to, turnoverDays)),
        ),
      ),
    seasonsOverlapping(db, projectId, from, to),
    // The viewer's own nights: the calendar shows them as theirs, not as full.
    db
      .select({ night: bookingNights.night, status: bookings.status })
      .from(bookingNights)
      .innerJoin(bookings, eq(bookings.id, bookingNights.bookingId))
      .where(
        and(
          eq(bookingNights.userId, viewer.id),
          eq(bookingNights.projectId, projectId),
          gte(bookingNights.night, from),
          lte(bookingNights.night, to),
        ),
      ),
    heldForAllocations(db, projectId, from, to),
  ]);
  const busyOn = new Map<string, Set<string | null>>();
  for (const t of taken)
    for (let d = -turnoverDays; d <= turnoverDays; d++) {
      const night = addDays(t.night, d);
      busyOn.set(night, (busyOn.get(night) ?? new Set()).add(t.cabinId));
    }
  const ownOn = new Map(own.map((o) => [o.night, o.status === 'approved' ? 'approved' : 'pending'] as const));
  const cabinsTotal = total?.n ?? 0;
  return datesBetween(from, to).map((date) => ({
    date,
    total: cabinsTotal,
    free: held.has(date) ? 0 : Math.max(0, cabinsTotal - (busyOn.get(date)?.size ?? 0)),
    peak: seasons.some((s) => s.startsOn <= date && date <= s.endsOn),
    own: ownOn.get(date) ?? null,
    ...(held.has(date) && { held: true }),
  }));
}

const seasonsOverlapping = (db: DbOrTx, projectId: string, from: string, to: string) =>
  db
    .select()
    .from(highSeasons)
    .where(
      and(eq(highSeasons.projectId, projectId), lte(highSeasons.startsOn, to), gte(highSeasons.endsOn, from)),
    )
    .orderBy(asc(highSeasons.startsOn));

/**
 * Refuses (409) a set of nights that would take an investor past a high season's limit, counting the
 * nights they already hold in it except those of `exceptBookings`.
 */
export async function assertHighSeasonLimits(
  db: DbOrTx,
  userId: string,
  projectId: string,
  nights: readonly string[],
  exceptBookings: readonly string[] = [],
) {
  if (!nights.length) return;
  const seasons = await seasonsOverlapping(db, projectId, nights[0]!, nights.at(-1)!);
  for (const s of seasons) {
    const asked = nights.filter((n) => s.startsOn <= n && n <= s.endsOn).length;
    if (!asked) continue;
    const held = await heldNightsIn(db, userId, projectId, s.startsOn, s.endsOn, exceptBookings);
    if (held + asked > s.maxNightsPerInvestor)
      throw new ConflictError(
        coded('stays.high_season_limit', {
          count: s.maxNightsPerInvestor,
          season: s.name,
          from: s.startsOn,
          to: s.endsOn,
          held,
          asked,
        }),
      );
  }
}

/**
 * Chooses a free active cabin for each night (sorted) or refuses (409, naming the full dates), keeping
 * consecutive nights in the same cabin when it can: each run takes the cabin free for the most nights
 * from where it starts. The caller holds the project's lock (`lockProjectNights`).
 */
export async function assignCabins(
  db: DbOrTx,
  projectId: string,
  nights: readonly string[],
): Promise<Map<string, string>> {
  const active = await db
    .select({ id: cabins.id })
    .from(cabins)
    .where(and(eq(cabins.projectId, projectId), eq(cabins.active, true)))
    .orderBy(asc(cabins.name));
  // A cabin is held for the project's turnover days after each stay (and so before one, for a stay ending
  // on another's first night): a night is busy in a cabin holding any night within that many days of it.
  const { turnoverDays } = await rulesOf(db, projectId);
  const near = nights.flatMap((n) =>
    Array.from({ length: 2 * turnoverDays + 1 }, (_, d) => addDays(n, d - turnoverDays)),
  );
  const taken = nights.length
    ? await db
        .select({ cabinId: bookingNights.cabinId, night: bookingNights.night })
        .from(bookingNights)
        .where(
          and(
            eq(bookingNights.projectId, projectId),
            inArray(bookingNights.night, [...new Set(near)]),
            inArray(
              bookingNights.cabinId,
              active.map((c) => c.id),
            ),
          ),
        )
    : [];
  if (!active.length) throw new ConflictError(coded('stays.no_cabins_open'));
  const busy = new Set(
    taken.flatMap((t) =>
      Array.from(
        { length: 2 * turnoverDays + 1 },
        (_, d) => `${t.cabinId}|${addDays(t.night, d - turnoverDays)}`,
      ),
    ),
  );
  const free = (cabinId: string, night: string) => !busy.has(`${cabinId}|${night}`);
  const full = nights.filter((n) => !active.some((c) => free(c.id, n)));
  if (full.length)
    throw new ConflictError(coded('stays.cabins_full', { count: full.length, nights: full.join(',') }));

  const assigned = new Map<string, string>();
  let current: string | null = null;
  for (let i = 0; i < nights.length; i++) {
    const night = nights[i]!;
    const continues = i > 0 && addDays(nights[i - 1]!, 1) === night;
    if (!current || !continues || !free(current, night)) {
      // The cabin free for the longest run of consecutive requested nights from here.
      let best = { id: '', run: -1 };
      for (const c of active) {
        let run = 0;
        for (let j = i; j < nights.length && free(c.id, nights[j]!); j++) {
          if (j > i && addDays(nights[j - 1]!, 1) !== nights[j]) break;
          run++;
        }
        if (run > best.run) best = { id: c.id, run };
      }
      current = best.id;
    }
    assigned.set(night, current);
  }
  return assigned;
}

/**
 * Serializes the writes of stays in one project until the transaction ends, so that the check of free
 * cabins and the insert of the nights see each other (the unique key on cabin and night stays the last
 * guard).
 */
export async function lockProjectNights(db: DbOrTx, projectId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`booking_nights:${projectId}`}))`);
}
