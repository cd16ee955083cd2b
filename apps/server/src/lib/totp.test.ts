import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  otpauthUrl,
  totpCode,
  totpStep,
  verifyTotp,
} from './totp';

describe('TOTP', () => {
  // RFC 6238 appendix B test vectors (SHA1, 8 digits) — the 6-digit codes are their last six digits.
  const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('matches the RFC 6238 vector at %i s', (seconds, code) => {
    expect(totpCode(rfcSecret, totpStep(seconds * 1000))).toBe(code);
  });

  it('round-trips base32', () => {
    const buf = Buffer.from([0, 1, 2, 250, 255, 17, 99]);
    expect(base32Decode(base32Encode(buf))).toEqual(buf);
    expect(generateTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts the neighbouring steps, refuses others and replays', () => {
    const secret = generateTotpSecret();
    const now = 1_800_000_000_000;
    const step = totpStep(now);
    expect(verifyTotp(secret, totpCode(secret, step), null, now)).toBe(step);
    expect(verifyTotp(secret, totpCode(secret, step - 1), null, now)).toBe(step - 1);
    expect(verifyTotp(secret, totpCode(secret, step + 1), null, now)).toBe(step + 1);
    expect(verifyTotp(secret, totpCode(secret, step - 2), null, now)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, step), step, now)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', null, now)).toBeNull();
  });

  it('builds an otpauth URL for authenticator apps', () => {
    const url = new URL(otpauthUrl('ABC', 'emma@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe('ABC');
    expect(url.searchParams.get('issuer')).toBe('Investor Portal');
  });
});

describe('secret box', () => {
  it('seals so that only the same server secret opens, and detects tampering', () => {
    const box = createSecretBox('s'.repeat(40), 'totp');
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => createSecretBox('t'.repeat(40), 'totp').open(sealed)).toThrow();
    const parts = sealed.split('.');
    // One character changed for another (its last but one: the last may carry only padding bits).
    const at = parts[2]!.length - 2;
    parts[2] = parts[2]!.slice(0, at) + (parts[2]![at] === 'A' ? 'B' : 'A') + parts[2]!.slice(at + 1);
    expect(parts.join('.')).not.toBe(sealed);
    expect(() => box.open(parts.join('.'))).toThrow();
  });
});
