/**
 * Cost as the work grows (issue 20, part 4): the investor endpoints and the admin lists on datasets of
 * 1,000, 10,000 and 100,000 investors (ten years of monthly returns each), in PostgreSQL, each served by
 * the built server in a process of its own whose memory is sampled throughout.
 *
 *   npm run bench -- --scale [--sizes 1000,10000,100000] [--seconds 8]
 *
 * For each size: a fresh database, the dataset loaded with set-based statements (timed), the server
 * started; then every endpoint at a fixed, modest rate (the same at every size, so that the figures
 * compare: the cost of one request, not the most the machine can serve), three rounds, and the latency of
 * each request from the moment it was due to be sent (a late start counts, so a slow answer cannot hide
 * the queue behind it); then a broadcast to every user, three times. Writes the `scaling` section of
 * bench/results.json and the tables between the scale markers of docs/performance.md. Not part of
 * `--quick` (CI): the 100,000 dataset alone takes minutes to load.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { openDatabase } from '../apps/server/src/db/client';
import { BENCH_ADMIN, BENCH_INVESTOR, BENCH_PASSWORD, loadDataset, type Scale } from './dataset';
import {
  ROOT,
  log,
  login,
  median,
  round,
  rssMb,
  sendBroadcast,
  startServer,
  stopServer,
  waitReady,
} from './server';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'boolean' },
    sizes: { type: 'string', default: '1000,10000,100000' },
    seconds: { type: 'string', default: '8' },
    'report-only': { type: 'boolean' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const SECONDS = Number(args.seconds);
/** Rounds of each endpoint at each size; its figures are the quietest round's (least p99). */
const ROUNDS = 3;
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const BASE = `http://127.0.0.1:${PORT}`;
/** Requests a second: an investor endpoint, and an admin list (each an admin's page, not kept). */
const INVESTOR_RATE = 100;
const ADMIN_RATE = 20;
/** The goals of issue 20, part 4. */
const GOALS = { investorGrowth: 1.3, adminP99Ms: 25, broadcastMs: 1500, rssMb: 300 };
const SCALE_START = '<!-- scale: written by npm run bench -- --scale -->';
const SCALE_END = '<!-- /scale -->';

/** Each size: ten years of monthly returns for every investor, one investment each (the bench investor five). */
const scaleOf = (investors: number): Scale => ({
  investors,
  projects: 50,
  years: 10,
  updatesPerProject: 20,
  documentsPerProject: 10,
  notifications: investors * 10,
  investmentsPerInvestor: [1, 1],
  auditPerInvestor: 2,
});

interface Latency {
  n: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failed: number;
  failures: string[];
  /** CPU time a request (µs) of the server process and of its PostgreSQL backends. */
  serverCpuUs: number;
  dbCpuUs: number;
}

/**
 * CPU time (ns) of the given processes, every thread (/proc/PID/task/TID/schedstat: time on a CPU, in
 * nanoseconds). Unlike latency it does not grow when other work on the machine takes the cores.
 */
function cpuNs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      for (const tid of fs.readdirSync(`/proc/${pid}/task`))
        total += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the process ended
    }
  }
  return total;
}

/**
 * `rate` requests a second for `seconds`, over at most 8 connections; each latency is counted from the
 * moment the request was due.
 */
async function paced(
  urlPath: string,
  token: string | undefined,
  rate: number,
  seconds: number,
  cpu: { server: number; backends: () => Promise<number[]> },
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  // An answer other than 200, or none within 15 s, is a failed request: counted, not a latency.
  const failed: string[] = [];
  const one = (due: number) =>
    new Promise<number | null>((resolve) => {
      const req = http.get(`${BASE}${urlPath}`, { agent, headers, timeout: 15_000 }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) resolve(performance.now() - due);
          else {
            failed.push(String(res.statusCode));
            resolve(null);
          }
        });
      });
      req.on('timeout', () => req.destroy(new Error('no answer in 15 s')));
      req.on('error', (err) => {
        failed.push(err.message);
        resolve(null);
      });
    });
  const backends = await cpu.backends();
  const serverBefore = cpuNs([cpu.server]);
  const perPid = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuNs([pid])]));
  const dbBefore = perPid(backends);
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const t0 = performance.now();
  const pending: Promise<number | null>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(due));
  }
  const times = (await Promise.all(pending)).filter((t) => t !== null).sort((a, b) => a - b);
  if (times.length === 0) times.push(Number.NaN);
  const serverCpu = cpuNs([cpu.server]) - serverBefore;
  // Backends opened during the run are counted from zero.
  let dbCpu = 0;
  for (const [pid, ns] of perPid(await cpu.backends())) dbCpu += ns - (dbBefore.get(pid) ?? 0);
  agent.destroy();
  const at = (q: number) => round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!, 1);
  return {
    n: times.length,
    failed: failed.length,
    failures: [...new Set(failed)],
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: round(times.at(-1)!, 1),
    serverCpuUs: round(serverCpu / 1000 / times.length, 1),
    dbCpuUs: round(dbCpu / 1000 / times.length, 1),
  } as Latency;
}

