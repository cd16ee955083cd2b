import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, isPg } from './helpers';
import { MAIN, ROOT, serverEnv, startServer } from './server-process';

/**
 * The server as a process: start-up (configuration errors, first-start preparation and demo data),
 * serving, and graceful shutdown. Runs on the embedded database, and on PostgreSQL in the pg project.
 */
const CLI = path.join(ROOT, 'apps/server/src/cli.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

let env: NodeJS.ProcessEnv;
let dropDb: (() => Promise<void>) | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-process-'));

beforeAll(async () => {
  env = serverEnv(dataDir, { LOGIN_RATE_LIMIT: '1000' });
  if (isPg) {
    const db = await createPgDatabase();
    dropDb = db.drop;
    Object.assign(env, {
      DATABASE_URL: db.url,
      JWT_SECRET: 'p'.repeat(48),
      SEED_DEMO: 'true',
      ALLOW_DEMO_ACCOUNTS: 'true',
    });
  }
});
afterAll(async () => {
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = (port: number) => startServer(env, port);

/** Runs the CLI's create-admin command on the test database. */
const createAdminCli = (email: string, password: string, name: string) =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', CLI, 'create-admin', '--email', email, '--password', password, '--name', name],
    { cwd: ROOT, env, encoding: 'utf8' },
  );

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

describe('the server process', { timeout: 90_000 }, () => {
  it('refuses to start with a bad setting and names the variable', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: { ...env, PORT: 'not-a-port' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('PORT');
  });

  it('prepares the database on first start, prints the demo sign-ins, serves, and shuts down gracefully', async () => {
    const port = await freePort();
    const server = start(port);
    await server.ready;
    const out = server.output();
    expect(out).toContain(`http://localhost:${port}`);
    expect(out).toContain('admin@example.com / admin123');
    expect(out).toContain('investor@example.com / investor123');
    expect(out).toContain('investor2@example.com / investor123');
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'investor@example.com', password: 'investor123' }),
    });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { data: { user: { investments: unknown[] } } };
    expect(body.data.user.investments.length).toBeGreaterThanOrEqual(2);

    // Requests already sent when SIGTERM arrives are answered (200, or 503 once closing); then the
    // process exits 0. Twenty connections are opened first so that every request is really in flight.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const send = (method: string, urlPath: string, body?: string) =>
      new Promise<number | 'reset'>((resolve) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method,
            path: urlPath,
            agent,
            headers: body ? { 'content-type': 'application/json' } : {},
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', () => resolve('reset'));
        req.end(body);
      });
    await Promise.all(Array.from({ length: 20 }, () => send('GET', '/api/health')));
    const credentials = JSON.stringify({ email: 'investor@example.com', password: 'investor123' });
    const inFlight = Array.from({ length: 20 }, () => send('POST', '/api/auth/login', credentials));
    await new Promise((r) => setTimeout(r, 30));
    server.child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight);
    agent.destroy();
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(200);
    expect(await exitOf(server.child)).toBe(0);
  });

  it('reopens the same database without seeding again, and create-admin adds an admin', async () => {
    const r = createAdminCli('ops@example.com', 'opspass1', 'Ops Admin');
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Admin ops@example.com created.');
    const again = createAdminCli('OPS@example.com', 'opspass1', 'Ops');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');
    // A password among the most common ones is refused before anything is written.
    const common = createAdminCli('ops2@example.com', 'Password1', 'Ops');
    expect(common.status).toBe(1);
    expect(common.stderr).toContain('one of the most common passwords');

    const port = await freePort();
    const server = start(port);
    await server.ready;
    expect(server.output()).not.toContain('demo data seeded');
    if (!isPg) {
      // A second server on the same embedded database is refused while the first runs.
      const second = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: ROOT,
        env: { ...env, PORT: String(await freePort()) },
        encoding: 'utf8',
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/Another server \(process \d+\) is using the embedded database/);
    }
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'opspass1' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { data: { user: { isAdmin: boolean } } }).data.user.isAdmin).toBe(true);
    server.child.kill('SIGINT');
    expect(await exitOf(server.child)).toBe(0);

    // On PostgreSQL in production, the demo accounts with their published passwords keep it from starting
    // unless a demo installation says so (issue 37; the embedded database, a trial on one machine, is
    // let through: src/demo-guard.test.ts).
    if (isPg) {
      const guarded = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: ROOT,
        env: { ...env, ALLOW_DEMO_ACCOUNTS: 'false', PORT: String(await freePort()) },
        encoding: 'utf8',
      });
      expect(guarded.status).toBe(1);
      expect(guarded.stderr).toContain(
        'Refusing to start: admin@example.com, investor@example.com, investor2@example.com still sign in with the demo password',
      );
    }
  });
});
