import { and, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { allocations, allocationStays } from '../../db/schema';
import { coded, ConflictError } from '../../lib/errors';
import { stayNights } from '@portal/contracts';

/**
 * The stays of the project's allocations not yet run, with the allocation's title and run time; those
 * that hold a night from `from` to `to` when given.
 */
export function openAllocationStays(db: DbOrTx, projectId: string, from?: string, to?: string) {
  return db
    .select({
      title: allocations.title,
      runsAt: allocations.runsAt,
      checkIn: allocationStays.checkIn,
      checkOut: allocationStays.checkOut,
    })
    .from(allocationStays)
    .innerJoin(allocations, eq(allocations.id, allocationStays.allocationId))
    .where(
      and(
        eq(allocations.projectId, projectId),
        eq(allocations.status, 'open'),
        to ? lte(allocationStays.checkIn, to) : undefined,
        from ? gt(allocationStays.checkOut, from) : undefined,
      ),
    );
}

/**
 * Refuses (409) a request for nights that a peak allocation not yet run holds (issue 35, ADR 029): from
 * its creation until its run, the nights of its stays go only by the draw. The message names the
 * allocation and the day it runs. `nights` are sorted.
 */
export async function assertNotHeldForAllocation(db: DbOrTx, projectId: string, nights: readonly string[]) {
  if (!nights.length) return;
  const held = await openAllocationStays(db, projectId, nights[0], nights.at(-1));
  const hit = held.find((h) => nights.some((n) => h.checkIn <= n && n < h.checkOut));
  if (hit)
    throw new ConflictError(
      coded('stays.allocation_hold', { title: hit.title, date: hit.runsAt.toISOString().slice(0, 10) }),
    );
}

/** The nights from `from` to `to` held by the project's allocations not yet run (the calendar shows them so). */
export async function heldForAllocations(db: DbOrTx, projectId: string, from: string, to: string) {
  const held = new Set<string>();
  for (const s of await openAllocationStays(db, projectId, from, to))
    for (const night of stayNights(s.checkIn, s.checkOut)) if (night >= from && night <= to) held.add(night);
  return held;
}
