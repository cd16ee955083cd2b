import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  fromCents,
  kycStatus,
  toCents,
  toMoneyString,
  type AdminOffering,
  type DataRoomDocument,
  type FunnelStage,
  type Offering,
  type OfferingValues,
  type OfferingUpdateValues,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import {
  dataRoomDownloads,
  documents,
  interestRegistrations,
  kycChecks,
  offerings,
  projects,
  subscriptions,
} from '../../db/schema';
import { ConflictError, NotFoundError, coded, fieldError, isUniqueViolation } from '../../lib/errors';
import { recordAudit } from '../audit/service';

type OfferingRow = typeof offerings.$inferSelect;

const today = () => new Date().toISOString().slice(0, 10);
const euros = (m: string | number) => fromCents(toCents(m));

/** minimum > 0, minimum ≤ maximum ≤ target, closesOn not in the past: a 400 naming the bound. */
function checkBounds(input: OfferingUpdateValues) {
  if (!(input.minimum > 0)) throw fieldError('minimum', coded('subscriptions.offering_minimum_positive'));
  if (input.maximum < input.minimum)
    throw fieldError(
      'maximum',
      coded('subscriptions.offering_maximum_below_minimum', { min: input.minimum }),
    );
  if (input.target < input.maximum)
    throw fieldError('target', coded('subscriptions.offering_target_below_maximum', { max: input.maximum }));
  if (input.closesOn < today())
    throw fieldError('closesOn', coded('subscriptions.offering_closes_in_past', { date: today() }));
}

