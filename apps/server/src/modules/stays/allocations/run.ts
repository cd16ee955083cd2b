import { and, asc, eq, inArray } from 'drizzle-orm';
import { bonusNightsFor, nightBalance, stayDates, todayIso } from '@portal/contracts';
import type { DbOrTx } from '../../../db/client';
import {
  allocationPreferences,
  allocations,
  allocationStays,
  bookingNights,
  cabinAllowances,
  highSeasons,
} from '../../../db/schema';
import { AppError, coded, ConflictError } from '../../../lib/errors';
import { recordAudit } from '../../audit/service';
import { notifyUsers } from '../../notifications/notify';
import { insertStay } from '../bookings/service';
import { assignCabins, lockProjectNights } from '../cabins/service';
import { runDraw, type DrawParticipant } from './draw';
import { investedCents, peakNightsByYear } from './fairness';
import { getAllocation, nightsOf } from './service';

/** What the run needs to know of each investor who ranked stays. */
async function participantsOf(
  tx: DbOrTx,
  allocation: Awaited<ReturnType<typeof getAllocation>>,
  today: string,
): Promise<{ participants: DrawParticipant[]; balances: Map<string, Balance> }> {
  const { projectId, stays } = allocation;
  const prefs = await tx
    .select()
    .from(allocationPreferences)
    .where(eq(allocationPreferences.allocationId, allocation.id))
    .orderBy(asc(allocationPreferences.userId));
  const balances = new Map<string, Balance>();
  if (!prefs.length) return { participants: [], balances };
  const userIds = prefs.map((p) => p.userId);
  const first = stays.map((s) => s.checkIn).sort()[0]!;
  const [invested, held, allowances, booked, [season]] = await Promise.all([
    investedCents(tx, projectId),
    peakNightsByYear(tx, projectId, Number(today.slice(0, 4))),
    tx
      .select()
      .from(cabinAllowances)
      .where(and(eq(cabinAllowances.projectId, projectId), inArray(cabinAllowances.userId, userIds))),
    tx
      .select({ userId: bookingNights.userId, night: bookingNights.night })
      .from(bookingNights)
      .where(and(eq(bookingNights.projectId, projectId), inArray(bookingNights.userId, userIds))),
    tx
      .select()
      .from(highSeasons)
      .where(eq(highSeasons.projectId, projectId))
      .then((all) => all.filter((s) => s.startsOn <= first && first <= s.endsOn)),
  ]);
  const nightsById = new Map(stays.map((s) => [s.id, nightsOf(s)]));
  const participants: DrawParticipant[] = [];
  for (const p of prefs) {
    const cents = invested.find((i) => i.userId === p.userId)?.cents ?? 0;
    const allowance = allowances.find((a) => a.userId === p.userId);
    if (!cents || !allowance) continue; // no longer holds the project, or has no cabin nights
    const own = new Set(booked.filter((b) => b.userId === p.userId).map((b) => b.night));
    const balance = nightBalance(allowance.totalNights, allowance.bonusNights, own.size);
    balances.set(p.userId, { allowance, booked: own.size });
    const inSeason = season ? [...own].filter((n) => season.startsOn <= n && n <= season.endsOn).length : 0;
    const seasonLeft = season ? Math.max(0, season.maxNightsPerInvestor - inSeason) : Infinity;
    participants.push({
      userId: p.userId,
      peakNightsHeld: [...(held.get(p.userId)?.values() ?? [])].reduce((a, b) => a + b, 0),
      investedCents: cents,
      // Stays past the allowance's expiry, or on nights the investor already holds, cannot be theirs.
      choices: p.choices.filter((id) => {
        const nights = nightsById.get(id);
        return nights && nights.every((n) => n <= allowance.expiresAt && !own.has(n));
      }),
      nightsLeft: allowance.expiresAt < today ? 0 : Math.min(balance.available, seasonLeft),
    });
  }
  return { participants, balances };
}

/** An investor's cabin nights in the project, and how many of them their stays hold. */
interface Balance {
  allowance: typeof cabinAllowances.$inferSelect;
  booked: number;
}

