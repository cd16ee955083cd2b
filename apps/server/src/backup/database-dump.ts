import crypto from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import readline from 'node:readline';
import type { MigrationMeta } from 'drizzle-orm/migrator';
import type { SqlSession } from './sql-session';

/**
 * A logical dump through the app's own driver: every table of the `public` schema as NDJSON, one JSON
 * array of column texts a row (each value in PostgreSQL's own text form, NULL as null), read inside
 * one repeatable-read transaction so that the tables agree with each other. Loading casts each text
 * back to the column's type, so the same dump restores into PostgreSQL or the embedded PGlite.
 */

export interface TableDump {
  name: string;
  columns: { name: string; type: string }[];
  rows: number;
  file: string;
  bytes: number;
  sha256: string;
}

export interface SequenceDump {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface MigrationRecord {
  hash: string;
  createdAt: number;
}

const FETCH_ROWS = 2_000;
const LOAD_BATCH_BYTES = 4 * 1024 * 1024;
const LOAD_BATCH_ROWS = 5_000;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (name: string) => `"public".${ident(name)}`;

/** Session settings under which every value's text form reads back exactly. */
const TEXT_SETTINGS = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  'set local extra_float_digits = 3',
  "set local bytea_output = 'hex'",
];

async function listTables(s: SqlSession): Promise<string[]> {
  const rows = await s.rows(
    `select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`,
  );
  return rows.map((r) => r[0] as string);
}

async function listColumns(s: SqlSession): Promise<Map<string, { name: string; type: string }[]>> {
  const rows = await s.rows(
    `select c.relname::text, a.attname::text, format_type(a.atttypid, a.atttypmod)
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const byTable = new Map<string, { name: string; type: string }[]>();
  for (const [table, name, type] of rows as [string, string, string][]) {
    if (!byTable.has(table)) byTable.set(table, []);
    byTable.get(table)!.push({ name, type });
  }
  return byTable;
}

async function listSequences(s: SqlSession): Promise<string[]> {
  const rows = await s.rows(
    `select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  return rows.map((r) => r[0] as string);
}

/** The migrations applied to the database (drizzle's own bookkeeping table), oldest first. */
async function appliedMigrations(s: SqlSession): Promise<MigrationRecord[]> {
  const [[exists]] = (await s.rows(`select to_regclass('drizzle.__drizzle_migrations') is not null`)) as [
    [boolean],
  ];
  if (!exists) return [];
  const rows = await s.rows(
    `select hash, created_at::text from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map(([hash, createdAt]) => ({ hash: hash as string, createdAt: Number(createdAt) }));
}

/** True when any table of the `public` schema holds a row. */
export async function databaseHasRows(s: SqlSession): Promise<boolean> {
  for (const table of await listTables(s)) {
    const [[any]] = (await s.rows(`select exists (select 1 from ${qualified(table)})`)) as [[boolean]];
    if (any) return true;
  }
  return false;
}

async function writeLine(out: fs.WriteStream, line: string) {
  if (!out.write(line)) await once(out, 'drain');
}

/**
 * One table's rows as the archive holds them (each row a JSON array of the columns' text forms, a line
 * each), given to `write` batch by batch, with their count, size and SHA-256. Inside a transaction.
 */
async function dumpTable(
  s: SqlSession,
  name: string,
  cols: { name: string }[],
  write?: (text: string) => Promise<void>,
): Promise<{ rows: number; bytes: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let rows = 0;
  let bytes = 0;
  const list = cols.map((c) => `${ident(c.name)}::text`).join(', ');
  await s.exec(`declare backup_rows no scroll cursor for select ${list || 'null'} from ${qualified(name)}`);
  for (;;) {
    const batch = await s.rows(`fetch forward ${FETCH_ROWS} from backup_rows`);
    if (!batch.length) break;
    let text = '';
    for (const row of batch) text += JSON.stringify(cols.length ? row : []) + '\n';
    const buf = Buffer.from(text, 'utf8');
    hash.update(buf);
    bytes += buf.length;
    rows += batch.length;
    await write?.(text);
  }
  await s.exec('close backup_rows');
  return { rows, bytes, sha256: hash.digest('hex') };
}

/**
 * The tables of a restore that differ from the backup's manifest: each table read back as a backup would
 * write it (the manifest's columns, in its order) and its row count and SHA-256 compared.
 */
export async function tablesDiffering(s: SqlSession, tables: TableDump[]): Promise<string[]> {
  const differing: string[] = [];
  for (const table of tables) {
    const read = await dumpTable(s, table.name, table.columns);
    if (read.rows !== table.rows || read.sha256 !== table.sha256)
      differing.push(
        read.rows !== table.rows
          ? `${table.name} (${read.rows} rows, the backup lists ${table.rows})`
          : `${table.name} (same ${table.rows} rows, other content)`,
      );
  }
  return differing;
}

/** Writes every table to `dir/<table>.ndjson` from one consistent snapshot. */
export async function dumpDatabase(
  s: SqlSession,
  dir: string,
): Promise<{ tables: TableDump[]; sequences: SequenceDump[]; migrations: MigrationRecord[] }> {
  await s.exec('begin isolation level repeatable read read only');
  try {
    for (const setting of TEXT_SETTINGS) await s.exec(setting);
    const migrations = await appliedMigrations(s);
    if (!migrations.length) throw new Error('The database has no Investor Portal schema to back up.');
    const columns = await listColumns(s);
    const tables: TableDump[] = [];
    for (const name of await listTables(s)) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Cannot back up a table named "${name}".`);
      const cols = columns.get(name) ?? [];
      const file = `${dir}/${name}.ndjson`;
      const out = fs.createWriteStream(file, { mode: 0o600 });
      const { rows, bytes, sha256 } = await dumpTable(s, name, cols, (text) => writeLine(out, text));
      out.end();
      await once(out, 'close');
      tables.push({
        name,
        columns: cols,
        rows,
        file: `db/${name}.ndjson`,
        bytes,
        sha256,
      });
    }
    const sequences: SequenceDump[] = [];
    for (const name of await listSequences(s)) {
      const [[lastValue, isCalled]] = (await s.rows(
        `select last_value::text, is_called from ${qualified(name)}`,
      )) as [[string, boolean]];
      sequences.push({ name, lastValue, isCalled });
    }
    return { tables, sequences, migrations };
  } finally {
    await s.exec('rollback').catch(() => {});
  }
}

