import { envelope, idParams } from '../common';
import { endpoint } from '../endpoint';
import { signAnswer, signatureCheck, signatureVerifyQuery, signInput } from '../kyc';

/** Signing a subscription agreement, and checking a signed document by its hash (ADR 028). */
export const signatureEndpoints = {
  agreement: endpoint({
    id: 'signatures.agreement',
    method: 'GET',
    path: '/api/subscriptions/:id/agreement',
    access: 'user',
    summary: "The subscription agreement to sign, generated as a PDF in the investor's language",
    params: idParams,
    answer: { kind: 'file', types: ['application/pdf'] },
    reads: ['subscriptions', 'offerings', 'projects', 'users'],
  }),
  sign: endpoint({
    id: 'signatures.sign',
    method: 'POST',
    path: '/api/subscriptions/:id/sign',
    access: 'user',
    summary: 'Signs a pending subscription (a simple electronic signature)',
    description:
      "The identity must be verified (409); the typed full name must be the account's (case and spacing " +
      'aside), with consent, the current password and the authenticator code when two-factor sign-in is ' +
      'on; a wrong one changes nothing. The signed PDF (with a signature page) is stored in the vault; ' +
      "the answer's document.sha256 is the SHA-256 of its bytes as downloaded.",
    params: idParams,
    body: signInput,
    answer: envelope(signAnswer),
    errors: [409, 429],
    writes: ['subscriptions', 'signatures', 'documents'],
  }),
  verify: endpoint({
    id: 'signatures.verify',
    method: 'GET',
    path: '/api/signatures/verify',
    access: 'user',
    summary: 'Whether a document with this SHA-256 was signed, by whom and when (404 when not)',
    query: signatureVerifyQuery,
    requiredQuery: ['sha256'],
    answer: envelope(signatureCheck),
    errors: [404],
    reads: ['signatures', 'users'],
  }),
};
