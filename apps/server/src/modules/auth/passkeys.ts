import { and, eq, gt, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Passkey, WebauthnOptions } from '@portal/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { passkeys, users, webauthnChallenges } from '../../db/schema';
import {
  BadRequestError,
  coded,
  ConflictError,
  NotFoundError,
  pgConstraint,
  UnauthorizedError,
} from '../../lib/errors';
import type { TokenSigner } from '../../lib/tokens';
import { describeUserAgent } from './sessions';

/** How long a challenge can be answered. */
const CHALLENGE_TTL_MS = 5 * 60_000;

type Purpose = 'register' | 'sign-in' | 'second-factor';

/**
 * The relying party: its id (the host name) and origin, from the app's public URL (APP_URL). An IP
 * address cannot be a WebAuthn RP ID, so a loopback address (a local run, the E2E server) stands for
 * `localhost`, which browsers treat as a secure context: passkeys work at http://localhost:<port>.
 */
export function relyingParty(config: Pick<Config, 'appUrl'>) {
  const url = new URL(config.appUrl);
  if (['127.0.0.1', '[::1]'].includes(url.hostname)) url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin, name: 'Investor Portal' };
}

const present = (r: typeof passkeys.$inferSelect): Passkey => ({
  _id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  backedUp: r.backedUp,
});

const transportsOf = (list: string[]) => list as AuthenticatorTransportFuture[];

