import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  addMonths,
  KYC_DOCUMENT_KINDS,
  type AdminKycCheck,
  type KycCheck,
  type KycDocumentKind,
  type KycStatus,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { kycChecks, kycDocuments, users } from '../../db/schema';
import { coded, ConflictError, NotFoundError } from '../../lib/errors';
import { iso } from '../../lib/format';
import type { Mailer } from '../../mail/mailer';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';
import type { StoredUpload } from '../files/uploads';
import { notifyUsers } from '../notifications/notify';
import type { KycProvider, KycRow } from './provider';

type DocRow = typeof kycDocuments.$inferSelect;

export interface KycDeps {
  db: Db;
  mailer: Mailer;
  provider: KycProvider;
  validMonths: number;
}

/** The latest document of each kind (the ones that count), oldest kind first. */
function latestByKind(docs: readonly DocRow[]): DocRow[] {
  return KYC_DOCUMENT_KINDS.flatMap((kind) => {
    const latest = docs
      .filter((d) => d.kind === kind)
      .sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime())[0];
    return latest ? [latest] : [];
  });
}

function present(deps: KycDeps, check: KycRow | null, docs: readonly DocRow[], now: Date): KycCheck {
  const status = deps.provider.status(check, now);
  const verified = check?.verifiedAt && (status === 'verified' || status === 'expired');
  return {
    status,
    dateOfBirth: check?.dateOfBirth ?? null,
    taxResidence: check?.taxResidence ?? null,
    politicallyExposed: check?.politicallyExposed ?? null,
    sourceOfFunds: check?.sourceOfFunds ?? null,
    documents: latestByKind(docs).map((d) => ({
      _id: d.id,
      kind: d.kind,
      fileName: d.fileName,
      uploadedAt: d.uploadedAt.toISOString(),
    })),
    submittedAt: iso(check?.submittedAt),
    rejectionReason: status === 'rejected' ? (check?.rejectionReason ?? null) : null,
    verifiedAt: verified ? iso(check.verifiedAt) : null,
    expiresAt: verified ? addMonths(check.verifiedAt!.toISOString(), deps.validMonths).toISOString() : null,
  };
}

async function load(db: DbOrTx, userId: string) {
  const [check] = await db.select().from(kycChecks).where(eq(kycChecks.userId, userId)).limit(1);
  const docs = await db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId));
  return { check: check ?? null, docs };
}

/** The investor's own check. */
export async function getCheck(deps: KycDeps, userId: string, now = new Date()): Promise<KycCheck> {
  const { check, docs } = await load(deps.db, userId);
  return present(deps, check, docs, now);
}

/** Saves the answers; with both documents there, the check is submitted (again). */
export async function saveAnswers(
  deps: KycDeps,
  userId: string,
  input: { dateOfBirth: string; taxResidence: string; politicallyExposed: boolean; sourceOfFunds: string },
  now = new Date(),
): Promise<KycCheck> {
  await deps.db.transaction(async (tx) => {
    const values = { ...input, sourceOfFunds: input.sourceOfFunds.trim(), updatedAt: now };
    await tx
      .insert(kycChecks)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: kycChecks.userId, set: values });
    await deps.provider.submit(tx, userId, now);
  });
  return getCheck(deps, userId, now);
}

/** Records an uploaded document (already in storage); with the answers and both kinds the check is submitted. */
export async function addDocument(
  deps: KycDeps,
  userId: string,
  kind: KycDocumentKind,
  file: StoredUpload,
  now = new Date(),
): Promise<KycCheck> {
  await deps.db.transaction(async (tx) => {
    await tx.insert(kycChecks).values({ userId }).onConflictDoNothing();
    await tx.insert(kycDocuments).values({
      userId,
      kind,
      fileKey: file.key,
      fileName: file.originalName,
      fileMime: file.mime,
      fileSize: file.size,
      uploadedAt: now,
    });
    await deps.provider.submit(tx, userId, now);
  });
  return getCheck(deps, userId, now);
}

