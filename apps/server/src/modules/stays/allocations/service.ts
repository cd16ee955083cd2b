import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { addDays, stayNights, type CreateAllocationInput } from '@portal/contracts';
import type { DbOrTx } from '../../../db/client';
import {
  allocationPreferences,
  allocations,
  allocationStays,
  bookingNights,
  cabins,
  highSeasons,
  investments,
  projects,
  users,
} from '../../../db/schema';
import type { JobQueue } from '../../../jobs/queue';
import { BadRequestError, coded, ConflictError, NotFoundError } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { recordAudit } from '../../audit/service';
import { assertProjectVisible, type Viewer } from '../../access/project-access';
import { openAllocationStays } from '../allocation-hold';
import { sha256Hex } from './draw';

export type AllocationRow = typeof allocations.$inferSelect & {
  projectName: string;
  stays: (typeof allocationStays.$inferSelect)[];
  myChoices: string[];
  participants: number;
};

/** The nights of a stay: from its check-in to the night before its check-out. */
export const nightsOf = (stay: { checkIn: string; checkOut: string }) =>
  stayNights(stay.checkIn, stay.checkOut);

/** The high season of the project holding every night of the stays, or a 400. */
async function seasonHolding(db: DbOrTx, projectId: string, stays: { checkIn: string; checkOut: string }[]) {
  const first = stays.map((s) => s.checkIn).sort()[0]!;
  const last = stays
    .map((s) => addDays(s.checkOut, -1))
    .sort()
    .at(-1)!;
  const [season] = await db
    .select()
    .from(highSeasons)
    .where(
      and(
        eq(highSeasons.projectId, projectId),
        lte(highSeasons.startsOn, first),
        gte(highSeasons.endsOn, last),
      ),
    )
    .limit(1);
  if (!season) throw new BadRequestError(coded('stays.allocation_outside_season'));
  return season;
}

/**
 * Refuses (400) stays that the project's active cabins cannot all hold: on each night, the stays of this
 * allocation and of other allocations not yet run, with the nights already taken, fit in the cabins.
 */
async function assertCabinsHold(
  db: DbOrTx,
  projectId: string,
  stays: { checkIn: string; checkOut: string }[],
) {
  const nights = [...new Set(stays.flatMap(nightsOf))].sort();
  const [[active], taken, otherStays] = await Promise.all([
    db
      .select({ n: count() })
      .from(cabins)
      .where(and(eq(cabins.projectId, projectId), eq(cabins.active, true))),
    db
      .select({ night: bookingNights.night, n: count() })
      .from(bookingNights)
      .innerJoin(cabins, and(eq(cabins.id, bookingNights.cabinId), eq(cabins.active, true)))
      .where(and(eq(bookingNights.projectId, projectId), inArray(bookingNights.night, nights)))
      .groupBy(bookingNights.night),
    openAllocationStays(db, projectId),
  ]);
  const used = new Map(taken.map((t) => [t.night, t.n]));
  for (const n of [...stays, ...otherStays].flatMap(nightsOf)) used.set(n, (used.get(n) ?? 0) + 1);
  const over = nights.filter((n) => (used.get(n) ?? 0) > (active?.n ?? 0));
  if (over.length) throw new BadRequestError(coded('stays.allocation_cabins', { nights: over.join(',') }));
}

/**
 * Creates an allocation (issue 35, ADR 029): its stays inside one high season, a random seed of which only
 * the SHA-256 is published, and the job that runs it at `runsAt`. Audited.
 */
export async function createAllocation(
  db: DbOrTx,
  jobs: JobQueue,
  actor: AuthUser,
  input: CreateAllocationInput & { preferencesDue: string; runsAt: string },
): Promise<AllocationRow> {
  return db.transaction(async (tx) => {
    const project = await assertProjectVisible(tx, actor, input.projectId);
    await seasonHolding(tx, input.projectId, input.stays);
    await assertCabinsHold(tx, input.projectId, input.stays);
    const seed = randomBytes(32).toString('hex');
    const [row] = await tx
      .insert(allocations)
      .values({
        projectId: input.projectId,
        title: input.title,
        seed,
        seedHash: sha256Hex(seed),
        preferencesDue: new Date(input.preferencesDue),
        runsAt: new Date(input.runsAt),
        createdBy: actor.id,
      })
      .returning();
    const stays = await tx
      .insert(allocationStays)
      .values(input.stays.map((s) => ({ allocationId: row!.id, checkIn: s.checkIn, checkOut: s.checkOut })))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'allocation',
      action: 'create',
      entityId: row!.id,
      details: { projectId: input.projectId, title: input.title, stays: stays.length },
    });
    await jobs.send('allocations', { id: row!.id }, { db: tx, startAfter: row!.runsAt });
    return { ...row!, projectName: project.name, stays: sortStays(stays), myChoices: [], participants: 0 };
  });
}

const sortStays = <S extends { checkIn: string; checkOut: string; id: string }>(stays: S[]) =>
  [...stays].sort((a, b) =>
    a.checkIn !== b.checkIn
      ? a.checkIn.localeCompare(b.checkIn)
      : a.checkOut !== b.checkOut
        ? a.checkOut.localeCompare(b.checkOut)
        : a.id.localeCompare(b.id),
  );