/** Drops what a previous installation left in the target: its tables, functions, types and migrations. */
async function dropExisting(s: SqlSession) {
  const notFromExtension = (oid: string) =>
    `not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`;
  const statements = (await s.rows(
    `select format('drop %s if exists %I.%I cascade',
                   case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
                                  when 'S' then 'sequence' when 'f' then 'foreign table'
                                  when 'c' then 'type' else 'table' end,
                   n.nspname, c.relname)
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      -- 'c': a composite type of its own (CREATE TYPE … AS, e.g. migration 0029's ledger_entry).
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f', 'c') and ${notFromExtension('c.oid')}
     union all
     select format('drop %s if exists %s cascade', case p.prokind when 'p' then 'procedure' else 'function' end,
                   p.oid::regprocedure)
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind in ('f', 'p') and ${notFromExtension('p.oid')}
     union all
     select format('drop %s if exists %I.%I cascade', case t.typtype when 'd' then 'domain' else 'type' end,
                   n.nspname, t.typname)
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype in ('e', 'd', 'r') and ${notFromExtension('t.oid')}`,
  )) as [string][];
  for (const [statement] of statements) await s.exec(statement);
  await s.exec('drop schema if exists drizzle cascade');
}

/** Applies migrations the way drizzle's migrator does, inside the caller's transaction. */
async function applyMigrations(s: SqlSession, migrations: MigrationMeta[]) {
  await s.exec('create schema if not exists drizzle');
  await s.exec(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const m of migrations) {
    for (const statement of m.sql) if (statement.trim()) await s.exec(statement);
    await s.rows('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      m.hash,
      m.folderMillis,
    ]);
  }
}

/** Tables in an order in which every foreign key points at a table loaded before it. */
async function loadOrder(s: SqlSession, tables: string[]): Promise<string[]> {
  const edges = (await s.rows(
    `select t.relname::text, r.relname::text
       from pg_constraint k
       join pg_class t on t.oid = k.conrelid
       join pg_class r on r.oid = k.confrelid
       join pg_namespace n on n.oid = t.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and t.oid <> r.oid`,
  )) as [string, string][];
  const wanted = new Set(tables);
  const needs = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const [from, to] of edges) if (wanted.has(from) && wanted.has(to)) needs.get(from)!.add(to);
  const order: string[] = [];
  while (order.length < tables.length) {
    const ready = tables.filter(
      (t) => !order.includes(t) && [...needs.get(t)!].every((d) => order.includes(d)),
    );
    if (!ready.length)
      throw new Error('The tables reference each other in a cycle; cannot choose a load order.');
    order.push(...ready);
  }
  return order;
}

