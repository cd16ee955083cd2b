/**
 * Looks at what we build: screenshots of pages at 1366 px and 375 px, light and dark.
 *   node --import tsx e2e/tools/screenshots.ts [--role investor|investor2|admin|none] [--out DIR] /path ...
 * Needs a build (npm run build). Writes PNGs to e2e/.tmp/screens by default.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { PORT_BASE, TEMPLATE_DATA_DIR, TMP } from '../support/paths';
import { TestServer, prepareTemplate } from '../support/server';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    role: { type: 'string', default: 'investor' },
    out: { type: 'string', default: path.join(TMP, 'screens') },
    widths: { type: 'string', default: '1366,375' },
    themes: { type: 'string', default: 'light,dark' },
    full: { type: 'boolean', default: true },
  },
});
const creds: Record<string, { email: string; password: string }> = {
  admin: { email: 'admin@example.com', password: 'admin123' },
  investor: { email: 'investor@example.com', password: 'investor123' },
  investor2: { email: 'investor2@example.com', password: 'investor123' },
};

if (!fs.existsSync(path.join(TEMPLATE_DATA_DIR, 'db', 'PG_VERSION'))) prepareTemplate();
fs.mkdirSync(values.out!, { recursive: true });
const server = new TestServer(PORT_BASE + 99, 'screens');
await server.start();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  let tokens: { accessToken: string; refreshToken: string } | null = null;
  if (values.role !== 'none') {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(creds[values.role!]),
    });
    tokens = (await res.json()).data;
  }
  for (const theme of values.themes!.split(',')) {
    for (const width of values.widths!.split(',').map(Number)) {
      const context = await browser.newContext({
        viewport: { width, height: width < 700 ? 812 : 850 },
        deviceScaleFactor: 1,
        colorScheme: theme === 'dark' ? 'dark' : 'light',
      });
      await context.addInitScript(
        ([t, th]) => {
          if (t) {
            localStorage.setItem('accessToken', t.accessToken);
            localStorage.setItem('refreshToken', t.refreshToken);
          }
          localStorage.setItem('vite-ui-theme', th);
          localStorage.setItem('admin-ui-theme', th);
        },
        [tokens, theme] as const,
      );
      const page = await context.newPage();
      for (const p of positionals.length ? positionals : ['/']) {
        await page.goto(`${server.url}${p}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        if (values.full) {
          // The shell scrolls inside <main>: grow the viewport to the content so the whole page is captured.
          const height = await page.evaluate(() => {
            const main = document.querySelector('main');
            return main
              ? main.scrollHeight + main.getBoundingClientRect().top
              : document.documentElement.scrollHeight;
          });
          await page.setViewportSize({ width, height: Math.max(height, width < 700 ? 812 : 850) });
          await page.waitForTimeout(150);
        }
        const name = `${p.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}-${width}-${theme}.png`;
        await page.screenshot({ path: path.join(values.out!, name), fullPage: values.full });
        console.log(path.join(values.out!, name));
        await page.setViewportSize({ width, height: width < 700 ? 812 : 850 });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
