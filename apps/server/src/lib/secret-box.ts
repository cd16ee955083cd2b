import crypto from 'node:crypto';

/**
 * Encrypts small secrets at rest (AES-256-GCM) with a key derived from the data keys (DATA_KEYS, newest
 * first), so that a copy of the database alone does not give away TOTP secrets or IBANs. A value is
 * sealed with the newest key and opened with whichever key sealed it, so that a new key is used at once
 * while the old ones still open what they sealed, until `npm run reseal` has sealed everything again.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** Whether the value is sealed with the newest key (false: `reseal` should seal it again). */
  isCurrent(sealed: string): boolean;
}

/** One key (a secret) or a list of them, newest first. */
export type Keys = string | readonly string[];

export const keyList = (keys: Keys): readonly string[] => {
  const list = typeof keys === 'string' ? [keys] : keys;
  if (!list.length) throw new Error('No key given');
  return list;
};

function openWith(key: Buffer, sealed: string): string {
  const [v, iv, body, tag] = sealed.split('.');
  if (v !== 'v1' || !iv || !body || !tag) throw new Error('Unknown sealed format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export function createSecretBox(keys: Keys, purpose: string): SecretBox {
  const derived = keyList(keys).map((k) =>
    Buffer.from(crypto.hkdfSync('sha256', k, 'investor-portal', purpose, 32)),
  );
  const newest = derived[0]!;
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', newest, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        body.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      let failure: unknown;
      for (const key of derived) {
        try {
          return openWith(key, sealed);
        } catch (err) {
          failure = err;
        }
      }
      throw failure;
    },
    isCurrent(sealed) {
      try {
        openWith(newest, sealed);
        return true;
      } catch {
        return false;
      }
    },
  };
}
