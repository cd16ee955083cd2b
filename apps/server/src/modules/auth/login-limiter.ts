import { TooManyRequestsError } from '../../lib/errors';

/**
 * Counts failed sign-ins per account in a sliding window, so that a password cannot be guessed from
 * many addresses. (Per-IP limiting is done by @fastify/rate-limit on the route.)
 */
export class LoginLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs = 15 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  check(account: string) {
    const list = this.recent(account.toLowerCase());
    if (list.length >= this.maxFailures) {
      const retry = (list[0]! + this.windowMs - this.now()) / 1000;
      throw new TooManyRequestsError(
        `Too many failed sign-in attempts for this account. Try again in ${Math.ceil(retry / 60)} minutes.`,
        retry,
      );
    }
  }

  fail(account: string) {
    const key = account.toLowerCase();
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
    if (this.failures.size > 100_000) this.failures.delete(this.failures.keys().next().value!);
  }

  succeed(account: string) {
    this.failures.delete(account.toLowerCase());
  }
}
