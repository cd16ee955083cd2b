import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, request, test } from '@playwright/test';
import { endpoints, endpointUrl } from '@portal/contracts';
import { createLocalStorage } from '../../apps/server/src/storage/file-storage';
import { readArchive, snapshot } from '../../apps/server/test/backup-snapshot';
import { ROOT, SERVER_ENTRY, TEMPLATE_DATA_DIR, TMP } from '../support/paths';
import { serverEnv } from '../support/server';
import { callApiOk } from '../support/api';

/**
 * `npm run backup` and `npm run restore` as an operator runs them after `npm run build`: the built CLI
 * (apps/server/dist/backup.js) on an embedded installation with uploaded files. A copy of the seeded
 * demo installation, with an empty and a large binary upload added, is backed up and restored into an
 * empty folder; the two are compared table by table (row count and a digest of every row) and file by
 * file (SHA-256), and the built server then serves the restored folder.
 */

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an npm script of the repository's root, as an operator would, on the installation `dataDir`. */
function npmRun(args: string[], dataDir: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    // The settings the servers of these tests run with (embedded database, no DATABASE_URL).
    const child = spawn('npm', ['run', '--silent', ...args], { cwd: ROOT, env: serverEnv(dataDir, 0) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Starts the built server on `dataDir` (on a free port) and answers its address and a stop function. */
async function serve(dataDir: string) {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: serverEnv(dataDir, 0),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 30_000);
    const check = () => {
      const m = /running at (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', check);
    void exited.then(() => reject(new Error(`The server exited:\n${output}`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

test.describe('[BACKUP] npm run backup and npm run restore, built', () => {
  let work: string;
  test.beforeEach(() => {
    fs.mkdirSync(TMP, { recursive: true });
    work = fs.mkdtempSync(path.join(TMP, 'backup-cli-'));
  });
  test.afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  // eslint-disable-next-line no-empty-pattern
  test('an embedded installation with uploads comes back with the same rows and files, and serves', async ({}) => {
    test.setTimeout(180_000);
    const source = path.join(work, 'source');
    const target = path.join(work, 'target');
    const archive = path.join(work, 'portal.tar.gz');
    fs.cpSync(TEMPLATE_DATA_DIR, source, { recursive: true });
    // Besides the demo's documents: an empty file, and a binary one that spans many archive blocks.
    const uploads = createLocalStorage(path.join(source, 'uploads'));
    await uploads.put(Buffer.alloc(0), { extension: 'txt' });
    await uploads.put(crypto.randomBytes(700_001), { extension: 'bin' });

    const backup = await npmRun(['backup', '--', '--out', archive], source);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${archive}`);
    expect(backup.stdout).toContain(`embedded database (${source})`);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

    const before = await snapshot({ dataDir: source });
    const rows = Object.fromEntries(Object.entries(before.tables).map(([name, t]) => [name, t.rows]));
    expect(rows.users).toBe(3);
    expect(rows.documents).toBeGreaterThan(5);
    expect(Object.keys(before.files).length).toBeGreaterThan(5);
    expect(Object.values(before.files)).toContain(sha256(Buffer.alloc(0)));

    // The archive's manifest counts the same rows and holds the same files as the installation.
    const entries = await readArchive(archive);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as {
      tables: { name: string; rows: number }[];
      files: { path: string; sha256: string }[];
    };
    expect(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]))).toEqual(rows);
    expect(
      Object.fromEntries(manifest.files.map((f) => [f.path.replace(/^uploads\//, ''), f.sha256])),
    ).toEqual(before.files);

    const restore = await npmRun(['restore', '--', archive], target);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`embedded database (${target})`);
    expect(restore.stdout).toContain(`uploaded files: ${manifest.files.length}, checksums verified`);

    // Every table with the same row count and the same rows, the sequences, the migrations, and every
    // file with the same checksum.
    const after = await snapshot({ dataDir: target });
    expect(Object.fromEntries(Object.entries(after.tables).map(([name, t]) => [name, t.rows]))).toEqual(rows);
    expect(after.files).toEqual(before.files);
    expect(after).toEqual(before);

    // A second restore into what now holds data is refused, and changes nothing.
    const again = await npmRun(['restore', '--', archive], target);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('The target already holds data');
    expect(await snapshot({ dataDir: target })).toEqual(before);

    // The built server runs on the restored installation: the investor signs in and downloads a
    // document with the bytes that were backed up.
    const server = await serve(target);
    try {
      // Through the registry, as the web app calls it; the file comes raw.
      const api = await request.newContext({ baseURL: server.url });
      try {
        const { data } = await callApiOk(api, endpoints.auth.login, {
          body: { email: 'investor@example.com', password: 'investor123' },
        });
        if (!('accessToken' in data)) throw new Error('the demo investor has no second factor');
        const projectId = data.user.investments[0]!.projectId._id;
        const { documents } = await callApiOk(
          api,
          endpoints.documents.list,
          { query: { projectId } },
          data.accessToken,
        );
        expect(documents.length).toBeGreaterThan(0);
        const file = await api.get(
          endpointUrl(endpoints.documents.download, { params: { id: documents[0]!._id } }),
          {
            headers: { authorization: `Bearer ${data.accessToken}` },
          },
        );
        expect(file.status()).toBe(200);
        expect(Object.values(before.files)).toContain(sha256(await file.body()));
      } finally {
        await api.dispose();
      }
    } finally {
      await server.stop();
    }
  });
});