/** A document's file: its owner's or, for an admin, anyone's; another investor's answers 404. */
export async function findDocument(db: DbOrTx, viewer: AuthUser, id: string): Promise<DocRow> {
  const [doc] = await db.select().from(kycDocuments).where(eq(kycDocuments.id, id)).limit(1);
  if (!doc || (doc.userId !== viewer.id && !viewer.isAdmin)) throw new NotFoundError('Document');
  return doc;
}

const investorColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  investorId: users.investorId,
};

/** The checks of every investor who started one, filtered by status: the newest submission first. */
export async function listChecks(
  deps: KycDeps,
  status: KycStatus | undefined,
  now = new Date(),
): Promise<AdminKycCheck[]> {
  const rows = await deps.db
    .select({ check: kycChecks, ...investorColumns })
    .from(kycChecks)
    .innerJoin(users, eq(users.id, kycChecks.userId))
    .orderBy(sql`${kycChecks.submittedAt} desc nulls last`, desc(kycChecks.updatedAt));
  const docs = rows.length
    ? await deps.db
        .select()
        .from(kycDocuments)
        .where(
          inArray(
            kycDocuments.userId,
            rows.map((r) => r.userId),
          ),
        )
    : [];
  return rows
    .map(({ check, ...who }) => ({
      ...who,
      ...present(
        deps,
        check,
        docs.filter((d) => d.userId === who.userId),
        now,
      ),
    }))
    .filter((c) => !status || c.status === status);
}

export async function getAdminCheck(deps: KycDeps, userId: string, now = new Date()): Promise<AdminKycCheck> {
  const [who] = await deps.db.select(investorColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!who) throw new NotFoundError('User');
  const { check, docs } = await load(deps.db, userId);
  return { ...who, ...present(deps, check, docs, now) };
}

/** The condition of a check waiting for review: submitted after any review. */
const awaitingReview = sql`${kycChecks.submittedAt} is not null
  and (${kycChecks.verifiedAt} is null or ${kycChecks.submittedAt} > ${kycChecks.verifiedAt})
  and (${kycChecks.rejectedAt} is null or ${kycChecks.submittedAt} > ${kycChecks.rejectedAt})`;

/**
 * Verifies or rejects a submitted check (a conditional update: of two admins at once one wins, the other
 * gets 409), with the audit row, the investor's notification and email in one transaction.
 */
export async function reviewCheck(
  deps: KycDeps,
  actorId: string,
  userId: string,
  decision: { verify: true } | { verify: false; reason: string },
  now = new Date(),
): Promise<AdminKycCheck> {
  const current = await getAdminCheck(deps, userId, now);
  await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(kycChecks)
      .set(
        decision.verify
          ? { verifiedAt: now, verifiedBy: actorId, expiryRemindedAt: null, updatedAt: now }
          : { rejectedAt: now, rejectionReason: decision.reason.trim(), updatedAt: now },
      )
      .where(and(eq(kycChecks.userId, userId), awaitingReview))
      .returning({ userId: kycChecks.userId });
    if (changed.length === 0)
      throw new ConflictError(coded('subscriptions.kyc_not_submitted', { status: current.status }));
    await recordAudit(tx, {
      actorId,
      action: decision.verify ? 'kyc-verify' : 'kyc-reject',
      entity: 'user',
      entityId: userId,
      details: decision.verify ? {} : { reason: decision.reason.trim() },
    });
    if (decision.verify) {
      const expiresAt = addMonths(now.toISOString(), deps.validMonths).toISOString().slice(0, 10);
      await notifyUsers(tx, [userId], {
        title: 'Identity verified',
        message: `Your identity is verified until ${expiresAt}.`,
        notice: { key: 'kycVerified', params: { date: { date: expiresAt } } },
        type: 'success',
        link: '/identity',
        createdBy: actorId,
      });
      await deps.mailer.queue(tx, 'kyc', userId, { outcome: 'verified', expiresAt });
    } else {
      const reason = decision.reason.trim();
      await notifyUsers(tx, [userId], {
        title: 'Identity check rejected',
        message: `Your identity check was rejected: ${reason}`,
        notice: { key: 'kycRejected', params: { reason } },
        type: 'warning',
        link: '/identity',
        createdBy: actorId,
      });
      await deps.mailer.queue(tx, 'kyc', userId, { outcome: 'rejected', reason });
    }
  });
  return getAdminCheck(deps, userId, now);
}
