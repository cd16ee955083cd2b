import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { ChangeFeed, SignalledTable } from '../../db/changes';
import type { Database } from '../../db/client';
import type { DbListener } from '../../db/listener';
import { DATABASE_UNAVAILABLE, ServiceUnavailableError } from '../../lib/errors';
import { notifications, refreshTokens, users } from '../../db/schema';
import { NOTIFY_CHANNEL, notificationColumns, rowsOf, type Signal } from './notify';
import { inReadersLanguage } from './notices';
import type { NotificationRow } from './presenter';

/** One open stream of one user. */
export interface StreamClient {
  readonly userId: string;
  /** The sign-in (refresh-token family) that opened it. */
  readonly familyId: string;
  /** A new notification of this user, as stored: the stream presents it. */
  notify(row: NotificationRow): void;
  /** The user's list changed in a way the stream does not describe: the browser reloads it. */
  sync(): void;
  /** The sign-in has ended (logout, password change elsewhere, deactivation, deletion): say so and close. */
  end(reason: 'ended'): void;
}

/** What a sign-in's validity is read from: the account and its sign-ins (the refresh tokens). */
const SIGN_IN_TABLES: readonly SignalledTable[] = ['users', 'refresh_tokens'];

const signInKey = (c: { userId: string; familyId: string }) => `${c.userId} ${c.familyId}`;

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
  /** Streams whose sign-in must be checked again, and whether a check is under way. */
  private readonly suspect = new Set<StreamClient>();
  private checking = false;

  constructor(
    private readonly database: Database,
    private readonly listener: DbListener,
    private readonly changes: ChangeFeed,
    private readonly log: FastifyBaseLogger,
  ) {
    listener.on(NOTIFY_CHANNEL, (p) => this.handle(p));
    // Signals sent while the listener was away are lost: the browsers reload their lists.
    listener.onState((live) => live && this.syncAll());
    // A stream is a standing permission: it lasts only while the request that opened it would still be
    // allowed. Any change to a connected user's account or sign-ins (signalled by every instance's
    // writes, ADR 005) has their streams' sign-ins checked again, and a stream whose sign-in has ended
    // is closed at once. Changes missed while the listener was away: everything is checked again.
    changes.onChange((change) => {
      if ('users' in change) {
        for (const id of change.users) this.checkAgain(this.clients.get(id) ?? []);
      } else if ((SIGN_IN_TABLES as readonly string[]).includes(change.table)) {
        this.checkAgainAll();
      }
    });
    changes.onReset(() => listener.live && this.checkAgainAll());
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

  /**
   * Registers a stream while this instance is listening, so nothing committed afterwards is missed.
   * `checkedAt` is `changes.now()` from before its sign-in was checked: a change to the sign-in signalled
   * since then, while the stream was not yet here to be told, has it checked again.
   */
  async add(client: StreamClient, checkedAt: number): Promise<() => void> {
    if (this.closed)
      throw new ServiceUnavailableError('The server is restarting. Please try again in a moment.');
    if (!this.listener.live) throw new ServiceUnavailableError(DATABASE_UNAVAILABLE);
    let set = this.clients.get(client.userId);
    if (!set) this.clients.set(client.userId, (set = new Set()));
    set.add(client);
    if (!this.changes.unchangedSince(checkedAt, SIGN_IN_TABLES, client.userId)) this.checkAgain([client]);
    return () => {
      set.delete(client);
      this.suspect.delete(client);
      if (set.size === 0 && this.clients.get(client.userId) === set) this.clients.delete(client.userId);
    };
  }

  private checkAgainAll() {
    for (const set of this.clients.values()) this.checkAgain(set);
  }

  /** Checks the streams' sign-ins again soon: one query for everything suspected meanwhile. */
  private checkAgain(clients: Iterable<StreamClient>) {
    if (this.closed) return;
    for (const c of clients) this.suspect.add(c);
    if (this.checking || this.suspect.size === 0) return;
    this.checking = true;
    setImmediate(() => void this.checkSuspects());
  }

  private async checkSuspects() {
    while (this.suspect.size > 0 && !this.closed) {
      const batch = [...this.suspect];
      this.suspect.clear();
      let valid: Set<string>;
      try {
        valid = await this.validSignIns(batch);
      } catch (err) {
        // Unconfirmed is not good enough for a standing permission: the browser reconnects, and its
        // ticket request is checked like any other.
        this.log.warn({ err }, 'could not check the sign-ins of open notification streams');
        valid = new Set();
      }
      for (const c of batch) if (!valid.has(signInKey(c))) c.end('ended');
    }
    this.checking = false;
  }

  /** The sign-ins among the streams' that still let a request through: the user active, not revoked. */
  private async validSignIns(clients: readonly StreamClient[]): Promise<Set<string>> {
    const pairs = new Map(clients.map((c) => [signInKey(c), c]));
    const list = [...pairs.values()];
    const result = await this.database.db.execute(sql`
      select s.user_id, s.family_id
      from unnest(${sql.param(list.map((c) => c.userId))}::uuid[], ${sql.param(list.map((c) => c.familyId))}::uuid[])
        as s(user_id, family_id)
      join ${users} u on u.id = s.user_id and u.is_active
      where not exists (
        select 1 from ${refreshTokens} r where r.family_id = s.family_id and r.revoked_at is not null
      )`);
    return new Set(
      rowsOf<{ user_id: string; family_id: string }>(result).map((r) =>
        signInKey({ userId: r.user_id, familyId: r.family_id }),
      ),
    );
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
        ...notificationColumns,
        userId: notifications.userId,
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
    for (const row of await inReadersLanguage(rows)) {
      // The sender's own copy of a broadcast goes into their bell without a toast, which would take the
      // place of their "Notification sent successfully!".
      if (row.createdBy === row.userId) {
        for (const c of this.clients.get(row.userId) ?? []) c.sync();
        continue;
      }
      for (const c of this.clients.get(row.userId) ?? []) c.notify(row);
    }
  }

  private syncAll() {
    for (const set of this.clients.values()) for (const c of set) c.sync();
  }

  close() {
    this.closed = true;
    this.clients.clear();
    this.suspect.clear();
  }
}
