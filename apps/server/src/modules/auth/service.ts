import crypto from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  generateInvestorId,
  type LoginAnswer,
  type LoginInput,
  type LoginResult,
  type RegisterInput,
  type TokenPair,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { signupName } from '../../mail/templates';
import { refreshTokens, users } from '../../db/schema';
import { coded, ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { assertNewPasswordAllowed } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { confirmCurrentPassword } from '../credentials/confirm-password';
import {
  REFRESH_ABSOLUTE_TTL_MS,
  REFRESH_IDLE_TTL_MS,
  REFRESH_REUSE_GRACE_SECONDS,
  hashRefreshToken,
  newRefreshToken,
  type KnownDevice,
  type TokenSigner,
} from '../../lib/tokens';
import { presentCurrentUser } from '../portfolio/current-user-presenter';
import { getCurrentUser } from '../portfolio/current-user';
import type { LoginLimiter } from '../credentials/login-limiter';
import type { TwoFactorService } from '../credentials/two-factor';
import { recordSignIn, touchSignIn, type ClientInfo, type SignInMethod } from './sessions';
import { passkeys } from '../../db/schema';

const SESSION_ENDED = coded('auth.session_ended');

/** Where a sign-in comes from: the client's address and the known-device token it brought, if valid. */
interface SignInContext {
  address: string;
  userAgent?: string;
  device?: KnownDevice | null;
}

export interface AuthService {
  login(input: LoginInput, from: SignInContext): Promise<LoginAnswer>;
  completeMfa(
    mfaToken: string,
    code: string,
    device?: KnownDevice | null,
    client?: ClientInfo,
  ): Promise<LoginResult>;
  /** A sign-in already proven (a passkey): the session, for an active user. */
  startVerifiedSession(userId: string, client: ClientInfo, method: SignInMethod): Promise<LoginResult>;
  changePassword(
    user: { id: string; sid: string; address: string },
    currentPassword: string,
    newPassword: string,
  ): Promise<void>;
  refresh(token: string, client?: ClientInfo): Promise<TokenPair>;
  logout(opts: { refreshToken?: string; sid?: string }): Promise<void>;
  register(input: RegisterInput): Promise<void>;
}

/** What decides whether an account may sign in: its role, whether it is active and activated. */
const accountState = {
  id: users.id,
  isAdmin: users.isAdmin,
  isActive: users.isActive,
  activatedAt: users.activatedAt,
};

export function createAuthService(deps: {
  db: Db;
  signer: TokenSigner;
  limiter: LoginLimiter;
  twoFactor: TwoFactorService;
  mailer: Mailer;
}): AuthService {
  const { db, signer, limiter, twoFactor, mailer } = deps;

  async function issue(
    tx: DbOrTx,
    user: { id: string; isAdmin: boolean },
    familyId: string,
    familyExpiresAt: Date,
    { token, hash } = newRefreshToken(),
  ) {
    const now = Date.now();
    await tx.insert(refreshTokens).values({
      userId: user.id,
      familyId,
      tokenHash: hash,
      expiresAt: new Date(Math.min(now + REFRESH_IDLE_TTL_MS, familyExpiresAt.getTime())),
      familyExpiresAt,
    });
    const accessToken = await signer.signAccess({ sub: user.id, sid: familyId, isAdmin: user.isAdmin });
    return { accessToken, refreshToken: token };
  }

  async function startSession(
    user: { id: string; isAdmin: boolean },
    client: ClientInfo | undefined,
    method: SignInMethod,
  ): Promise<LoginResult> {
    const tokens = await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ previousLoginAt: sql`${users.lastLoginAt}`, lastLoginAt: new Date() })
        .where(eq(users.id, user.id));
      const familyId = crypto.randomUUID();
      await recordSignIn(tx, familyId, user.id, client, method);
      return issue(tx, user, familyId, new Date(Date.now() + REFRESH_ABSOLUTE_TTL_MS));
    });
    return { ...tokens, user: presentCurrentUser(await getCurrentUser(db, user.id)) };
  }

  /**
   * The pair answered again for a refresh token spent moments ago: its successor, while that sign-in
   * lives, with a fresh access token of the same sign-in; null when there is none.
   */
  async function successorOf(
    token: string,
    spent: { userId: string; familyId: string; isAdmin: boolean },
  ): Promise<TokenPair | null> {
    const successor = signer.successorRefreshToken(token);
    const [row] = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.tokenHash, successor.hash),
          eq(refreshTokens.familyId, spent.familyId),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .limit(1);
    if (!row) return null;
    const accessToken = await signer.signAccess({
      sub: spent.userId,
      sid: spent.familyId,
      isAdmin: spent.isAdmin,
    });
    return { accessToken, refreshToken: successor.token };
  }

  async function revokeFamily(familyId: string) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  return {
    async login({ email, password }, from) {
      // A device token counts only for the account it was given for.
      const device = from.device && from.device.account === email.trim().toLowerCase() ? from.device : null;
      const source = { account: email, address: from.address, device: device?.id };
      await limiter.checkSignIn(source);
      const [user] = await db
        .select({
          ...accountState,
          passwordHash: users.passwordHash,
          totpEnabledAt: users.totpEnabledAt,
        })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      const ok = await verifyPassword(user?.passwordHash, password);
      if (!user || !ok) {
        await limiter.failSignIn(source);
        throw new UnauthorizedError(coded('auth.invalid_credentials'));
      }
      await limiter.succeedSignIn(source);
      // Only someone who knows the password learns that the account is not active.
      if (!user.isActive) {
        throw new ForbiddenError(
          coded(user.activatedAt ? 'auth.account_deactivated' : 'auth.account_pending'),
        );
      }
      // With two-factor sign-in on, the password only earns a short-lived challenge.
      if (user.totpEnabledAt) {
        // A passkey satisfies the second step too (ADR 030).
        const [key] = await db
          .select({ id: passkeys.id })
          .from(passkeys)
          .where(eq(passkeys.userId, user.id))
          .limit(1);
        return {
          mfaRequired: true as const,
          mfaToken: await signer.signMfa(user.id),
          ...(key ? { passkey: true as const } : {}),
        };
      }
      return startSession(user, from, 'password');
    },

    async startVerifiedSession(userId, client, method) {
      const [user] = await db.select(accountState).from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw new UnauthorizedError(SESSION_ENDED);
      if (!user.isActive) {
        throw new ForbiddenError(
          coded(user.activatedAt ? 'auth.account_deactivated' : 'auth.account_pending'),
        );
      }
      return startSession(user, client, method);
    },

    async completeMfa(mfaToken, code, knownDevice, client) {
      const userId = await signer.verifyMfa(mfaToken);
      if (!userId) throw new UnauthorizedError(coded('auth.mfa_expired'));
      // A known device of this account is not held back by wrong codes from elsewhere (ADR 007).
      const device = knownDevice?.userId === userId ? knownDevice.id : undefined;
      await limiter.checkSecondFactor(userId, device);
      const [user] = await db
        .select({ id: users.id, isAdmin: users.isAdmin, isActive: users.isActive })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user || !user.isActive) throw new UnauthorizedError(SESSION_ENDED);
      if (!(await twoFactor.verifySignInCode(userId, code))) {
        await limiter.failSecondFactor(userId, device);
        throw new UnauthorizedError(coded('auth.mfa_code_invalid'));
      }
      await limiter.succeedSecondFactor(userId, device);
      return startSession(user, client, 'second-factor');
    },

    async changePassword({ id: userId, sid, address }, currentPassword, newPassword) {
      const [user] = await db
        .select({ email: users.email, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) throw new UnauthorizedError(SESSION_ENDED);
      await confirmCurrentPassword(limiter, user, currentPassword, address);
      assertNewPasswordAllowed(newPassword);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, passwordChangedAt: new Date() })
          .where(eq(users.id, userId));
        // Every other sign-in ends; this one goes on.
        await tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(refreshTokens.userId, userId),
              ne(refreshTokens.familyId, sid),
              isNull(refreshTokens.revokedAt),
            ),
          );
        await mailer.queue(tx, 'passwordChanged', userId, {});
      });
    },

    async refresh(token, client) {
      const hash = hashRefreshToken(token);
      const [row] = await db
        .select({
          id: refreshTokens.id,
          userId: refreshTokens.userId,
          familyId: refreshTokens.familyId,
          expiresAt: refreshTokens.expiresAt,
          familyExpiresAt: refreshTokens.familyExpiresAt,
          usedAt: refreshTokens.usedAt,
          // Read from the database's clock, which every instance shares.
          spentJustNow: sql<boolean>`coalesce(${refreshTokens.usedAt} > now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS}), false)`,
          revokedAt: refreshTokens.revokedAt,
          isAdmin: users.isAdmin,
          isActive: users.isActive,
        })
        .from(refreshTokens)
        .innerJoin(users, eq(users.id, refreshTokens.userId))
        .where(eq(refreshTokens.tokenHash, hash))
        .limit(1);
      if (!row || row.revokedAt) throw new UnauthorizedError(SESSION_ENDED);
      const now = Date.now();
      if (row.usedAt) {
        // Spent moments ago (parallel refreshes, a retry): the same successor, if the sign-in lives.
        if (row.spentJustNow && row.isActive && row.familyExpiresAt.getTime() > now) {
          const again = await successorOf(token, row);
          if (again) return again;
        }
        // A used token came back later: someone holds a copy. End the whole sign-in.
        await revokeFamily(row.familyId);
        throw new UnauthorizedError(SESSION_ENDED);
      }
      if (row.expiresAt.getTime() <= now || row.familyExpiresAt.getTime() <= now || !row.isActive) {
        await revokeFamily(row.familyId);
        throw new UnauthorizedError(SESSION_ENDED);
      }
      const pair = await db.transaction(async (tx) => {
        // Only one caller can spend a token, even when several race with the same one.
        const spent = await tx
          .update(refreshTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
          )
          .returning({ id: refreshTokens.id });
        if (spent.length === 0) return null;
        await touchSignIn(tx, row.familyId, row.userId, client);
        return issue(
          tx,
          { id: row.userId, isAdmin: row.isAdmin },
          row.familyId,
          row.familyExpiresAt,
          signer.successorRefreshToken(token),
        );
      });
      if (pair) return pair;
      // Another request spent it since it was read (its successor is committed by now): the same answer.
      const again = await successorOf(token, row);
      if (again) return again;
      await revokeFamily(row.familyId);
      throw new UnauthorizedError(SESSION_ENDED);
    },

    async register({ email, password, locale }) {
      assertNewPasswordAllowed(password);
      const passwordHash = await hashPassword(password);
      // An existing email gets the same answer as a new one, so sign-up does not reveal who has an account.
      for (let attempt = 0; attempt < 3; attempt++) {
        const inserted = await db.transaction(async (tx) => {
          const rows = await tx
            .insert(users)
            .values({
              name: signupName(email),
              email,
              passwordHash,
              investorId: generateInvestorId(),
              isActive: false,
              activatedAt: null,
              ...(locale ? { locale } : {}),
            })
            .onConflictDoNothing()
            .returning({ id: users.id });
          // The person who signed up is told it arrived (an existing address gets nothing).
          if (rows[0]) await mailer.queue(tx, 'signupReceived', rows[0].id, {});
          return rows;
        });
        if (inserted.length) return;
        const [taken] = await db
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = lower(${email})`)
          .limit(1);
        if (taken) return;
        // Otherwise the generated investor ID collided: try another.
      }
    },

    async logout({ refreshToken, sid }) {
      if (sid) await revokeFamily(sid);
      if (refreshToken) {
        const [row] = await db
          .select({ familyId: refreshTokens.familyId })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)))
          .limit(1);
        if (row) await revokeFamily(row.familyId);
      }
    },
  };
}
