import { z } from 'zod';
import { currentPassword } from './common';
import { emailAddress, signInEmail } from './email';
import { currentUser } from './users';
import { localeInput } from './person';
import { says } from './validation';
import { DELEGATION_ROLES } from './value-sets';

export const loginInput = z.object({
  email: signInEmail(),
  password: z
    .string({ error: says('validation.password_is_required') })
    .min(1, { error: says('validation.password_is_required') })
    .max(1024),
});
export type LoginInput = z.infer<typeof loginInput>;

export const tokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type TokenPair = z.infer<typeof tokenPair>;

export const loginResult = tokenPair.extend({ user: currentUser });
export type LoginResult = z.infer<typeof loginResult>;

export const refreshInput = z.object({
  refreshToken: z
    .string({ error: says('validation.refreshtoken_is_required') })
    .min(1)
    .max(512),
});
export const logoutInput = z.object({ refreshToken: z.string().max(512).optional() });

/** Claims of the access token (a JWT, HS256). */
export const accessClaims = z.object({
  sub: z.string(),
  sid: z.string(),
  isAdmin: z.boolean(),
  exp: z.number(),
  typ: z.literal('access'),
  /**
   * An act-as token (ADR 032): the delegation it was given for, the principal whose portfolio it answers
   * for, and the role. `sub` and `sid` stay the delegate's own sign-in.
   */
  dlg: z.string().optional(),
  prn: z.string().optional(),
  role: z.enum(DELEGATION_ROLES).optional(),
});
export type AccessClaims = z.infer<typeof accessClaims>;

/** Sign-up (Email and Password); the account waits for an admin's activation. */
export const registerInput = z.object({
  email: emailAddress(),
  password: z
    .string({ error: says('validation.password_is_required') })
    .min(6, { error: says('validation.password_too_short', { min: 6 }) })
    .max(1024),
  /** The language picked on the sign-up page, kept on the account; English when left out. */
  locale: localeInput.optional(),
});
export type RegisterInput = z.infer<typeof registerInput>;

/** When two-factor sign-in is on, the password step answers a challenge instead of tokens. */
export const mfaChallenge = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  /** The account has a passkey, which also satisfies the second step (ADR 030). */
  passkey: z.literal(true).optional(),
});
export type MfaChallenge = z.infer<typeof mfaChallenge>;
export const loginAnswer = z.union([loginResult, mfaChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const mfaLoginInput = z.object({
  mfaToken: z
    .string({ error: says('validation.mfatoken_is_required') })
    .min(1)
    .max(2048),
  code: z
    .string({ error: says('validation.enter_the_code_from_your_authenticator_app') })
    .trim()
    .min(6, { error: says('validation.enter_the_code_from_your_authenticator_app') })
    .max(32),
});

export const totpStatus = z.object({
  enabled: z.boolean(),
  /** Whether this account must use two-factor sign-in (admins, when an admin requires it). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TotpStatus = z.infer<typeof totpStatus>;

export const totpSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof totpSetup>;

export const totpCodeInput = z.object({
  code: z
    .string({ error: says('validation.enter_the_6_digit_code_from_your_authenticator') })
    .trim()
    .regex(/^\d{6}$/, { error: says('validation.enter_the_6_digit_code_from_your_authenticator') }),
});
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });

export const passwordConfirmInput = z.object({
  password: z
    .string({ error: says('validation.password_is_required') })
    .min(1, { error: says('validation.password_is_required') })
    .max(1024),
});

export const passwordChangeInput = z.object({
  currentPassword,
  newPassword: z
    .string({ error: says('validation.password_too_short', { min: 6 }) })
    .min(6, { error: says('validation.password_too_short', { min: 6 }) })
    .max(1024),
});

export const securitySettings = z.object({ requireAdminTotp: z.boolean() });
export type SecuritySettings = z.infer<typeof securitySettings>;

// ---- Your sessions (ADR 030) ----

/** A sign-in of the signed-in user, as Profile → Security lists it. */
export const signInSession = z.object({
  _id: z.string().meta({ format: 'uuid' }),
  /** The browser and its major version, from the user agent ('' when unknown). */
  browser: z.string(),
  /** The operating system ('' when unknown). */
  os: z.string(),
  /** desktop | mobile | tablet | '' */
  device: z.string(),
  /**
   * Where, approximately: the client address's network, never the address itself — an IPv4 /24 or an
   * IPv6 /48 prefix, or `local` for a private, loopback or link-local address; `unknown` without one.
   */
  network: z.object({ kind: z.enum(['public', 'local', 'unknown']), prefix: z.string() }),
  method: z.enum(['password', 'second-factor', 'passkey']),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** The sign-in this request was made with. */
  current: z.boolean(),
});
export type SignInSession = z.infer<typeof signInSession>;
export const endedSessions = z.object({ ended: z.number().int() });

// ---- Passkeys (WebAuthn, ADR 030) ----

/** A browser's WebAuthn response, passed through to the server's verification (base64url JSON). */
const webauthnResponse = z
  .object({
    id: z.string().max(1024),
    rawId: z.string().max(1024),
    type: z.literal('public-key', { error: says('validation.passkey_response') }),
    response: z.object({ clientDataJSON: z.string().max(16_384) }).loose(),
    clientExtensionResults: z.object({}).loose().optional(),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .loose();

/** The JSON of a browser's PublicKeyCredential (what `@simplewebauthn/browser` answers). */
export type WebauthnResponseInput = z.input<typeof webauthnResponse>;

export const passkeyName = z
  .string({ error: says('validation.passkey_name') })
  .trim()
  .min(1, { error: says('validation.passkey_name') })
  .max(100, { error: says('validation.passkey_name') });

export const passkey = z.object({
  _id: z.string().meta({ format: 'uuid' }),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced to a password manager or platform account (a backed-up credential). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkey>;

/** Options for `navigator.credentials.create/get` (simplewebauthn's JSON form). */
export const webauthnOptions = z.record(z.string(), z.unknown());
export type WebauthnOptions = Record<string, unknown>;

export const passkeyRegisterInput = z.object({
  response: webauthnResponse,
  name: passkeyName.optional(),
});
export const passkeyRenameInput = z.object({ name: passkeyName });
export const passkeySignInInput = z.object({ response: webauthnResponse });
export const mfaPasskeyOptionsInput = z.object({
  mfaToken: z
    .string({ error: says('validation.mfatoken_is_required') })
    .min(1, { error: says('validation.mfatoken_is_required') })
    .max(2048),
});
export const mfaPasskeyInput = mfaPasskeyOptionsInput.extend({ response: webauthnResponse });
