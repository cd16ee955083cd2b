import { HOTP, Secret, TOTP } from 'otpauth';

/** TOTP of RFC 6238 (otpauth): HMAC-SHA1, 30-second steps, 6 digits; codes of the neighbouring steps are accepted. */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
const ALGORITHM = 'SHA1';

export const base32Encode = (buf: Buffer): string =>
  new Secret({ buffer: Uint8Array.from(buf).buffer }).base32;

export const base32Decode = (input: string): Buffer => Buffer.from(Secret.fromBase32(input).bytes);

/** 160 random bits, base32, as authenticator apps expect. */
export const generateTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const totpStep = (nowMs = Date.now()): number =>
  TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: nowMs });

export const totpCode = (secret: string, step: number): string =>
  HOTP.generate({
    secret: Secret.fromBase32(secret),
    counter: step,
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
  });

/**
 * Checks a code against the current step and its neighbours (clock drift). Answers the matching step,
 * or null; a step at or before `lastStep` is refused so that a code cannot be replayed.
 */
export function verifyTotp(
  secret: string,
  code: string,
  lastStep: number | null,
  nowMs = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: nowMs,
    window: 1,
  });
  if (delta === null) return null;
  const step = totpStep(nowMs) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/**
 * The key URI authenticator apps read from the QR code. Built here rather than by otpauth's
 * `TOTP.toString()`, which decodes and re-encodes the secret: this passes it on exactly as given.
 */
export function otpauthUrl(secret: string, account: string, issuer = 'Investor Portal'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: ALGORITHM,
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
