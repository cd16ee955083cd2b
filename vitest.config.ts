import fs from 'node:fs';
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
/** The test files under `dirs` that replace a module (`vi.mock`). */
const mockingTests = (...dirs: string[]) =>
  dirs
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`))
    .filter((f) => /\.test\.tsx?$/.test(f) && /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(f, 'utf8')));

type Project = { test: Record<string, unknown> } & Record<string, unknown>;

/**
 * The test files given (those that replace a module with `vi.mock`, or test a module-level store) run
 * isolated, as Vitest's default does; the others share one module graph per worker (`isolate: false`).
 * Each of those builds its app, database or page afresh and test/setup resets the page's stores, so
 * nothing but the imports is shared. Not importing the app again for every file cut the unit step from
 * 21 min to 6.5 min (server on PGlite 92 files in 198 s, web 92 files 212 s isolated, 52 s shared).
 */
function sharedAndIsolated({ test, ...rest }: Project, isolated: string[]): Project[] {
  const exclude = (test.exclude as string[] | undefined) ?? [];
  return [
    { ...rest, test: { ...test, exclude: ['**/node_modules/**', ...exclude, ...isolated], isolate: false } },
    { ...rest, test: { ...test, name: `${test.name as string}-isolated`, include: isolated, exclude } },
  ];
}

const mockingServerTests = mockingTests('apps/server/src', 'apps/server/test');

/** The server's API suite on one database. */
const serverProjects = (name: string, options: Record<string, unknown>) =>
  sharedAndIsolated(
    {
      test: {
        name,
        include: serverTests,
        environment: 'node',
        setupFiles: [failOnConsole],
        testTimeout: 20_000,
        hookTimeout: 30_000,
        ...options,
      },
    },
    mockingServerTests,
  );

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
          name: 'i18n',
          include: ['packages/i18n/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsole],
        },
      },
      ...serverProjects('server', {
        exclude: pgOnlyTests,
        globalSetup: ['apps/server/test/global-setup.ts'],
        env: { TEST_DB: 'pglite' },
      }),
      ...(process.env.TEST_DATABASE_URL
        ? serverProjects('server-pg', {
            globalSetup: ['apps/server/test/pg-global-setup.ts'],
            env: { TEST_DB: 'pg' },
          })
        : []),
      ...sharedAndIsolated(
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
        [
          ...mockingTests('apps/web/src'),
          // The tests of the page's module-level stores start them from a fresh import.
          'apps/web/src/lib/first-load.test.tsx',
          'apps/web/src/lib/toast.test.tsx',
          'apps/web/src/queries/session.test.tsx',
        ],
      ),
    ],
  },
});
