import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
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
    // The links in its emails lead to this server.
    APP_URL: `http://127.0.0.1:${port}`,
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

/** How long a start may take, including waiting for the previous holder of the port to exit. */
const START_TIMEOUT_MS = 30_000;
/** How long a server gets to shut down gracefully after SIGTERM before it is killed. */
const STOP_GRACE_MS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Whether nothing listens on the port: the probe may bind it (then lets go of it at once). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EADDRINUSE' ? resolve(false) : reject(err),
    );
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** Ends one process, gracefully if it can, and resolves only once it has exited (its port is free). */
async function terminate(child: ChildProcess) {
  if (hasExited(child)) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((r) => (timer = setTimeout(() => r(false), STOP_GRACE_MS))),
  ]);
  clearTimeout(timer);
  if (!inTime) {
    child.kill('SIGKILL');
    await exited;
  }
}

export interface TestServerOptions {
  /** Called each time the start finds the port still held by another process (one that is stopping). */
  onPortBusy?: () => void;
}

/**
 * One server process, restartable on a fresh copy of the template database.
 *
 * Playwright may start a worker for a parallel slot (same port) while the slot's previous worker is
 * still tearing down, so a server never shares anything with another worker's: its data folders are
 * named after the worker (`name` must hold the unique workerIndex), `stop()` ends only the process this
 * object spawned and deletes only the folder it created, and `start()` uses the port only once nothing
 * listens on it any more (waiting for the old server to exit, never stopping it) and counts the server
 * as started only when its own process says it is listening there on its own folder, so a readiness
 * answer from a process still holding the port can never be taken for it.
 */
export class TestServer {
  private child: ChildProcess | null = null;
  private dataDir: string | null = null;
  private generation = 0;
  currentFile: string | null = null;
  readonly url: string;

  constructor(
    readonly port: number,
    private readonly name: string,
    private readonly options: TestServerOptions = {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** The running server's process id, if any. */
  get pid(): number | null {
    return this.child && !hasExited(this.child) ? (this.child.pid ?? null) : null;
  }

  /** The running server's data folder, if any. */
  get dataDirectory(): string | null {
    return this.dataDir;
  }

  async start() {
    await this.stop();
    const dataDir = path.join(TMP, `${this.name}-${this.generation++}`);
    this.dataDir = dataDir;
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.cpSync(TEMPLATE_DATA_DIR, dataDir, { recursive: true });
    const deadline = Date.now() + START_TIMEOUT_MS;
    try {
      for (;;) {
        await this.waitForFreePort(deadline);
        const started = await this.spawnAndWait(dataDir, deadline);
        if (started === 'ready') return;
        // Another process bound the port between the probe and the listen: wait for it again.
      }
    } catch (err) {
      await this.stop();
      throw err;
    }
  }

  private async waitForFreePort(deadline: number) {
    while (!(await portIsFree(this.port))) {
      this.options.onPortBusy?.();
      if (Date.now() > deadline)
        throw new Error(`Port ${this.port} is still in use by another process; not starting a server on it`);
      await sleep(100);
    }
  }

  private async spawnAndWait(dataDir: string, deadline: number): Promise<'ready' | 'port-taken'> {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: serverEnv(dataDir, this.port),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => {
      output += d;
      process.stderr.write(`[server ${this.port}] ${d}`);
    });
    // main.ts prints this once its listen has succeeded: from then on the port is this process's.
    const listening = `Database: embedded (${dataDir})`;
    while (Date.now() < deadline) {
      if (hasExited(child)) {
        this.child = null;
        if (output.includes('EADDRINUSE')) return 'port-taken';
        throw new Error(`Server exited early (${child.exitCode ?? child.signalCode}):\n${output}`);
      }
      if (output.includes(listening)) {
        try {
          const res = await fetch(`${this.url}/api/ready`, { signal: AbortSignal.timeout(2_000) });
          if (res.ok && !hasExited(child)) return 'ready';
        } catch {
          // not answering yet
        }
      }
      await sleep(100);
    }
    throw new Error(`Server did not become ready:\n${output}`);
  }

  /** Stops this object's own server (waiting until it has exited) and deletes its own data folder. */
  async stop() {
    const child = this.child;
    const dataDir = this.dataDir;
    this.child = null;
    this.dataDir = null;
    if (child) await terminate(child);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
