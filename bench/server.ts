/**
 * What the benchmarks share: the built server in a process of its own, its readiness and memory, signing
 * in, and the small statistics.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_PASSWORD } from './dataset';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER = path.join(ROOT, 'apps/server/dist/main.js');

export const log = (...a: unknown[]) => console.info('[bench]', ...a);
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

export async function waitReady(child: ChildProcess, url: string, timeoutMs = 60_000): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('server did not become ready');
}

/**
 * The built server (`npm run build`) on `port`, logging as in production (deploy/.env.example: `info`,
 * the access log kept by the proxy, ACCESS_LOG=proxy; ADR 017) to /dev/null.
 */
export function startServer(port: number, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production's settings: every line at `info` but the access lines, which nginx writes in front.
      LOG_LEVEL: 'info',
      ACCESS_LOG: 'proxy',
      LOGIN_RATE_LIMIT: '100000',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  const t = performance.now();
  child.kill('SIGTERM');
  await exited;
  if (process.env.BENCH_DEBUG) log(`server stopped in ${Math.round(performance.now() - t)} ms`);
}

/** Resident memory of a process, in MB (VmRSS of /proc/PID/status). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return round(kb / 1024, 1);
}

export async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** One broadcast to every active user, as the admin sends it: the answer and the time it took. */
export async function sendBroadcast(base: string, adminToken: string, title: string) {
  const t = performance.now();
  const res = await fetch(`${base}/api/notifications/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title, message: 'A broadcast to every investor.', type: 'info' }),
  });
  return { res, ms: performance.now() - t };
}
