/**
 * The benchmark (issues 8 and 20): a large dataset in PostgreSQL, the real server, autocannon against
 * the investor and admin endpoints, each throughput as a ratio to the ceiling, a bare `node:http` server
 * answering a small JSON body in a process of its own (bench/ceiling.mjs), measured in the same run
 * (alternating runs, three rounds, the median); beside it the older ratio to the app's own /api/health.
 * Then p99 latency at half the maximum rate, a broadcast to every user, page weight and timing in
 * Chromium, memory and cold starts. The server logs as in production (deploy/: info, the access log kept by
 * the proxy, ACCESS_LOG=proxy),
 * to /dev/null.
 *
 *   npm run bench              full dataset (10,000 investors, 10 years of returns); writes
 *                              bench/results.json and docs/performance.md
 *   npm run bench -- --quick   small dataset and short runs (CI); fails when a ratio falls under a
 *                              third of its budget
 *   npm run bench -- --scale   cost as the work grows: 1,000, 10,000 and 100,000 investors (bench/scale.ts)
 *
 * Needs a build (`npm run build`) and PostgreSQL at BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres; a fresh database is created and dropped).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { openDatabase } from '../apps/server/src/db/client';
import { distributionRun } from './distribution';
import { moneyInRun } from './money-in';
import { lighthouseBench, lighthouseShortfalls, lighthouseTable, type LighthouseResults } from './lighthouse';
import {
  ROOT,
  SERVER,
  log,
  login as loginAt,
  median,
  round,
  rssMb,
  sendBroadcast,
  startServer as startServerOn,
  stopServer,
  waitReady,
} from './server';
import {
  BENCH_ADMIN,
  BENCH_INVESTOR,
  BENCH_PASSWORD,
  EMBEDDED,
  EMBEDDED_QUICK,
  FULL,
  QUICK,
  loadDataset,
  pgliteSession,
  type Scale,
} from './dataset';

const quick = process.argv.includes('--quick');
const scale = quick ? QUICK : FULL;
/**
 * Seconds a measured run lasts. The quick run's were 2 s, and in them an endpoint's first second (its new
 * connections, its compiling) weighed as much as the rest: on a Xeon they read /api/health 15-20% under
 * the full run's 8 s runs (0.343 against 0.412 of the ceiling), under CI's bar of the time, half the goal.
 */
const DURATION = quick ? 5 : 8;
const ROUNDS = 3;
/** docs/performance.md: what follows this line is written by hand and kept when the figures are rewritten. */
const NOTES_MARKER = '<!-- notes: kept by npm run bench -->';
const CONNECTIONS = 32;
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const BASE = `http://127.0.0.1:${PORT}`;
const CEILING_PORT = Number(process.env.BENCH_CEILING_PORT ?? PORT + 1);
const CEILING = `http://127.0.0.1:${CEILING_PORT}/`;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const startServer = (env: NodeJS.ProcessEnv) => startServerOn(PORT, env);
const login = (email: string) => loginAt(BASE, email);

/** The ceiling (bench/ceiling.mjs) in a process of its own, with plain node. */
async function startCeiling(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/ceiling.mjs'), String(CEILING_PORT)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ceiling server exited with ${code}`)));
    child.stdout!.once('data', () => resolve());
  });
  return child;
}

interface Load {
  rps: number;
  p99: number;
  non2xx: number;
}

