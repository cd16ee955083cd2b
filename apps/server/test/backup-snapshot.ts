/**
 * What a backup and its restore are compared by: every table's row count and a digest of its rows, the
 * sequences, the applied migrations and the SHA-256 of every uploaded file; and a backup's entries.
 * Free of the test runner, so that the end-to-end test of the built CLI uses the same comparison.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Target } from '../src/backup/backup';
import { openPgliteSession, openPgSession, type SqlSession } from '../src/backup/sql-session';
import { readTar } from '../src/backup/tar';

export interface Snapshot {
  tables: Record<string, { rows: number; digest: string }>;
  sequences: Record<string, string>;
  migrations: string[];
  files: Record<string, string>;
}

async function openSession(t: Target): Promise<SqlSession> {
  return t.databaseUrl ? openPgSession(t.databaseUrl) : openPgliteSession(path.join(t.dataDir, 'db'));
}

async function fileChecksums(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(root)) return out;
  for (const rel of (await fsp.readdir(root, { recursive: true })).sort()) {
    const full = path.join(root, rel);
    if ((await fsp.stat(full)).isFile())
      out[rel] = crypto
        .createHash('sha256')
        .update(await fsp.readFile(full))
        .digest('hex');
  }
  return out;
}

/** Every table's row count and a digest of all its rows' text, the sequences, migrations and files. */
export async function snapshot(t: Target): Promise<Snapshot> {
  const s = await openSession(t);
  try {
    await s.exec("set timezone = 'UTC'; set datestyle = 'ISO, YMD'; set extra_float_digits = 3");
    const tables: Snapshot['tables'] = {};
    const names = await s.rows(
      `select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    for (const [name] of names as [string][]) {
      const [[rows, digest]] = (await s.rows(
        `select count(*)::int, coalesce(md5(string_agg(t::text, E'\\n' order by t::text collate "C")), '')
           from public."${name}" t`,
      )) as [[number, string]];
      tables[name] = { rows, digest };
    }
    const sequences: Snapshot['sequences'] = {};
    const seqs = await s.rows(
      `select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by 1`,
    );
    for (const [name] of seqs as [string][]) {
      const [[v, called]] = (await s.rows(`select last_value::text, is_called from public."${name}"`)) as [
        [string, boolean],
      ];
      sequences[name] = `${v}:${called}`;
    }
    const migrations = (
      await s.rows('select hash from drizzle.__drizzle_migrations order by created_at')
    ).map((r) => r[0] as string);
    return { tables, sequences, migrations, files: await fileChecksums(path.join(t.dataDir, 'uploads')) };
  } finally {
    await s.close();
  }
}

/** Reads a backup's entries into memory. */
export async function readArchive(file: string): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  await readTar(fs.createReadStream(file).pipe(zlib.createGunzip()), ({ path: p }) => {
    const parts: Buffer[] = [];
    return {
      write: (c) => void parts.push(Buffer.from(c)),
      end: () => void entries.set(p, Buffer.concat(parts)),
    };
  });
  return entries;
}
