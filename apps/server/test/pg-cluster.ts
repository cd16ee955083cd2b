import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster that a test creates, starts, stops, freezes and deletes itself
 * (initdb and pg_ctl in a temporary folder, on a free port). As root, the binaries run as the
 * `postgres` user, since PostgreSQL refuses to run as root.
 */
export interface ThrowawayCluster {
  url: string;
  start(): Promise<void>;
  /** pg_ctl stop -m fast: sessions are ended and the port closes. */
  stop(): Promise<void>;
  /** SIGSTOP to the server and every backend: connections stay open but nothing answers. */
  freeze(): void;
  thaw(): void;
  destroy(): void;
}

function binDir(): string {
  const candidates = [process.env.PG_BIN];
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base))
    for (const v of fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(base, v, 'bin'));
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (which) candidates.push(path.dirname(fs.realpathSync(which)));
  const found = candidates.find(
    (d) => d && fs.existsSync(path.join(d, 'initdb')) && fs.existsSync(path.join(d, 'pg_ctl')),
  );
  if (!found)
    throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found: install them or set PG_BIN');
  return found;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function createThrowawayCluster(): Promise<ThrowawayCluster> {
  const bin = binDir();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-cluster-'));
  const data = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(root, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const cmd = path.join(bin, tool);
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' })
      : spawnSync(cmd, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr || r.stdout}`);
  };
  // Asynchronous, so that a server running in the same process keeps answering meanwhile.
  const runAsync = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const cmd = path.join(bin, tool);
      const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
      execFile(file, argv, (err, stdout, stderr) =>
        err ? reject(new Error(`${tool} failed: ${stderr || stdout || err.message}`)) : resolve(),
      );
    });
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;

  const pids = (): number[] => {
    const main = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = fs
      .readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .filter((n) => {
        try {
          // The field after the closing parenthesis of the command name: state, then the parent pid.
          const stat = fs.readFileSync(`/proc/${n}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === main;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [main, ...children];
  };

  const cluster: ThrowawayCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      runAsync('pg_ctl', [
        '-D',
        data,
        '-l',
        path.join(root, 'log'),
        '-o',
        options,
        '-w',
        '-t',
        '60',
        'start',
      ]),
    stop: () => runAsync('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    freeze: () => pids().forEach((p) => process.kill(p, 'SIGSTOP')),
    thaw: () => pids().forEach((p) => process.kill(p, 'SIGCONT')),
    destroy() {
      if (!fs.existsSync(root)) return;
      if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
        try {
          cluster.thaw();
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } catch {
          // already gone
        }
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  await cluster.start();
  // Also when the test run ends without reaching its own clean-up (a hook that timed out).
  process.once('exit', () => cluster.destroy());
  return cluster;
}
