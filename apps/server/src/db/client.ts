import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'drizzle-orm/logger';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: every call inside a transaction passes it instead of `db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Counts statements sent, for tests that guard against N+1 queries. */
  queries: { count: number };
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PostgreSQL connection string when the driver is pg (for LISTEN connections). */
  url?: string;
}

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

function counter(): { queries: { count: number }; logger: Logger } {
  const queries = { count: 0 };
  return { queries, logger: { logQuery: () => void queries.count++ } };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const { queries, logger } = counter();
  if (opts.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // A pool error (e.g. the server went away) must not crash the process; queries report it instead.
    pool.on('error', () => {});
    const db = drizzle({ client: pool, schema, logger }) as unknown as Db;
    if (opts.migrate !== false) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      const client = await pool.connect();
      try {
        // Several instances may start at once: one migrates, the others wait.
        await client.query('select pg_advisory_lock(72707369)');
        await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query('select pg_advisory_unlock(72707369)').catch(() => {});
        client.release();
      }
    }
    return {
      db,
      driver: 'pg',
      queries,
      url: opts.url,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.dataDir) fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.snapshot });
  const db = drizzle({ client, schema, logger });
  if (opts.migrate !== false) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db, { migrationsFolder: migrationsFolder() });
  }
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    queries,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/** Runs raw SQL and answers its rows, whichever driver is underneath (both answer `{ rows }`). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
