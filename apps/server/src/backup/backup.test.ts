import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../runtime';
import { buildApp } from '../app';
import { migrationsFolder } from '../db/client';
import { LoginLimiter } from '../modules/credentials/login-limiter';
import {
  emptyTarget,
  openTarget,
  readArchive,
  runCli,
  SECRET,
  seededSource,
  snapshot,
  writeArchive,
  type Snapshot,
  type TestTarget,
} from '../../test/backup-support';
import { isPg, testConfig } from '../../test/helpers';
import { drillRestore, restoreBackup, type Manifest } from './backup';

/**
 * `npm run backup` and `npm run restore` on the database this project runs on (embedded PGlite in the
 * server project, PostgreSQL in server-pg), with the uploaded files: every table's rows, the
 * sequences and every file come back exactly, and a refused or failed restore changes nothing.
 */
const kind = isPg ? 'pg' : 'embedded';
let source: TestTarget;
let target: TestTarget;
let sourceState: Snapshot;
let archive: string;
const cleanup: TestTarget[] = [];

beforeAll(async () => {
  source = await seededSource(kind);
  target = await emptyTarget(kind);
  cleanup.push(source, target);
  sourceState = await snapshot(source);
  archive = path.join(path.dirname(source.dataDir), 'backup.tar.gz');
}, 60_000);
afterAll(async () => {
  for (const t of cleanup) await t.drop();
});

const leftovers = (t: TestTarget) =>
  fs.existsSync(t.dataDir) ? fs.readdirSync(t.dataDir).filter((n) => n.startsWith('.')) : [];

