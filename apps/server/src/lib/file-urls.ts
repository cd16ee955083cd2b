import crypto from 'node:crypto';
import { keyList, type Keys } from './secret-box';

/** 'p' = a project media item, 'u' = a per-user media item (documents of kind media). */
export type FileSource = 'p' | 'u';

/** Addresses live between two and three hours; within one hour they stay the same, so browsers cache. */
const BUCKET_SECONDS = 60 * 60;
const MIN_LIFETIME_SECONDS = 2 * BUCKET_SECONDS;

export interface FileUrls {
  /** A same-origin address an <img> or <video> can load without the bearer header. */
  sign(source: FileSource, id: string, opts?: { download?: boolean }): string;
  /** True when the signature matches and has not expired. */
  verify(source: FileSource, id: string, exp: number, sig: string, download: boolean): boolean;
  /** Seconds until `exp`, for Cache-Control. */
  secondsLeft(exp: number): number;
}

/**
 * Short-lived signed addresses for uploaded media files (docs/decisions/003-signed-media-urls.md). The
 * key is derived from the JWT secret, so every instance of a deployment signs and checks alike.
 */
export function createFileUrls(secrets: Keys, now: () => number = Date.now): FileUrls {
  // Signed with the newest secret; an address signed with an older one (JWT_SECRETS) still opens.
  const keys = keyList(secrets).map((s) =>
    crypto.createHmac('sha256', s).update('portal:media-file-urls:v1').digest(),
  );
  const macWith = (key: Buffer, source: FileSource, id: string, exp: number, download: boolean) =>
    crypto
      .createHmac('sha256', key)
      .update(`${source}:${id}:${exp}:${download ? 'attachment' : 'inline'}`)
      .digest('base64url');
  const mac = (source: FileSource, id: string, exp: number, download: boolean) =>
    macWith(keys[0]!, source, id, exp, download);
  const nowSeconds = () => Math.floor(now() / 1000);
  return {
    sign(source, id, opts = {}) {
      const exp = (Math.floor((nowSeconds() + MIN_LIFETIME_SECONDS) / BUCKET_SECONDS) + 1) * BUCKET_SECONDS;
      const sig = mac(source, id, exp, !!opts.download);
      return `/api/media/files/${source}/${id}?exp=${exp}&sig=${sig}${opts.download ? '&download=1' : ''}`;
    },
    verify(source, id, exp, sig, download) {
      if (!Number.isSafeInteger(exp) || exp <= nowSeconds()) return false;
      const given = Buffer.from(sig);
      return keys.some((key) => {
        const expected = Buffer.from(macWith(key, source, id, exp, download));
        return given.length === expected.length && crypto.timingSafeEqual(given, expected);
      });
    },
    secondsLeft(exp) {
      return Math.max(0, exp - nowSeconds());
    },
  };
}
