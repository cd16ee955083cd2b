import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { addMonths, KYC_REMINDER_DAYS } from '@portal/contracts';
import type { Db } from '../../db/client';
import { kycChecks, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { notifyUsers } from '../notifications/notify';
import { manualReviewProvider } from './provider';

const DAY_MS = 86_400_000;

/**
 * Part of the daily reminder: every active investor whose identity verification expires within 30 days
 * is told, in the bell and by email, once per verification (`kyc_checks.expiry_reminded_at`, set with the
 * notification and the email in one transaction by a conditional update, so a second run, on any
 * instance, finds it set; a new verification clears it). Answers how many were sent.
 */
export async function queueKycExpiryReminders(
  db: Db,
  mailer: Mailer,
  validMonths: number,
  now = new Date(),
): Promise<number> {
  const provider = manualReviewProvider(validMonths);
  const candidates = await db
    .select({ check: kycChecks })
    .from(kycChecks)
    .innerJoin(users, eq(users.id, kycChecks.userId))
    .where(
      and(eq(users.isActive, true), isNotNull(kycChecks.verifiedAt), isNull(kycChecks.expiryRemindedAt)),
    );
  let sent = 0;
  for (const { check } of candidates) {
    if (provider.status(check, now) !== 'verified') continue;
    const expires = addMonths(check.verifiedAt!.toISOString(), validMonths);
    if (expires.getTime() - now.getTime() > KYC_REMINDER_DAYS * DAY_MS) continue;
    const expiresAt = expires.toISOString().slice(0, 10);
    await db.transaction(async (tx) => {
      const [first] = await tx
        .update(kycChecks)
        .set({ expiryRemindedAt: now })
        .where(and(eq(kycChecks.userId, check.userId), isNull(kycChecks.expiryRemindedAt)))
        .returning({ userId: kycChecks.userId });
      if (!first) return;
      await notifyUsers(tx, [check.userId], {
        title: 'Identity verification expires soon',
        message: `Your identity verification expires on ${expiresAt}.`,
        notice: { key: 'kycExpiring', params: { date: { date: expiresAt } } },
        type: 'warning',
        link: '/identity',
      });
      await mailer.queue(tx, 'kyc', check.userId, { outcome: 'expiring', expiresAt });
      sent++;
    });
  }
  return sent;
}
