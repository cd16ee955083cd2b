import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { inject } from 'vitest';
import type { Target } from '../src/backup/backup';
import { tarStream } from '../src/backup/tar';
import { openDatabase, type Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed/demo';
import { createLocalStorage } from '../src/storage/file-storage';
import { createPgDatabase } from './helpers';

export { readArchive, snapshot, type Snapshot } from './backup-snapshot';

/** Backup and restore tests: sources with awkward data, the CLI as a process, and exact comparisons. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(ROOT, 'apps/server/src/backup/cli.ts');
export const SECRET = 's'.repeat(48);

export interface TestTarget extends Target {
  env: NodeJS.ProcessEnv;
  drop(): Promise<void>;
}

/** An empty target: a new data folder, and with PostgreSQL a new, empty (unmigrated) database. */
export async function emptyTarget(kind: 'embedded' | 'pg'): Promise<TestTarget> {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-')), 'data');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  if (kind === 'embedded')
    return {
      dataDir,
      secrets: [SECRET],
      env,
      drop: () => fsp.rm(path.dirname(dataDir), { recursive: true, force: true }),
    };
  const db = await createPgDatabase();
  env.DATABASE_URL = db.url;
  return {
    dataDir,
    databaseUrl: db.url,
    secrets: [SECRET],
    env,
    async drop() {
      await db.drop();
      await fsp.rm(path.dirname(dataDir), { recursive: true, force: true });
    },
  };
}

export function openTarget(t: Target): Promise<Database> {
  return t.databaseUrl
    ? openDatabase({ url: t.databaseUrl, poolSize: 2 })
    : openDatabase({ dataDir: path.join(t.dataDir, 'db') });
}

/**
 * The demo data plus values that are easy to get wrong in a text dump: quotes, backslashes, newlines,
 * tabs, `\N`, emoji, microsecond timestamps, large exact amounts, jsonb with a number beyond a double,
 * NULLs, a bigserial sequence, an empty file and a binary one that spans many blocks.
 */
export async function seededSource(kind: 'embedded' | 'pg'): Promise<TestTarget> {
  const t = await emptyTarget(kind);
  const uploads = createLocalStorage(path.join(t.dataDir, 'uploads'));
  let database: Database;
  if (kind === 'embedded') {
    const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
    database = await openDatabase({ dataDir: path.join(t.dataDir, 'db'), snapshot, migrate: false });
  } else database = await openDatabase({ url: t.databaseUrl!, poolSize: 2 });
  try {
    await seedDemo(database.db, uploads);
    const { sql } = await import('drizzle-orm');
    await database.db.execute(sql`
      insert into users (name, email, password_hash, investor_id, last_login_at, phone)
      values (${'O\'Brien "Q" back\\slash\nnew line\ttab \\N 🙂'}, 'awkward@example.test', 'x', 'INV-1999-ODD001',
              '2024-02-29 23:59:59.123456+00', null)`);
    await database.db.execute(sql`
      insert into audit_log (action, entity, entity_id, details)
      select 'backup.test', 'test', g::text,
             ('{"big": 12345678901234567890.123456789, "nested": {"a": [1, "two", null, true]}, "s": "line\\nbreak 🙂"}')::jsonb
        from generate_series(1, 3) g`);
    await database.db.execute(sql`
      insert into monthly_returns (user_id, project_id, month, amount)
      select i.user_id, i.project_id, '1999-12', 123456789012.34 from investments i order by i.id limit 1`);
    // A published statement: its row and its stored PDF travel together.
    const pdf = await uploads.put(Buffer.from('%PDF-1.7\n% a published statement\n'), { extension: 'pdf' });
    await database.db.execute(sql`
      insert into statement_publications (period, recipients, emailed, batch_id, status, total)
      values ('2025', 1, 0, gen_random_uuid(), 'published', 1)`);
    await database.db.execute(sql`
      insert into statement_files (user_id, period, file_key, file_size, sha256)
      select id, '2025', ${pdf.key}, ${pdf.size}, ${pdf.sha256} from users where email = 'investor@example.com'`);
    await uploads.put(Buffer.alloc(0), { extension: 'txt' });
    await uploads.put(crypto.randomBytes(700_001), { extension: 'bin' });
  } finally {
    await database.close();
  }
  return t;
}

/** Runs `npm run backup` / `npm run restore` as the CLI process (from source). */
export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Writes entries back as a backup; with `fixChecksums` the manifest is made to agree with them. */
export async function writeArchive(
  file: string,
  entries: Map<string, Buffer>,
  opts: { fixChecksums?: boolean } = {},
) {
  if (opts.fixChecksums) {
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as {
      tables: { file: string; bytes: number; sha256: string }[];
      files: { path: string; bytes: number; sha256: string }[];
    };
    for (const t of manifest.tables) {
      const body = entries.get(t.file)!;
      t.bytes = body.length;
      t.sha256 = crypto.createHash('sha256').update(body).digest('hex');
    }
    for (const f of manifest.files) {
      const body = entries.get(f.path)!;
      f.bytes = body.length;
      f.sha256 = crypto.createHash('sha256').update(body).digest('hex');
    }
    entries.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  }
  const chunks: Buffer[] = [];
  for await (const c of tarStream([...entries].map(([p, body]) => ({ path: p, size: body.length, body }))))
    chunks.push(c);
  await fsp.writeFile(file, zlib.gzipSync(Buffer.concat(chunks)));
}
