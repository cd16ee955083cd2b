import { and, asc, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  canCancelSubscription,
  fromCents,
  kycStatus,
  subscriptionStatus,
  subscriptionSteps,
  toCents,
  toMoneyString,
  type AdminSubscription,
  type Subscription,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import {
  capitalCallLines,
  capitalCalls,
  investments,
  kycChecks,
  offerings,
  projects,
  signatures,
  subscriptions,
  users,
} from '../../db/schema';
import { ConflictError, NotFoundError, coded, fieldError, isUniqueViolation } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { neutralizeFormula } from '../audit/csv';
import type { Mailer } from '../../mail/mailer';
import { notifyUsers } from '../notifications/notify';

type SubscriptionRow = typeof subscriptions.$inferSelect;
type KycRow = Pick<typeof kycChecks.$inferSelect, 'submittedAt' | 'verifiedAt' | 'rejectedAt'>;

const euros = (m: string | number) => fromCents(toCents(m));
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const today = () => new Date().toISOString().slice(0, 10);

/** Whether the investor's identity is verified now, and since when. */
function identity(check: KycRow | null, validMonths: number, now: Date) {
  const c = check && {
    submittedAt: iso(check.submittedAt),
    verifiedAt: iso(check.verifiedAt),
    rejectedAt: iso(check.rejectedAt),
  };
  const verified = kycStatus(c, now, validMonths) === 'verified';
  return { verified, at: verified ? c!.verifiedAt : null };
}

/** The subscriptions with their project, status, steps, calls and signed document (five queries). */
async function present(db: DbOrTx, rows: SubscriptionRow[], validMonths: number): Promise<Subscription[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [offers, checks, calls, signed] = await Promise.all([
    db
      .select({ id: offerings.id, projectId: offerings.projectId, projectName: projects.name })
      .from(offerings)
      .innerJoin(projects, eq(projects.id, offerings.projectId))
      .where(inArray(offerings.id, [...new Set(rows.map((r) => r.offeringId))])),
    db
      .select()
      .from(kycChecks)
      .where(inArray(kycChecks.userId, [...new Set(rows.map((r) => r.userId))])),
    db
      .select({
        subscriptionId: capitalCallLines.subscriptionId,
        id: capitalCallLines.id,
        amount: capitalCallLines.amount,
        paid: capitalCallLines.paid,
        reference: capitalCallLines.reference,
        dueOn: capitalCalls.dueOn,
      })
      .from(capitalCallLines)
      .innerJoin(capitalCalls, eq(capitalCalls.id, capitalCallLines.callId))
      .where(inArray(capitalCallLines.subscriptionId, ids))
      .orderBy(asc(capitalCalls.dueOn), asc(capitalCalls.createdAt)),
    db
      .select({
        subscriptionId: signatures.subscriptionId,
        documentId: signatures.documentId,
        sha256: signatures.documentSha256,
      })
      .from(signatures)
      .where(inArray(signatures.subscriptionId, ids)),
  ]);
  const now = new Date();
  const offer = new Map(offers.map((o) => [o.id, o]));
  const check = new Map(checks.map((c) => [c.userId, c]));
  const signature = new Map(signed.map((s) => [s.subscriptionId, s]));
  return rows.map((r) => {
    const id = identity(check.get(r.userId) ?? null, validMonths, now);
    const o = offer.get(r.offeringId);
    const s = signature.get(r.id);
    return {
      _id: r.id,
      offeringId: r.offeringId,
      projectId: o?.projectId ?? '',
      projectName: o?.projectName ?? '',
      amount: euros(r.amount),
      status: subscriptionStatus(r.status, id.verified),
      steps: subscriptionSteps({
        subscribedAt: r.createdAt.toISOString(),
        identityVerifiedAt: id.at,
        signedAt: iso(r.signedAt),
        acceptedAt: iso(r.acceptedAt),
        calledAt: iso(r.calledAt),
        fundedAt: iso(r.fundedAt),
      }),
      calls: calls
        .filter((c) => c.subscriptionId === r.id)
        .map((c) => ({
          _id: c.id,
          amount: euros(c.amount),
          dueOn: c.dueOn,
          reference: c.reference,
          paid: euros(c.paid),
          status:
            toCents(c.paid) >= toCents(c.amount)
              ? ('paid' as const)
              : c.dueOn < today()
                ? ('overdue' as const)
                : ('open' as const),
        })),
      document: s && s.documentId ? { _id: s.documentId, sha256: s.sha256 } : null,
      rejectionReason: r.rejectionReason,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** Subscribes the investor to an open offering, within its bounds and what is left of its target. */
export async function createSubscription(
  db: Db,
  userId: string,
  offeringId: string,
  amount: number,
  validMonths: number,
): Promise<Subscription> {
  return db.transaction(async (tx) => {
    // The offering locked: two subscriptions at once cannot both take the last of the target.
    const [offering] = await tx.select().from(offerings).where(eq(offerings.id, offeringId)).for('update');
    if (!offering) throw new NotFoundError('Offering');
    if (offering.status !== 'open' || offering.closesOn < today())
      throw new ConflictError(coded('subscriptions.offering_closed'));
    const [holding] = await tx
      .select({ id: investments.id })
      .from(investments)
      .where(
        and(
          eq(investments.userId, userId),
          eq(investments.projectId, offering.projectId),
          gt(investments.amount, '0'),
        ),
      )
      .limit(1);
    if (holding) throw new ConflictError(coded('subscriptions.subscription_holder'));
    const [open] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.offeringId, offeringId),
          eq(subscriptions.userId, userId),
          ne(subscriptions.status, 'cancelled'),
        ),
      )
      .limit(1);
    if (open) throw new ConflictError(coded('subscriptions.subscription_exists'));
    const cents = toCents(amount);
    if (cents < toCents(offering.minimum))
      throw fieldError(
        'amount',
        coded('subscriptions.subscription_below_minimum', { min: euros(offering.minimum) }),
      );
    if (cents > toCents(offering.maximum))
      throw fieldError(
        'amount',
        coded('subscriptions.subscription_above_maximum', { max: euros(offering.maximum) }),
      );
    const [taken] = await tx
      .select({ sum: sql<string>`coalesce(sum(${subscriptions.amount}), 0)` })
      .from(subscriptions)
      .where(and(eq(subscriptions.offeringId, offeringId), ne(subscriptions.status, 'cancelled')));
    const remaining = toCents(offering.target) - toCents(taken?.sum ?? 0);
    if (cents > remaining)
      throw fieldError(
        'amount',
        coded('subscriptions.subscription_above_remaining', { remaining: fromCents(Math.max(0, remaining)) }),
      );
    let row: SubscriptionRow | undefined;
    try {
      [row] = await tx
        .insert(subscriptions)
        .values({ offeringId, userId, amount: toMoneyString(amount) })
        .returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(coded('subscriptions.subscription_exists'));
      throw err;
    }
    return (await present(tx, [row!], validMonths))[0]!;
  });
}

export async function listOwnSubscriptions(db: DbOrTx, userId: string, validMonths: number) {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
  return present(db, rows, validMonths);
}

/** The investor's own subscription; another's (or none) is a 404. */
export async function getOwnSubscription(db: DbOrTx, userId: string, id: string, validMonths: number) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  if (!row) throw new NotFoundError('Subscription');
  return (await present(db, [row], validMonths))[0]!;
}

/** Cancels the investor's subscription while it may be cancelled (until accepted). */
export async function cancelSubscription(db: Db, userId: string, id: string, validMonths: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
      .for('update');
    if (!row) throw new NotFoundError('Subscription');
    const [current] = await present(tx, [row], validMonths);
    if (!canCancelSubscription(current!.status))
      throw new ConflictError(
        coded('subscriptions.subscription_not_cancellable', { status: current!.status }),
      );
    const [updated] = await tx
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(subscriptions.id, id))
      .returning();
    return (await present(tx, [updated!], validMonths))[0]!;
  });
}

