import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, and the server's entry point run by `startServer`. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

/**
 * The environment of a production server on `dataDir` with quiet logs and `set` on top. The outer
 * environment's database, secret and demo seeding are dropped unless `set` names them.
 */
export function serverEnv(dataDir: string, set: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // The test servers sign in with the demo accounts, also on PostgreSQL (the guard's own test says false).
    ALLOW_DEMO_ACCOUNTS: 'true',
    ...set,
  };
  for (const name of [
    'DATABASE_URL',
    'JWT_SECRET',
    'JWT_SECRETS',
    'DATA_KEYS',
    'SEED_DEMO',
    'BACKUP_SCHEDULE',
  ])
    if (!(name in set)) delete env[name];
  return env;
}

/**
 * The server run as its own process on `port` with `env`: its output so far, and `ready`, which settles
 * once it says it is running (and fails if it exits first or is not up within a minute).
 */
export function startServer(
  env: NodeJS.ProcessEnv,
  port: number,
): { child: ChildProcess; output: () => string; ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const ready = (async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${out}`);
      if (out.includes('Investor Portal is running')) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`not ready: ${out}`);
  })();
  return { child, output: () => out, ready };
}
