import { coded, UnauthorizedError, type CodedError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { LoginLimiter } from './login-limiter';

/**
 * Checks the current password that a signed-in user gives again to confirm a sensitive change. A wrong
 * one counts against the account as a failed sign-in from this address (ADR 007): whoever holds a stolen
 * session cannot guess the password here, from any number of addresses, faster than at the sign-in.
 */
export async function confirmCurrentPassword(
  limiter: LoginLimiter,
  user: { email: string; passwordHash: string },
  password: string,
  address: string,
  wrong: CodedError = coded('auth.current_password_wrong'),
): Promise<void> {
  const source = { account: user.email, address };
  await limiter.checkPasswordConfirmation(source);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await limiter.failSignIn(source);
    throw new UnauthorizedError(wrong);
  }
  await limiter.succeedSignIn(source);
}