/** The offerings with their project's name and the sum of their subscriptions that are not cancelled. */
async function present(db: DbOrTx, rows: OfferingRow[]): Promise<Offering[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [names, sums] = await Promise.all([
    db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(
        inArray(
          projects.id,
          rows.map((r) => r.projectId),
        ),
      ),
    db
      .select({ id: subscriptions.offeringId, sum: sql<string>`coalesce(sum(${subscriptions.amount}), 0)` })
      .from(subscriptions)
      .where(and(inArray(subscriptions.offeringId, ids), ne(subscriptions.status, 'cancelled')))
      .groupBy(subscriptions.offeringId),
  ]);
  const name = new Map(names.map((n) => [n.id, n.name]));
  const sum = new Map(sums.map((s) => [s.id, euros(s.sum)]));
  return rows.map((r) => ({
    _id: r.id,
    projectId: r.projectId,
    projectName: name.get(r.projectId) ?? '',
    minimum: euros(r.minimum),
    maximum: euros(r.maximum),
    target: euros(r.target),
    closesOn: r.closesOn,
    nightsPer10000: r.nightsPer10000,
    allowanceMonths: r.allowanceMonths,
    status: r.status,
    subscribed: sum.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

const presentOne = async (db: DbOrTx, row: OfferingRow) => (await present(db, [row]))[0]!;

export async function createOffering(db: Db, actorId: string, input: OfferingValues): Promise<Offering> {
  checkBounds(input);
  return db.transaction(async (tx) => {
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, input.projectId));
    if (!project) throw new NotFoundError('Project');
    let row: OfferingRow | undefined;
    try {
      [row] = await tx
        .insert(offerings)
        .values({
          projectId: input.projectId,
          minimum: toMoneyString(input.minimum),
          maximum: toMoneyString(input.maximum),
          target: toMoneyString(input.target),
          closesOn: input.closesOn,
          nightsPer10000: input.nightsPer10000,
          allowanceMonths: input.allowanceMonths,
          createdBy: actorId,
        })
        .returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(coded('subscriptions.offering_open_exists'));
      throw err;
    }
    await recordAudit(tx, {
      actorId,
      action: 'create',
      entity: 'offering',
      entityId: row!.id,
      details: { ...input },
    });
    return presentOne(tx, row!);
  });
}

/** The offering, locked for the change; 404 when there is none, 409 when it is closed. */
async function lockOpen(tx: DbOrTx, id: string): Promise<OfferingRow> {
  const [row] = await tx.select().from(offerings).where(eq(offerings.id, id)).for('update');
  if (!row) throw new NotFoundError('Offering');
  if (row.status !== 'open') throw new ConflictError(coded('subscriptions.offering_closed'));
  return row;
}

export async function updateOffering(
  db: Db,
  actorId: string,
  id: string,
  input: OfferingUpdateValues,
): Promise<Offering> {
  checkBounds(input);
  return db.transaction(async (tx) => {
    const current = await lockOpen(tx, id);
    const [row] = await tx
      .update(offerings)
      .set({
        minimum: toMoneyString(input.minimum),
        maximum: toMoneyString(input.maximum),
        target: toMoneyString(input.target),
        closesOn: input.closesOn,
        nightsPer10000: input.nightsPer10000,
        allowanceMonths: input.allowanceMonths,
        updatedAt: new Date(),
      })
      .where(eq(offerings.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entity: 'offering',
      entityId: id,
      details: { projectId: current.projectId, ...input },
    });
    return presentOne(tx, row!);
  });
}

export async function closeOffering(db: Db, actorId: string, id: string): Promise<Offering> {
  return db.transaction(async (tx) => {
    const current = await lockOpen(tx, id);
    const [row] = await tx
      .update(offerings)
      .set({ status: 'closed', closedAt: new Date(), updatedAt: new Date() })
      .where(eq(offerings.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'close',
      entity: 'offering',
      entityId: id,
      details: { projectId: current.projectId },
    });
    return presentOne(tx, row!);
  });
}

/** The open offerings, soonest closing first. */
export async function listOpenOfferings(db: DbOrTx): Promise<Offering[]> {
  const rows = await db
    .select()
    .from(offerings)
    .where(eq(offerings.status, 'open'))
    .orderBy(asc(offerings.closesOn), asc(offerings.createdAt));
  return present(db, rows);
}

/** Every offering, newest first, with its funnel and its data room's downloads. */
export async function listAdminOfferings(db: DbOrTx, validMonths: number): Promise<AdminOffering[]> {
  const rows = await db.select().from(offerings).orderBy(desc(offerings.createdAt));
  const base = await present(db, rows);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [subs, [interest], docs] = await Promise.all([
    db
      .select({
        offeringId: subscriptions.offeringId,
        amount: subscriptions.amount,
        signedAt: subscriptions.signedAt,
        acceptedAt: subscriptions.acceptedAt,
        calledAt: subscriptions.calledAt,
        fundedAt: subscriptions.fundedAt,
        submittedAt: kycChecks.submittedAt,
        verifiedAt: kycChecks.verifiedAt,
        rejectedAt: kycChecks.rejectedAt,
      })
      .from(subscriptions)
      .leftJoin(kycChecks, eq(kycChecks.userId, subscriptions.userId))
      .where(and(inArray(subscriptions.offeringId, ids), ne(subscriptions.status, 'cancelled'))),
    db
      .select({ n: count(), sum: sql<string>`coalesce(sum(${interestRegistrations.amount}), 0)` })
      .from(interestRegistrations)
      .where(ne(interestRegistrations.status, 'closed')),
    db
      .select({
        id: documents.id,
        projectId: documents.projectId,
        name: documents.name,
        downloads: sql<number>`count(${dataRoomDownloads.id})::int`,
      })
      .from(documents)
      .leftJoin(dataRoomDownloads, eq(dataRoomDownloads.documentId, documents.id))
      .where(
        and(
          inArray(
            documents.projectId,
            rows.map((r) => r.projectId),
          ),
          eq(documents.category, 'Offering'),
          sql`${documents.userId} is null`,
        ),
      )
      .groupBy(documents.id)
      .orderBy(asc(documents.name)),
  ]);
  const now = new Date();
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return base.map((o) => {
    const funnel = Object.fromEntries(
      (
        [
          'interest',
          'subscribed',
          'identityVerified',
          'signed',
          'accepted',
          'called',
          'funded',
        ] as FunnelStage[]
      ).map((s) => [s, { count: 0, amount: 0 }]),
    ) as AdminOffering['funnel'];
    funnel.interest = { count: interest?.n ?? 0, amount: euros(interest?.sum ?? 0) };
    const cents: Partial<Record<FunnelStage, number>> = {};
    const add = (s: FunnelStage, amount: string) => {
      funnel[s].count += 1;
      cents[s] = (cents[s] ?? 0) + toCents(amount);
    };
    for (const s of subs.filter((x) => x.offeringId === o._id)) {
      add('subscribed', s.amount);
      const check =
        s.submittedAt || s.verifiedAt || s.rejectedAt
          ? { submittedAt: iso(s.submittedAt), verifiedAt: iso(s.verifiedAt), rejectedAt: iso(s.rejectedAt) }
          : null;
      if (kycStatus(check, now, validMonths) === 'verified' || s.signedAt) add('identityVerified', s.amount);
      if (s.signedAt) add('signed', s.amount);
      if (s.acceptedAt) add('accepted', s.amount);
      if (s.calledAt) add('called', s.amount);
      if (s.fundedAt) add('funded', s.amount);
    }
    for (const [s, c] of Object.entries(cents)) funnel[s as FunnelStage].amount = fromCents(c);
    return {
      ...o,
      funnel,
      documents: docs
        .filter((d) => d.projectId === o.projectId)
        .map((d) => ({ _id: d.id, name: d.name, downloads: Number(d.downloads) })),
    };
  });
}

/** An open offering's data room; 404 when the offering is unknown or closed. */
async function openOffering(db: DbOrTx, id: string): Promise<OfferingRow> {
  const [row] = await db.select().from(offerings).where(eq(offerings.id, id));
  if (!row || row.status !== 'open') throw new NotFoundError('Offering');
  return row;
}

const dataRoomWhere = (projectId: string) =>
  and(
    eq(documents.projectId, projectId),
    eq(documents.category, 'Offering'),
    eq(documents.kind, 'document'),
    sql`${documents.userId} is null`,
  );

export async function listDataRoom(db: DbOrTx, id: string): Promise<DataRoomDocument[]> {
  const offering = await openOffering(db, id);
  const rows = await db
    .select()
    .from(documents)
    .where(dataRoomWhere(offering.projectId))
    .orderBy(asc(documents.name));
  return rows.map((d) => ({
    _id: d.id,
    name: d.name,
    description: d.description,
    type: d.type,
    uploadDate: d.uploadDate.toISOString(),
  }));
}

/** A data room document to download, the download recorded. */
export async function dataRoomFile(db: DbOrTx, id: string, documentId: string, userId: string) {
  const offering = await openOffering(db, id);
  const [doc] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), dataRoomWhere(offering.projectId)));
  if (!doc || !doc.fileKey || !doc.fileMime) throw new NotFoundError('Document');
  await db.insert(dataRoomDownloads).values({ documentId, userId });
  return doc;
}
