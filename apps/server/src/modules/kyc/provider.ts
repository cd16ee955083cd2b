import { and, eq, isNotNull } from 'drizzle-orm';
import { KYC_DOCUMENT_KINDS, kycStatus, type KycStatus } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { kycChecks, kycDocuments } from '../../db/schema';
import { iso } from '../../lib/format';

/** What a provider knows of a stored check. */
export type KycRow = typeof kycChecks.$inferSelect;

/**
 * An identity-check provider (ADR 028): it takes a complete check for review (`submit`) and says where a
 * check stands (`status`). The built-in one is the admin's manual review; an outside provider would send
 * the answers and documents on in `submit` and read its verdict back.
 */
export interface KycProvider {
  readonly name: string;
  /** Called after each change of the investor's answers or documents: submits the check when complete. */
  submit(db: DbOrTx, userId: string, now: Date): Promise<void>;
  status(check: KycRow | null, now: Date): KycStatus;
}

/** Whether the answers are all given. */
const answered = (c: KycRow) =>
  c.dateOfBirth !== null &&
  c.taxResidence !== null &&
  c.politicallyExposed !== null &&
  c.sourceOfFunds !== null &&
  c.sourceOfFunds !== '';

/** The admin's manual review: a check with the answers and both documents waits for an admin. */
export function manualReviewProvider(validMonths: number): KycProvider {
  return {
    name: 'manual',
    async submit(db, userId, now) {
      const [check] = await db.select().from(kycChecks).where(eq(kycChecks.userId, userId)).limit(1);
      if (!check || !answered(check)) return;
      const kinds = await db
        .selectDistinct({ kind: kycDocuments.kind })
        .from(kycDocuments)
        .where(and(eq(kycDocuments.userId, userId), isNotNull(kycDocuments.fileKey)));
      if (!KYC_DOCUMENT_KINDS.every((k) => kinds.some((d) => d.kind === k))) return;
      // A new answer or document after a review submits the check again.
      await db.update(kycChecks).set({ submittedAt: now }).where(eq(kycChecks.userId, userId));
    },
    status(check, now) {
      if (!check) return 'not_started';
      return kycStatus(
        {
          submittedAt: iso(check.submittedAt),
          verifiedAt: iso(check.verifiedAt),
          rejectedAt: iso(check.rejectedAt),
        },
        now,
        validMonths,
      );
    },
  };
}
