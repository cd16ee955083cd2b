import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Results go under E2E_TMP when it is set, so that parallel runs keep their own traces. */
const scratch = (name: string) => (process.env.E2E_TMP ? path.join(process.env.E2E_TMP, name) : name);

/**
 * End-to-end tests in Debian's Chromium against the production build, served by the real server on a
 * fresh copy of a seeded embedded database for every spec file (see support/fixtures.ts).
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  forbidOnly: true,
  // A test that checks every axe rule on several screens takes 15-30 s on two busy cores; a worker's
  // first test also pays for Chromium's cold start. 60 s leaves room without hiding a hang.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: scratch('playwright-report') }]],
  outputDir: scratch('test-results'),
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 850 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'Europe/Helsinki',
  },
});
