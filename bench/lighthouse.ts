/**
 * Lighthouse 12 in the benchmark (issue 20): the performance score and its metrics for the investor
 * dashboard (`/`, signed in as the demo investor) and the sign-in page (`/login`), with the desktop and
 * the mobile preset, in Debian's Chromium, against the production build served by the real server on a
 * fresh embedded database with the demo data.
 *
 *   node --import tsx bench/lighthouse.ts [--runs N] [--reports DIR] [--without-page-cookie]
 *       prints the figures (a build is needed); --reports keeps each page's last full report (its
 *       diagnostics); --without-page-cookie loads the dashboard as before ADR 023, for comparison.
 *       BENCH_LIGHTHOUSE_PORT (3919) is the server's port, BENCH_LIGHTHOUSE_CHROME_PORT the browser's
 *       debugging port (a free one when unset), WEB_DIST another build of the web app to serve.
 *
 * `npm run bench` (the full run) calls lighthouseBench() and writes its figures to bench/results.json
 * and docs/performance.md. The quick run (CI) leaves it out: a run takes about a minute and a half on
 * two cores, and single scores move by several points with the load of the machine.
 *
 * The sign-in is the app's own: the page's script posts the demo investor's credentials to
 * /api/auth/login and stores the tokens in localStorage, as the sign-in form does (so the server's page
 * cookie, ADR 023, is set the same way). Lighthouse then loads the page with its storage kept
 * (`disableStorageReset`) and the browser's cache emptied before each run (a first visit's download).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'apps/server/dist/main.js');
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_INVESTOR = { email: 'investor@example.com', password: 'investor123' };

/** The score (0-100) and the metrics of one Lighthouse run, in milliseconds (CLS unitless). */
export interface LighthouseFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
}

export interface LighthousePage {
  /** Median of the runs, metric by metric. */
  median: LighthouseFigures;
  runs: LighthouseFigures[];
}

export interface LighthouseResults {
  runsPerPage: number;
  chromium: string;
  desktop: { dashboard: LighthousePage; signIn: LighthousePage };
  mobile: { dashboard: LighthousePage; signIn: LighthousePage };
}

/** The goals: performance ≥ 95 on desktop (both pages), ≥ 90 on mobile for the sign-in page. */
export const LIGHTHOUSE_GOALS = {
  desktop: { dashboard: 95, signIn: 95 },
  mobile: { signIn: 90 },
} as const;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function waitReady(child: ChildProcess, base: string, timeoutMs = 60_000) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not become ready');
}

/** The built server on a fresh embedded database with the demo data, at production's settings. */
async function startDemoServer(port: number) {
  if (!fs.existsSync(SERVER)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    JWT_SECRET: 'l'.repeat(48),
    LOGIN_RATE_LIMIT: '10000',
  };
  // Created and migrated in a short-lived step, so the server reopens it (DESIGN.md §12).
  const prepared = spawnSync(process.execPath, [SERVER, '--prepare-embedded-database'], {
    env,
    stdio: 'inherit',
  });
  if (prepared.status !== 0) throw new Error('preparing the demo database failed');
  const child = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(child, base);
  return {
    base,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs the browser's default profile in as the app does and opens the dashboard once (the server's
 * kept answers warm, as on a site in use). Without `pageCookie`, the page cookie is then dropped: the
 * dashboard loads as it did before ADR 023, for comparison (`--without-page-cookie`).
 */
async function signIn(debuggingPort: number, base: string, pageCookie: boolean) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    const ok = await page.evaluate(async ({ email, password }) => {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await res.json()) as { data?: { accessToken?: string; refreshToken?: string } };
      if (!res.ok || !body.data?.accessToken || !body.data.refreshToken) return false;
      localStorage.setItem('accessToken', body.data.accessToken);
      localStorage.setItem('refreshToken', body.data.refreshToken);
      return true;
    }, DEMO_INVESTOR);
    if (!ok) throw new Error('lighthouse: signing in as the demo investor failed');
    await page.goto(`${base}/`);
    await page.getByText('of investment recovered').first().waitFor({ timeout: 30_000 });
    if (!pageCookie) await context.clearCookies({ name: 'portal_page' });
    await page.close();
  } finally {
    // Disconnects; the browser (chrome-launcher's) keeps running.
    await browser.close();
  }
}

/**
 * Empties the browser's cache before a run (a first visit's download); with `signOut`, also everything
 * the origin stores (tokens, cookies): Lighthouse's own reset leaves localStorage and cookies alone.
 */
async function clearCache(debuggingPort: number, base: string, signOut: boolean) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    if (signOut) {
      await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' });
      await cdp.send('Network.clearBrowserCookies');
    }
    await page.close();
  } finally {
    await browser.close();
  }
}

function figures(lhr: {
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
}): LighthouseFigures {
  const value = (id: string) => {
    const v = lhr.audits[id]?.numericValue;
    if (typeof v !== 'number') throw new Error(`lighthouse: no ${id} in the report`);
    return v;
  };
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    siMs: Math.round(value('speed-index')),
  };
}

function summarize(runs: LighthouseFigures[]): LighthousePage {
  const keys = ['score', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'siMs'] as const;
  const m = Object.fromEntries(
    keys.map((k) => [k, median(runs.map((r) => r[k]))]),
  ) as unknown as LighthouseFigures;
  return { median: m, runs };
}

/**
 * Lighthouse's performance category for the dashboard and the sign-in page, desktop and mobile presets,
 * `runs` times each (the median is reported). Starts its own demo server on `port`.
 * With `keepReports`, the last run's full JSON report of each is written there (for its diagnostics).
 */
