import type { Answer } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call, endpointQuery } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type EndpointMutationOptions } from '@/lib/endpoint-hooks';

const e = endpoints.auth;

/** The signed-in user's two-factor sign-in: on or off, required or not, recovery codes left. */
export function useTotpStatus() {
  return useEndpointQuery(e.totpStatus, {}, { select: (a) => a.data });
}

type Cb<E extends (typeof e)[keyof typeof e], V = void> = EndpointMutationOptions<Answer<E>, V>;

export const useChangePassword = (
  cb?: Cb<typeof e.changePassword, { currentPassword: string; newPassword: string }>,
) => useEndpointMutation(e.changePassword, { mutationFn: (body) => call(e.changePassword, { body }), ...cb });

export const useStartTotp = (cb?: Cb<typeof e.totpSetup>) =>
  useEndpointMutation(e.totpSetup, { mutationFn: () => call(e.totpSetup), ...cb });

export const useEnableTotp = (cb?: Cb<typeof e.totpEnable, string>) =>
  useEndpointMutation(e.totpEnable, { mutationFn: (code) => call(e.totpEnable, { body: { code } }), ...cb });

export const useDisableTotp = (cb?: Cb<typeof e.totpDisable, string>) =>
  useEndpointMutation(e.totpDisable, {
    mutationFn: (password) => call(e.totpDisable, { body: { password } }),
    ...cb,
  });

export const useNewRecoveryCodes = (cb?: Cb<typeof e.totpRecoveryCodes, string>) =>
  useEndpointMutation(e.totpRecoveryCodes, {
    mutationFn: (password) => call(e.totpRecoveryCodes, { body: { password } }),
    ...cb,
  });

/** The admin policy: must admin accounts use two-factor sign-in? */
export function useSecurityPolicy() {
  return useEndpointQuery(e.securitySettings, {}, { select: (a) => a.data });
}

export const useSetSecurityPolicy = (cb?: Cb<typeof e.setSecuritySettings, boolean>) =>
  useEndpointMutation(e.setSecuritySettings, {
    mutationFn: (requireAdminTotp) => call(e.setSecuritySettings, { body: { requireAdminTotp } }),
    ...cb,
  });

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
