import type { Table } from '@portal/contracts';
import type { Database } from './client';
import type { DbListener } from './listener';

/** The channel on which the database says which tables (and whose rows) a committed write changed. */
export const CHANGES_CHANNEL = 'portal_changes';

/**
 * The tables whose committed writes are signalled (drizzle/0007_change_signals.sql; test/registry.test.ts
 * holds this list equal to the tables with signal triggers). A table with a user column signals the users
 * whose rows changed (`u:<id>,<id>…`, up to 32), otherwise the whole table (`t:<table>`); so a sign-in or
 * a read mark invalidates one investor's answers, not everyone's.
 */
export const SIGNALLED_TABLES = [
  'users',
  'refresh_tokens',
  'projects',
  'investments',
  'monthly_returns',
  'updates',
  'update_reads',
  'perks',
  'cabin_allowances',
  'bookings',
  'booking_nights',
  'documents',
  'project_media',
  'settings',
  'capital_returns',
  'cabins',
  'high_seasons',
  'swap_offers',
  'activity_requests',
  'rental_incomes',
  'adjustments',
  'waitlist_entries',
] as const satisfies readonly Table[];
export type SignalledTable = (typeof SIGNALLED_TABLES)[number];

/** What one signal says changed: a whole table, or the rows of some users (of any signalled table). */
export type Change = { table: string } | { users: string[] };

/** Beyond this many users with changes, everything is forgotten at once (bounds the memory). */
const MAX_TRACKED_USERS = 100_000;

/**
 * What this instance knows about changes, for its caches. Every signal stamps the changed table or
 * users with the next number of a counter; a cached answer remembers the number current when its read
 * began, and is good while nothing it depends on has a later stamp. Losing the listener forgets
 * everything (signals may have been missed), and caches are not used until it is back.
 */
export class ChangeFeed {
  private seq = 1;
  private resetAt = 0;
  private readonly tables = new Map<string, number>();
  private readonly users = new Map<string, number>();
  private confirmedWrites = 0;
  private inflight: { covers: number; promise: Promise<boolean> } | null = null;
  private readonly resetHandlers: (() => void)[] = [];
  private readonly changeHandlers: ((change: Change) => void)[] = [];

  constructor(
    private readonly listener: DbListener,
    private readonly database: Pick<Database, 'writes'>,
  ) {
    listener.on(CHANGES_CHANNEL, (payload) => this.apply(payload));
    listener.onState(() => this.reset());
  }

  /** Whether caches may be used: signals are known to arrive. */
  get usable(): boolean {
    return this.listener.live;
  }

  /** The point in time a read begins at, to check with `unchangedSince` when it is used or stored. */
  now(): number {
    return this.seq;
  }

  /** Whether nothing in `tables`, and none of `userId`'s rows, changed after `at`. */
  unchangedSince(at: number, tables: readonly SignalledTable[], userId?: string): boolean {
    if (this.resetAt > at) return false;
    for (const t of tables) if ((this.tables.get(t) ?? 0) > at) return false;
    return userId === undefined || (this.users.get(userId) ?? 0) <= at;
  }

  /**
   * Before a cached answer is used: waits until the signals of every write this process has sent so
   * far have arrived (one round trip on PostgreSQL, and only after a write), so that a client always
   * reads its own writes. False when that cannot be confirmed: do not use a cache then.
   */
  settle(): Promise<boolean> {
    const target = this.database.writes.count;
    if (target === this.confirmedWrites) return Promise.resolve(this.listener.live);
    if (this.inflight && this.inflight.covers >= target) return this.inflight.promise;
    const promise = this.listener.barrier().then((ok) => {
      if (ok) this.confirmedWrites = Math.max(this.confirmedWrites, target);
      if (this.inflight?.promise === promise) this.inflight = null;
      return ok;
    });
    this.inflight = { covers: target, promise };
    return promise;
  }

  /** Forgets everything: every cached answer from before is stale. */
  reset() {
    this.resetAt = ++this.seq;
    this.tables.clear();
    this.users.clear();
    for (const fn of this.resetHandlers) fn();
  }

  /** Calls `fn` whenever everything is forgotten, so that caches can let go of their memory. */
  onReset(fn: () => void) {
    this.resetHandlers.push(fn);
  }

  /**
   * Calls `fn` with every change signalled from now on (after it is stamped). What is missed while the
   * listener is away is not replayed: `onReset` says when that may have happened.
   */
  onChange(fn: (change: Change) => void) {
    this.changeHandlers.push(fn);
  }

  private apply(payload: string) {
    const stamp = ++this.seq;
    let change: Change;
    if (payload.startsWith('t:')) {
      this.tables.set(payload.slice(2), stamp);
      change = { table: payload.slice(2) };
    } else if (payload.startsWith('u:')) {
      const ids = payload.slice(2).split(',').filter(Boolean);
      for (const id of ids) this.users.set(id, stamp);
      change = { users: ids };
      if (this.users.size > MAX_TRACKED_USERS) this.reset();
    } else {
      // A signal this version does not know: be safe.
      this.reset();
      return;
    }
    for (const fn of this.changeHandlers) fn(change);
  }
}