/** Subscriptions as the admin lists them, with each investor's name and investor ID. */
async function adminRows(db: DbOrTx, where: SQL, validMonths: number): Promise<AdminSubscription[]> {
  const rows = await db
    .select({
      s: subscriptions,
      name: users.name,
      email: users.email,
      investorId: users.investorId,
      submittedAt: kycChecks.submittedAt,
      verifiedAt: kycChecks.verifiedAt,
      rejectedAt: kycChecks.rejectedAt,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(kycChecks, eq(kycChecks.userId, subscriptions.userId))
    .where(where)
    .orderBy(asc(users.name), asc(subscriptions.createdAt));
  const now = new Date();
  return rows.map((r) => ({
    _id: r.s.id,
    userId: r.s.userId,
    investorName: r.name,
    investorId: r.investorId,
    email: r.email,
    amount: euros(r.s.amount),
    status: subscriptionStatus(r.s.status, identity(r, validMonths, now).verified),
    createdAt: r.s.createdAt.toISOString(),
  }));
}

async function assertOffering(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: offerings.id, projectName: projects.name })
    .from(offerings)
    .innerJoin(projects, eq(projects.id, offerings.projectId))
    .where(eq(offerings.id, id));
  if (!row) throw new NotFoundError('Offering');
  return row;
}