describe(`backup and restore (${kind})`, () => {
  it('backs up every table and uploaded file into one archive with a manifest', async () => {
    const r = await runCli(['backup', '--out', archive], source.env);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Backup written to ${archive}`);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

    const entries = await readArchive(archive);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as Manifest;
    expect([...entries.keys()][0]).toBe('manifest.json');
    expect(manifest).toMatchObject({ format: 'investor-portal-backup', version: 1 });
    expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(60_000);
    expect(manifest.source.database).toBe(isPg ? 'postgresql' : 'embedded');
    expect(manifest.migrations.map((m) => m.hash)).toEqual(
      readMigrationFiles({ migrationsFolder: migrationsFolder() }).map((m) => m.hash),
    );
    expect(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]))).toEqual(
      Object.fromEntries(Object.entries(sourceState.tables).map(([name, t]) => [name, t.rows])),
    );
    expect(sourceState.tables.users!.rows).toBeGreaterThan(3);
    expect(sourceState.tables.audit_log!.rows).toBe(3);
    expect(sourceState.tables.statement_files!.rows).toBe(1);
    expect(
      Object.fromEntries(manifest.files.map((f) => [f.path.replace(/^uploads\//, ''), f.sha256])),
    ).toEqual(sourceState.files);
    expect(Object.keys(sourceState.files).length).toBeGreaterThan(5);
    for (const f of manifest.files)
      expect(crypto.createHash('sha256').update(entries.get(f.path)!).digest('hex')).toBe(f.sha256);
    expect(leftovers(source)).toEqual([]);
  });

  it('restores into a fresh target: the same rows in every table, sequences, migrations and files', async () => {
    const r = await runCli(['restore', archive], target.env);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('checksums verified');
    expect(await snapshot(target)).toEqual(sourceState);
    expect(leftovers(target)).toEqual([]);
  }, 60_000);

  it('the restored target serves the app: sign-in, portfolio, stored files, new rows after the old ones', async () => {
    const database = await openTarget(target);
    const config = testConfig({ dataDir: target.dataDir, jwtSecrets: [SECRET], dataKeys: [SECRET] });
    const app = await buildApp(
      { ...createDeps(config, database), limiter: new LoginLimiter(500) },
      { logger: false },
    );
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'investor@example.com', password: 'investor123' },
      });
      expect(login.statusCode).toBe(200);
      const { accessToken, user } = login.json().data;
      expect(user.investments.length).toBeGreaterThanOrEqual(2);
      const auth = { authorization: `Bearer ${accessToken}` };
      const projectId = (user.investments as { projectId: { _id: string } }[])[0]!.projectId._id;
      const docs = await app.inject({
        method: 'GET',
        url: `/api/documents?projectId=${projectId}`,
        headers: auth,
      });
      expect(docs.statusCode).toBe(200);
      const doc = (docs.json().documents as { _id: string }[])[0]!;
      const file = await app.inject({
        method: 'GET',
        url: `/api/documents/${doc._id}/download`,
        headers: auth,
      });
      expect(file.statusCode).toBe(200);
      expect(Object.values(sourceState.files)).toContain(
        crypto.createHash('sha256').update(file.rawPayload).digest('hex'),
      );
      // The bigserial sequence continues after the restored rows.
      const { sql } = await import('drizzle-orm');
      const rows = (await database.db.execute(
        sql`insert into audit_log (action, entity) values ('after.restore', 'test') returning id`,
      )) as unknown as { rows: { id: string | number }[] };
      expect(Number(rows.rows[0]!.id)).toBe(4);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses to overwrite a target that holds data unless told to, and leaves it as it was', async () => {
    const before = await snapshot(target);
    const r = await runCli(['restore', archive], target.env);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('The target already holds data');
    expect(r.stderr).toContain('--force');
    expect(await snapshot(target)).toEqual(before);
    expect(leftovers(target)).toEqual([]);
  });

  it('refuses a damaged archive (a changed byte, a cut-off end) before touching the target', async () => {
    const before = await snapshot(target);
    const entries = await readArchive(archive);
    const bin = [...entries.keys()].find((p) => p.endsWith('.bin'))!;
    const body = Buffer.from(entries.get(bin)!);
    body[1000] = body[1000]! ^ 0x01;
    entries.set(bin, body);
    const damaged = path.join(path.dirname(archive), 'damaged.tar.gz');
    await writeArchive(damaged, entries);
    await expect(restoreBackup(target, damaged, { force: true })).rejects.toThrow(
      `The backup is damaged: ${bin} does not match its checksum.`,
    );

    const cut = path.join(path.dirname(archive), 'cut.tar.gz');
    fs.writeFileSync(cut, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size / 2)));
    await expect(restoreBackup(target, cut, { force: true })).rejects.toThrow(/The backup is damaged/);
    expect(await snapshot(target)).toEqual(before);
    expect(leftovers(target)).toEqual([]);
  });

  it('refuses an entry outside its folders, or larger than the manifest lists, before touching the target', async () => {
    const before = await snapshot(target);
    const entries = await readArchive(archive);
    const escaping = new Map(entries).set('uploads/../../escaped.txt', Buffer.from('x'));
    const traversal = path.join(path.dirname(archive), 'traversal.tar.gz');
    await writeArchive(traversal, escaping);
    await expect(restoreBackup(target, traversal, { force: true })).rejects.toThrow(
      'The backup is damaged: The archive holds an unsafe path "uploads/../../escaped.txt".',
    );
    expect(fs.existsSync(path.join(path.dirname(target.dataDir), 'escaped.txt'))).toBe(false);

    const bin = [...entries.keys()].find((p) => p.endsWith('.bin'))!;
    const larger = new Map(entries).set(bin, Buffer.concat([entries.get(bin)!, Buffer.from('more')]));
    const oversized = path.join(path.dirname(archive), 'oversized.tar.gz');
    await writeArchive(oversized, larger);
    await expect(restoreBackup(target, oversized, { force: true })).rejects.toThrow(
      `The backup is damaged: ${bin} has ${entries.get(bin)!.length + 4} bytes; the manifest lists ${entries.get(bin)!.length}.`,
    );
    expect(await snapshot(target)).toEqual(before);
    expect(leftovers(target)).toEqual([]);
  });

  it('a failure while loading (rows the schema refuses) leaves the target as it was', async () => {
    const before = await snapshot(target);
    const entries = await readArchive(archive);
    // Two users with one email: the unique index refuses the load half-way through.
    const users = entries.get('db/users.ndjson')!.toString().trimEnd().split('\n');
    const first = JSON.parse(users[0]!) as (string | null)[];
    const second = JSON.parse(users[1]!) as (string | null)[];
    const emailAt = 2;
    second[emailAt] = first[emailAt]!;
    users[1] = JSON.stringify(second);
    entries.set('db/users.ndjson', Buffer.from(users.join('\n') + '\n'));
    const bad = path.join(path.dirname(archive), 'bad-rows.tar.gz');
    await writeArchive(bad, entries, { fixChecksums: true });
    await expect(restoreBackup(target, bad, { force: true })).rejects.toThrow(
      /Could not load the table users/,
    );
    expect(await snapshot(target)).toEqual(before);
    expect(leftovers(target)).toEqual([]);
  }, 60_000);

  it('a restore drill (restore --verify) restores into a scratch database and finds every table as backed up', async () => {
    const before = await snapshot(target);
    const r = await runCli(['restore', '--verify', archive], target.env);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const rows = Object.values(sourceState.tables).reduce((n, t) => n + t.rows, 0);
    expect(r.stdout).toContain('Restore drill passed for the backup of');
    expect(r.stdout).toContain(`${Object.keys(sourceState.tables).length} tables, ${rows} rows`);
    // Nothing of the target's is touched, and the scratch database is gone.
    expect(await snapshot(target)).toEqual(before);
    expect(leftovers(target)).toEqual([]);
  }, 60_000);

  it('a restore drill fails, naming the table, when a table does not come back as it was backed up', async () => {
    const entries = await readArchive(archive);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as Manifest;
    const users = manifest.tables.find((t) => t.name === 'users')!;
    const flag = users.columns.findIndex((c) => c.type === 'boolean');
    // A boolean written 't' loads, but PostgreSQL gives it back as 'true': the table's checksum differs.
    const lines = entries.get('db/users.ndjson')!.toString().trimEnd().split('\n');
    const row = JSON.parse(lines[0]!) as (string | null)[];
    row[flag] = row[flag] === 'true' ? 't' : 'f';
    lines[0] = JSON.stringify(row);
    entries.set('db/users.ndjson', Buffer.from(lines.join('\n') + '\n'));
    const changed = path.join(path.dirname(archive), 'drill-differs.tar.gz');
    await writeArchive(changed, entries, { fixChecksums: true });
    await expect(drillRestore(target, changed)).rejects.toThrow(
      `The restore drill failed: 1 table(s) did not come back as backed up: users (same ${users.rows} rows, other content).`,
    );
  }, 60_000);

  it('with --force replaces everything in the target with the backup', async () => {
    const database = await openTarget(target);
    const { sql } = await import('drizzle-orm');
    await database.db.execute(sql`delete from monthly_returns where month = '1999-12'`);
    await database.db.execute(sql`update users set name = 'Changed' where email = 'investor@example.com'`);
    await database.close();
    const stray = path.join(target.dataDir, 'uploads', 'ff', `${'f'.repeat(32)}.txt`);
    fs.mkdirSync(path.dirname(stray), { recursive: true });
    fs.writeFileSync(stray, 'not in the backup');
    expect(await snapshot(target)).not.toEqual(sourceState);

    const result = await restoreBackup(
      { ...target, secrets: ['another-secret-another-secret-0123456789'] },
      archive,
      {
        force: true,
      },
    );
    expect(await snapshot(target)).toEqual(sourceState);
    expect(leftovers(target)).toEqual([]);
    // Two-factor secrets are sealed with the server secret: a restore under another one says so.
    expect(result.warnings.join(' ')).toContain('another data key');
  }, 60_000);
});
