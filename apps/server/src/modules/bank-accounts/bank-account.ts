import { eq } from 'drizzle-orm';
import { maskIban, type BankAccount, type BankAccountInput } from '@portal/contracts';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { users } from '../../db/schema';
import { coded, fieldError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { iso } from '../../lib/format';
import type { SecretBox } from '../../lib/secret-box';
import { recordAudit } from '../audit/service';
import { confirmCurrentPassword } from '../credentials/confirm-password';
import type { LoginLimiter } from '../credentials/login-limiter';
import type { TwoFactorService } from '../credentials/two-factor';
import { notifyUsers } from '../notifications/notify';
import { onField, parseBic, parseIban } from '../../lib/iban';

interface Deps {
  db: Db;
  /** Seals the IBAN at rest: a copy of the database alone does not give away where money is paid. */
  box: SecretBox;
  twoFactor: TwoFactorService;
  mailer: Mailer;
  /** Counts wrong current passwords with the account's failed sign-ins (ADR 007). */
  limiter: LoginLimiter;
}

/**
 * Sets the investor's bank account. The IBAN and BIC are checked before anything else (a 400 that says
 * what is wrong), then the current password and, with two-factor sign-in on, the authenticator's code:
 * a session alone cannot redirect the payouts. The account, the audit row (the IBAN masked) and the
 * investor's notification are written in one transaction.
 */
export async function setBankAccount(
  { db, box, twoFactor, mailer, limiter }: Deps,
  user: { id: string; address: string },
  input: BankAccountInput,
): Promise<BankAccount> {
  const iban = onField('iban', () => parseIban(input.iban));
  const bic = input.bic ? onField('bic', () => parseBic(input.bic!)) : null;
  const holder = input.holder.trim();
  const userId = user.id;
  const [account] = await db
    .select({ email: users.email, passwordHash: users.passwordHash, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) throw new NotFoundError('User');
  await confirmCurrentPassword(limiter, account, input.currentPassword, user.address);
  if (account.totpEnabledAt) {
    const code = input.code?.trim();
    if (!code) {
      throw fieldError('code', coded('auth.code_required'));
    }
    if (!(await twoFactor.verifySignInCode(userId, code)))
      throw new UnauthorizedError(coded('auth.code_invalid'));
  }
  const masked = maskIban(iban);
  const updatedAt = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        bankIbanSealed: box.seal(iban),
        bankIbanLast4: iban.slice(-4),
        bankBic: bic,
        bankHolder: holder,
        bankUpdatedAt: updatedAt,
        updatedAt,
      })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      actorId: userId,
      action: 'bank-account',
      entity: 'user',
      entityId: userId,
      details: { iban: masked, bic, holder },
    });
    await notifyUsers(tx, [userId], {
      title: 'Bank account changed',
      message: `Distributions will be paid to ${holder}, ${masked}. If you did not make this change, contact support at once.`,
      notice: { key: 'bankChanged', params: { holder, iban: masked } },
      type: 'warning',
      link: '/',
      createdBy: userId,
    });
    await mailer.queue(tx, 'bankChanged', userId, { ibanLast4: iban.slice(-4) });
  });
  return { iban: masked, bic, holder, updatedAt: iso(updatedAt)! };
}
