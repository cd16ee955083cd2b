import { spawnSync } from 'node:child_process';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DEMO_ACCOUNTS } from './db/seed/demo';
import { demoAccountRefusal } from './demo-guard';
import { drainOnClose } from './plugins/graceful-close';
import {
  createDeps,
  embeddedDbExists,
  lockEmbeddedDataDir,
  openConfiguredDatabase,
  prepareDatabase,
} from './runtime';

const PREPARE_FLAG = '--prepare-embedded-database';

function config(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * Creating a PGlite database leaves the process near 850 MB resident, reopening one costs a third of
 * that; so a new embedded database is created, migrated and seeded by a short-lived child process.
 */
function prepareEmbeddedInChild(): void {
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, PREPARE_FLAG], {
    stdio: 'inherit',
    env: process.env,
  });
  if (child.status !== 0) {
    console.error('Could not create the embedded database.');
    process.exit(child.status ?? 1);
  }
}

async function prepareOnly(cfg: Config) {
  const database = await openConfiguredDatabase(cfg);
  const { seeded } = await prepareDatabase(cfg, database);
  await database.close();
  if (seeded) console.info('Demo data seeded.');
}

async function serve(cfg: Config) {
  let unlock = () => {};
  if (!cfg.databaseUrl) {
    try {
      unlock = lockEmbeddedDataDir(cfg);
    } catch (err) {
      console.error((err as Error).message);
      process.exit(1);
    }
    if (!embeddedDbExists(cfg)) prepareEmbeddedInChild();
  }
  const database = await openConfiguredDatabase(cfg);
  const { seeded } = await prepareDatabase(cfg, database);
  const refusal = await demoAccountRefusal(cfg, database.db);
  if (refusal) {
    console.error(refusal);
    await database.close();
    unlock();
    process.exit(1);
  }
  const deps = createDeps(cfg, database, {
    onJobError: (err) => console.error('job queue:', (err as Error).message ?? err),
  });
  const app = await buildApp(deps);
  // Requests in flight get most of the grace period; closing the database needs the rest.
  drainOnClose(app, { maxMs: 8_000 });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    unlock();
  });

  const address = await app.listen({ port: cfg.port, host: cfg.host });
  const url = address.replace('127.0.0.1', 'localhost');
  const lines = [
    `Investor Portal is running at ${url}`,
    `Database: ${cfg.databaseUrl ? 'PostgreSQL' : `embedded (${cfg.dataDir})`}${seeded ? ', demo data seeded' : ''}`,
  ];
  if (cfg.seedDemo) {
    lines.push('Demo sign-ins:');
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.role.padEnd(8)} ${a.email} / ${a.password}`);
  }
  console.info(lines.join('\n'));
}

const cfg = config();
if (process.argv.includes(PREPARE_FLAG)) await prepareOnly(cfg);
else await serve(cfg);
