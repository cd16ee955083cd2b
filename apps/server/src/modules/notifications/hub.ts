import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { NotificationItem } from '@portal/contracts';
import type { Database } from '../../db/client';
import type { DbListener } from '../../db/listener';
import { DATABASE_UNAVAILABLE, ServiceUnavailableError } from '../../lib/errors';
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
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly listener: DbListener,
    private readonly log: FastifyBaseLogger,
  ) {
    listener.on(NOTIFY_CHANNEL, (p) => this.handle(p));
    // Signals sent while the listener was away are lost: the browsers reload their lists.
    listener.onState((live) => live && this.syncAll());
  }

  /** Streams open on this instance. */
  get size(): number {
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
  }

  countFor(userId: string): number {
    return this.clients.get(userId)?.size ?? 0;
  }

  /** Registers a stream while this instance is listening, so nothing committed afterwards is missed. */
  async add(client: StreamClient): Promise<() => void> {
    if (this.closed)
      throw new ServiceUnavailableError('The server is restarting. Please try again in a moment.');
    if (!this.listener.live) throw new ServiceUnavailableError(DATABASE_UNAVAILABLE);
    let set = this.clients.get(client.userId);
    if (!set) this.clients.set(client.userId, (set = new Set()));
    set.add(client);
    return () => {
      set.delete(client);
      if (set.size === 0 && this.clients.get(client.userId) === set) this.clients.delete(client.userId);
    };
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
        link: notifications.link,
        createdAt: notifications.createdAt,
        createdBy: notifications.createdBy,
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
      // The sender's own copy of a broadcast goes into their bell without a toast, which would take the
      // place of their "Notification sent successfully!".
      if (row.createdBy === row.userId) {
        for (const c of this.clients.get(row.userId) ?? []) c.sync();
        continue;
      }
      const item = presentNotification(row);
      for (const c of this.clients.get(row.userId) ?? []) c.notify(item);
    }
  }

  private syncAll() {
    for (const set of this.clients.values()) for (const c of set) c.sync();
  }

  close() {
    this.closed = true;
    this.clients.clear();
  }
}