export async function lighthouseBench(
  opts: {
    port?: number;
    chromePort?: number;
    runs?: number;
    keepReports?: string;
    pageCookie?: boolean;
  } = {},
): Promise<LighthouseResults> {
  const runs = opts.runs ?? 3;
  const server = await startDemoServer(opts.port ?? 3919);
  const chrome = await chromeLauncher.launch({
    ...(opts.chromePort && { port: opts.chromePort }),
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  try {
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
      Browser: string;
    };
    const presets: Record<'desktop' | 'mobile', Config | undefined> = {
      desktop: desktopConfig,
      mobile: undefined, // Lighthouse's default: a mid-range phone on a slow 4G network (simulated)
    };
    const pages = { signIn: '/login', dashboard: '/' } as const;
    const out = { runsPerPage: runs, chromium: version.Browser } as LighthouseResults;
    for (const preset of ['desktop', 'mobile'] as const) {
      const byPage = {} as LighthouseResults['desktop'];
      // The sign-in page as a signed-out visitor sees it (signed in, it would go on to `/`), then the
      // dashboard signed in.
      for (const [name, pagePath] of Object.entries(pages) as [keyof typeof pages, string][]) {
        const all: LighthouseFigures[] = [];
        if (name === 'dashboard') await signIn(chrome.port, server.base, opts.pageCookie ?? true);
        for (let i = 0; i < runs; i++) {
          await clearCache(chrome.port, server.base, name === 'signIn');
          const flags: Flags = {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: true,
          };
          let result = await lighthouse(`${server.base}${pagePath}`, flags, presets[preset]);
          // Under load, Lighthouse's own trace now and then misses the navigation (NO_NAVSTART): once
          // more, after emptying the cache again.
          for (let retry = 0; result?.lhr.runtimeError?.code === 'NO_NAVSTART' && retry < 2; retry++) {
            await clearCache(chrome.port, server.base, name === 'signIn');
            result = await lighthouse(`${server.base}${pagePath}`, flags, presets[preset]);
          }
          if (!result) throw new Error(`lighthouse gave no result for ${pagePath}`);
          if (result.lhr.runtimeError) throw new Error(`lighthouse: ${result.lhr.runtimeError.message}`);
          // The dashboard must have been drawn signed in, not redirected to the sign-in page.
          if (new URL(result.lhr.finalDisplayedUrl).pathname !== pagePath)
            throw new Error(`lighthouse: ${pagePath} ended on ${result.lhr.finalDisplayedUrl}`);
          all.push(figures(result.lhr as Parameters<typeof figures>[0]));
          if (opts.keepReports && i === runs - 1) {
            fs.mkdirSync(opts.keepReports, { recursive: true });
            fs.writeFileSync(path.join(opts.keepReports, `${preset}-${name}.json`), result.report as string);
          }
        }
        byPage[name] = summarize(all);
      }
      out[preset] = byPage;
    }
    return out;
  } finally {
    chrome.kill();
    await server.stop();
  }
}

/** The goals not met, in words (empty when every goal is met). */
export function lighthouseShortfalls(r: LighthouseResults): string[] {
  const out: string[] = [];
  if (r.desktop.dashboard.median.score < LIGHTHOUSE_GOALS.desktop.dashboard)
    out.push(
      `Lighthouse desktop dashboard ${r.desktop.dashboard.median.score} < ${LIGHTHOUSE_GOALS.desktop.dashboard}`,
    );
  if (r.desktop.signIn.median.score < LIGHTHOUSE_GOALS.desktop.signIn)
    out.push(
      `Lighthouse desktop sign-in ${r.desktop.signIn.median.score} < ${LIGHTHOUSE_GOALS.desktop.signIn}`,
    );
  if (r.mobile.signIn.median.score < LIGHTHOUSE_GOALS.mobile.signIn)
    out.push(`Lighthouse mobile sign-in ${r.mobile.signIn.median.score} < ${LIGHTHOUSE_GOALS.mobile.signIn}`);
  return out;
}

/** The Markdown table of the report (docs/performance.md). */
export function lighthouseTable(r: LighthouseResults): string[] {
  const row = (preset: string, page: string, p: LighthousePage, goal: string) => {
    const m = p.median;
    return `| ${preset} | ${page} | ${m.score} (${p.runs.map((x) => x.score).join(', ')}) | ${goal} | ${m.fcpMs} ms | ${m.lcpMs} ms | ${m.tbtMs} ms | ${m.cls} | ${m.siMs} ms |`;
  };
  return [
    `Lighthouse 12 (performance category, median of ${r.runsPerPage} runs, ${r.chromium}, headless), demo data, the dashboard signed in as the demo investor:`,
    '',
    '| preset | page | score (runs) | goal | FCP | LCP | TBT | CLS | SI |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    row('desktop', 'dashboard `/`', r.desktop.dashboard, '≥ 95'),
    row('desktop', 'sign-in `/login`', r.desktop.signIn, '≥ 95'),
    row('mobile', 'dashboard `/`', r.mobile.dashboard, '—'),
    row('mobile', 'sign-in `/login`', r.mobile.signIn, '≥ 90'),
    '',
  ];
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--runs');
  const keep = process.argv.indexOf('--reports');
  const results = await lighthouseBench({
    port: Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3919),
    chromePort: process.env.BENCH_LIGHTHOUSE_CHROME_PORT
      ? Number(process.env.BENCH_LIGHTHOUSE_CHROME_PORT)
      : undefined,
    runs: at > 0 ? Number(process.argv[at + 1]) : 3,
    keepReports: keep > 0 ? process.argv[keep + 1] : undefined,
    pageCookie: !process.argv.includes('--without-page-cookie'),
  });
  console.info(JSON.stringify(results, null, 2));
  console.info(lighthouseTable(results).join('\n'));
}