/**
 * Runs an allocation (issue 35, ADR 029): the pure draw (`draw.ts`) over the rankings, then each
 * assignment becomes an approved stay in a free cabin, in the draw's order. A stay no cabin can take
 * (nights taken by other means since) stays unassigned. Every investor who ranked stays is told the
 * outcome; the allocation's nights open to requests. A second run is a 409; `actorId` is the admin who
 * ran it, or null for the job at `runsAt`.
 */
export async function runAllocation(db: DbOrTx, id: string, actorId: string | null, now = new Date()) {
  return db.transaction(async (tx) => {
    // The job runs it as no one in particular (a nil id: no rankings of its own).
    const viewer = { id: actorId ?? '00000000-0000-0000-0000-000000000000', isAdmin: true };
    const allocation = await getAllocation(tx, viewer, id, true);
    if (allocation.status === 'run') throw new ConflictError(coded('stays.allocation_has_run'));
    const today = todayIso(now);
    await lockProjectNights(tx, allocation.projectId);
    const { participants, balances } = await participantsOf(tx, allocation, today);
    const stayById = new Map(allocation.stays.map((s) => [s.id, s]));
    const draw = runDraw({
      seed: allocation.seed,
      stays: allocation.stays.map((s) => ({ id: s.id, nights: nightsOf(s).length, dates: nightsOf(s) })),
      participants,
    });
    // The run itself releases the hold: its own stays are written now.
    await tx
      .update(allocations)
      .set({ status: 'run', ranAt: now, drawOrder: draw.order })
      .where(eq(allocations.id, id));

    const given = new Map<string, string[]>();
    let assigned = 0;
    for (const a of draw.assignments) {
      const stay = stayById.get(a.stayId)!;
      const nights = nightsOf(stay);
      let cabinOf: Map<string, string>;
      try {
        cabinOf = await assignCabins(tx, allocation.projectId, nights);
      } catch (err) {
        if (err instanceof AppError) continue; // no cabin free any more: the stay opens to requests
        throw err;
      }
      // The draw gave only participants, each of whom has a balance (several stays count up).
      const held = balances.get(a.userId)!;
      const balance = nightBalance(held.allowance.totalNights, held.allowance.bonusNights, held.booked);
      const booking = await insertStay(
        tx,
        {
          userId: a.userId,
          projectId: allocation.projectId,
          type: 'personal',
          status: 'approved',
          nights,
          bonusNightsUsed: bonusNightsFor(nights.length, balance),
          decidedAt: now,
          decidedBy: actorId,
          decisionNote: allocation.title,
        },
        cabinOf,
      );
      held.booked += nights.length;
      await tx
        .update(allocationStays)
        .set({ userId: a.userId, bookingId: booking.id })
        .where(eq(allocationStays.id, a.stayId));
      given.set(a.userId, [...(given.get(a.userId) ?? []), ...nights]);
      assigned++;
    }

    const title = allocation.title;
    const project = allocation.projectName;
    const link = `/perks?project=${allocation.projectId}`;
    for (const [userId, nights] of given) {
      await notifyUsers(tx, [userId], {
        title: `Peak allocation: ${title}`,
        message: `You were given ${stayDates(nights)} at ${project} in “${title}”. The stay is approved.`,
        notice: { key: 'allocationAssigned', params: { title, project, dates: { nights } } },
        type: 'success',
        link,
      });
    }
    const without = participants.map((p) => p.userId).filter((u) => !given.has(u));
    await notifyUsers(tx, without, {
      title: `Peak allocation: ${title}`,
      message: `None of the stays you ranked in “${title}” at ${project} could be given to you this time. The stays left are open to requests.`,
      notice: { key: 'allocationNone', params: { title, project } },
      type: 'info',
      link,
    });
    if (actorId)
      await recordAudit(tx, {
        actorId,
        entity: 'allocation',
        action: 'run',
        entityId: id,
        details: { projectId: allocation.projectId, title, assigned },
      });
    return getAllocation(tx, viewer, id);
  });
}

/** The `allocations` job at `runsAt`: runs the allocation unless it already ran or was withdrawn. */
export async function runDueAllocation(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ status: allocations.status })
    .from(allocations)
    .where(eq(allocations.id, id));
  if (!row || row.status === 'run') return;
  await runAllocation(db, id, null).catch((err) => {
    // A run started at the same moment by an admin: nothing left to do.
    if (err instanceof ConflictError) return;
    throw err;
  });
}
