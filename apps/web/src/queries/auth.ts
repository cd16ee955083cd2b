import { useQuery } from '@tanstack/react-query';
import type { Answer } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call, endpointQuery } from '@/lib/endpoint-client';
import { useWrite, type WriteCallbacks } from './write';

const e = endpoints.auth;

/** The signed-in user's two-factor sign-in: on or off, required or not, recovery codes left. */
export function useTotpStatus() {
  return useQuery(endpointQuery(e.totpStatus, {}, (a) => a.data));
}

type Cb<E extends (typeof e)[keyof typeof e], V = void> = WriteCallbacks<Answer<E>, V>;

export const useChangePassword = (
  cb?: Cb<typeof e.changePassword, { currentPassword: string; newPassword: string }>,
) => useWrite(e.changePassword, (body) => call(e.changePassword, { body }), cb);

export const useStartTotp = (cb?: Cb<typeof e.totpSetup>) =>
  useWrite(e.totpSetup, () => call(e.totpSetup), cb);

export const useEnableTotp = (cb?: Cb<typeof e.totpEnable, string>) =>
  useWrite(e.totpEnable, (code) => call(e.totpEnable, { body: { code } }), cb);

export const useDisableTotp = (cb?: Cb<typeof e.totpDisable, string>) =>
  useWrite(e.totpDisable, (password) => call(e.totpDisable, { body: { password } }), cb);

export const useNewRecoveryCodes = (cb?: Cb<typeof e.totpRecoveryCodes, string>) =>
  useWrite(e.totpRecoveryCodes, (password) => call(e.totpRecoveryCodes, { body: { password } }), cb);

/** The admin policy: must admin accounts use two-factor sign-in? */
export function useSecurityPolicy() {
  return useQuery(endpointQuery(e.securitySettings, {}, (a) => a.data));
}

export const useSetSecurityPolicy = (cb?: Cb<typeof e.setSecuritySettings, boolean>) =>
  useWrite(
    e.setSecuritySettings,
    (requireAdminTotp) => call(e.setSecuritySettings, { body: { requireAdminTotp } }),
    cb,
  );

/** The key of the admin policy's read (a save puts its answer there at once). */
export const securityPolicyKey = endpointQuery(e.securitySettings, {}).queryKey;

/**
 * Asks for a password reset link; the answer is the same whether or not the address has an account
 * (its `message` says so). A 429 when asked too often for one address.
 */
export const requestPasswordReset = (email: string) => call(e.passwordReset, { body: { email } });

/** Sets a new password with a reset link's token; a used, expired or unknown token is a 400. */
export const confirmPasswordReset = (token: string, password: string) =>
  call(e.passwordResetConfirm, { body: { token, password } });