export function createPasskeyService(deps: { db: Db; config: Pick<Config, 'appUrl'>; signer: TokenSigner }) {
  const { db } = deps;
  const rp = relyingParty(deps.config);

  async function saveChallenge(challenge: string, purpose: Purpose, userId: string | null) {
    // Expired challenges go as new ones come.
    await db.delete(webauthnChallenges).where(sql`${webauthnChallenges.expiresAt} < now()`);
    await db.insert(webauthnChallenges).values({
      challenge,
      purpose,
      userId,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
  }

  /**
   * Spends the challenge a response answers: it must have been handed out for this purpose (and user),
   * not have expired, and not have been used — it is deleted in the same statement, so it works once.
   */
  async function spendChallenge(clientDataJSON: unknown, purpose: Purpose, userId: string | null) {
    let challenge: unknown;
    try {
      challenge = JSON.parse(isoBase64URL.toUTF8String(String(clientDataJSON))).challenge;
    } catch {
      throw new BadRequestError(coded('auth.passkey_invalid'));
    }
    if (typeof challenge !== 'string') throw new BadRequestError(coded('auth.passkey_invalid'));
    const spent = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          userId === null ? sql`${webauthnChallenges.userId} is null` : eq(webauthnChallenges.userId, userId),
          gt(webauthnChallenges.expiresAt, sql`now()`),
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    if (!spent.length) throw new BadRequestError(coded('auth.passkey_challenge'));
    return challenge;
  }

  async function own(userId: string, id: string) {
    const [row] = await db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .limit(1);
    if (!row) throw new NotFoundError('Passkey');
    return row;
  }

  /** Checks an assertion against a stored credential and records its use. */
  async function verifyAssertion(
    response: AuthenticationResponseJSON,
    challenge: string,
    key: typeof passkeys.$inferSelect,
  ) {
    let result;
    try {
      result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        credential: {
          id: key.credentialId,
          publicKey: isoBase64URL.toBuffer(key.publicKey),
          counter: key.counter,
          transports: transportsOf(key.transports),
        },
      });
    } catch {
      throw new BadRequestError(coded('auth.passkey_invalid'));
    }
    if (!result.verified) throw new BadRequestError(coded('auth.passkey_invalid'));
    await db
      .update(passkeys)
      .set({
        counter: result.authenticationInfo.newCounter,
        backedUp: result.authenticationInfo.credentialBackedUp,
        lastUsedAt: new Date(),
      })
      .where(eq(passkeys.id, key.id));
  }

  return {
    async list(userId: string): Promise<Passkey[]> {
      const rows = await db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(passkeys.createdAt);
      return rows.map(present);
    },

    async registrationOptions(userId: string): Promise<WebauthnOptions> {
      const [user] = await db
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) throw new UnauthorizedError(coded('auth.session_ended'));
      const existing = await db
        .select({ id: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId));
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.name,
        // The user handle is the account id: a discoverable credential names its account at sign-in.
        userID: new TextEncoder().encode(userId),
        attestationType: 'none',
        excludeCredentials: existing.map((c) => ({ id: c.id, transports: transportsOf(c.transports) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await saveChallenge(options.challenge, 'register', userId);
      return options as unknown as WebauthnOptions;
    },

    async register(userId: string, body: unknown, name: string | undefined, userAgent?: string) {
      const response = body as RegistrationResponseJSON;
      const challenge = await spendChallenge(response.response?.clientDataJSON, 'register', userId);
      let result;
      try {
        result = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
      } catch {
        throw new BadRequestError(coded('auth.passkey_invalid'));
      }
      if (!result.verified || !result.registrationInfo)
        throw new BadRequestError(coded('auth.passkey_invalid'));
      const { credential, credentialBackedUp } = result.registrationInfo;
      const ua = describeUserAgent(userAgent ?? '');
      const fallback = [ua.browser, ua.os].filter(Boolean).join(' · ') || 'Passkey';
      try {
        const [row] = await db
          .insert(passkeys)
          .values({
            userId,
            credentialId: credential.id,
            publicKey: isoBase64URL.fromBuffer(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports ?? [],
            backedUp: credentialBackedUp,
            name: (name ?? fallback).slice(0, 100),
          })
          .returning();
        return present(row!);
      } catch (err) {
        if (pgConstraint(err) === 'passkeys_credential_key')
          throw new ConflictError(coded('auth.passkey_exists'));
        throw err;
      }
    },

    async rename(userId: string, id: string, name: string) {
      await own(userId, id);
      const [row] = await db.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning();
      return present(row!);
    },

    /** Removes a passkey; never the last way into the account (the last passkey without a password). */
    async remove(userId: string, id: string) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: passkeys.id })
          .from(passkeys)
          .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
          .for('update');
        if (!row) throw new NotFoundError('Passkey');
        const [user] = await tx
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(passkeys)
          .where(eq(passkeys.userId, userId));
        if (n <= 1 && !user?.passwordHash) throw new ConflictError(coded('auth.passkey_last'));
        await tx.delete(passkeys).where(eq(passkeys.id, id));
      });
    },

    async signInOptions(): Promise<WebauthnOptions> {
      // Discoverable credentials: no account named, the authenticator offers its passkeys for this site.
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
      await saveChallenge(options.challenge, 'sign-in', null);
      return options as unknown as WebauthnOptions;
    },

    /** Verifies a passwordless sign-in; answers the account's id. */
    async verifySignIn(body: unknown): Promise<string> {
      const response = body as AuthenticationResponseJSON;
      const challenge = await spendChallenge(response.response?.clientDataJSON, 'sign-in', null);
      const [key] = await db
        .select()
        .from(passkeys)
        .where(eq(passkeys.credentialId, String(response.id)))
        .limit(1);
      if (!key) throw new UnauthorizedError(coded('auth.passkey_unknown'));
      const handle = response.response?.userHandle;
      if (handle && isoBase64URL.toUTF8String(handle) !== key.userId)
        throw new UnauthorizedError(coded('auth.passkey_unknown'));
      await verifyAssertion(response, challenge, key);
      return key.userId;
    },

    async secondFactorOptions(userId: string): Promise<WebauthnOptions> {
      const keys = await db
        .select({ id: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId));
      if (!keys.length) throw new ConflictError(coded('auth.passkey_none'));
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'preferred',
        allowCredentials: keys.map((k) => ({ id: k.id, transports: transportsOf(k.transports) })),
      });
      await saveChallenge(options.challenge, 'second-factor', userId);
      return options as unknown as WebauthnOptions;
    },

    async verifySecondFactor(userId: string, body: unknown) {
      const response = body as AuthenticationResponseJSON;
      const challenge = await spendChallenge(response.response?.clientDataJSON, 'second-factor', userId);
      const [key] = await db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.credentialId, String(response.id)), eq(passkeys.userId, userId)))
        .limit(1);
      if (!key) throw new UnauthorizedError(coded('auth.passkey_unknown'));
      await verifyAssertion(response, challenge, key);
    },
  };
}
