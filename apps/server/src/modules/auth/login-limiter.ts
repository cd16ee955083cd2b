import { LRUCache } from 'lru-cache';
import { TooManyRequestsError } from '../../lib/errors';

/** Where a sign-in attempt comes from: a known device of the account (its id), or else an address. */
export interface SignInSource {
  /** The email as typed (compared without case). */
  account: string;
  address: string;
  /** The id of this account's known-device token that came with the attempt, if any. */
  device?: string;
}

export interface LoginLimiterOptions {
  /** Sliding window in which failures count (15 minutes). */
  windowMs?: number;
  /** The first delay once an account has more failures than one source may make (1 s); doubles. */
  baseDelayMs?: number;
  /** The longest delay (the window). */
  maxDelayMs?: number;
  now?: () => number;
}

/** Keys (accounts, sources) with recent failures; more than this and the least recently used are forgotten. */
const MAX_KEYS = 100_000;

/**
 * Throttles password guessing without giving anyone a switch that locks the owner out (ADR 007).
 *
 * - Per account and source (a known device of that account, otherwise the address): `maxFailures`
 *   failures in the window lock that source out of that account, and nothing else.
 * - Per account, from every source together: past `maxFailures` failures (more than one source can
 *   make), each further attempt waits a delay after the last failure that doubles with every failure
 *   (1 s, 2 s, 4 s … up to the window). Attempts refused while waiting are not checked and not counted,
 *   so flooding does not make the delay grow.
 * - A known device (one the account signed in from before) does not wait for the account's delay.
 *
 * A second, per-key lock (`check`/`fail`/`succeed`) serves the two-factor step, which only someone
 * holding the password reaches. State is kept in this process, as before; see the ADR.
 */
export class LoginLimiter {
  private readonly failures = new LRUCache<string, number[]>({ max: MAX_KEYS });
  private readonly windowMs: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly now: () => number;

  constructor(
    private readonly maxFailures: number,
    options: LoginLimiterOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 15 * 60 * 1000;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? this.windowMs;
    this.now = options.now ?? Date.now;
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  private record(key: string) {
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
  }

  private static accountKey = (s: SignInSource) => `account:${s.account.trim().toLowerCase()}`;
  private static sourceKey = (s: SignInSource) =>
    `${LoginLimiter.accountKey(s)}|${s.device ? `device:${s.device}` : `address:${s.address}`}`;

  /** How long the account's next attempt from an unknown device must wait, in ms (0: none). */
  accountDelayMs(source: SignInSource): number {
    const list = this.recent(LoginLimiter.accountKey(source));
    const over = list.length - this.maxFailures;
    if (over <= 0) return 0;
    const delay = Math.min(this.baseDelayMs * 2 ** Math.min(over - 1, 30), this.maxDelayMs);
    return Math.max(0, list[list.length - 1]! + delay - this.now());
  }

  /** Throws 429 when this source is locked out of this account, or the account's delay has not passed. */
  checkSignIn(source: SignInSource) {
    const mine = this.recent(LoginLimiter.sourceKey(source));
    if (mine.length >= this.maxFailures) {
      const retry = (mine[mine.length - this.maxFailures]! + this.windowMs - this.now()) / 1000;
      throw new TooManyRequestsError(
        `Too many failed sign-in attempts for this account from ${source.device ? 'this device' : 'your network address'}. ` +
          `Try again in ${Math.ceil(retry / 60)} minutes.`,
        retry,
      );
    }
    if (source.device) return;
    const wait = this.accountDelayMs(source);
    if (wait > 0) {
      throw new TooManyRequestsError(
        `Too many failed sign-in attempts for this account. Try again in ${describe(wait)}, ` +
          'or sign in from a device you have signed in from before.',
        wait / 1000,
      );
    }
  }

  failSignIn(source: SignInSource) {
    this.record(LoginLimiter.sourceKey(source));
    this.record(LoginLimiter.accountKey(source));
  }

  /** The owner got in: this source starts afresh. The account's failures age out of the window. */
  succeedSignIn(source: SignInSource) {
    this.failures.delete(LoginLimiter.sourceKey(source));
  }

  /** A plain lock on one key (the two-factor step): `maxFailures` failures in the window. */
  check(key: string) {
    const list = this.recent(`key:${key.toLowerCase()}`);
    if (list.length >= this.maxFailures) {
      const retry = (list[list.length - this.maxFailures]! + this.windowMs - this.now()) / 1000;
      throw new TooManyRequestsError(
        `Too many failed sign-in attempts for this account. Try again in ${Math.ceil(retry / 60)} minutes.`,
        retry,
      );
    }
  }

  fail(key: string) {
    this.record(`key:${key.toLowerCase()}`);
  }

  succeed(key: string) {
    this.failures.delete(`key:${key.toLowerCase()}`);
  }
}

function describe(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
