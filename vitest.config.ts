import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const web = fileURLToPath(new URL('./apps/web/src', import.meta.url));
const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
/** Tests that need a real PostgreSQL server (e.g. several instances on one database): server-pg only. */
const pgOnlyTests = ['apps/server/**/*.pg.test.ts'];
/** Every project: a test fails on a console.error or console.warn it did not declare. */
const failOnConsole = 'test/fail-on-console.ts';

/**
 * One command runs every unit, API and component test. The API suite runs on an embedded PGlite and,
 * when TEST_DATABASE_URL is set, a second time on PostgreSQL.
 */
export default defineConfig({
  test: {
    // A file a core. Vitest's default leaves one core to its own process, which waits: on two cores that
    // ran the files one at a time (20.6 min here, 102% CPU) where two at once take 10.8 min (184%).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsole],
        },
      },
      {
        test: {
          name: 'server',
          include: serverTests,
          exclude: ['**/node_modules/**', ...pgOnlyTests],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: [failOnConsole],
          env: { TEST_DB: 'pglite' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-pg',
                include: serverTests,
                environment: 'node',
                globalSetup: ['apps/server/test/pg-global-setup.ts'],
                env: { TEST_DB: 'pg' },
                setupFiles: [failOnConsole],
                testTimeout: 20_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
      {
        plugins: [react()],
        resolve: { alias: { '@': web } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [failOnConsole, 'apps/web/test/setup.ts'],
          // A dialog test walks several screens with user-event; next to the API suites on two cores
          // the slowest take about 5 s, so Vitest's 5 s default fails them by chance.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
