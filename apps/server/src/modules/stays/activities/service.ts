import { and, desc, eq, inArray } from 'drizzle-orm';
import { formatNight, type ActivityRequestStatus, type createActivityRequestInput } from '@portal/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { Mailer } from '../../../mail/mailer';
import { activityRequests, perks, projects, users } from '../../../db/schema';
import { BadRequestError, coded, ConflictError, NotFoundError } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { assertPending, decisionColumns } from '../decision';
import { announceDecision } from '../../notifications/decision';
import { assertProjectVisible } from '../../access/project-access';
import type { ActivityRequestRow, AdminActivityRequestRow } from './presenter';

type CreateInput = z.output<typeof createActivityRequestInput>;

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/**
 * Stores a request to join a partner activity (pending). It uses no cabin nights: neither the allowance
 * nor the stays are read or written. The perk's row is locked for the check-and-write, so two requests of
 * the same perk and day cannot both pass the check. `today` is the day before which a date counts as past
 * (the routes give the date at UTC−12).
 */
export async function createActivityRequest(
  db: DbOrTx,
  viewer: AuthUser,
  input: CreateInput,
  today: string,
): Promise<ActivityRequestRow> {
  return db.transaction(async (tx) => {
    const [perk] = await tx
      .select()
      .from(perks)
      .where(eq(perks.id, input.perkId))
      .for('no key update')
      .limit(1);
    if (!perk) throw new NotFoundError('Perk');
    try {
      await assertProjectVisible(tx, viewer, perk.projectId);
    } catch (err) {
      // A perk of another investor's project is indistinguishable from one that does not exist.
      if (err instanceof NotFoundError) throw new NotFoundError('Perk');
      throw err;
    }
    if (perk.type === 'cabin')
      throw new BadRequestError(coded('stays.activity_is_cabin', { perk: perk.name }));
    if (!perk.bookingAvailable || perk.status === 'inactive')
      throw new BadRequestError(coded('stays.activity_not_bookable', { perk: perk.name }));
    if (input.date < today) throw new BadRequestError(coded('stays.past_dates', { dates: input.date }));

    const [same] = await tx
      .select({ id: activityRequests.id })
      .from(activityRequests)
      .where(
        and(
          eq(activityRequests.perkId, perk.id),
          eq(activityRequests.userId, viewer.id),
          eq(activityRequests.date, input.date),
          inArray(activityRequests.status, ['pending', 'approved']),
        ),
      )
      .limit(1);
    if (same)
      throw new ConflictError(
        coded('stays.activity_already_requested', { perk: perk.name, date: input.date }),
      );

    const [row] = await tx
      .insert(activityRequests)
      .values({
        perkId: perk.id,
        projectId: perk.projectId,
        userId: viewer.id,
        date: input.date,
        partySize: input.partySize,
        note: input.note,
      })
      .returning();
    return { request: row!, perkName: perk.name };
  });
}

const withPerk = { request: activityRequests, perkName: perks.name };

/** The viewer's own activity requests in a project, newest first. */
export async function listOwnActivityRequests(
  db: DbOrTx,
  viewer: AuthUser,
  projectId: string,
): Promise<ActivityRequestRow[]> {
  await assertProjectVisible(db, viewer, projectId);
  return db
    .select(withPerk)
    .from(activityRequests)
    .innerJoin(perks, eq(perks.id, activityRequests.perkId))
    .where(and(eq(activityRequests.userId, viewer.id), eq(activityRequests.projectId, projectId)))
    .orderBy(desc(activityRequests.createdAt));
}

/** The investor withdraws a pending request of theirs; anyone else's is not found. */
export async function cancelActivityRequest(
  db: DbOrTx,
  viewer: AuthUser,
  requestId: string,
): Promise<ActivityRequestRow> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select(withPerk)
      .from(activityRequests)
      .innerJoin(perks, eq(perks.id, activityRequests.perkId))
      .where(and(eq(activityRequests.id, requestId), eq(activityRequests.userId, viewer.id)))
      .for('update', { of: activityRequests })
      .limit(1);
    if (!found) throw new NotFoundError('Activity request');
    if (found.request.status !== 'pending')
      throw new ConflictError(coded('stays.cancel_not_pending', { status: found.request.status }));
    const now = new Date();
    const [row] = await tx
      .update(activityRequests)
      .set({ status: 'cancelled', decidedAt: now, decidedBy: viewer.id, updatedAt: now })
      .where(eq(activityRequests.id, requestId))
      .returning();
    return { request: row!, perkName: found.perkName };
  });
}

/** A project's activity requests with who made them (admin), newest first, optionally of one status. */
export async function listProjectActivityRequests(
  db: DbOrTx,
  actor: AuthUser,
  projectId: string,
  status: ActivityRequestStatus | undefined,
): Promise<AdminActivityRequestRow[]> {
  await assertProjectVisible(db, actor, projectId);
  return db
    .select({ ...withPerk, user: { id: users.id, name: users.name, email: users.email } })
    .from(activityRequests)
    .innerJoin(perks, eq(perks.id, activityRequests.perkId))
    .innerJoin(users, eq(users.id, activityRequests.userId))
    .where(
      and(
        eq(activityRequests.projectId, projectId),
        status ? eq(activityRequests.status, status) : undefined,
      ),
    )
    .orderBy(desc(activityRequests.createdAt));
}

/**
 * An admin approves or declines a pending activity request. The investor is notified and emailed, and
 * the decision audited, in the same transaction.
 */
export async function decideActivityRequest(
  db: DbOrTx,
  mailer: Mailer,
  actor: AuthUser,
  requestId: string,
  decision: 'approved' | 'declined',
  note: string | undefined,
): Promise<AdminActivityRequestRow> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ ...withPerk, projectName: projects.name })
      .from(activityRequests)
      .innerJoin(perks, eq(perks.id, activityRequests.perkId))
      .innerJoin(projects, eq(projects.id, activityRequests.projectId))
      .where(eq(activityRequests.id, requestId))
      .for('update', { of: activityRequests })
      .limit(1);
    if (!found) throw new NotFoundError('Activity request');
    const r = found.request;
    assertPending(r);
    const [row] = await tx
      .update(activityRequests)
      .set(decisionColumns(actor, decision, note))
      .where(eq(activityRequests.id, requestId))
      .returning();
    const activityParams = {
      perk: found.perkName,
      date: { date: r.date },
      count: r.partySize,
      project: found.projectName,
    };
    const user = await announceDecision(tx, {
      actor,
      decision,
      note,
      request: r,
      entity: 'activity_request',
      details: { perkId: r.perkId, perkName: found.perkName, date: r.date, partySize: r.partySize },
      titles: { approved: 'Activity approved', declined: 'Activity declined' },
      what: `request for ${found.perkName} on ${formatNight(r.date)} (${people(r.partySize)}) at ${found.projectName}`,
      notices: {
        approved: { key: 'activityApproved', params: activityParams },
        declined: { key: 'activityDeclined', params: activityParams },
      },
    });
    await mailer.queue(tx, 'activityDecision', r.userId, {
      approved: decision === 'approved',
      project: found.projectName,
      activity: found.perkName,
      date: r.date,
      partySize: r.partySize,
      note: note || null,
    });
    return { request: row!, perkName: found.perkName, user };
  });
}
