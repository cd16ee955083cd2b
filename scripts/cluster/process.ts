import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** How often a wait looks at what it waits for. */
const POLL_MS = 50;

/**
 * Waits until `check` holds, looking every 50 ms, for at most `timeoutMs`; never a fixed sleep: the
 * wait ends as soon as the state is observed.
 */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when the exit was seen. */
  at: number;
}

/** A child process whose output goes to a file (kept for the failure report) and to memory. */
export class Child {
  readonly process: ChildProcess;
  readonly exited: Promise<Exit>;
  private out = '';

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    readonly logFile: string,
  ) {
    const log = fs.openSync(logFile, 'a');
    this.process = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (d: Buffer) => {
      this.out += d.toString('utf8');
      fs.writeSync(log, d);
    };
    this.process.stdout!.on('data', keep);
    this.process.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => {
      this.process.once('exit', (code, signal) => {
        fs.closeSync(log);
        resolve({ code, signal, at: performance.now() });
      });
    });
  }

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  output(): string {
    return this.out;
  }

  /** Waits for `check` while the process runs; its early exit fails the wait at once, with its output. */
  async waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
    await waitUntil(
      what,
      async () => {
        if (!this.running) throw new Error(`${this.name} exited while waiting for ${what}:\n${this.out}`);
        return check();
      },
      timeoutMs,
    );
  }

  /** Sends `signal` and waits for the exit; past `graceMs` the process is killed. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<Exit> {
    if (this.running) {
      this.process.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), graceMs)));
      if ((await Promise.race([this.exited, late])) === 'late') this.process.kill('SIGKILL');
      clearTimeout(timer);
    }
    return this.exited;
  }
}
