import crypto from 'node:crypto';
import { keyList, type Keys } from './secret-box';

/**
 * Signs short payloads (HMAC-SHA256) with a key derived from the server's secret for one purpose, so
 * that a signature made for one kind of link is worth nothing for another. Used where the address
 * itself is the permission: unsubscribe links, calendar feeds.
 */
export interface Signer {
  /** The first `bytes` bytes of the payload's HMAC. */
  sign(payload: string | Uint8Array, bytes: number): Buffer;
  /** Whether `signature` is the start of the payload's HMAC (compared in constant time). */
  verify(payload: string | Uint8Array, signature: Uint8Array): boolean;
}

/** Signatures shorter than this are refused, whatever the caller asks. */
const MIN_BYTES = 16;

/** Signs with the newest of the secrets (JWT_SECRETS); a signature by any of them verifies. */
export function createSigner(secrets: Keys, purpose: string): Signer {
  const keys = keyList(secrets).map((s) =>
    Buffer.from(crypto.hkdfSync('sha256', s, 'investor-portal', purpose, 32)),
  );
  const macWith = (key: Buffer, payload: string | Uint8Array, bytes: number) =>
    crypto.createHmac('sha256', key).update(payload).digest().subarray(0, bytes);
  return {
    sign: (payload, bytes) => macWith(keys[0]!, payload, bytes),
    verify(payload, signature) {
      if (signature.length < MIN_BYTES || signature.length > 32) return false;
      return keys.some((key) => crypto.timingSafeEqual(macWith(key, payload, signature.length), signature));
    },
  };
}
