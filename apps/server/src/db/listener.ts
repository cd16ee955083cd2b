import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client';

/**
 * The database's signals to this instance: one connection per instance LISTENs on every channel the app
 * uses (a pooled connection would be handed to other queries). PostgreSQL delivers a NOTIFY to every
 * listening instance once the writing transaction commits, in commit order; the embedded PGlite delivers
 * it in-process before the writing query returns.
 */
export interface DbListener {
  /** Calls `fn` with the payload of every signal on `channel` (one of the channels it was opened with). */
  on(channel: string, fn: (payload: string) => void): void;
  /**
   * Calls `fn(false)` when signals may be getting lost (the connection dropped or stopped answering), and
   * `fn(true)` once they arrive again (signals sent meanwhile are gone: resynchronise).
   */
  onState(fn: (live: boolean) => void): void;
  /** Whether signals are known to arrive. */
  readonly live: boolean;
  /**
   * Resolves true once every signal committed before the call has been delivered; false if that could
   * not be confirmed within `timeoutMs` (the listener is then treated as lost). At once on PGlite.
   */
  barrier(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** A connection that does not confirm a barrier within this is treated as lost. */
export const LISTENER_TIMEOUT_MS = 1_500;
/** How often an idle PostgreSQL listener proves it is still connected. */
export const LISTENER_HEARTBEAT_MS = 1_000;
/** How the listener's connection names itself in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'investor-portal-listener';
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 30_000;
/** The channel a barrier's own signal travels on (one of ours, so that it is heard). */
const BARRIER_PREFIX = 'barrier:';

export async function openListener(
  database: Database,
  channels: readonly string[],
  log: FastifyBaseLogger,
): Promise<DbListener> {
  const handlers = new Map<string, ((payload: string) => void)[]>(channels.map((c) => [c, []]));
  const stateHandlers: ((live: boolean) => void)[] = [];
  const dispatch = (channel: string, payload: string) => {
    for (const fn of handlers.get(channel) ?? []) {
      try {
        fn(payload);
      } catch (err) {
        log.error({ err, channel }, 'a database signal handler failed');
      }
    }
  };
  const common = {
    on(channel: string, fn: (payload: string) => void) {
      const list = handlers.get(channel);
      if (!list) throw new Error(`Not listening on ${channel}`);
      list.push(fn);
    },
    onState(fn: (live: boolean) => void) {
      stateHandlers.push(fn);
    },
  };
  if (database.driver === 'pg' && database.url)
    return listenPg(database.url, channels, dispatch, stateHandlers, common, log);
  return listenPglite(database, channels, dispatch, common);
}

type Common = Pick<DbListener, 'on' | 'onState'>;

interface PGliteLike {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
}

async function listenPglite(
  database: Database,
  channels: readonly string[],
  dispatch: (channel: string, payload: string) => void,
  common: Common,
): Promise<DbListener> {
  const client = (database.db as unknown as { $client: PGliteLike }).$client;
  const unlisten = await Promise.all(channels.map((c) => client.listen(c, (p) => dispatch(c, p))));
  return {
    ...common,
    live: true,
    // PGlite has one connection and calls listeners before the writing query returns.
    barrier: async () => true,
    async close() {
      await Promise.all(unlisten.map((u) => u().catch(() => {})));
    },
  };
}

async function listenPg(
  url: string,
  channels: readonly string[],
  dispatch: (channel: string, payload: string) => void,
  stateHandlers: ((live: boolean) => void)[],
  common: Common,
  log: FastifyBaseLogger,
): Promise<DbListener> {
  const { Client } = await import('pg');
  type PgClient = InstanceType<typeof Client>;
  const barrierChannel = channels[0]!;
  let client: PgClient | null = null;
  let live = false;
  let stopped = false;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  const waiting = new Map<string, () => void>();

  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    for (const fn of stateHandlers) fn(value);
  };

  /** Drops the connection: signals may be missing from now on; a new one is made. */
  const lose = (c: PgClient, why: string) => {
    if (client !== c) return;
    client = null;
    log.warn(`database listener lost (${why})`);
    setLive(false);
    (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    c.end().catch(() => {});
    if (!stopped) retry();
  };

  const connect = async () => {
    const c = new Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      application_name: LISTENER_APPLICATION_NAME,
    });
    c.on('notification', (m) => {
      if (!m.payload) return;
      if (m.channel === barrierChannel && m.payload.startsWith(BARRIER_PREFIX)) {
        waiting.get(m.payload)?.();
        return;
      }
      dispatch(m.channel, m.payload);
    });
    c.on('error', (err) => log.warn({ err }, 'database listener connection failed'));
    try {
      await c.connect();
      for (const ch of channels) await c.query(`LISTEN ${ch}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    c.once('end', () => lose(c, 'connection ended'));
    client = c;
    attempt = 0;
    setLive(true);
  };

  const retry = () => {
    if (reconnectTimer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt++);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (stopped) return;
      connect().then(
        () => log.info('database listener reconnected'),
        () => retry(),
      );
    }, delay);
    reconnectTimer.unref();
  };

  let pending: Promise<boolean> | null = null;
  // One query at a time on the connection (pg queues overlapping ones, but warns that it will stop):
  // each barrier's signal is sent once the one before has been sent. Callers who come while a barrier
  // waits to be sent join it, since it will be sent after they came.
  let sent: Promise<unknown> = Promise.resolve();
  let unsent: Promise<boolean> | null = null;
  const barrier = (timeoutMs = LISTENER_TIMEOUT_MS): Promise<boolean> => {
    const c = client;
    if (!c || !live) return Promise.resolve(false);
    if (unsent) return unsent;
    const token = `${BARRIER_PREFIX}${crypto.randomUUID()}`;
    const joined = new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        waiting.delete(token);
        if (!ok) lose(c, 'no answer');
        resolve(ok);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      waiting.set(token, () => done(true));
      // The signal is queued behind every one committed before it and delivered after them.
      sent = sent
        .then(() => {
          if (unsent === joined) unsent = null;
          return c.query('select pg_notify($1, $2)', [barrierChannel, token]);
        })
        .catch(() => done(false));
    });
    unsent = joined;
    return joined;
  };

  try {
    await connect();
  } catch (err) {
    // The server starts anyway; the database may come later.
    log.warn({ err }, 'database listener could not connect');
    retry();
  }
  heartbeat = setInterval(() => {
    if (live && !pending) pending = barrier().finally(() => (pending = null));
  }, LISTENER_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    ...common,
    get live() {
      return live;
    },
    barrier,
    async close() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (heartbeat) clearInterval(heartbeat);
      const c = client;
      client = null;
      live = false;
      await c?.end().catch(() => {});
    },
  };
}