/** Stays, the viewer's choices and the count of investors who ranked, for each allocation. */
async function withDetails(
  db: DbOrTx,
  viewer: Viewer,
  rows: (typeof allocations.$inferSelect & { projectName: string })[],
): Promise<AllocationRow[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const [stays, mine, counts] = await Promise.all([
    db.select().from(allocationStays).where(inArray(allocationStays.allocationId, ids)),
    db
      .select()
      .from(allocationPreferences)
      .where(
        and(inArray(allocationPreferences.allocationId, ids), eq(allocationPreferences.userId, viewer.id)),
      ),
    db
      .select({ id: allocationPreferences.allocationId, n: count() })
      .from(allocationPreferences)
      .where(inArray(allocationPreferences.allocationId, ids))
      .groupBy(allocationPreferences.allocationId),
  ]);
  return rows.map((r) => ({
    ...r,
    stays: sortStays(stays.filter((s) => s.allocationId === r.id)),
    myChoices: mine.find((m) => m.allocationId === r.id)?.choices ?? [],
    participants: counts.find((c) => c.id === r.id)?.n ?? 0,
  }));
}

const selectAllocations = (db: DbOrTx) =>
  db
    .select({
      allocation: allocations,
      projectName: projects.name,
    })
    .from(allocations)
    .innerJoin(projects, eq(projects.id, allocations.projectId));

/**
 * The allocations a viewer may see: an admin every one (of `projectId` if given), an investor those of the
 * projects they hold that are not archived. Newest run time first.
 */
export async function listAllocations(db: DbOrTx, viewer: Viewer, projectId: string | undefined) {
  const held = viewer.isAdmin
    ? undefined
    : sql`${allocations.projectId} in (select ${investments.projectId} from ${investments} where ${investments.userId} = ${viewer.id}) and ${projects.archivedAt} is null`;
  const rows = await selectAllocations(db)
    .where(and(projectId ? eq(allocations.projectId, projectId) : undefined, held))
    .orderBy(desc(allocations.runsAt), asc(allocations.id));
  return withDetails(
    db,
    viewer,
    rows.map((r) => ({ ...r.allocation, projectName: r.projectName })),
  );
}

/** One allocation the viewer may see (an investor: of a project they hold), or a 404. */
export async function getAllocation(db: DbOrTx, viewer: Viewer, id: string, lock = false) {
  const query = selectAllocations(db).where(eq(allocations.id, id)).limit(1);
  const [row] = lock ? await query.for('update', { of: allocations }) : await query;
  if (!row) throw new NotFoundError('Allocation');
  await assertProjectVisible(db, viewer, row.allocation.projectId).catch(() => {
    throw new NotFoundError('Allocation');
  });
  const [full] = await withDetails(db, viewer, [{ ...row.allocation, projectName: row.projectName }]);
  return full!;
}

/**
 * Replaces the viewer's ranking: only stays of the allocation (400), until preferences are due and before
 * it has run (409). An empty list withdraws from the draw.
 */
export async function setPreferences(
  db: DbOrTx,
  viewer: AuthUser,
  id: string,
  choices: string[],
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const allocation = await getAllocation(tx, viewer, id, true);
    if (allocation.status === 'run') throw new ConflictError(coded('stays.allocation_has_run'));
    if (allocation.preferencesDue <= now)
      throw new ConflictError(
        coded('stays.allocation_preferences_closed', {
          date: allocation.preferencesDue.toISOString().slice(0, 10),
        }),
      );
    const ids = new Set(allocation.stays.map((s) => s.id));
    if (choices.some((c) => !ids.has(c))) throw new BadRequestError(coded('stays.allocation_unknown_stay'));
    if (choices.length)
      await tx
        .insert(allocationPreferences)
        .values({ allocationId: id, userId: viewer.id, choices })
        .onConflictDoUpdate({
          target: [allocationPreferences.allocationId, allocationPreferences.userId],
          set: { choices, updatedAt: new Date() },
        });
    else
      await tx
        .delete(allocationPreferences)
        .where(and(eq(allocationPreferences.allocationId, id), eq(allocationPreferences.userId, viewer.id)));
    return getAllocation(tx, viewer, id);
  });
}

/** Withdraws an allocation that has not run (409 once run): its nights open to requests. Audited. */
export async function removeAllocation(db: DbOrTx, actor: AuthUser, id: string) {
  await db.transaction(async (tx) => {
    const allocation = await getAllocation(tx, actor, id, true);
    if (allocation.status === 'run') throw new ConflictError(coded('stays.allocation_has_run'));
    await tx.delete(allocations).where(eq(allocations.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'allocation',
      action: 'delete',
      entityId: id,
      details: { projectId: allocation.projectId, title: allocation.title },
    });
  });
}

/**
 * The draw's outcome: the seed once run, the order and the assignments. An admin sees everyone's name; an
 * investor sees their own and the others by id only.
 */
export async function allocationResult(db: DbOrTx, viewer: Viewer, id: string) {
  const allocation = await getAllocation(db, viewer, id);
  const run = allocation.status === 'run';
  const order = run ? (allocation.drawOrder ?? []) : [];
  const named = order.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, order))
    : [];
  const nameOf = new Map(named.map((u) => [u.id, u.name]));
  return {
    seed: run ? allocation.seed : null,
    seedHash: allocation.seedHash,
    order,
    assignments: allocation.stays
      .filter((s) => run && s.userId && s.bookingId)
      .map((s) => ({ userId: s.userId!, stayId: s.id, bookingId: s.bookingId! }))
      .sort((a, b) => order.indexOf(a.userId) - order.indexOf(b.userId)),
    people: order.map((userId) => ({
      userId,
      name: viewer.isAdmin || userId === viewer.id ? (nameOf.get(userId) ?? null) : null,
      you: userId === viewer.id,
    })),
  };
}
