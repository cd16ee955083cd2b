import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'drizzle-orm/logger';
import type { Client as PgClient, Pool, PoolClient, PoolConfig } from 'pg';
import { createJobSchema } from './job-schema';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: every call inside a transaction passes it instead of `db`. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Counts statements sent, for tests that guard against N+1 queries. */
  queries: { count: number };
  /** Counts statements that may write (and commits), so caches know when to wait for change signals. */
  writes: { count: number };
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs SQL text on the driver's own client, outside Drizzle and its counters: the job queue's
   * statements. Without values the text may hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** The pool's connections checked out and the queries waiting for one (pg only; read by /metrics). */
  pool?: () => { inUse: number; waiting: number };
  /**
   * A copy of the embedded database's data folder, taken in one step (PGlite's dumpDataDir): a scheduled
   * backup dumps that copy while the server keeps answering. PGlite only.
   */
  snapshot?: () => Promise<Blob>;
  /** The PostgreSQL connection string when the driver is pg (for LISTEN connections). */
  url?: string;
}

/**
 * How long the app waits on PostgreSQL before a request fails with 503 (the web client gives up after
 * 10 s): for a connection (also a free one from a busy pool), for a statement on the server, and for
 * any answer at all (a server that stopped responding). Migrations run without them.
 */
export const PG_TIMEOUTS = { connectMs: 3_000, statementMs: 4_000, queryMs: 5_000 };

export interface OpenOptions {
  /** A postgres:// URL, or a PGlite data directory, or undefined for an in-memory PGlite. */
  url?: string;
  dataDir?: string;
  /** A PGlite data directory dump (dumpDataDir) to start from, e.g. an already migrated database. */
  snapshot?: Blob;
  migrate?: boolean;
  poolSize?: number;
}

/** Finds the committed SQL migrations from either the source tree or the bundled dist folder. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the drizzle migrations folder');
}

/**
 * The session setting under which the database chains the money written (migration 0029): every
 * connection of the application has it, so a write made in the database by other means is not chained
 * and the ledger's verification finds it (apps/server/src/modules/ledger/README.md).
 */
const LEDGER_SETTING = { name: 'portal.ledger', value: 'on' } as const;

/** A statement that may change rows, or the commit that makes such changes visible. */
const MAY_WRITE = /^\s*(?:insert|update|delete|with|truncate|merge|commit|call|do)\b/i;

function counter(): { queries: { count: number }; writes: { count: number }; logger: Logger } {
  const queries = { count: 0 };
  const writes = { count: 0 };
  return {
    queries,
    writes,
    logger: {
      logQuery: (query) => {
        queries.count++;
        if (MAY_WRITE.test(query)) writes.count++;
      },
    },
  };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const { queries, writes, logger } = counter();
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool(<PoolConfig & { Client: PgClientClass }>{
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: PG_TIMEOUTS.connectMs,
      idleTimeoutMillis: 30_000,
      statement_timeout: PG_TIMEOUTS.statementMs,
      query_timeout: PG_TIMEOUTS.queryMs,
      keepAlive: true,
      options: `-c ${LEDGER_SETTING.name}=${LEDGER_SETTING.value}`,
      Client: resilientClient(pg.Client),
    });
    // A pool error (e.g. the server went away) must not crash the process; queries report it instead.
    pool.on('error', () => {});
    releaseBrokenCheckouts(pool);
    const db = drizzle({ client: pool, schema, logger }) as unknown as Db;
    if (opts.migrate !== false) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      // Its own connection: a migration may run longer than the pool's timeouts allow.
      const client = new pg.Client({
        connectionString: opts.url,
        connectionTimeoutMillis: 30_000,
        options: `-c ${LEDGER_SETTING.name}=${LEDGER_SETTING.value}`,
      });
      await client.connect();
      try {
        // Several instances may start at once: one migrates, the others wait.
        await client.query('select pg_advisory_lock(72707369)');
        await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() });
        await createJobSchema((text) => client.query(text));
      } finally {
        await client.query('select pg_advisory_unlock(72707369)').catch(() => {});
        await client.end();
      }
    }
    return {
      db,
      driver: 'pg',
      queries,
      writes,
      url: opts.url,
      pool: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      executeSql: (text, values) => pool.query(text, values),
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.dataDir) fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.snapshot });
  // Its one connection is the application's (a snapshot or a data directory does not keep the setting).
  await client.exec(`set ${LEDGER_SETTING.name} = '${LEDGER_SETTING.value}'`);
  const db = drizzle({ client, schema, logger });
  if (opts.migrate !== false) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db, { migrationsFolder: migrationsFolder() });
    await createJobSchema(async (text) => (await client.exec(text)).at(-1) ?? { rows: [] });
  }
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    queries,
    writes,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    snapshot: () => client.dumpDataDir('none'),
    executeSql: async (text, values) => {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

type PgClientClass = typeof PgClient;

/**
 * The pool's connections, made to survive the database going away:
 * - pg-pool listens for a connection's errors only while it is idle; one checked out (inside a
 *   transaction) that loses its server emits 'error' with no listener, which would end the process.
 *   The error reaches the waiting queries anyway, and the pool drops the connection when it comes back.
 * - A query that got no answer within query_timeout leaves the connection waiting for that answer, and
 *   every later query on it (a transaction's ROLLBACK) would wait as long again: the socket is closed
 *   so that they fail at once and the pool replaces the connection.
 */
function resilientClient(Base: PgClientClass): PgClientClass {
  const closeOnTimeout = (client: InstanceType<PgClientClass>, err: unknown) => {
    if ((err as Error | undefined)?.message === 'Query read timeout')
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  };
  class ResilientClient extends Base {
    constructor(...args: ConstructorParameters<PgClientClass>) {
      super(...args);
      this.on('error', () => {});
    }
  }
  const query = Base.prototype.query as (...args: unknown[]) => unknown;
  ResilientClient.prototype.query = function (this: InstanceType<PgClientClass>, ...args: unknown[]) {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        closeOnTimeout(this, err);
        (last as (e: unknown, r: unknown) => void)(err, res);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as Promise<unknown> | undefined;
    return result && typeof result.then === 'function'
      ? result.catch((err: unknown) => {
          closeOnTimeout(this, err);
          throw err;
        })
      : result;
  } as PgClientClass['prototype']['query'];
  return ResilientClient;
}

/**
 * drizzle's transaction() sends BEGIN before the try/finally that releases its connection: a BEGIN that
 * fails on a broken connection keeps that connection checked out for ever, one pool slot lost per
 * outage until none is left. So a checked-out connection whose socket ends goes back to the pool as
 * broken (the pool drops it), and the later release() of the code that held it does nothing.
 */
function releaseBrokenCheckouts(pool: Pool) {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    // The callback form is pool.query's own, which always releases.
    if (args.length) return connect(...args);
    return (connect() as Promise<PoolClient>).then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const onEnd = () => client.release(new Error('The connection ended while checked out'));
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('end', onEnd);
        release(err);
      };
      client.once('end', onEnd);
      return client;
    });
  }) as Pool['connect'];
}

/** Runs raw SQL and answers its rows, whichever driver is underneath (both answer `{ rows }`). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
