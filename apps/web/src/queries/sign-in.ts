import type { WebauthnResponseInput } from '@portal/contracts';
import type { Answer, CurrentUser, LoginAnswer, LoginInput, RegisterInput } from '@portal/contracts';
import type { Locale } from '@portal/i18n';
import { endpoints } from '@/lib/sign-in-endpoints';
import { call, type CallOptions } from '@/lib/endpoint-client';

/**
 * The calls the session and the sign-in pages make: signing in, up and out, and reading the signed-in
 * user. Plain calls, without query hooks, so that the sign-in page's code does not take the query library
 * (vite.config.ts); the hooks of the same endpoints are in auth.ts and users.ts.
 */
const e = endpoints.auth;

/** The sign-in's answer is the envelope; the same fields at top level are accepted too. */
function loginAnswer(answer: Answer<typeof e.login>): LoginAnswer {
  const a = answer as Partial<Answer<typeof e.login>> & Partial<LoginAnswer>;
  return (a.data ?? a) as LoginAnswer;
}

/** The password step: tokens and the user, or a two-factor challenge. */
export const signIn = async (body: LoginInput) => loginAnswer(await call(e.login, { body }));

/** The second step of a two-factor sign-in. */
export const completeMfaSignIn = async (mfaToken: string, code: string) =>
  (await call(e.loginMfa, { body: { mfaToken, code } })).data;

/** Ends the sign-in on the server (its refresh token, or the access token's sign-in). */
export const signOutOnServer = (refreshToken: string | undefined) =>
  call(e.logout, { body: { refreshToken } });

export const registerAccount = (body: RegisterInput) => call(e.register, { body });

/**
 * The signed-in user (`GET /api/users/me`), as the session reads it. Partial: the session checks the
 * answer before taking it, since the head script's early read hands over whatever JSON it got.
 */
export type CurrentUserAnswer = Partial<Answer<typeof endpoints.users.me>>;
export const readCurrentUser = (opts?: CallOptions): Promise<CurrentUserAnswer> =>
  call(endpoints.users.me, {}, opts);

/** Keeps `locale` as the account's language: its profile as it is, with the new language. */
export const saveAccountLocale = (user: CurrentUser, locale: Locale) =>
  call(endpoints.users.updateMe, {
    body: {
      name: user.name,
      phone: user.phone,
      address: user.address,
      city: user.city,
      country: user.country,
      postalCode: user.postalCode,
      dateOfBirth: user.dateOfBirth,
      locale,
    },
  });

/** A sign-in with a passkey, without email or password (a discoverable credential; ADR 030). */
export async function passkeySignIn() {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = (await call(e.passkeySignInOptions)).data;
  const response = await startAuthentication({ optionsJSON: options as never });
  return (await call(e.passkeySignIn, { body: { response: response as unknown as WebauthnResponseInput } }))
    .data;
}

/** The second step of a two-factor sign-in with one of the account's passkeys. */
export async function passkeySecondFactor(mfaToken: string) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = (await call(e.mfaPasskeyOptions, { body: { mfaToken } })).data;
  const response = await startAuthentication({ optionsJSON: options as never });
  return (
    await call(e.loginMfaPasskey, {
      body: { mfaToken, response: response as unknown as WebauthnResponseInput },
    })
  ).data;
}
