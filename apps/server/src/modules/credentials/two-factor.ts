import crypto from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { TotpSetup, TotpStatus } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { recoveryCodes, users } from '../../db/schema';
import { coded, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { generateTotpSecret, otpauthUrl, verifyTotp } from '../../lib/totp';
import { getSecuritySettings } from '../settings/security-settings';
import { confirmCurrentPassword } from './confirm-password';
import type { LoginLimiter } from './login-limiter';

/** A password confirming a change of two-factor sign-in that is not the account's. */
const PASSWORD_WRONG = coded('auth.password_wrong');

const RECOVERY_CODE_COUNT = 10;

const hashRecoveryCode = (code: string) =>
  crypto.createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('base64url');

/** 'k7f2q-m9x4d': 50 random bits, easy to read and type. */
function newRecoveryCode(): string {
  const raw = crypto.randomBytes(7).toString('hex').slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

export function createTwoFactorService(deps: {
  db: Db;
  box: SecretBox;
  mailer: Mailer;
  limiter: LoginLimiter;
}) {
  const { db, box, mailer, limiter } = deps;

  async function load(userId: string) {
    const [u] = await db
      .select({
        email: users.email,
        isAdmin: users.isAdmin,
        passwordHash: users.passwordHash,
        totpSecret: users.totpSecret,
        totpEnabledAt: users.totpEnabledAt,
        totpLastStep: users.totpLastStep,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!u) throw new NotFoundError('User');
    return u;
  }

  async function issueRecoveryCodes(tx: DbOrTx, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
    return codes;
  }

  return {
    async status(userId: string): Promise<TotpStatus> {
      const u = await load(userId);
      const [left] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      const { requireAdminTotp } = await getSecuritySettings(db);
      return {
        enabled: !!u.totpEnabledAt,
        required: u.isAdmin && requireAdminTotp,
        recoveryCodesLeft: left?.n ?? 0,
      };
    },

    /** Starts enrolment: a new secret, kept encrypted until a first code confirms it. */
    async setup(userId: string): Promise<TotpSetup> {
      const u = await load(userId);
      if (u.totpEnabledAt) throw new ConflictError(coded('auth.two_factor_on'));
      const secret = generateTotpSecret();
      await db
        .update(users)
        .set({ totpSecret: box.seal(secret), totpLastStep: null })
        .where(eq(users.id, userId));
      const url = otpauthUrl(secret, u.email);
      const qrSvg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, otpauthUrl: url, qrSvg };
    },

    /** Confirms enrolment with a code from the app; answers the recovery codes, shown once. */
    async enable(userId: string, code: string): Promise<string[]> {
      const u = await load(userId);
      if (u.totpEnabledAt) throw new ConflictError(coded('auth.two_factor_on'));
      if (!u.totpSecret) throw new ConflictError(coded('auth.two_factor_setup_first'));
      const step = verifyTotp(box.open(u.totpSecret), code, null);
      if (step === null) throw new UnauthorizedError(coded('auth.code_invalid'));
      return db.transaction(async (tx) => {
        // Conditional: of racing confirmations only one turns it on, so the recovery codes shown are the
        // ones that work, and the code is spent once.
        const turnedOn = await tx
          .update(users)
          .set({ totpEnabledAt: new Date(), totpLastStep: step })
          .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
          .returning({ id: users.id });
        if (turnedOn.length === 0) throw new ConflictError(coded('auth.two_factor_on'));
        await mailer.queue(tx, 'twoFactorChanged', userId, { enabled: true });
        return issueRecoveryCodes(tx, userId);
      });
    },

    async regenerateRecoveryCodes(userId: string, password: string, address: string): Promise<string[]> {
      const u = await load(userId);
      await confirmCurrentPassword(limiter, u, password, address, PASSWORD_WRONG);
      if (!u.totpEnabledAt) throw new ConflictError(coded('auth.two_factor_off'));
      return db.transaction((tx) => issueRecoveryCodes(tx, userId));
    },

    async disable(userId: string, password: string, address: string): Promise<void> {
      const u = await load(userId);
      await confirmCurrentPassword(limiter, u, password, address, PASSWORD_WRONG);
      const { requireAdminTotp } = await getSecuritySettings(db);
      if (u.isAdmin && requireAdminTotp) throw new ForbiddenError(coded('auth.two_factor_required'));
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
          .where(eq(users.id, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await mailer.queue(tx, 'twoFactorChanged', userId, { enabled: false });
      });
    },

    /**
     * The second step of sign-in: a current TOTP code (never one already used) or an unused recovery
     * code (then spent). Answers whether it matched.
     */
    async verifySignInCode(userId: string, code: string): Promise<boolean> {
      const u = await load(userId);
      if (!u.totpEnabledAt || !u.totpSecret) return false;
      const clean = code.replace(/\s/g, '');
      if (/^\d{6}$/.test(clean)) {
        const step = verifyTotp(box.open(u.totpSecret), clean, u.totpLastStep);
        if (step === null) return false;
        // Conditional update: two racing sign-ins cannot both spend the same step.
        const updated = await db
          .update(users)
          .set({ totpLastStep: step })
          .where(
            and(
              eq(users.id, userId),
              u.totpLastStep === null ? isNull(users.totpLastStep) : eq(users.totpLastStep, u.totpLastStep),
            ),
          )
          .returning({ id: users.id });
        return updated.length === 1;
      }
      const spent = await db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, hashRecoveryCode(clean)),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return spent.length === 1;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
