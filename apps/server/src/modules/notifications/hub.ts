import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { NotificationItem } from '@portal/contracts';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { NOTIFY_CHANNEL, type Signal } from './notify';
import { presentNotification } from './presenter';

/** One open stream of one user. */
export interface StreamClient {
  readonly userId: string;
  notify(n: NotificationItem): void;
  /** The user's list changed in a way the stream does not describe: the browser reloads it. */
  sync(): void;
}

interface SignalSource {
  close(): Promise<void>;
}

interface Listener {
  onPayload(payload: string): void;
  /** After a lost LISTEN connection is back: signals may have been missed meanwhile. */
  onReconnected(): void;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * PostgreSQL: one dedicated connection LISTENs (a pooled one would be handed to other queries). If it
 * drops, it reconnects with backoff and says so, so that open streams resynchronise.
 */
async function listenPg(url: string, listener: Listener, log: FastifyBaseLogger): Promise<SignalSource> {
  const { Client } = await import('pg');
  let client: InstanceType<typeof Client> | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = async () => {
    const c = new Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    c.on('notification', (m) => {
      if (m.channel === NOTIFY_CHANNEL && m.payload) listener.onPayload(m.payload);
    });
    c.on('error', (err) => log.warn({ err }, 'notification listener connection failed'));
    try {
      await c.connect();
      await c.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    c.once('end', () => {
      if (client === c) client = null;
      if (!stopped) retry();
    });
    client = c;
  };

  const retry = () => {
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt++);
    timer = setTimeout(() => {
      timer = null;
      if (stopped) return;
      connect().then(
        () => {
          attempt = 0;
          log.info('notification listener reconnected');
          listener.onReconnected();
        },
        () => retry(),
      );
    }, delay);
    timer.unref();
  };

  await connect();
  return {
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

interface PGliteLike {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
}

/** The embedded PGlite delivers NOTIFY to listeners in the same process, on commit like PostgreSQL. */
async function listenPglite(database: Database, listener: Listener): Promise<SignalSource> {
  const client = (database.db as unknown as { $client: PGliteLike }).$client;
  const unlisten = await client.listen(NOTIFY_CHANNEL, (payload) => listener.onPayload(payload));
  return { close: () => unlisten().catch(() => {}) };
}

function parseSignal(payload: string): Signal | null {
  try {
    const s = JSON.parse(payload) as Partial<Signal>;
    if (s.k === 'batch' && typeof s.b === 'string' && typeof s.at === 'string') return s as Signal;
    if (s.k === 'sync' && typeof s.u === 'string') return s as Signal;
  } catch {
    // not ours
  }
  return null;
}

/**
 * The open streams of this instance and the signals that feed them. Every write of a notification
 * signals on the database channel inside its own statement; every instance with open streams hears
 * it and reads the new rows of its own connected users (one query per batch and instance).
 */
export class NotificationHub {
  private readonly clients = new Map<string, Set<StreamClient>>();
  private source: Promise<SignalSource> | null = null;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Streams open on this instance. */
  get size(): number {
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
  }

  countFor(userId: string): number {
    return this.clients.get(userId)?.size ?? 0;
  }

  /** Registers a stream once this instance is listening, so nothing committed afterwards is missed. */
  async add(client: StreamClient): Promise<() => void> {
    await this.listen();
    let set = this.clients.get(client.userId);
    if (!set) this.clients.set(client.userId, (set = new Set()));
    set.add(client);
    return () => {
      set.delete(client);
      if (set.size === 0 && this.clients.get(client.userId) === set) this.clients.delete(client.userId);
    };
  }

  private listen(): Promise<SignalSource> {
    if (this.closed) return Promise.reject(new Error('The notification hub is closed'));
    const listener: Listener = {
      onPayload: (p) => this.handle(p),
      onReconnected: () => this.syncAll(),
    };
    this.source ??= (
      this.database.driver === 'pg' && this.database.url
        ? listenPg(this.database.url, listener, this.log)
        : listenPglite(this.database, listener)
    ).catch((err) => {
      // The next stream tries again.
      this.source = null;
      throw err;
    });
    return this.source;
  }

  private handle(payload: string) {
    const signal = parseSignal(payload);
    if (!signal) return;
    if (signal.k === 'sync') {
      for (const c of this.clients.get(signal.u) ?? []) c.sync();
      return;
    }
    if (this.clients.size === 0) return;
    this.deliverBatch(signal.b, signal.at).catch((err) => {
      this.log.error({ err }, 'could not deliver a notification batch');
      // The rows are in the database; a resync lets the browsers pick them up.
      this.syncAll();
    });
  }

  private async deliverBatch(batchId: string, at: string) {
    const userIds = [...this.clients.keys()];
    const rows = await this.database.db
      .select({
        id: notifications.id,
        userId: notifications.userId,
        title: notifications.title,
        message: notifications.message,
        type: notifications.type,
        read: notifications.read,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(
        and(
          sql`${notifications.userId} = any(${sql.param(userIds)}::uuid[])`,
          sql`${notifications.createdAt} >= ${at}::timestamptz`,
          eq(notifications.batchId, batchId),
        ),
      );
    for (const row of rows) {
      const item = presentNotification(row);
      for (const c of this.clients.get(row.userId) ?? []) c.notify(item);
    }
  }

  private syncAll() {
    for (const set of this.clients.values()) for (const c of set) c.sync();
  }

  async close() {
    this.closed = true;
    this.clients.clear();
    const source = this.source;
    this.source = null;
    if (source) await source.then((s) => s.close()).catch(() => {});
  }
}