async function loadTable(s: SqlSession, dir: string, table: TableDump, types: Map<string, string>) {
  const names = table.columns.map((c) => ident(c.name)).join(', ');
  const values = table.columns.map((c, i) => `(r->>${i})::${types.get(c.name)}`).join(', ');
  const insert = `insert into ${qualified(table.name)} (${names}) overriding system value
                  select ${values} from json_array_elements($1::json) as r`;
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    await s.rows(insert, [`[${batch.join(',')}]`]);
    batch = [];
    bytes = 0;
  };
  const lines = readline.createInterface({
    input: fs.createReadStream(`${dir}/${table.file}`),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (bytes >= LOAD_BATCH_BYTES || batch.length >= LOAD_BATCH_ROWS) await flush();
  }
  await flush();
}

export class RestoreError extends Error {}

/**
 * Recreates the schema as it was when the backup was made (its migrations), loads the rows with the
 * tables' own triggers off (the dump already holds what they computed), checks the row counts, sets
 * the sequences, then applies the migrations that came after the backup. One transaction: on any
 * failure the target is left as it was.
 */
export async function loadDatabase(
  s: SqlSession,
  dir: string,
  dump: { tables: TableDump[]; sequences: SequenceDump[]; migrations: MigrationRecord[] },
  known: MigrationMeta[],
  opts: {
    dropExisting: boolean;
    beforeCommit?: () => Promise<void>;
    /**
     * A restore drill: called with the rows loaded at the backup's own migration (before the newer ones),
     * then everything is rolled back.
     */
    drill?: (s: SqlSession) => Promise<void>;
  },
): Promise<void> {
  const k = dump.migrations.length;
  if (k > known.length)
    throw new RestoreError(
      `This backup was made by a newer version of Investor Portal (${k} migrations, this one knows ${known.length}). Update the app first.`,
    );
  dump.migrations.forEach((m, i) => {
    if (m.createdAt !== known[i]!.folderMillis)
      throw new RestoreError(
        `This backup's schema history differs from this version's at migration ${i + 1}; it was made by another branch of Investor Portal.`,
      );
  });

  await s.exec('begin');
  try {
    for (const setting of TEXT_SETTINGS) await s.exec(setting);
    await s.exec('set local statement_timeout = 0');
    // A running server holds locks on the tables: fail clearly instead of waiting behind it.
    await s.exec("set local lock_timeout = '10s'");
    if (opts.dropExisting) await dropExisting(s);
    await applyMigrations(s, known.slice(0, k));

    const columns = await listColumns(s);
    for (const table of dump.tables) {
      const target = columns.get(table.name);
      const expected = table.columns.map((c) => c.name).sort();
      const actual = (target ?? []).map((c) => c.name).sort();
      if (!target || expected.join() !== actual.join())
        throw new RestoreError(
          `The table ${table.name} in the backup does not match the schema it was made with.`,
        );
    }
    const byName = new Map(dump.tables.map((t) => [t.name, t]));
    for (const name of await loadOrder(s, [...byName.keys()])) {
      const table = byName.get(name)!;
      const types = new Map(columns.get(name)!.map((c) => [c.name, c.type]));
      await s.exec(`alter table ${qualified(name)} disable trigger user`);
      try {
        await loadTable(s, dir, table, types);
      } catch (err) {
        throw new RestoreError(`Could not load the table ${name}: ${(err as Error).message}`);
      }
      await s.exec(`alter table ${qualified(name)} enable trigger user`);
      const [[count]] = (await s.rows(`select count(*)::int from ${qualified(name)}`)) as [[number]];
      if (count !== table.rows)
        throw new RestoreError(
          `The table ${name} has ${count} rows after loading; the backup lists ${table.rows}.`,
        );
    }
    for (const seq of dump.sequences)
      await s.rows(`select setval($1::regclass, $2::bigint, $3::boolean)`, [
        qualified(seq.name),
        seq.lastValue,
        seq.isCalled,
      ]);
    if (opts.drill) {
      await opts.drill(s);
      await s.exec('rollback');
      return;
    }
    await applyMigrations(s, known.slice(k));
    await s.exec('analyze');
    await opts.beforeCommit?.();
    await s.exec('commit');
  } catch (err) {
    await s.exec('rollback').catch(() => {});
    if ((err as { code?: string }).code === '55P03')
      throw new RestoreError('The database is in use: stop the server before restoring.');
    throw err;
  }
}
