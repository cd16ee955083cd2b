import type { WebauthnResponseInput } from '@portal/contracts';
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

// ---- Your sessions (ADR 030) ----

/** The signed-in user's live sign-ins, the current one marked. */
export function useSessions() {
  return useEndpointQuery(e.sessions, {}, { select: (a) => a.data });
}

export const useEndSession = (cb?: Cb<typeof e.endSession, string>) =>
  useEndpointMutation(e.endSession, { mutationFn: (id) => call(e.endSession, { params: { id } }), ...cb });

export const useEndOtherSessions = (cb?: Cb<typeof e.endOtherSessions>) =>
  useEndpointMutation(e.endOtherSessions, { mutationFn: () => call(e.endOtherSessions), ...cb });

// ---- Passkeys (ADR 030) ----

export function usePasskeys() {
  return useEndpointQuery(e.passkeys, {}, { select: (a) => a.data });
}

/** Adds a passkey: the server's options, the browser's authenticator, the server's check. */
export const useAddPasskey = (cb?: Cb<typeof e.passkeyRegister, string | undefined>) =>
  useEndpointMutation(e.passkeyRegister, {
    mutationFn: async (name) => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const options = (await call(e.passkeyRegisterOptions)).data;
      const response = await startRegistration({ optionsJSON: options as never });
      return call(e.passkeyRegister, {
        body: { response: response as unknown as WebauthnResponseInput, ...(name ? { name } : {}) },
      });
    },
    ...cb,
  });

export const useRenamePasskey = (cb?: Cb<typeof e.renamePasskey, { id: string; name: string }>) =>
  useEndpointMutation(e.renamePasskey, {
    mutationFn: ({ id, name }) => call(e.renamePasskey, { params: { id }, body: { name } }),
    ...cb,
  });

export const useRemovePasskey = (cb?: Cb<typeof e.removePasskey, string>) =>
  useEndpointMutation(e.removePasskey, {
    mutationFn: (id) => call(e.removePasskey, { params: { id } }),
    ...cb,
  });