export async function listOfferingSubscriptions(db: DbOrTx, offeringId: string, validMonths: number) {
  await assertOffering(db, offeringId);
  return adminRows(db, eq(subscriptions.offeringId, offeringId), validMonths);
}

/** An offering's subscriptions as CSV, with a byte-order mark, formula-like cells neutralized. */
export async function subscriptionsCsv(db: DbOrTx, offeringId: string, validMonths: number) {
  const offering = await assertOffering(db, offeringId);
  const rows = await listOfferingSubscriptions(db, offeringId, validMonths);
  const csv = stringify(
    rows.map((r) =>
      [
        r.investorId ?? '',
        r.investorName,
        r.email,
        r.amount.toFixed(2),
        r.status,
        r.createdAt.slice(0, 10),
      ].map(neutralizeFormula),
    ),
    {
      bom: true,
      header: true,
      columns: ['Investor ID', 'Name', 'Email', 'Amount (EUR)', 'Status', 'Subscribed on'],
      record_delimiter: 'windows',
    },
  );
  return { csv, projectName: offering.projectName };
}

/**
 * Accepts (countersigns) or rejects a signed subscription; anything else is a 409. The investor is told
 * in the bell and by email, in the same transaction as the decision.
 */
export async function decideSubscription(
  db: Db,
  mailer: Mailer,
  actorId: string,
  id: string,
  decision: { accept: true } | { accept: false; reason: string },
  validMonths: number,
): Promise<AdminSubscription> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
    if (!row) throw new NotFoundError('Subscription');
    if (row.status !== 'signed') {
      const [current] = await present(tx, [row], validMonths);
      throw new ConflictError(coded('subscriptions.subscription_not_signed', { status: current!.status }));
    }
    const now = new Date();
    await tx
      .update(subscriptions)
      .set(
        decision.accept
          ? { status: 'accepted', acceptedAt: now, acceptedBy: actorId, updatedAt: now }
          : { status: 'cancelled', cancelledAt: now, rejectionReason: decision.reason, updatedAt: now },
      )
      .where(eq(subscriptions.id, id));
    const [offering] = await tx
      .select({ projectId: offerings.projectId, projectName: projects.name })
      .from(offerings)
      .innerJoin(projects, eq(projects.id, offerings.projectId))
      .where(eq(offerings.id, row.offeringId));
    const amount = euros(row.amount);
    await recordAudit(tx, {
      actorId,
      action: decision.accept ? 'accept' : 'reject',
      entity: 'subscription',
      entityId: id,
      details: {
        userId: row.userId,
        projectId: offering?.projectId,
        amount,
        ...(decision.accept ? {} : { reason: decision.reason }),
      },
    });
    const project = offering?.projectName ?? '';
    const words = `€${amount.toFixed(2)}`;
    await notifyUsers(
      tx,
      [row.userId],
      decision.accept
        ? {
            title: 'Subscription accepted',
            message: `Your subscription of ${words} to ${project} was accepted.`,
            notice: {
              key: 'subscriptionAccepted',
              params: { amount: { cents: toCents(row.amount) }, project },
            },
            type: 'success',
            link: '/subscriptions',
            createdBy: actorId,
          }
        : {
            title: 'Subscription rejected',
            message: `Your subscription of ${words} to ${project} was rejected: ${decision.reason}`,
            notice: {
              key: 'subscriptionRejected',
              params: { amount: { cents: toCents(row.amount) }, project, reason: decision.reason },
            },
            type: 'warning',
            link: '/subscriptions',
            createdBy: actorId,
          },
    );
    await mailer.queue(tx, 'subscriptionDecision', row.userId, {
      project,
      amountCents: toCents(row.amount),
      ...(decision.accept ? { accepted: true } : { accepted: false, reason: decision.reason }),
    });
    const [answer] = await adminRows(tx, eq(subscriptions.id, id), validMonths);
    return answer!;
  });
}
