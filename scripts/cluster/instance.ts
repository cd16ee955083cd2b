import fs from 'node:fs';
import path from 'node:path';
import { Child, type Exit } from './process';

/** One app instance: the built server (apps/server/dist/main.js) as a child process on its own port. */
export class Instance {
  readonly url: string;
  private child: Child | null = null;
  private starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logDir: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.process.pid;
  }

  /** Starts the process and resolves once it answers /api/ready with 200. */
  async start() {
    const dataDir = path.join(this.logDir, `${this.name}-data`);
    fs.mkdirSync(dataDir, { recursive: true });
    const log = path.join(this.logDir, `${this.name}.log`);
    fs.appendFileSync(log, `\n=== start ${++this.starts} at ${new Date().toISOString()}\n`);
    this.child = new Child(
      this.name,
      process.execPath,
      [this.entry],
      { ...this.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      log,
    );
    await this.child.waitFor(`${this.name} ready`, async () => {
      const res = await fetch(`${this.url}/api/ready`).catch(() => null);
      return res?.status === 200;
    });
  }

  /** Graceful stop: SIGTERM, then resolves with the exit (the test checks it was 0, in time). */
  stop(): Promise<Exit> {
    return this.child?.stop('SIGTERM') ?? Promise.resolve({ code: 0, signal: null, at: performance.now() });
  }

  /** kill -9: no chance to finish anything. */
  kill(): Promise<Exit> {
    this.child?.process.kill('SIGKILL');
    return this.child?.exited ?? Promise.resolve({ code: null, signal: 'SIGKILL', at: performance.now() });
  }

  get running(): boolean {
    return this.child?.running ?? false;
  }

  output(): string {
    const log = path.join(this.logDir, `${this.name}.log`);
    return fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
  }
}
