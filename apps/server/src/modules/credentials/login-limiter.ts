import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { ErrorCode } from '@portal/i18n';
import { coded, TooManyRequestsError, type CodedError } from '../../lib/errors';

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
  /** Where failures are kept: this process's memory unless given (`RedisFailures` with REDIS_URL). */
  store?: FailureStore;
}

/** The times of recent failures, per key. */
export interface FailureStore {
  /** The failures of `key` after `cutoff`, oldest first (older ones may be forgotten). */
  list(key: string, cutoff: number): Promise<number[]>;
  /** Records a failure at `at`, kept for `windowMs`. */
  add(key: string, at: number, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/** Keys (accounts, sources) with recent failures; more than this and the least recently used are forgotten. */
const MAX_KEYS = 100_000;

/** Failures in this process's memory: the store without Redis, and the fallback with it. */
class MemoryFailures implements FailureStore {
  private readonly failures = new LRUCache<string, number[]>({ max: MAX_KEYS });

  list(key: string, cutoff: number): Promise<number[]> {
    return Promise.resolve(this.listNow(key, cutoff));
  }

  listNow(key: string, cutoff: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  add(key: string, at: number, windowMs: number): Promise<void> {
    const list = this.listNow(key, at - windowMs);
    list.push(at);
    this.failures.set(key, list);
    return Promise.resolve();
  }

  clear(key: string): Promise<void> {
    this.failures.delete(key);
    return Promise.resolve();
  }
}

/**
 * Failures in Redis, shared by every instance (ADR 019): a sorted set per key, scored by time, that
 * expires with the window. While Redis cannot answer, this instance's own failures (always recorded in
 * memory too) are used instead, so an outage never lifts the limit: it falls back to the per-process
 * limit there was before Redis.
 */
export class RedisFailures implements FailureStore {
  private readonly local = new MemoryFailures();
  private seq = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'signin:',
  ) {}

  async list(key: string, cutoff: number): Promise<number[]> {
    const k = this.prefix + key;
    try {
      const [, range] = (await this.redis
        .multi()
        .zremrangebyscore(k, '-inf', cutoff)
        .zrangebyscore(k, `(${cutoff}`, '+inf', 'WITHSCORES')
        .exec()) as [[Error | null, unknown], [Error | null, string[]]];
      if (range[0]) throw range[0];
      return range[1].filter((_, i) => i % 2 === 1).map(Number);
    } catch {
      return this.local.listNow(key, cutoff);
    }
  }

  async add(key: string, at: number, windowMs: number): Promise<void> {
    await this.local.add(key, at, windowMs);
    const k = this.prefix + key;
    const member = `${at}:${process.pid}:${(this.seq = (this.seq + 1) % 1e9)}:${Math.random()}`;
    await this.redis
      .multi()
      .zadd(k, at, member)
      .zremrangebyrank(k, 0, -(MAX_PER_KEY + 1))
      .pexpire(k, windowMs)
      .exec()
      .catch(() => undefined);
  }

  async clear(key: string): Promise<void> {
    await this.local.clear(key);
    await this.redis.del(this.prefix + key).catch(() => undefined);
  }
}

/** Failures kept per key at most (the limits look at far fewer). */
const MAX_PER_KEY = 1000;

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
 * The two-factor step, which only someone holding the password reaches, has a plain lock per account
 * that the account's known devices do not wait for (`checkSecondFactor`). Failures are kept in this process's memory, or with REDIS_URL in
 * Redis for every instance (`RedisFailures`, ADR 019).
 */
export class LoginLimiter {
  private readonly store: FailureStore;
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
    this.store = options.store ?? new MemoryFailures();
  }

  private recent(key: string): Promise<number[]> {
    return this.store.list(key, this.now() - this.windowMs);
  }

  private record(key: string): Promise<void> {
    return this.store.add(key, this.now(), this.windowMs);
  }

  private static accountKey = (s: SignInSource) => `account:${s.account.trim().toLowerCase()}`;
  private static sourceKey = (s: SignInSource) =>
    `${LoginLimiter.accountKey(s)}|${s.device ? `device:${s.device}` : `address:${s.address}`}`;

  /** How long the account's next attempt from an unknown device must wait, in ms (0: none). */
  async accountDelayMs(source: SignInSource): Promise<number> {
    const list = await this.recent(LoginLimiter.accountKey(source));
    const over = list.length - this.maxFailures;
    if (over <= 0) return 0;
    const delay = Math.min(this.baseDelayMs * 2 ** Math.min(over - 1, 30), this.maxDelayMs);
    return Math.max(0, list[list.length - 1]! + delay - this.now());
  }

  /**
   * Why this source may not try now: locked out of this account (`retryMs` until the lock ends), or the
   * account's delay (a known device does not wait for it); null when it may.
   */
  private async refusal(source: SignInSource): Promise<{ locked: boolean; retryMs: number } | null> {
    const mine = await this.recent(LoginLimiter.sourceKey(source));
    if (mine.length >= this.maxFailures) {
      return { locked: true, retryMs: mine[mine.length - this.maxFailures]! + this.windowMs - this.now() };
    }
    if (source.device) return null;
    const wait = await this.accountDelayMs(source);
    return wait > 0 ? { locked: false, retryMs: wait } : null;
  }

  /** Throws 429 when this source is locked out of this account, or the account's delay has not passed. */
  async checkSignIn(source: SignInSource) {
    const refused = await this.refusal(source);
    if (refused?.locked) {
      throw new TooManyRequestsError(
        coded(source.device ? 'auth.locked_device' : 'auth.locked_address', {
          count: Math.ceil(refused.retryMs / 60_000),
        }),
        refused.retryMs / 1000,
      );
    }
    if (refused) {
      throw new TooManyRequestsError(
        wait(refused.retryMs, 'auth.delayed_seconds', 'auth.delayed_minutes'),
        refused.retryMs / 1000,
      );
    }
  }

  /**
   * The same check for the current password asked again of a signed-in user (a password change, the bank
   * account, the recovery codes): its failures count with the sign-in's (`failSignIn`), so a stolen
   * session earns no more guesses at the password than the sign-in page gives.
   */
  async checkPasswordConfirmation(source: SignInSource) {
    const refused = await this.refusal(source);
    if (refused) {
      throw new TooManyRequestsError(
        wait(refused.retryMs, 'auth.wrong_passwords_seconds', 'auth.wrong_passwords_minutes'),
        refused.retryMs / 1000,
      );
    }
  }

  async failSignIn(source: SignInSource) {
    await Promise.all([
      this.record(LoginLimiter.sourceKey(source)),
      this.record(LoginLimiter.accountKey(source)),
    ]);
  }

  /** The owner got in: this source starts afresh. The account's failures age out of the window. */
  succeedSignIn(source: SignInSource): Promise<void> {
    return this.store.clear(LoginLimiter.sourceKey(source));
  }

  private static secondFactorKey = (userId: string) => `key:mfa:${userId.toLowerCase()}`;
  private static secondFactorDeviceKey = (userId: string, device: string) =>
    `${LoginLimiter.secondFactorKey(userId)}|device:${device}`;

  /**
   * The two-factor step (only someone holding the password reaches it): `maxFailures` wrong codes in the
   * window lock the account's step for every source but its known devices, and a known device is
   * locked only by its own failures (`device`: the id of this account's device token, if it came).
   */
  async checkSecondFactor(userId: string, device?: string) {
    const key = device
      ? LoginLimiter.secondFactorDeviceKey(userId, device)
      : LoginLimiter.secondFactorKey(userId);
    const list = await this.recent(key);
    if (list.length >= this.maxFailures) {
      const retry = (list[list.length - this.maxFailures]! + this.windowMs - this.now()) / 1000;
      throw new TooManyRequestsError(
        coded(device ? 'auth.locked_device' : 'auth.delayed_minutes', { count: Math.ceil(retry / 60) }),
        retry,
      );
    }
  }

  /** A wrong code counts against the account's step, and against the known device it came from. */
  async failSecondFactor(userId: string, device?: string) {
    await Promise.all([
      this.record(LoginLimiter.secondFactorKey(userId)),
      device ? this.record(LoginLimiter.secondFactorDeviceKey(userId, device)) : undefined,
    ]);
  }

  /** The owner got in: the account's step (and this device) start afresh. */
  async succeedSecondFactor(userId: string, device?: string) {
    await Promise.all([
      this.store.clear(LoginLimiter.secondFactorKey(userId)),
      device ? this.store.clear(LoginLimiter.secondFactorDeviceKey(userId, device)) : undefined,
    ]);
  }
}

/** How long to wait, told in seconds under two minutes, else in minutes. */
function wait(ms: number, inSeconds: ErrorCode, inMinutes: ErrorCode): CodedError {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 120
    ? coded(inSeconds, { count: seconds })
    : coded(inMinutes, { count: Math.ceil(seconds / 60) });
}
