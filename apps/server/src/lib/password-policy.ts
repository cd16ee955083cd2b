import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH } from '@portal/contracts';
import { BadRequestError, coded } from './errors';

let common: Set<string> | undefined;

/**
 * Whether a password is among the most common ones: the ~49,000 of zxcvbn-ts's common list
 * (@zxcvbn-ts/language-common), compared without case. Only entries that the length rule lets through
 * are kept (read on first use, ~30 ms).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= MIN_PASSWORD_LENGTH));
  return common.has(password.toLowerCase());
}

/**
 * The rule for a password being set (sign-up, an admin's new user, a change, the create-admin command),
 * beyond the schema's minimum length. Existing passwords are never checked again at sign-in.
 */
export function assertNewPasswordAllowed(password: string): void {
  if (isCommonPassword(password)) throw new BadRequestError(coded('auth.password_common'));
}
