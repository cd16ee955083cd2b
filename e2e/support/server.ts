import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY, TEMPLATE_DATA_DIR, TMP } from './paths';

const JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456789abcdef';

export function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    LOGIN_RATE_LIMIT: '10000',
    DATABASE_URL: '',
  };
}

/** Creates the seeded embedded database once; every spec file starts from a copy of it. */
export function prepareTemplate() {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`Build the app first: ${SERVER_ENTRY} is missing`);
  fs.rmSync(TEMPLATE_DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(TEMPLATE_DATA_DIR, { recursive: true });
  const r = spawnSync(process.execPath, [SERVER_ENTRY, '--prepare-embedded-database'], {
    env: serverEnv(TEMPLATE_DATA_DIR, 0),
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('Preparing the e2e template database failed');
}

/** One server process, restartable on a fresh copy of the template database. */
export class TestServer {
  private child: ChildProcess | null = null;
  private dataDir: string | null = null;
  private generation = 0;
  currentFile: string | null = null;
  readonly url: string;

  constructor(
    readonly port: number,
    private readonly name: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start() {
    await this.stop();
    this.dataDir = path.join(TMP, `${this.name}-${this.generation++}`);
    fs.rmSync(this.dataDir, { recursive: true, force: true });
    fs.cpSync(TEMPLATE_DATA_DIR, this.dataDir, { recursive: true });
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: serverEnv(this.dataDir, this.port),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => {
      output += d;
      process.stderr.write(`[server ${this.port}] ${d}`);
    });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`Server exited early (${child.exitCode}):\n${output}`);
      try {
        const res = await fetch(`${this.url}/api/ready`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`Server did not become ready:\n${output}`);
  }

  async stop() {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (this.dataDir) fs.rmSync(this.dataDir, { recursive: true, force: true });
    this.dataDir = null;
  }
}
