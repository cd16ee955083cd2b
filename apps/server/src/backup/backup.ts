import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { z } from 'zod';
import { migrationsFolder } from '../db/client';
import {
  databaseHasRows,
  dumpDatabase,
  loadDatabase,
  RestoreError,
  tablesDiffering,
  type MigrationRecord,
  type SequenceDump,
  type TableDump,
} from './database-dump';
import { openPgliteSession, openPgSession, type SqlSession } from './sql-session';
import { readTar, TarFormatError, tarStream, type TarEntry } from './tar';
import { KEY_PATTERN, type FileStorage } from '../storage/file-storage';
import { createS3Storage, type S3Settings } from '../storage/s3-storage';

/**
 * `npm run backup` / `npm run restore`: the database (embedded or PostgreSQL) and the uploaded files in
 * one .tar.gz with a manifest (format version, time, schema history, row counts, checksums).
 */

const BACKUP_FORMAT = 'investor-portal-backup';
const BACKUP_VERSION = 1;

export interface Target {
  /** DATA_DIR: the embedded database in `db/` and the uploaded files in `uploads/`. */
  dataDir: string;
  /** PostgreSQL instead of the embedded database when set. */
  databaseUrl?: string;
  /**
   * The data keys (DATA_KEYS, newest first; an older installation's JWT_SECRET), if known: only the newest
   * one's fingerprint is recorded, and a restore warns when none of the target's is the backup's.
   */
  secrets?: readonly string[];
  /** The uploaded files are objects in this bucket instead of files in DATA_DIR/uploads. */
  s3?: S3Settings;
}

/** An object's place in the archive: the same as the local disk's, so either kind restores into the other. */
const archivedPath = (key: string) => `uploads/${key.slice(0, 2)}/${key}`;

async function objectKeys(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of storage.list()) keys.push(o.key);
  return keys;
}

const safeName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const uploadPath = z
  .string()
  .max(1000)
  .refine((p) => {
    const parts = p.split('/');
    return parts[0] === 'uploads' && parts.length >= 2 && parts.slice(1).every((s) => safeName.test(s));
  }, 'not a safe upload path');

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  source: z.object({ database: z.enum(['embedded', 'postgresql']), serverVersion: z.string() }),
  secretFingerprint: z.string().nullable(),
  migrations: z.array(z.object({ hash: z.string(), createdAt: z.number() })),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      columns: z.array(z.object({ name: z.string(), type: z.string() })),
      rows: z.number().int().min(0),
      file: z.string().regex(/^db\/[a-z_][a-z0-9_]*\.ndjson$/),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[a-f0-9]{64}$/),
    }),
  ),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  files: z.array(
    z.object({
      path: uploadPath,
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[a-f0-9]{64}$/),
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;

const embeddedDir = (t: Target) => path.join(t.dataDir, 'db');
const uploadsDir = (t: Target) => path.join(t.dataDir, 'uploads');

/** Identifies the server secret without revealing it. */
function secretFingerprint(secret: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update('investor-portal backup fingerprint')
    .digest('hex')
    .slice(0, 16);
}

/**
 * PGlite has no lock of its own: it leaves `postmaster.pid` in the folder while open and removes it on
 * close. Two processes on one folder corrupt it, so backup and restore refuse while it is there.
 */
function assertEmbeddedClosed(t: Target) {
  if (fs.existsSync(path.join(embeddedDir(t), 'postmaster.pid')))
    throw new RestoreError(
      `The embedded database in ${embeddedDir(t)} is open: stop the server first. (If no server is running, it was not shut down cleanly: start it and stop it once.)`,
    );
}

async function openSource(t: Target): Promise<SqlSession> {
  if (t.databaseUrl) return openPgSession(t.databaseUrl);
  assertEmbeddedClosed(t);
  return openPgliteSession(embeddedDir(t));
}

async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every uploaded file (relative paths, sorted); files still being uploaded (`.part`) are left out. */
async function listUploads(root: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string, rel: string) {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const relPath = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(dir, e.name), relPath);
      else if (e.isFile() && !e.name.endsWith('.part')) {
        if (!safeName.test(e.name)) console.warn(`Skipped an upload with an unexpected name: ${relPath}`);
        else found.push(relPath);
      }
    }
  }
  await walk(root, '');
  return found.sort();
}

