import type { onRequestAsyncHookHandler, onSendAsyncHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { App } from '../app-types';
import type { ChangeFeed, SignalledTable } from '../db/changes';

/**
 * A route whose answer to an investor may be kept: the tables it is made from besides the caller's own
 * rows, whose changes (by any instance or any writer) are always watched.
 */
interface CacheRule {
  tables: readonly SignalledTable[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CacheRule;
  }
  interface FastifyRequest {
    /** Set when a cacheable answer was not found: where to keep it, and when its read began. */
    cacheMiss: { key: string; at: number; userId: string } | null;
  }
}

/** At most this much answer text is kept (the oldest goes first). */
export const READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** An answer is made again after this long even if nothing changed (e.g. "new" flags that age). */
const READ_CACHE_TTL_MS = 60_000;

interface Entry {
  body: string;
  contentType: string;
  at: number;
  bytes: number;
}

/**
 * Answers by key (lru-cache): bounded by their total size, the least recently used going first; one
 * larger than an eighth of the whole is not kept, and none is kept longer than `ttlMs`.
 */
export class AnswerStore extends LRUCache<string, Entry> {
  /** Answers sent from the store, and keepable answers not found in it (read by /metrics). */
  hits = 0;
  misses = 0;

  constructor(maxBytes: number, ttlMs = READ_CACHE_TTL_MS) {
    super({
      maxSize: maxBytes,
      maxEntrySize: Math.floor(maxBytes / 8),
      sizeCalculation: (e) => e.bytes,
      ttl: ttlMs,
    });
  }

  get bytes() {
    return this.calculatedSize;
  }
}

const asList = <T>(h: T | T[] | undefined): T[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);

/**
 * Keeps the JSON answers of the routes that declare `config.cache`, per investor and address, and
 * answers from them while nothing they are made from has changed (see ChangeFeed). Admins' answers are
 * never kept: theirs span every investor's rows. Must be set up after the auth plugin, whose hook
 * identifies the caller first.
 */
export function readCachePlugin(app: App, deps: { changes: ChangeFeed; store: AnswerStore }) {
  const { changes, store } = deps;
  app.addHook('onRoute', (route) => {
    const rule = route.config?.cache;
    // Fastify adds a HEAD route beside each GET route, with the same config: it is not kept.
    if (!rule || route.method === 'HEAD') return;
    if (route.method !== 'GET') throw new Error(`Only GET answers can be cached (${route.url})`);

    const lookup: onRequestAsyncHookHandler = async (request, reply) => {
      const auth = request.auth;
      if (!auth || auth.isAdmin || !changes.usable) return;
      // The caller's own earlier writes must be visible: wait for their signals when there were any.
      if (!(await changes.settle())) return;
      // An act-as token's answers are kept apart, by role: a role may be answered differently (ADR 032).
      const key = `${auth.id}${auth.delegation ? `:${auth.delegation.role}` : ''} ${request.url}`;
      const hit = store.get(key);
      if (hit && changes.unchangedSince(hit.at, rule.tables, auth.id)) {
        store.hits++;
        void reply.header('content-type', hit.contentType);
        return reply.send(hit.body);
      }
      store.misses++;
      request.cacheMiss = { key, at: changes.now(), userId: auth.id };
    };

    const keep: onSendAsyncHookHandler = async (request, reply, payload) => {
      const miss = request.cacheMiss;
      if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      // Something it was made from changed while it was being made: it may already be stale.
      if (!changes.unchangedSince(miss.at, rule.tables, miss.userId)) return payload;
      store.set(miss.key, {
        body: payload,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        at: miss.at,
        bytes: payload.length * 2 + miss.key.length * 2 + 64,
      });
      return payload;
    };

    route.onRequest = [...asList(route.onRequest), lookup];
    route.onSend = [...asList(route.onSend), keep];
  });
}
