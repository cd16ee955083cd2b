import crypto from 'node:crypto';

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

export function createSigner(serverSecret: string, purpose: string): Signer {
  const key = Buffer.from(crypto.hkdfSync('sha256', serverSecret, 'investor-portal', purpose, 32));
  const sign = (payload: string | Uint8Array, bytes: number) =>
    crypto.createHmac('sha256', key).update(payload).digest().subarray(0, bytes);
  return {
    sign,
    verify(payload, signature) {
      if (signature.length < MIN_BYTES || signature.length > 32) return false;
      return crypto.timingSafeEqual(sign(payload, signature.length), signature);
    },
  };
}
