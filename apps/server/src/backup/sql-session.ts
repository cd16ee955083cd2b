import fs from 'node:fs';
import path from 'node:path';

/**
 * One database connection for backup and restore, whichever driver is underneath: a dedicated pg
 * client (not the app's pool, so no statement timeout and one session for the whole snapshot) or the
 * embedded PGlite. Rows come back as arrays.
 */
export interface SqlSession {
  driver: 'pg' | 'pglite';
  rows(text: string, params?: unknown[]): Promise<unknown[][]>;
  /** One or more statements without parameters (migration files). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

export async function openPgSession(url: string): Promise<SqlSession> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  let lost: Error | undefined;
  // A lost connection surfaces on the next query; it must not crash the process meanwhile.
  client.on('error', (err) => (lost = err));
  await client.connect();
  return {
    driver: 'pg',
    async rows(text, params) {
      if (lost) throw lost;
      const result = await client.query({ text, values: params, rowMode: 'array' });
      return result.rows as unknown[][];
    },
    async exec(text) {
      if (lost) throw lost;
      await client.query(text);
    },
    close: () => client.end(),
  };
}

/** Opens an embedded database; `create` allows making a new one (restore), otherwise it must exist. */
export async function openPgliteSession(
  dataDir: string,
  opts: { create?: boolean } = {},
): Promise<SqlSession> {
  if (!opts.create && !fs.existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${dataDir}.`);
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir });
  return {
    driver: 'pglite',
    async rows(text, params) {
      const result = await db.query(text, params, { rowMode: 'array' });
      return result.rows as unknown[][];
    },
    async exec(text) {
      await db.exec(text);
    },
    close: () => db.close(),
  };
}

/** A session on an in-memory copy of an embedded database (its data folder as `dumpDataDir` gives it). */
export async function openPgliteSnapshotSession(snapshot: Blob): Promise<SqlSession> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ loadDataDir: snapshot });
  return {
    driver: 'pglite',
    async rows(text, params) {
      const result = await db.query(text, params, { rowMode: 'array' });
      return result.rows as unknown[][];
    },
    async exec(text) {
      await db.exec(text);
    },
    close: () => db.close(),
  };
}
