import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { createDeps } from '../src/runtime';
import { createPgDatabase, createUser, testConfig } from './helpers';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

/**
 * `npm run worker` as a process: it works the queue of a PostgreSQL database that web servers (here, an
 * instance that does not work it) fill, and stops cleanly. Runs in the server-pg project only.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WORKER = path.join(ROOT, 'apps/server/src/worker.ts');
const SECRET = 'w'.repeat(48);

let sink: SmtpSink;
let url: string;
let drop: () => Promise<void>;
let database: Database;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-worker-'));

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ url, drop } = await createPgDatabase());
  database = await openDatabase({ url, poolSize: 2 });
});
afterAll(async () => {
  await database.close();
  await drop();
  await sink.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startWorker(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out };
}
const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

describe('npm run worker', { timeout: 60_000 }, () => {
  it('refuses the embedded database: the server works its queue', async () => {
    const { child, output } = startWorker({ DATABASE_URL: '', JWT_SECRET: '' });
    expect(await exitOf(child)).toBe(1);
    expect(output()).toContain('npm run worker needs DATABASE_URL');
  });

  it('sends what a server that does not work the queue has queued, and stops cleanly', async () => {
    const web = createDeps(
      testConfig({ databaseUrl: url, jwtSecrets: [SECRET], dataKeys: [SECRET], runJobs: false }),
      database,
    );
    await web.jobs.start();
    const ann = await createUser(database.db, { name: 'Ann Investor' });
    await database.db.transaction((tx) =>
      web.mailer.queueMany(
        tx,
        'announcement',
        { userIds: [ann.id] },
        { title: 'From the web', message: 'Hi' },
      ),
    );
    await web.jobs.stop();

    const { child, output } = startWorker({
      DATABASE_URL: url,
      JWT_SECRET: SECRET,
      SMTP_URL: sink.url,
      MAIL_FROM: 'Investor Portal <portal@example.test>',
      APP_URL: 'http://portal.test',
    });
    try {
      await expect.poll(() => sink.to(ann.email).length, { timeout: 30_000 }).toBe(1);
      expect(sink.to(ann.email)[0]!.subject).toBe('From the web');
      expect(output()).toContain('worker is running');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exitOf(child)).toBe(0);
  });
});
