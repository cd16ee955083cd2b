import { and, eq } from 'drizzle-orm';
import { kycStatus, type SignatureCheck, type SignAnswer } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { documents, kycChecks, offerings, projects, signatures, subscriptions, users } from '../../db/schema';
import { coded, ConflictError, fieldError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { iso, num } from '../../lib/format';
import { localeOf } from '../../lib/translator';
import type { FileStorage } from '../../storage/file-storage';
import { confirmCurrentPassword } from '../credentials/confirm-password';
import type { LoginLimiter } from '../credentials/login-limiter';
import type { TwoFactorService } from '../credentials/two-factor';
import { agreementPdf, sha256, signedPdf, type AgreementFacts } from './agreement';

export interface SigningDeps {
  db: Db;
  storage: FileStorage;
  limiter: LoginLimiter;
  twoFactor: TwoFactorService;
  validMonths: number;
}

/** The investor's own subscription with what its agreement says; another investor's answers 404. */
async function loadOwn(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select({
      sub: subscriptions,
      offering: offerings,
      project: { id: projects.id, name: projects.name },
      user: {
        name: users.name,
        email: users.email,
        investorId: users.investorId,
        address: users.address,
        postalCode: users.postalCode,
        city: users.city,
        country: users.country,
        locale: users.locale,
        passwordHash: users.passwordHash,
        totpEnabledAt: users.totpEnabledAt,
      },
    })
    .from(subscriptions)
    .innerJoin(offerings, eq(offerings.id, subscriptions.offeringId))
    .innerJoin(projects, eq(projects.id, offerings.projectId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .limit(1);
  if (!row) throw new NotFoundError('Subscription');
  return row;
}

type Loaded = Awaited<ReturnType<typeof loadOwn>>;

function factsOf({ sub, offering, project, user }: Loaded): AgreementFacts {
  const address = [user.address, [user.postalCode, user.city].filter(Boolean).join(' '), user.country]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
  return {
    subscriptionId: sub.id,
    project: project.name,
    investorName: user.name,
    investorId: user.investorId,
    address: address || null,
    amount: num(sub.amount),
    minimum: num(offering.minimum),
    maximum: num(offering.maximum),
    closesOn: offering.closesOn,
    date: sub.createdAt.toISOString(),
  };
}

/** The unsigned agreement of the investor's own subscription, in their language. */
export async function agreementOf(db: Db, userId: string, id: string) {
  const loaded = await loadOwn(db, userId, id);
  const pdf = await agreementPdf(factsOf(loaded), localeOf(loaded.user.locale));
  return { pdf, name: `Subscription agreement - ${loaded.project.name}.pdf` };
}

/** Names compared as the signer may type them: case, accents' composition and spacing aside. */
const sameName = (a: string, b: string) => {
  const norm = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(a) === norm(b);
};

/**
 * Signs the investor's pending subscription (ADR 028): the identity must be verified, the typed name the
 * account's, the password (and the second factor when on) right — else nothing changes. The agreement is
 * generated and hashed, the signature page appended, the signed PDF stored in the investor's vault, and
 * the evidence, the document and the subscription's status written in one transaction.
 */
export async function signSubscription(
  deps: SigningDeps,
  user: { id: string; address: string; userAgent: string },
  id: string,
  input: { fullName: string; currentPassword: string; code?: string },
  now = new Date(),
): Promise<SignAnswer> {
  const { db, storage } = deps;
  const loaded = await loadOwn(db, user.id, id);
  if (loaded.sub.status !== 'pending') throw new ConflictError(coded('subscriptions.signing_not_pending'));
  const [check] = await db.select().from(kycChecks).where(eq(kycChecks.userId, user.id)).limit(1);
  const identity = check
    ? kycStatus(
        {
          submittedAt: iso(check.submittedAt),
          verifiedAt: iso(check.verifiedAt),
          rejectedAt: iso(check.rejectedAt),
        },
        now,
        deps.validMonths,
      )
    : 'not_started';
  if (identity !== 'verified') throw new ConflictError(coded('subscriptions.kyc_not_verified'));
  if (!sameName(input.fullName, loaded.user.name))
    throw fieldError('fullName', coded('subscriptions.signing_name_mismatch'));
  await confirmCurrentPassword(deps.limiter, loaded.user, input.currentPassword, user.address);
  if (loaded.user.totpEnabledAt) {
    const code = input.code?.trim();
    if (!code) throw fieldError('code', coded('auth.code_required'));
    if (!(await deps.twoFactor.verifySignInCode(user.id, code)))
      throw new UnauthorizedError(coded('auth.code_invalid'));
  }

  const locale = localeOf(loaded.user.locale);
  const agreement = await agreementPdf(factsOf(loaded), locale);
  const agreementSha256 = sha256(agreement);
  const signed = await signedPdf(
    agreement,
    {
      name: input.fullName.trim().replace(/\s+/g, ' '),
      signedAt: now,
      ipAddress: user.address,
      userAgent: user.userAgent.slice(0, 500),
      agreementSha256,
    },
    locale,
  );
  const bytes = Buffer.from(signed);
  const documentSha256 = sha256(bytes);
  const file = await storage.put(bytes, { extension: 'pdf' });
  try {
    const documentId = await db.transaction(async (tx) => {
      const [doc] = await tx
        .insert(documents)
        .values({
          projectId: loaded.project.id,
          userId: user.id,
          name: `Subscription agreement (signed) - ${loaded.project.name}`,
          category: 'Contracts',
          type: 'PDF',
          description: `SHA-256 ${documentSha256}`,
          uploadDate: now,
          fileKey: file.key,
          fileName: `subscription-agreement-${id}.pdf`,
          fileMime: 'application/pdf',
          fileSize: bytes.length,
        })
        .returning({ id: documents.id });
      const changed = await tx
        .update(subscriptions)
        .set({
          status: 'signed',
          signedAt: now,
          signedDocumentId: doc!.id,
          agreementSha256,
          updatedAt: now,
        })
        .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'pending')))
        .returning({ id: subscriptions.id });
      if (changed.length === 0) throw new ConflictError(coded('subscriptions.signing_not_pending'));
      await tx.insert(signatures).values({
        subscriptionId: id,
        userId: user.id,
        typedName: input.fullName.trim(),
        signedAt: now,
        ipAddress: user.address,
        userAgent: user.userAgent.slice(0, 500),
        agreementSha256,
        documentSha256,
        documentId: doc!.id,
      });
      return doc!.id;
    });
    return {
      subscription: {
        _id: id,
        offeringId: loaded.sub.offeringId,
        projectId: loaded.project.id,
        amount: num(loaded.sub.amount),
        status: 'signed',
        signedAt: now.toISOString(),
      },
      document: { _id: documentId, sha256: documentSha256 },
    };
  } catch (err) {
    await storage.delete(file.key).catch(() => undefined);
    throw err;
  }
}

/** Who signed the document with this SHA-256, and when; 404 for a hash no signature has. */
export async function findSignature(db: DbOrTx, hash: string): Promise<SignatureCheck> {
  const [row] = await db
    .select({
      signedBy: signatures.typedName,
      signedAt: signatures.signedAt,
      subscriptionId: signatures.subscriptionId,
    })
    .from(signatures)
    .where(eq(signatures.documentSha256, hash.toLowerCase()))
    .limit(1);
  if (!row) throw new NotFoundError('Signature');
  return { signedBy: row.signedBy, signedAt: row.signedAt.toISOString(), subscriptionId: row.subscriptionId };
}