async function load(
  urlPath: string,
  token?: string,
  opts: { overallRate?: number; duration?: number } = {},
): Promise<Load> {
  const result = await autocannon({
    url: urlPath.startsWith('http') ? urlPath : `${BASE}${urlPath}`,
    connections: CONNECTIONS,
    duration: opts.duration ?? DURATION,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    overallRate: opts.overallRate,
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

interface Scenario {
  name: string;
  path: string;
  as: 'public' | 'investor' | 'admin';
  /** The least throughput ÷ the ceiling's (issue 20). */
  budget?: number;
  /** The least throughput ÷ the app's /api/health (issue 8). */
  healthBudget?: number;
}

async function main() {
  if (!fs.existsSync(SERVER)) throw new Error('Build first: npm run build');
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `portal_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const dbUrl = url.toString();
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGiB: round(os.totalmem() / 2 ** 30, 1),
      node: process.version,
    },
    scale,
  };
  let server: ChildProcess | null = null;
  let ceiling: ChildProcess | null = null;
  try {
    const migrated = await openDatabase({ url: dbUrl });
    await migrated.close();
    const t0 = performance.now();
    const hash = await hashPassword(BENCH_PASSWORD);
    const timings = await loadDataset(dbUrl, scale, hash);
    results.datasetLoadMs = Math.round(performance.now() - t0);
    results.datasetSteps = timings;
    log(`dataset loaded in ${results.datasetLoadMs} ms`, timings);

    const env = { DATABASE_URL: dbUrl, JWT_SECRET: 'b'.repeat(48), SEED_DEMO: 'false' };
    server = startServer(env);
    results.coldStartPostgresMs = Math.round(await waitReady(server, BASE));
    log(`cold start on PostgreSQL: ${results.coldStartPostgresMs} ms`);

    const investorToken = await login(BENCH_INVESTOR);
    const adminToken = await login(BENCH_ADMIN);
    const projects = (
      (await (
        await fetch(`${BASE}/api/projects`, { headers: { authorization: `Bearer ${investorToken}` } })
      ).json()) as { data: { _id: string }[] }
    ).data;
    const projectId = projects[0]!._id;
    const firstPage = (await (
      await fetch(`${BASE}/api/users?page=1&pageSize=25`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { pagination: { total: number } };
    const total = firstPage.pagination.total;
    const lastPage = Math.max(1, Math.ceil(total / 25));

    const scenarios: Scenario[] = [
      { name: 'GET /api/health', path: '/api/health', as: 'public', budget: 0.7 },
      {
        name: 'GET /api/users/me (5 investments)',
        path: '/api/users/me',
        as: 'investor',
        budget: 0.5,
        healthBudget: 0.25,
      },
      { name: 'GET /api/projects', path: '/api/projects', as: 'investor', budget: 0.5, healthBudget: 0.4 },
      {
        name: 'GET /api/updates',
        path: `/api/updates?projectId=${projectId}`,
        as: 'investor',
        budget: 0.5,
        healthBudget: 0.4,
      },
      {
        name: 'GET /api/documents',
        path: `/api/documents?projectId=${projectId}`,
        as: 'investor',
        budget: 0.5,
        healthBudget: 0.4,
      },
      { name: 'GET /api/investment/payouts', path: '/api/investment/payouts', as: 'investor' },
      { name: 'GET /api/users (admin, first page)', path: '/api/users?page=1&pageSize=25', as: 'admin' },
      {
        name: `GET /api/users (admin, last page ${lastPage})`,
        path: `/api/users?page=${lastPage}&pageSize=25`,
        as: 'admin',
      },
      {
        name: 'GET /api/users (admin, search)',
        path: '/api/users?search=Investor%20004&pageSize=25',
        as: 'admin',
      },
    ];
    ceiling = await startCeiling();
    // The server has just started and PostgreSQL has just taken the dataset (its autovacuum may still be
    // at work): a few seconds of load on both, not counted, before the first measured run.
    for (const warm of [CEILING, '/api/health', '/api/users/me'])
      await load(warm, warm === '/api/users/me' ? investorToken : undefined, { duration: DURATION });
    const endpointResults: Record<string, unknown>[] = [];
    // The quick run (CI) measures what it checks: the endpoints with a goal.
    for (const s of scenarios.filter((x) => !quick || x.budget || x.healthBudget)) {
      const token =
        s.as === 'public' ? undefined : await login(s.as === 'investor' ? BENCH_INVESTOR : BENCH_ADMIN);
      const probe = await fetch(`${BASE}${s.path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!probe.ok) {
        log(`${s.name}: ${probe.status}, skipped`);
        endpointResults.push({ name: s.name, status: probe.status, error: 'endpoint did not answer 200' });
        continue;
      }
      // A short run of each first, not counted: the first seconds of a process (or of an address) are
      // compiling and filling caches.
      await load(CEILING, undefined, { duration: 1 });
      await load(s.path, token, { duration: 1 });
      // Each round: the ceiling, the endpoint, the app's /api/health (itself only once, for its own row).
      const isHealth = s.path === '/api/health';
      const ratios: number[] = [];
      const healthRatios: number[] = [];
      const rps: number[] = [];
      const ceilingRps: number[] = [];
      const hello: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const c = await load(CEILING);
        const e = await load(s.path, token);
        if (e.non2xx > 0) throw new Error(`${s.name}: ${e.non2xx} non-2xx answers`);
        const h = isHealth ? e : await load('/api/health');
        ceilingRps.push(c.rps);
        rps.push(e.rps);
        hello.push(h.rps);
        ratios.push(e.rps / c.rps);
        healthRatios.push(e.rps / h.rps);
      }
      const maxRps = median(rps);
      const half = await load(s.path, token, { overallRate: Math.max(1, Math.floor(maxRps / 2)) });
      const r = {
        name: s.name,
        budget: s.budget ?? null,
        ratioMedian: round(median(ratios), 3),
        ratioMin: round(Math.min(...ratios), 3),
        ratioMax: round(Math.max(...ratios), 3),
        ratioRuns: ratios.map((x) => round(x, 3)),
        rpsMedian: Math.round(maxRps),
        ceilingRpsMedian: Math.round(median(ceilingRps)),
        healthBudget: s.healthBudget ?? null,
        healthRatioMedian: round(median(healthRatios), 3),
        helloRpsMedian: Math.round(median(hello)),
        p99AtHalfRateMs: half.p99,
      };
      log(r);
      endpointResults.push(r);
    }
    results.endpoints = endpointResults;
    await stopServer(ceiling);
    ceiling = null;

    // Broadcast to every active user: the investors and the sending admin.
    const broadcast: number[] = [];
    const recipients = scale.investors + 1;
    for (let i = 0; i < 3; i++) {
      const { res, ms } = await sendBroadcast(BASE, adminToken, `Benchmark ${i}`);
      if (!res.ok) throw new Error(`broadcast: ${res.status} ${await res.text()}`);
      const { sent } = (await res.json()).data as { sent: number };
      if (sent !== recipients) throw new Error(`broadcast reached ${sent} users, expected ${recipients}`);
      broadcast.push(ms);
    }
    results.broadcast = {
      users: recipients,
      medianMs: round(median(broadcast), 1),
      runsMs: broadcast.map((x) => round(x, 1)),
    };
    log('broadcast', results.broadcast);

    results.pages = await pageLoad(await login(BENCH_INVESTOR));
    log('pages', results.pages);
    results.rssAfterRunMb = rssMb(server.pid!);
    log(`RSS after the run: ${results.rssAfterRunMb} MB`);
    results.distribution = await distributionRun({
      dbUrl,
      base: BASE,
      adminToken,
      passwordHash: hash,
      investors: 10_000,
    });
    // After the RSS figure of the read and write load above, which it is not part of: its own RSS is kept.
    (results.distribution as Record<string, unknown>).rssAfterMb = rssMb(server.pid!);
    log('distribution run', results.distribution);

    // A capital call to 10,000 accepted subscriptions and a camt.053 of 10,000 credits paying them, in
    // this process on the same database (bench/money-in.ts): each under 3 s.
    results.moneyIn = await moneyInRun({ dbUrl, passwordHash: hash, subscriptions: 10_000 });
    log('money in', results.moneyIn);

    // The same broadcast by email too: every message and its job queued before the answer.
    {
      const t = performance.now();
      const res = await fetch(`${BASE}/api/notifications/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'By email',
          message: 'A broadcast by email.',
          type: 'info',
          email: true,
        }),
      });
      const ms = performance.now() - t;
      if (!res.ok) throw new Error(`email broadcast: ${res.status} ${await res.text()}`);
      const { emailed } = (await res.json()).data as { emailed: number };
      if (emailed < recipients) throw new Error(`email broadcast queued ${emailed}, expected ${recipients}`);
      results.emailBroadcast = { emails: emailed, queuedMs: round(ms, 1) };
      log('email broadcast', results.emailBroadcast);
    }

    // Publishing a year's statements to every investor who held an investment in it (the distribution's
    // 10,000 among them): the request answers at once with the publication running, and a background
    // job writes a notification each and their emails, in batches. Timed from the request to the list
    // saying `published` (asked every 50 ms), with the answer's own time beside it.
    {
      const headers = { authorization: `Bearer ${adminToken}` };
      const t = performance.now();
      const res = await fetch(`${BASE}/api/admin/statements/2024/publish`, { method: 'POST', headers });
      const answerMs = performance.now() - t;
      if (!res.ok) throw new Error(`statement publishing: ${res.status} ${await res.text()}`);
      const { total } = (await res.json()).data as { total: number };
      let polls = 0;
      let done: { status: string; recipients: number; emailed: number; error: string | null } | undefined;
      while (performance.now() - t < 60_000) {
        const list = await fetch(`${BASE}/api/admin/statements`, { headers });
        polls++;
        done = ((await list.json()).data.publications as (typeof done & { period: string })[]).find(
          (p) => p.period === '2024',
        );
        if (done?.status !== 'running') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const ms = performance.now() - t;
      if (done?.status !== 'published')
        throw new Error(`statement publishing ended ${done?.status ?? 'missing'}: ${done?.error ?? ''}`);
      if (done.recipients < 10_000 || done.recipients !== total)
        throw new Error(
          `statements published to ${done.recipients} of ${total} investors, expected 10,000 or more`,
        );
      results.statementPublishing = {
        investors: done.recipients,
        emails: done.emailed,
        ms: round(ms, 1),
        answerMs: round(answerMs, 1),
        polls,
      };
      log('statement publishing', results.statementPublishing);
    }

    // One investor's statement as a PDF (five investments, years of returns), from request to last byte.
    {
      const token = await login(BENCH_INVESTOR);
      const times: number[] = [];
      for (let i = 0; i < 6; i++) {
        const t = performance.now();
        const res = await fetch(`${BASE}/api/statements/2024/pdf`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const bytes = (await res.arrayBuffer()).byteLength;
        if (!res.ok || bytes < 1000) throw new Error(`statement PDF: ${res.status}, ${bytes} bytes`);
        if (i > 0) times.push(performance.now() - t); // the first one warms up
      }
      results.statementPdf = { medianMs: round(median(times), 1), runsMs: times.map((x) => round(x, 1)) };
      log('statement PDF', results.statementPdf);
    }

    await stopServer(server);
    server = null;

    const embedded = await embeddedDatabase(hash);
    results.embedded = embedded;
    results.coldStartEmbeddedReopenMs = embedded.reopenMs;
    log(`embedded dataset loaded in ${embedded.loadMs} ms; cold start reopening it: ${embedded.reopenMs} ms`);

    // Lighthouse on the demo data (bench/lighthouse.ts), full run only: slow, and its scores vary.
    if (!quick) {
      results.lighthouse = await lighthouseBench({ port: PORT + 2 });
      log(
        'lighthouse',
        lighthouseTable(results.lighthouse as LighthouseResults)
          .slice(2)
          .join('\n'),
      );
    }
  } finally {
    if (server) await stopServer(server);
    if (ceiling) await stopServer(ceiling);
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }

  const failures = check(results);
  const outDir = quick ? path.join(ROOT, 'bench/.tmp') : path.join(ROOT, 'bench');
  fs.mkdirSync(outDir, { recursive: true });
  const resultsFile = path.join(outDir, quick ? 'results-quick.json' : 'results.json');
  // The figures of `--scale` (bench/scale.ts) are a run of their own: kept when these are rewritten.
  if (!quick && fs.existsSync(resultsFile)) {
    const previous = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as Record<string, unknown>;
    if (previous.scaling) results.scaling = previous.scaling;
  }
  fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  if (!quick) {
    // The figures are rewritten; the notes written under them by hand are kept.
    const file = path.join(ROOT, 'docs/performance.md');
    const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const notes = previous.includes(NOTES_MARKER) ? previous.slice(previous.indexOf(NOTES_MARKER)) : '';
    fs.writeFileSync(file, report(results) + (notes ? `\n${notes}` : ''));
  }
  if (failures.length) {
    console.error(`[bench] ${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  log('all checks passed');
}

/**
 * In quick mode (CI) an endpoint fails when even its best round is under a third of its budget; in full
 * mode every budget is checked on the median. On the shared two-core machine the ratio to the ceiling
 * moves with the host for minutes at a time, and more for the app than for the bare ceiling: the same
 * build read /api/health 0.292-0.315 of the ceiling at best in three quick runs over 20 minutes
 * (2026-11-28), then 0.547 five minutes later, while the app alone answered 37,854 req/s against the last
 * landed build's 37,789 on the same database. Under half of the goal failed CI in three runs of four on
 * unchanged code; a third leaves the slowest phase seen (best 0.229 of 0.5 for /api/users/me) a margin and
 * still fails code that halves the throughput. The full run is the measure; this is a tripwire.
 */
/**
 * What the sign-in page may download of JS, gzip: 150 kB until the page spoke three languages (ADR 027);
 * i18next, react-i18next with <Trans> and the sign-in pages' English messages add about 25 kB to the
 * 138 kB it weighed before them.
 */
const SIGN_IN_JS_BUDGET_KB = 180;

function check(results: Record<string, unknown>): string[] {
  const failures: string[] = [];
  const factor = quick ? 1 / 3 : 1;
  for (const e of results.endpoints as Record<string, unknown>[]) {
    const ratio = (quick ? e.ratioMax : e.ratioMedian) as number;
    if (e.error) failures.push(`${e.name}: ${e.error} (${e.status})`);
    else if (typeof e.budget === 'number' && ratio < e.budget * factor)
      failures.push(
        `${e.name}: ${ratio} of the ceiling at ${quick ? 'best' : 'median'} (runs ${(e.ratioRuns as number[]).join(', ')}), under ${round(e.budget * factor, 3)}`,
      );
    else if (typeof e.healthBudget === 'number' && (e.healthRatioMedian as number) < e.healthBudget * factor)
      failures.push(
        `${e.name}: ${e.healthRatioMedian} of /api/health, under ${round(e.healthBudget * factor, 3)}`,
      );
  }
  if (!quick) {
    const ends = results.endpoints as {
      name: string;
      rpsMedian?: number;
      p99AtHalfRateMs?: number;
      budget: number | null;
    }[];
    for (const e of ends)
      if (e.budget && (e.p99AtHalfRateMs ?? 0) >= 25)
        failures.push(`${e.name}: p99 ${e.p99AtHalfRateMs} ms at half rate`);
    const first = ends.find((e) => e.name.includes('first page'))?.rpsMedian;
    const last = ends.find((e) => e.name.includes('last page'))?.rpsMedian;
    if (first && last && first / last > 1.5)
      failures.push(`admin users list: last page ${round(first / last)}x slower than the first`);
    if ((results.datasetLoadMs as number) >= 60_000)
      failures.push(`dataset loaded in ${results.datasetLoadMs} ms`);
    const b = results.broadcast as { medianMs: number };
    if (b.medianMs >= 200) failures.push(`broadcast: ${b.medianMs} ms`);
    const d = results.distribution as { totalMs: number };
    if (d.totalMs >= 3000) failures.push(`distribution run over 10,000 investors: ${d.totalMs} ms`);
    const mi = results.moneyIn as { callMs: number; importMs: number };
    if (mi.callMs >= 3000) failures.push(`capital call to 10,000 subscriptions: ${mi.callMs} ms`);
    if (mi.importMs >= 3000) failures.push(`camt.053 of 10,000 entries matched: ${mi.importMs} ms`);
    const pdf = results.statementPdf as { medianMs: number };
    if (pdf.medianMs >= 150) failures.push(`statement PDF: ${pdf.medianMs} ms`);
    const sp = results.statementPublishing as { investors: number; ms: number };
    if (sp.ms >= 3000) failures.push(`statements published to ${sp.investors} investors in ${sp.ms} ms`);
    const m = results.emailBroadcast as { emails: number; queuedMs: number };
    if (m.queuedMs >= 2000)
      failures.push(`email broadcast to ${m.emails} investors queued in ${m.queuedMs} ms`);
    if ((results.rssAfterRunMb as number) >= 300) failures.push(`RSS ${results.rssAfterRunMb} MB`);
    if ((results.coldStartPostgresMs as number) >= 1000)
      failures.push(`cold start on PostgreSQL ${results.coldStartPostgresMs} ms`);
    if ((results.coldStartEmbeddedReopenMs as number) >= 3000)
      failures.push(`embedded reopen ${results.coldStartEmbeddedReopenMs} ms`);
    failures.push(...lighthouseShortfalls(results.lighthouse as LighthouseResults));
  }
  const pages = results.pages as {
    signIn: { jsGzipKb: number; cssGzipKb: number };
    dashboardToStatic: number;
  };
  if (pages.signIn.jsGzipKb > SIGN_IN_JS_BUDGET_KB)
    failures.push(`sign-in JS ${pages.signIn.jsGzipKb} kB gzip (budget ${SIGN_IN_JS_BUDGET_KB} kB)`);
  if (pages.signIn.cssGzipKb > 30) failures.push(`sign-in CSS ${pages.signIn.cssGzipKb} kB gzip`);
  if (!quick && pages.dashboardToStatic > 3)
    failures.push(`dashboard time to content ${pages.dashboardToStatic}x the static page`);
  return failures;
}

/** JS and CSS bytes as sent (gzip), time to content and LCP, for the sign-in page, the dashboard and a static page. */
async function pageLoad(token: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    // Time to content is taken in the page: the moment the element that shows the page's content (for the
    // dashboard, the investor's own figures, not the heading drawn above the loading placeholders) is
    // added to the document, since navigation began (performance.now()), rather than when a polling wait
    // happens to look (Playwright's waits poll at 0, 20, 100, 100, 500 ms…, which would round the figures).
    const measure = async (
      pagePath: string,
      content: { selector: string; text: string },
      signedIn: boolean,
    ) => {
      const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
      if (signedIn) {
        await context.addInitScript((t) => localStorage.setItem('accessToken', t), token);
      }
      const page = await context.newPage();
      const bytes = { js: 0, css: 0 };
      page.on('response', async (res) => {
        const type = res.headers()['content-type'] ?? '';
        const size = Number(
          res.headers()['content-length'] ?? (await res.body().catch(() => Buffer.alloc(0))).length,
        );
        if (type.includes('javascript')) bytes.js += size;
        else if (type.includes('text/css')) bytes.css += size;
      });
      // A string, not a function: tsx names inner functions with a helper the page does not have.
      await page.addInitScript(`(() => {
        const text = ${JSON.stringify(content.text)};
        window.__contentAt = 0;
        const observer = new MutationObserver(() => {
          if (window.__contentAt) return;
          for (const h of document.querySelectorAll(${JSON.stringify(content.selector)}))
            if (h.textContent && h.textContent.includes(text)) {
              window.__contentAt = performance.now();
              observer.disconnect();
              return;
            }
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      })();`);
      await page.addInitScript(() => {
        (window as unknown as { __lcp: number }).__lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) (window as unknown as { __lcp: number }).__lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${BASE}${pagePath}`);
      await page
        .locator(content.selector, { hasText: content.text })
        .first()
        .waitFor({ state: 'visible', timeout: 30_000 });
      const toContent = await page.evaluate(() => (window as unknown as { __contentAt: number }).__contentAt);
      await page.waitForLoadState('networkidle');
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
      await context.close();
      return {
        jsGzipKb: round(bytes.js / 1024, 1),
        cssGzipKb: round(bytes.css / 1024, 1),
        timeToContentMs: Math.round(toContent),
        lcpMs: Math.round(lcp),
      };
    };
    const STATIC = { selector: 'h1', text: 'Investor Portal is running' };
    const SIGN_IN = { selector: 'h1', text: 'Welcome back' };
    // The Total Returns card, drawn once /api/users/me has answered.
    const DASHBOARD = { selector: 'p', text: 'of investment recovered' };
    // Warm the server's file cache once.
    await measure('/status.html', STATIC, false);
    const runs = {
      signIn: [] as Awaited<ReturnType<typeof measure>>[],
      dashboard: [] as Awaited<ReturnType<typeof measure>>[],
      static: [] as Awaited<ReturnType<typeof measure>>[],
    };
    for (let i = 0; i < 3; i++) {
      runs.static.push(await measure('/status.html', STATIC, false));
      runs.signIn.push(await measure('/login', SIGN_IN, false));
      runs.dashboard.push(await measure('/', DASHBOARD, true));
    }
    const summary = (xs: Awaited<ReturnType<typeof measure>>[]) => ({
      jsGzipKb: xs[0]!.jsGzipKb,
      cssGzipKb: xs[0]!.cssGzipKb,
      timeToContentMs: median(xs.map((x) => x.timeToContentMs)),
      lcpMs: median(xs.map((x) => x.lcpMs)),
    });
    const signIn = summary(runs.signIn);
    const dashboard = summary(runs.dashboard);
    const stat = summary(runs.static);
    return {
      signIn,
      dashboard,
      static: stat,
      dashboardToStatic: round(dashboard.timeToContentMs / Math.max(1, stat.timeToContentMs), 2),
    };
  } finally {
    await browser.close();
  }
}

/**
 * The embedded database (PGlite) with a dataset of its own scale: the time to load it, and the time from
 * process start to ready when reopening it (median of three). Each reopened server must serve the bench
 * investor's five investments.
 */
async function embeddedDatabase(passwordHash: string) {
  const embeddedScale: Scale = quick ? EMBEDDED_QUICK : EMBEDDED;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-embedded-'));
  try {
    const env = { DATA_DIR: dir, DATABASE_URL: '', JWT_SECRET: 'b'.repeat(48), SEED_DEMO: 'false' };
    // The first start creates and migrates the database; the dataset goes in while no server runs.
    let child = startServer(env);
    await waitReady(child, BASE, 120_000);
    await stopServer(child);
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create({ dataDir: path.join(dir, 'db') });
    const t0 = performance.now();
    let steps: Record<string, number>;
    try {
      steps = await loadDataset(pgliteSession(db), embeddedScale, passwordHash);
    } finally {
      await db.close();
    }
    const loadMs = Math.round(performance.now() - t0);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      child = startServer(env);
      try {
        await waitReady(child, BASE);
        times.push(performance.now() - t);
        const me = await fetch(`${BASE}/api/users/me`, {
          headers: { authorization: `Bearer ${await login(BENCH_INVESTOR)}` },
        });
        const held = ((await me.json()) as { data: { investments: unknown[] } }).data.investments.length;
        if (held !== 5) throw new Error(`embedded: the bench investor holds ${held} investments, not 5`);
      } finally {
        await stopServer(child);
      }
    }
    return {
      scale: embeddedScale,
      loadMs,
      steps,
      reopenMs: Math.round(median(times)),
      reopenRunsMs: times.map((x) => Math.round(x)),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const describeScale = (s: Scale) =>
  `${s.investors.toLocaleString('en-US')} investors, ${s.projects} projects, 2-5 investments each, ` +
  `${s.years} years of monthly returns, ${s.updatesPerProject} updates and ${s.documentsPerProject} documents ` +
  `a project, ${s.notifications.toLocaleString('en-US')} notifications`;

function report(r: Record<string, unknown>): string {
  const m = r.machine as { cpus: number; cpuModel: string; memoryGiB: number; node: string };
  const ends = r.endpoints as Record<string, unknown>[];
  type PageFigures = { jsGzipKb: number; cssGzipKb: number; timeToContentMs: number; lcpMs: number };
  const pages = r.pages as {
    signIn: PageFigures;
    dashboard: PageFigures;
    static: PageFigures;
    dashboardToStatic: number;
  };
  const b = r.broadcast as { users: number; medianMs: number };
  const dist = r.distribution as {
    investors: number;
    draftMs: number;
    finalizeMs: number;
    rssAfterMb: number;
  };
  const emb = r.embedded as { scale: Scale; loadMs: number };
  const lines = [
    '# Performance',
    '',
    `Measured by \`npm run bench\` on ${String(r.date).slice(0, 10)}: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node},`,
    'PostgreSQL on the same machine. Raw figures: `bench/results.json`.',
    '',
    `Dataset (PostgreSQL): ${describeScale(r.scale as Scale)}; loaded in ${((r.datasetLoadMs as number) / 1000).toFixed(1)} s (budget 60 s).`,
    `Embedded database (PGlite): ${describeScale(emb.scale)}; loaded in ${(emb.loadMs / 1000).toFixed(1)} s.`,
    '',
    'Throughput is a ratio to the ceiling: a bare `node:http` server answering a small JSON body, in a process',
    `of its own (\`bench/ceiling.mjs\`), measured in the same run (${ROUNDS} rounds of ${DURATION} s runs alternating the`,
    `ceiling, the endpoint and the app's \`/api/health\`, ${CONNECTIONS} connections, the median). Beside it, the older ratio to`,
    "the app's own `/api/health` (which carries every global hook). The server logs as in production (`deploy/`: info,",
    "the access log kept by nginx in front, `ACCESS_LOG=proxy`; ADR 017). p99 is measured at half of the endpoint's maximum rate.",
    '',
    '| endpoint | ÷ ceiling (median) | spread | goal | ÷ /api/health (goal) | req/s (ceiling, /api/health) | p99 at half rate |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...ends.map((e) =>
      e.error
        ? `| ${e.name} | — | — | ${e.budget ?? '—'} | — | ${e.error} | — |`
        : `| ${e.name} | ${e.ratioMedian} | ${e.ratioMin}–${e.ratioMax} | ${e.budget ?? '—'} | ${e.healthRatioMedian} (${e.healthBudget ?? '—'}) | ${e.rpsMedian} (${e.ceilingRpsMedian}, ${e.helloRpsMedian}) | ${e.p99AtHalfRateMs} ms |`,
    ),
    '',
    '| figure | value | budget |',
    '| --- | --- | --- |',
    `| broadcast to ${b.users.toLocaleString('en-US')} users | ${b.medianMs} ms | < 200 ms |`,
    `| sign-in page JS / CSS (gzip) | ${pages.signIn.jsGzipKb} kB / ${pages.signIn.cssGzipKb} kB | ≤ ${SIGN_IN_JS_BUDGET_KB} kB / ≤ 30 kB |`,
    `| dashboard JS / CSS (gzip) | ${pages.dashboard.jsGzipKb} kB / ${pages.dashboard.cssGzipKb} kB | — |`,
    `| dashboard time to content / LCP | ${pages.dashboard.timeToContentMs} ms / ${pages.dashboard.lcpMs} ms | ≤ 3× static |`,
    `| static page time to content / LCP | ${pages.static.timeToContentMs} ms / ${pages.static.lcpMs} ms | |`,
    `| dashboard ÷ static time to content | ${pages.dashboardToStatic}× | ≤ 3× |`,
    `| distribution run over ${dist.investors.toLocaleString('en-US')} investors, draft + finalize | ${dist.draftMs} + ${dist.finalizeMs} ms (server RSS after it ${dist.rssAfterMb} MB) | < 3 s |`,
    ...moneyInRows(r.moneyIn as MoneyIn | undefined),
    `| broadcast by email, ${(r.emailBroadcast as { emails: number }).emails.toLocaleString('en-US')} messages and jobs queued | ${(r.emailBroadcast as { queuedMs: number }).queuedMs} ms | < 2 s |`,
    `| statements published to ${(r.statementPublishing as { investors: number }).investors.toLocaleString('en-US')} investors by the background job (notifications and emails queued), from the request to \`published\` (the request's answer) | ${(r.statementPublishing as { ms: number }).ms} ms (${(r.statementPublishing as { answerMs: number }).answerMs} ms) | < 3 s |`,
    `| one investor's statement PDF (a year, five investments), median of 5 | ${(r.statementPdf as { medianMs: number }).medianMs} ms | < 150 ms |`,
    `| server RSS after the run | ${r.rssAfterRunMb} MB | < 300 MB |`,
    `| cold start, PostgreSQL | ${r.coldStartPostgresMs} ms | < 1 s |`,
    `| cold start, reopening the embedded database (${emb.scale.investors.toLocaleString('en-US')} investors) | ${r.coldStartEmbeddedReopenMs} ms | < 3 s |`,
    '',
    ...lighthouseTable(r.lighthouse as LighthouseResults),
  ];
  return lines.join('\n');
}

interface MoneyIn {
  subscriptions: number;
  callMs: number;
  statementEntries: number;
  statementKb: number;
  importMs: number;
}

/** The money-in rows of the figures table (none in results written before it was measured). */
function moneyInRows(mi: MoneyIn | undefined): string[] {
  if (!mi) return [];
  return [
    `| capital call to ${mi.subscriptions.toLocaleString('en-US')} accepted subscriptions (lines and references written) | ${mi.callMs} ms | < 3 s |`,
    `| camt.053 of ${mi.statementEntries.toLocaleString('en-US')} entries (${mi.statementKb} kB) read, matched and applied | ${mi.importMs} ms | < 3 s |`,
  ];
}

if (process.argv.includes('--scale')) await (await import('./scale')).runScale();
else await main();
