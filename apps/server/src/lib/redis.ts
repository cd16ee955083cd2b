import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config';

/**
 * The connection that counts rate limits and sign-in failures across instances (ADR 019).
 *
 * A command never waits for Redis: with the offline queue off it fails at once while disconnected, and
 * after `COMMAND_TIMEOUT_MS` when Redis hangs; the callers then count in this process's memory. The
 * client keeps reconnecting in the background.
 */
const COMMAND_TIMEOUT_MS = 500;

export function createRedis(config: Pick<Config, 'redisUrl' | 'redisPrefix'>): Redis | undefined {
  if (!config.redisUrl) return undefined;
  const redis = new Redis(config.redisUrl, {
    keyPrefix: config.redisPrefix,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    // Keep trying, at most every 2 s, for as long as the process lives.
    retryStrategy: (times) => Math.min(100 * times, 2000),
  });
  // Without a listener an unreachable Redis would be an unhandled 'error' event; the app logs it.
  redis.on('error', () => {});
  return redis;
}

/**
 * Waits for the first connection, up to `ms` or its first failure: an unreachable Redis does not stop
 * the server starting (it counts in memory until Redis answers).
 */
export function waitForRedis(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('error', onError);
      resolve(ok);
    };
    const onReady = () => done(true);
    const onError = () => done(false);
    const timer = setTimeout(() => done(false), ms);
    redis.on('ready', onReady);
    redis.on('error', onError);
  });
}

/** Logs once when Redis goes away and once when it is back, not on every reconnect attempt. */
export function logRedisState(redis: Redis, log: FastifyBaseLogger) {
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: err.message },
      'Redis is unreachable: rate limits and sign-in failures are counted in this process until it is back',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is back: rate limits and sign-in failures are shared again');
  });
}

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;

/** A fixed window counted in Redis (one INCR and the key's expiry, in one script). */
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { current, ttl }
`;

/** This process's own count of the same windows: what is used while Redis cannot answer. */
class LocalWindows {
  private readonly windows = new LRUCache<string, { current: number; endsAt: number }>({ max: 50_000 });

  incr(key: string, timeWindow: number): Counter {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) w = { current: 0, endsAt: now + timeWindow };
    w.current += 1;
    this.windows.set(key, w);
    return { current: w.current, ttl: w.endsAt - now };
  }
}

/**
 * A store for @fastify/rate-limit that counts in Redis and, while Redis cannot answer, in this process:
 * a limit is never lifted by an outage (the plugin's own Redis store either fails the request or, with
 * `skipOnError`, lets it through). Every request is counted in both, so the local count has the
 * instance's recent history when it takes over.
 */
export function sharedRateLimitStore(redis: Redis): FastifyRateLimitStoreCtor {
  const local = new LocalWindows();
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'rate:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const fullKey = this.prefix + key;
      const mine = local.incr(fullKey, timeWindow);
      redis.eval(INCR_SCRIPT, 1, fullKey, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        },
        () => callback(null, mine),
      );
    }

    child(routeOptions: object) {
      // The plugin passes the route's merged options with `routeInfo` (its method and URL).
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new SharedStore(undefined, `${this.prefix}${route.method ?? ''}${route.url ?? ''}:`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