/** Links (or, across file systems, copies) a file into the staging folder: later deletes cannot touch it. */
async function snapshotFile(from: string, to: string) {
  await fsp.mkdir(path.dirname(to), { recursive: true });
  try {
    await fsp.link(from, to);
  } catch {
    await fsp.copyFile(from, to);
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
  ms: number;
}

export function defaultBackupFile(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return path.resolve('backups', `investor-portal-${stamp}.tar.gz`);
}

/**
 * Writes an archive of the target. `session`: a session on the database to dump, in place of opening the
 * target's (a scheduled backup of the running server: its own connection, or a copy of the embedded
 * database); it is closed here.
 */
export async function createBackup(
  t: Target,
  outFile: string,
  opts: { session?: SqlSession } = {},
): Promise<BackupResult> {
  const started = performance.now();
  const out = path.resolve(outFile);
  if (fs.existsSync(out)) throw new Error(`${out} already exists; choose another file with --out.`);
  await fsp.mkdir(t.dataDir, { recursive: true });
  const staging = await fsp.mkdtemp(path.join(t.dataDir, '.backup-'));
  const partial = `${out}.part`;
  try {
    const session = opts.session ?? (await openSource(t));
    let dump: { tables: TableDump[]; sequences: SequenceDump[]; migrations: MigrationRecord[] };
    let serverVersion: string;
    try {
      await fsp.mkdir(path.join(staging, 'db'));
      dump = await dumpDatabase(session, path.join(staging, 'db'));
      serverVersion = String((await session.rows('select version()'))[0]![0]).split(' on ')[0]!;
    } finally {
      await session.close();
    }

    // The files after the rows: a file is stored before the row that names it is committed.
    const files: Manifest['files'] = [];
    if (t.s3) {
      const storage = createS3Storage(t.s3);
      for (const key of await objectKeys(storage)) {
        const rel = archivedPath(key);
        const staged = path.join(staging, rel);
        await fsp.mkdir(path.dirname(staged), { recursive: true });
        await pipeline(storage.get(key), fs.createWriteStream(staged, { mode: 0o600 }));
        files.push({ path: rel, bytes: (await fsp.stat(staged)).size, sha256: await sha256File(staged) });
      }
    }
    for (const rel of t.s3 ? [] : await listUploads(uploadsDir(t))) {
      const staged = path.join(staging, 'uploads', rel);
      await snapshotFile(path.join(uploadsDir(t), rel), staged);
      files.push({
        path: `uploads/${rel}`,
        bytes: (await fsp.stat(staged)).size,
        sha256: await sha256File(staged),
      });
    }

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      source: { database: t.databaseUrl ? 'postgresql' : 'embedded', serverVersion },
      secretFingerprint: t.secrets?.length ? secretFingerprint(t.secrets[0]!) : null,
      migrations: dump.migrations,
      tables: dump.tables,
      sequences: dump.sequences,
      files,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
    function* entries(): Generator<TarEntry> {
      yield { path: 'manifest.json', size: manifestBytes.length, body: manifestBytes };
      for (const table of manifest.tables)
        yield {
          path: table.file,
          size: table.bytes,
          body: fs.createReadStream(path.join(staging, table.file)),
        };
      for (const file of manifest.files)
        yield { path: file.path, size: file.bytes, body: fs.createReadStream(path.join(staging, file.path)) };
    }
    await fsp.mkdir(path.dirname(out), { recursive: true });
    await pipeline(tarStream(entries()), zlib.createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
    await fsp.rename(partial, out);
    return { file: out, bytes: (await fsp.stat(out)).size, manifest, ms: performance.now() - started };
  } catch (err) {
    await fsp.rm(partial, { force: true });
    throw err;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Unpacks the archive into `staging`, checking each entry against the manifest (which comes first):
 * known path, size and SHA-256. Anything missing, extra or different fails before the target is touched.
 */
async function unpack(file: string, staging: string): Promise<Manifest> {
  let manifest: Manifest | null = null;
  const expected = new Map<string, { bytes: number; sha256: string }>();
  const seen = new Set<string>();
  const damaged = (what: string) => new RestoreError(`The backup is damaged: ${what}`);
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  let open: fsp.FileHandle | null = null;
  try {
    await readTar(input, async ({ path: entryPath, size }) => {
      if (!manifest) {
        if (entryPath !== 'manifest.json')
          throw new RestoreError(`${file} is not an Investor Portal backup.`);
        if (size > 256 * 1024 * 1024) throw damaged('the manifest is too large.');
        const chunks: Buffer[] = [];
        return {
          write: (chunk) => void chunks.push(Buffer.from(chunk)),
          end: () => {
            let json: unknown;
            try {
              json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              throw damaged('the manifest is not valid JSON.');
            }
            const format = (json as { format?: unknown; version?: unknown } | null) ?? {};
            if (format.format !== BACKUP_FORMAT)
              throw new RestoreError(`${file} is not an Investor Portal backup.`);
            if (format.version !== BACKUP_VERSION)
              throw new RestoreError(
                `This backup has format version ${String(format.version)}; this app reads ${BACKUP_VERSION}.`,
              );
            const parsed = manifestSchema.safeParse(json);
            if (!parsed.success)
              throw damaged(`the manifest is not valid (${parsed.error.issues[0]?.path.join('.')}).`);
            manifest = parsed.data;
            for (const t of manifest.tables) expected.set(t.file, { bytes: t.bytes, sha256: t.sha256 });
            for (const f of manifest.files) expected.set(f.path, { bytes: f.bytes, sha256: f.sha256 });
          },
        };
      }
      const want = expected.get(entryPath);
      if (!want || seen.has(entryPath))
        throw damaged(`it holds an unexpected entry ${JSON.stringify(entryPath)}.`);
      if (want.bytes !== size)
        throw damaged(`${entryPath} has ${size} bytes; the manifest lists ${want.bytes}.`);
      seen.add(entryPath);
      const dest = path.join(staging, entryPath);
      await fsp.mkdir(path.dirname(dest), { recursive: true });
      const handle = await fsp.open(dest, 'wx', 0o600);
      open = handle;
      const hash = crypto.createHash('sha256');
      return {
        async write(chunk) {
          hash.update(chunk);
          await handle.write(chunk);
        },
        async end() {
          open = null;
          await handle.close();
          if (hash.digest('hex') !== want.sha256) throw damaged(`${entryPath} does not match its checksum.`);
        },
      };
    });
  } catch (err) {
    await (open as fsp.FileHandle | null)?.close().catch(() => {});
    input.destroy();
    if (err instanceof RestoreError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || err instanceof TarFormatError)
      throw damaged(`${(err as Error).message}`);
    throw err;
  }
  if (!manifest) throw new RestoreError(`${file} is not an Investor Portal backup.`);
  const missing = [...expected.keys()].filter((p) => !seen.has(p));
  if (missing.length)
    throw damaged(`${missing.length} entries listed in the manifest are missing (${missing[0]}).`);
  return manifest;
}

async function hasFiles(dir: string): Promise<boolean> {
  return (await listUploads(dir)).length > 0;
}

export interface RestoreResult {
  manifest: Manifest;
  ms: number;
  warnings: string[];
}

/**
 * Restores a backup into the target. Refuses a target that holds data unless `force`; everything is
 * unpacked and verified first, the database is loaded in one transaction (PostgreSQL) or into a new
 * folder (embedded) and the uploads into a new folder, and only then are they swapped in.
 */
export async function restoreBackup(
  t: Target,
  file: string,
  opts: { force?: boolean } = {},
): Promise<RestoreResult> {
  const started = performance.now();
  if (!fs.existsSync(file)) throw new RestoreError(`${file} does not exist.`);
  const known = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  const createdDataDir = !fs.existsSync(t.dataDir);
  const embedded = !t.databaseUrl;

  // Refuse early, before the slow part, when the target holds data.
  let pg: SqlSession | null = null;
  let staging: string | null = null;
  const moved: { from: string; to: string }[] = [];
  const bucket = t.s3 ? createS3Storage(t.s3) : null;
  /** The objects in the bucket before the restore, and those it has put there so far. */
  const objectsBefore = new Set(bucket ? await objectKeys(bucket) : []);
  const objectsPut: string[] = [];
  let restored = false;
  try {
    if (embedded) assertEmbeddedClosed(t);
    else pg = await openPgSession(t.databaseUrl!);
    const filesHeld = bucket ? objectsBefore.size > 0 : await hasFiles(uploadsDir(t));
    const holdsData = embedded
      ? fs.existsSync(path.join(embeddedDir(t), 'PG_VERSION')) || filesHeld
      : (await databaseHasRows(pg!)) || filesHeld;
    if (holdsData && !opts.force) {
      const files = bucket ? `the bucket ${t.s3!.bucket}` : uploadsDir(t);
      const where = embedded ? `${t.dataDir}, ${files}` : `the database and ${files}`;
      throw new RestoreError(
        `The target already holds data (${where}). Restoring replaces all of it: add --force to do so.`,
      );
    }

    await fsp.mkdir(t.dataDir, { recursive: true });
    staging = await fsp.mkdtemp(path.join(t.dataDir, '.restore-'));
    const manifest = await unpack(file, path.join(staging, 'archive'));
    await fsp.mkdir(path.join(staging, 'archive', 'uploads'), { recursive: true });
    /** Puts every archived file into the bucket under its own key (before the database is switched). */
    const putObjects = async () => {
      for (const f of manifest.files) {
        const key = path.posix.basename(f.path);
        if (!KEY_PATTERN.test(key))
          throw new RestoreError(
            `${f.path} has a name object storage does not take: restore it to a local disk.`,
          );
        await bucket!.put(fs.createReadStream(path.join(staging!, 'archive', f.path)), { key });
        if (!objectsBefore.has(key)) objectsPut.push(key);
      }
    };

    const warnings: string[] = [];
    if (
      manifest.secretFingerprint &&
      !(t.secrets ?? []).some((k) => secretFingerprint(k) === manifest.secretFingerprint)
    )
      warnings.push(
        'The backup was made with another data key (DATA_KEYS or JWT_SECRET, or DATA_DIR/jwt-secret for the embedded database). ' +
          'Two-factor secrets and IBANs are sealed with it: list the original key in DATA_KEYS, or users with two-factor sign-in will need their recovery codes.',
      );

    if (embedded) {
      const freshDb = path.join(staging, 'db');
      const session = await openPgliteSession(freshDb, { create: true });
      try {
        await loadDatabase(session, path.join(staging, 'archive'), manifest, known, { dropExisting: false });
      } finally {
        await session.close();
      }
      if (bucket) await putObjects();
      // Swap the new folders in; any failure moves the old ones back.
      for (const [current, fresh] of [
        [embeddedDir(t), freshDb],
        ...(bucket ? [] : [[uploadsDir(t), path.join(staging, 'archive', 'uploads')] as const]),
      ] as const) {
        const previous = path.join(staging, `previous-${path.basename(current)}`);
        if (fs.existsSync(current)) {
          await fsp.rename(current, previous);
          moved.push({ from: previous, to: current });
        }
        await fsp.rename(fresh, current);
        moved.push({ from: current, to: fresh });
      }
    } else {
      // The database in one transaction; the uploads folder is swapped in just before it commits.
      const session = pg!;
      pg = null;
      try {
        await loadDatabase(session, path.join(staging, 'archive'), manifest, known, {
          dropExisting: true,
          beforeCommit: async () => {
            if (bucket) return putObjects();
            const previous = path.join(staging!, 'previous-uploads');
            if (fs.existsSync(uploadsDir(t))) {
              await fsp.rename(uploadsDir(t), previous);
              moved.push({ from: previous, to: uploadsDir(t) });
            }
            await fsp.rename(path.join(staging!, 'archive', 'uploads'), uploadsDir(t));
            moved.push({ from: uploadsDir(t), to: path.join(staging!, 'archive', 'uploads') });
          },
        });
      } finally {
        await session.close();
      }
    }
    moved.length = 0;
    restored = true;
    // The bucket's earlier objects that the backup does not hold go, as the replaced uploads folder does.
    const kept = new Set(manifest.files.map((f) => path.posix.basename(f.path)));
    for (const key of objectsBefore) if (!kept.has(key)) await bucket!.delete(key);
    return { manifest, ms: performance.now() - started, warnings };
  } catch (err) {
    // Undo the swaps in reverse order, and take out the objects this restore added.
    for (const m of moved.reverse()) await fsp.rename(m.from, m.to).catch(() => {});
    if (!restored) for (const key of objectsPut) await bucket!.delete(key).catch(() => {});
    throw err;
  } finally {
    await pg?.close().catch(() => {});
    if (staging) await fsp.rm(staging, { recursive: true, force: true });
    if (createdDataDir) await fsp.rmdir(t.dataDir).catch(() => {});
  }
}

export interface DrillResult {
  manifest: Manifest;
  ms: number;
  /** Where the archive was restored: a scratch database, dropped afterwards. */
  scratch: string;
}

/**
 * A restore drill (`npm run restore -- --verify <archive>`): the archive is unpacked and every file
 * checked against the manifest, then the database is restored into a scratch database (on the
 * PostgreSQL server of DATABASE_URL, or a new embedded one in a temporary folder) and every table read
 * back and compared with the manifest's row count and SHA-256. The scratch database is dropped; the
 * portal's own database and files are never touched, so a drill can run while the portal runs.
 */
export async function drillRestore(t: Target, file: string): Promise<DrillResult> {
  const started = performance.now();
  if (!fs.existsSync(file)) throw new RestoreError(`${file} does not exist.`);
  const known = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), 'portal-drill-'));
  let dropScratch: (() => Promise<void>) | null = null;
  try {
    const manifest = await unpack(file, path.join(staging, 'archive'));
    let session: SqlSession;
    let scratch: string;
    if (t.databaseUrl) {
      const url = new URL(t.databaseUrl);
      const name = `portal_drill_${Date.now()}_${process.pid}`;
      const admin = await openPgSession(t.databaseUrl);
      try {
        await admin.exec(`create database ${name}`);
      } finally {
        await admin.close();
      }
      dropScratch = async () => {
        const a = await openPgSession(t.databaseUrl!);
        try {
          await a.exec(`drop database if exists ${name} with (force)`);
        } finally {
          await a.close();
        }
      };
      url.pathname = `/${name}`;
      session = await openPgSession(url.toString());
      scratch = `database ${name} on ${url.host}`;
    } else {
      scratch = path.join(staging, 'db');
      session = await openPgliteSession(scratch, { create: true });
    }
    const differing: string[] = [];
    try {
      await loadDatabase(session, path.join(staging, 'archive'), manifest, known, {
        dropExisting: false,
        drill: async (s) => void differing.push(...(await tablesDiffering(s, manifest.tables))),
      });
    } finally {
      await session.close();
    }
    if (differing.length)
      throw new RestoreError(
        `The restore drill failed: ${differing.length} table(s) did not come back as backed up: ${differing.join(', ')}.`,
      );
    return { manifest, ms: performance.now() - started, scratch };
  } finally {
    await dropScratch?.().catch(() => {});
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
