import { useQuery } from '@tanstack/react-query';
import type { Answer, EmailPreferencesInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call, endpointQuery, queryKey } from '@/lib/endpoint-client';
import { useWrite, type WriteCallbacks } from './write';

const auth = endpoints.auth;
const mail = endpoints.mail;
const users = endpoints.users;

/**
 * Asks for a password reset link; the answer is the same whether or not the address has an account
 * (its `message` says so). A 429 when asked too often for one address.
 */
export const requestPasswordReset = (email: string) => call(auth.passwordReset, { body: { email } });

/** Sets a new password with a reset link's token; a used, expired or unknown token is a 400. */
export const confirmPasswordReset = (token: string, password: string) =>
  call(auth.passwordResetConfirm, { body: { token, password } });

/** What an unsubscribe link turns off, and for which (masked) address; no sign-in needed. */
export function useUnsubscribeInfo(token: string) {
  return useQuery({
    ...endpointQuery(mail.unsubscribeInfo, { query: { token } }, (a) => a.data),
    enabled: !!token,
    // A bad link stays bad: its 400 is shown at once, not after retries.
    retry: false,
  });
}

/** Turns off the kind of email the link names; the answer carries the server's confirmation. */
export const useUnsubscribe = (cb?: WriteCallbacks<Answer<typeof mail.unsubscribe>, string>) =>
  useWrite(mail.unsubscribe, (token) => call(mail.unsubscribe, { query: { token } }), cb);

/** The key of the signed-in user's email preferences (a save puts its answer there at once). */
export const emailPreferencesKey = queryKey(users.emailPreferences);

/** Which kinds of email the signed-in user receives. */
export function useEmailPreferences() {
  return useQuery(endpointQuery(users.emailPreferences, {}, (a) => a.data));
}

/** Turns kinds of email on or off; the answer is the whole set as saved. */
export const useUpdateEmailPreferences = (
  cb?: WriteCallbacks<Answer<typeof users.updateEmailPreferences>, EmailPreferencesInput>,
) => useWrite(users.updateEmailPreferences, (body) => call(users.updateEmailPreferences, { body }), cb);