interface Endpoint {
  name: string;
  path: string;
  as: 'investor' | 'admin';
}

async function getJson<T>(urlPath: string, token: string): Promise<T> {
  const res = await fetch(`${BASE}${urlPath}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${urlPath}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function oneSize(adminUrl: string, investors: number, passwordHash: string) {
  const scale = scaleOf(investors);
  const dbName = `portal_scale_${investors}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dbUrl = url.toString();
  let server: ReturnType<typeof startServer> | null = null;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const loadBefore = round(os.loadavg()[0]!, 1);
    const migrated = await openDatabase({ url: dbUrl });
    await migrated.close();
    const t0 = performance.now();
    const steps = await loadDataset(dbUrl, scale, passwordHash);
    // A long-lived database has been vacuumed by autovacuum (visibility map set, so that counts can be
    // index-only scans); a freshly loaded one not yet. Timed as a step of its own.
    const tv = performance.now();
    const vacuum = new pg.Client({ connectionString: dbUrl });
    await vacuum.connect();
    // Then a checkpoint: the load's dirty pages written now rather than by the checkpointer while
    // requests are measured (at 100,000 a 3 GB load, whose write-back moved the p99s of a few ms).
    await vacuum
      .query('vacuum (analyze)')
      .then(() => vacuum.query('checkpoint'))
      .finally(() => vacuum.end());
    steps.vacuum = Math.round(performance.now() - tv);
    const loadMs = Math.round(performance.now() - t0);
    const size = (
      await admin.query<{ mb: string }>(`select round(pg_database_size($1) / 1048576.0) as mb`, [dbName])
    ).rows[0]!.mb;
    log(`${investors}: dataset loaded in ${loadMs} ms (${size} MB)`, steps);

    server = startServer(PORT, { DATABASE_URL: dbUrl, JWT_SECRET: 'b'.repeat(48), SEED_DEMO: 'false' });
    const pid = server.pid!;
    const startMs = Math.round(await waitReady(server, BASE));
    // Memory throughout: sampled every 250 ms from start-up to the last request.
    const rss: number[] = [rssMb(pid)];
    sampler = setInterval(() => rss.push(rssMb(pid)), 250);

    // The server's own connections to its database (the bench's connection is to another database).
    const cpu = {
      server: pid,
      backends: async () =>
        (
          await admin.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1`, [dbName])
        ).rows.map((r) => r.pid),
    };
    const investorToken = await login(BASE, BENCH_INVESTOR);
    const adminToken = await login(BASE, BENCH_ADMIN);
    const projects = (await getJson<{ data: { _id: string }[] }>('/api/projects', investorToken)).data;
    const projectId = projects[0]!._id;
    const first = await getJson<{ pagination: { total: number } }>(
      '/api/users?page=1&pageSize=25',
      adminToken,
    );
    const total = first.pagination.total;
    const lastPage = Math.max(1, Math.ceil(total / 25));
    const endpoints: Endpoint[] = [
      { name: 'GET /api/users/me', path: '/api/users/me', as: 'investor' },
      { name: 'GET /api/projects', path: '/api/projects', as: 'investor' },
      { name: 'GET /api/updates', path: `/api/updates?projectId=${projectId}`, as: 'investor' },
      { name: 'GET /api/documents', path: `/api/documents?projectId=${projectId}`, as: 'investor' },
      { name: 'GET /api/investment/payouts', path: '/api/investment/payouts', as: 'investor' },
      { name: 'GET /api/investment/performance', path: '/api/investment/performance', as: 'investor' },
      { name: 'GET /api/notifications', path: '/api/notifications', as: 'investor' },
      {
        name: 'GET /api/perks/benefits/:projectId',
        path: `/api/perks/benefits/${projectId}`,
        as: 'investor',
      },
      {
        name: 'GET /api/perks/cabin-nights/:projectId',
        path: `/api/perks/cabin-nights/${projectId}`,
        as: 'investor',
      },
      { name: 'GET /api/bookings', path: `/api/bookings?projectId=${projectId}`, as: 'investor' },
      { name: 'GET /api/users (admin, first page)', path: '/api/users?page=1&pageSize=25', as: 'admin' },
      {
        name: 'GET /api/users (admin, last page)',
        path: `/api/users?page=${lastPage}&pageSize=25`,
        as: 'admin',
      },
      {
        name: 'GET /api/users (admin, search)',
        path: '/api/users?search=Investor%20004&pageSize=25',
        as: 'admin',
      },
      { name: 'GET /api/admin/audit (first page)', path: '/api/admin/audit', as: 'admin' },
      {
        name: 'GET /api/notifications/admin/all (first page)',
        path: '/api/notifications/admin/all',
        as: 'admin',
      },
      { name: 'GET /api/bookings/admin', path: `/api/bookings/admin?projectId=${projectId}`, as: 'admin' },
      { name: 'GET /api/admin/dashboard', path: '/api/admin/dashboard', as: 'admin' },
    ];
    // The first answer of each (nothing kept yet, the database's pages perhaps not in memory), then a
    // second of warm-up, not counted.
    const firstMs: Record<string, number> = {};
    for (const e of endpoints) {
      const token = e.as === 'investor' ? investorToken : adminToken;
      const t = performance.now();
      const res = await fetch(`${BASE}${e.path}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (!res.ok) log(`${investors}: ${e.name} answered ${res.status} the first time`);
      firstMs[e.name] = round(performance.now() - t, 1);
      await paced(e.path, token, e.as === 'investor' ? INVESTOR_RATE : ADMIN_RATE, 1, cpu);
    }
    const runs = new Map<string, Latency[]>();
    for (let r = 0; r < ROUNDS; r++)
      for (const e of endpoints) {
        const rate = e.as === 'investor' ? INVESTOR_RATE : ADMIN_RATE;
        const l = await paced(e.path, e.as === 'investor' ? investorToken : adminToken, rate, SECONDS, cpu);
        runs.set(e.name, [...(runs.get(e.name) ?? []), l]);
      }
    const endpointResults = endpoints.map((e) => {
      const ls = runs.get(e.name)!;
      // The quietest round: other work on the machine lands in one round, rarely in all.
      const best = ls.reduce((a, b) => (b.p99Ms < a.p99Ms ? b : a));
      return {
        name: e.name,
        as: e.as,
        ratePerSecond: e.as === 'investor' ? INVESTOR_RATE : ADMIN_RATE,
        firstMs: firstMs[e.name],
        p50Ms: best.p50Ms,
        p99Ms: best.p99Ms,
        maxMs: best.maxMs,
        p99RoundsMs: ls.map((l) => l.p99Ms),
        failed: ls.reduce((a, l) => a + l.failed, 0),
        failures: [...new Set(ls.flatMap((l) => l.failures))],
        // CPU time a request, the lesser of the rounds (contention adds cache misses, not work).
        serverCpuUs: Math.min(...ls.map((l) => l.serverCpuUs)),
        dbCpuUs: Math.min(...ls.map((l) => l.dbCpuUs)),
      };
    });
    for (const e of endpointResults) log(`${investors}:`, e);

    // The slowest lists may leave queries queued behind the last run: the broadcast is measured once the
    // server's database connections are idle again.
    for (let i = 0; i < 120; i++) {
      const { rows } = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active'`,
        [dbName],
      );
      if (rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    // A broadcast to every active user: the investors and the sending admin.
    const broadcast: number[] = [];
    const broadcastFailures: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { res, ms } = await sendBroadcast(BASE, adminToken, `Scale ${i}`);
      if (!res.ok) {
        broadcastFailures.push(`${res.status} after ${round(ms)} ms`);
        await res.arrayBuffer();
        continue;
      }
      const { sent } = (await res.json()).data as { sent: number };
      if (sent !== investors + 1)
        throw new Error(`broadcast reached ${sent} users, expected ${investors + 1}`);
      broadcast.push(ms);
    }
    clearInterval(sampler);
    rss.push(rssMb(pid));
    const result = {
      investors,
      scale,
      databaseMb: Number(size),
      loadMs,
      loadSteps: steps,
      startMs,
      endpoints: endpointResults,
      broadcast: {
        users: investors + 1,
        medianMs: broadcast.length ? round(median(broadcast), 1) : Number.NaN,
        runsMs: broadcast.map((x) => round(x, 1)),
        failures: broadcastFailures,
      },
      rss: { maxMb: Math.max(...rss), lastMb: rss.at(-1)!, samples: rss.length },
      /** The machine's 1-minute load average as the size began and as it ended (2 cores). */
      loadAverage: [loadBefore, round(os.loadavg()[0]!, 1)],
    };
    log(`${investors}: broadcast`, result.broadcast, 'RSS', result.rss);
    return result;
  } finally {
    clearInterval(sampler);
    if (server) await stopServer(server);
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
}

type SizeResult = Awaited<ReturnType<typeof oneSize>>;

function check(sizes: SizeResult[]): string[] {
  const failures: string[] = [];
  const smallest = sizes[0]!;
  const largest = sizes.at(-1)!;
  for (const e of largest.endpoints) {
    const base = smallest.endpoints.find((x) => x.name === e.name)!;
    if (e.as === 'investor' && sizes.length > 1 && e.p99Ms > base.p99Ms * GOALS.investorGrowth)
      failures.push(
        `${e.name}: p99 ${e.p99Ms} ms at ${largest.investors} investors, ${round(e.p99Ms / base.p99Ms)}× its ${base.p99Ms} ms at ${smallest.investors}`,
      );
    if (e.failed) failures.push(`${e.name}: ${e.failed} failed requests (${e.failures.join(', ')})`);
    if (e.name.startsWith('GET /api/users (admin') && e.p99Ms >= GOALS.adminP99Ms)
      failures.push(`${e.name}: p99 ${e.p99Ms} ms at ${largest.investors} investors`);
  }
  for (const s of sizes) {
    if (s.broadcast.failures.length)
      failures.push(`broadcast to ${s.broadcast.users} users: ${s.broadcast.failures.join(', ')}`);
    if (s.broadcast.medianMs >= GOALS.broadcastMs)
      failures.push(`broadcast to ${s.broadcast.users} users: ${s.broadcast.medianMs} ms`);
    if (s.rss.maxMb >= GOALS.rssMb) failures.push(`server RSS ${s.rss.maxMb} MB at ${s.investors} investors`);
  }
  return failures;
}

const n = (x: number) => x.toLocaleString('en-US');

function report(sizes: SizeResult[], date: string): string {
  const smallest = sizes[0]!;
  const lines = [
    SCALE_START,
    '',
    `Measured by \`npm run bench -- --scale\` on ${date.slice(0, 10)} (PostgreSQL on the same machine; raw figures:`,
    '`scaling` in `bench/results.json`). Each size: 50 projects, one investment an investor (the bench investor',
    'five) with ten years of monthly returns, 20 updates and 10 documents a project, ten notifications and two',
    `audit entries an investor. Latency at a fixed rate (${INVESTOR_RATE} req/s for an investor endpoint,`,
    `${ADMIN_RATE} for an admin list, ${SECONDS} s, the quietest of ${ROUNDS} rounds), from the moment each request was due; "first"`,
    'is the first answer after start-up (nothing kept yet). After the dot: CPU time a request, of the server',
    'process and of its PostgreSQL backends (µs, `/proc/PID/task/*/schedstat`, the lesser round), which other',
    'work on the machine does not inflate as it does latency; the load average is that of the machine during the size.',
    '',
    '| investors | dataset load | database | monthly returns | server start | broadcast (median of 3) | server RSS, most | load average |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...sizes.map(
      (s) =>
        `| ${n(s.investors)} | ${(s.loadMs / 1000).toFixed(1)} s | ${n(s.databaseMb)} MB | ${n(
          s.investors * 120 + 4 * 120,
        )} rows | ${s.startMs == null ? '—' : `${s.startMs} ms`} | ${s.broadcast.medianMs} ms to ${n(s.broadcast.users)} users${s.broadcast.failures.length ? ` (failed: ${s.broadcast.failures.join(', ')})` : ''} | ${s.rss.maxMb} MB | ${s.loadAverage.length ? s.loadAverage.join(' → ') : '—'} |`,
    ),
    '',
    `| endpoint | ${sizes.map((s) => `p99 (p50, first) at ${n(s.investors)}`).join(' | ')} | p99 at ${n(
      sizes.at(-1)!.investors,
    )} ÷ at ${n(smallest.investors)} | goal |`,
    `| --- | ${sizes.map(() => '---').join(' | ')} | --- | --- |`,
    ...smallest.endpoints.map((e0) => {
      const cells = sizes.map((s) => {
        const e = s.endpoints.find((x) => x.name === e0.name)!;
        const failed = e.failed ? `, ${e.failed} failed: ${e.failures.join(' ')}` : '';
        return `${e.p99Ms} ms (${e.p50Ms}, ${e.firstMs}${failed}) · ${e.serverCpuUs} + ${e.dbCpuUs} µs`;
      });
      const last = sizes.at(-1)!.endpoints.find((x) => x.name === e0.name)!;
      const goal =
        e0.as === 'investor'
          ? `≤ ${GOALS.investorGrowth}×`
          : e0.name.startsWith('GET /api/users (admin')
            ? `< ${GOALS.adminP99Ms} ms`
            : '—';
      return `| ${e0.name} | ${cells.join(' | ')} | ${round(last.p99Ms / Math.max(0.1, e0.p99Ms))}× | ${goal} |`;
    }),
    '',
    SCALE_END,
  ];
  return lines.join('\n');
}

/** Puts the tables between the scale markers of docs/performance.md (at its end the first time). */
function writeReport(docFile: string, table: string) {
  const doc = fs.readFileSync(docFile, 'utf8');
  const start = doc.indexOf(SCALE_START);
  const end = doc.indexOf(SCALE_END);
  fs.writeFileSync(
    docFile,
    start >= 0 && end > start
      ? doc.slice(0, start) + table + doc.slice(end + SCALE_END.length)
      : `${doc.trimEnd()}\n\n## Cost as the work grows\n\n${table}\n`,
  );
}

export async function runScale() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const hash = await hashPassword(BENCH_PASSWORD);
  const date = new Date().toISOString();
  const resultsFile = path.join(ROOT, 'bench/results.json');
  const docFile = path.join(ROOT, 'docs/performance.md');
  let failures: string[] = [];
  if (args['report-only']) {
    // The tables of docs/performance.md again from bench/results.json, without running anything.
    const scaling = (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { scaling: { sizes: SizeResult[] } })
      .scaling;
    writeReport(docFile, report(scaling.sizes, date));
    return;
  }
  // Written after each size, merged with the sizes of earlier runs (`--sizes` runs some of them).
  for (const investors of SIZES) {
    const size = await oneSize(adminUrl, investors, hash);
    const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as Record<string, unknown>;
    const earlier = ((results.scaling as { sizes?: SizeResult[] } | undefined)?.sizes ?? []).filter(
      (s) => s.investors !== investors,
    );
    const sizes = [...earlier, size].sort((a, b) => a.investors - b.investors);
    failures = check(sizes);
    results.scaling = {
      date,
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
      goals: GOALS,
      rates: {
        investorPerSecond: INVESTOR_RATE,
        adminPerSecond: ADMIN_RATE,
        seconds: SECONDS,
        rounds: ROUNDS,
      },
      sizes,
      failures,
    };
    fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
    writeReport(docFile, report(sizes, date));
  }
  if (failures.length) {
    console.error(`[bench] ${failures.length} scale check(s) failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  log('all scale checks passed');
}
