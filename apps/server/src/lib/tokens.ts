import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { accessClaims, type AccessClaims, type DelegationRole } from '@portal/contracts';
import { keyList, type Keys } from './secret-box';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A refresh token not used for this long expires (idle timeout). */
export const REFRESH_IDLE_TTL_MS = 7 * 24 * 3600 * 1000;
/** No sign-in lives longer than this, however often it is refreshed (absolute timeout). */
export const REFRESH_ABSOLUTE_TTL_MS = 30 * 24 * 3600 * 1000;
/**
 * A refresh token presented again this soon after it was spent answers the same successor (parallel
 * refreshes, a retried request whose answer was lost) instead of counting as a stolen copy (ADR 007).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 5;

/** What an act-as token carries besides the delegate's own sign-in (ADR 032). */
interface ActAs {
  delegationId: string;
  principalId: string;
  role: DelegationRole;
}

export interface TokenSigner {
  signAccess(
    claims: { sub: string; sid: string; isAdmin: boolean; act?: ActAs },
    nowSeconds?: number,
  ): Promise<string>;
  verifyAccess(token: string): Promise<AccessClaims | null>;
  /** A short-lived token proving the password step of a two-factor sign-in. */
  signMfa(userId: string): Promise<string>;
  verifyMfa(token: string): Promise<string | null>;
  /** A long-lived token naming a device that signed in to an account (see login-limiter.ts). */
  signDevice(userId: string, email: string): Promise<string>;
  verifyDevice(token: string): Promise<KnownDevice | null>;
  /**
   * The refresh token that replaces `parent` at its rotation: derived from it with the server's key, so
   * that any instance given the parent again within the grace can answer the same successor, with only
   * hashes in the database.
   */
  successorRefreshToken(parent: string): { token: string; hash: string };
}

/** A device the account signed in from: the token's id and the account's email (lower case). */
export interface KnownDevice {
  id: string;
  userId: string;
  account: string;
}

export const DEVICE_TOKEN_TTL_SECONDS = 180 * 24 * 3600;

const MFA_TOKEN_TTL_SECONDS = 5 * 60;

/** Access tokens whose signature was checked recently; more than this and the least recently used are forgotten. */
const MAX_VERIFIED_TOKENS = 50_000;

/**
 * Signs with the newest of the secrets (JWT_SECRETS, newest first) and verifies a token signed by any of
 * them: a new secret is used at once, and tokens signed before it stay good until they expire or the old
 * secret is dropped from the list.
 */
export function createTokenSigner(secrets: Keys): TokenSigner {
  const keys = keyList(secrets).map((s) => new TextEncoder().encode(s));
  const key = keys[0]!;
  const successorKey = crypto.createHmac('sha256', key).update('refresh-token-successor').digest();
  /** The payload of a token signed by one of the keys (HS256), or an error. */
  async function verify(token: string) {
    let failure: unknown;
    for (const k of keys) {
      try {
        return await jwtVerify(token, k, { algorithms: ['HS256'] });
      } catch (err) {
        failure = err;
        // Only a bad signature is worth trying the next key for.
        if ((err as { code?: string }).code !== 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') break;
      }
    }
    throw failure;
  }
  // A token's signature and claims never change, so each is verified once; its expiry is checked on
  // every use (the same rule as jose's: expired when exp <= now).
  const verified = new LRUCache<string, AccessClaims>({ max: MAX_VERIFIED_TOKENS });
  return {
    async signAccess({ sub, sid, isAdmin, act }, nowSeconds = Math.floor(Date.now() / 1000)) {
      const delegated = act ? { dlg: act.delegationId, prn: act.principalId, role: act.role } : {};
      return new SignJWT({ sid, isAdmin, typ: 'access', ...delegated })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verifyAccess(token) {
      const now = Math.floor(Date.now() / 1000);
      const known = verified.get(token);
      if (known) {
        if (known.exp > now) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await verify(token);
        const parsed = accessClaims.safeParse(payload);
        if (!parsed.success) return null;
        verified.set(token, parsed.data);
        return parsed.data;
      } catch {
        return null;
      }
    },
    async signMfa(userId) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ typ: 'mfa' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(now)
        .setExpirationTime(now + MFA_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verifyMfa(token) {
      try {
        const { payload } = await verify(token);
        return payload.typ === 'mfa' && typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
    async signDevice(userId, email) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ typ: 'device', acct: email.trim().toLowerCase() })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(crypto.randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + DEVICE_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verifyDevice(token) {
      try {
        const { payload } = await verify(token);
        const { typ, sub, jti, acct } = payload;
        if (
          typ !== 'device' ||
          typeof sub !== 'string' ||
          typeof jti !== 'string' ||
          typeof acct !== 'string'
        )
          return null;
        return { id: jti, userId: sub, account: acct };
      } catch {
        return null;
      }
    },
    successorRefreshToken(parent) {
      const token = crypto.createHmac('sha256', successorKey).update(parent).digest('base64url');
      return { token, hash: hashRefreshToken(token) };
    },
  };
}

/** An opaque refresh token (256 random bits) and the hash under which it is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url');
}
