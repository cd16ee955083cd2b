import crypto from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

const b64url = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => crypto.createHash('sha256').update(b).digest();

/**
 * A software WebAuthn authenticator for tests: one ES256 (P-256) key per credential, attestation
 * `none`, discoverable credentials (it keeps the user handle), user verification always done.
 */
export function softAuthenticator(rp: { id: string; origin: string }) {
  const credentials = new Map<
    string,
    { privateKey: crypto.KeyObject; publicKey: crypto.KeyObject; userHandle: string; counter: number }
  >();

  function authData(flags: number, counter: number, attested?: Buffer) {
    const head = Buffer.alloc(37);
    sha256(rp.id).copy(head, 0);
    head[32] = flags;
    head.writeUInt32BE(counter, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  function clientData(type: string, challenge: string, origin = rp.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  return {
    credentials,
    /** Answers creation options (as the server gave them) like navigator.credentials.create. */
    create(options: { challenge: string; user: { id: string } }) {
      const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = encodeCBOR(
        new Map<number, number | Uint8Array>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const id = crypto.randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(cose)]);
      // UP | UV | AT
      const data = authData(0x01 | 0x04 | 0x40, 0, attested);
      const attestationObject = encodeCBOR(
        new Map<string, CBORType>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, CBORType>()],
          ['authData', new Uint8Array(data)],
        ]),
      );
      credentials.set(b64url(id), { privateKey, publicKey, userHandle: options.user.id, counter: 0 });
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** Answers request options like navigator.credentials.get (a given credential, or the first). */
    get(options: { challenge: string }, credentialId?: string, opts: { origin?: string } = {}) {
      const id = credentialId ?? [...credentials.keys()][0]!;
      const cred = credentials.get(id);
      if (!cred) throw new Error('no such credential');
      cred.counter += 1;
      const data = authData(0x01 | 0x04, cred.counter);
      const client = clientData('webauthn.get', options.challenge, opts.origin);
      const signature = crypto.sign('sha256', Buffer.concat([data, sha256(client)]), cred.privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: cred.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
