import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config';
import { createDeps, openConfiguredDatabase } from './runtime';

/**
 * `npm run worker`: a process that only works the job queue (sending email, the daily reminders), for
 * installations that want that work off the web servers (which then run with RUN_JOBS=false). It needs
 * PostgreSQL: the embedded database belongs to the one server process.
 */
async function main() {
  let cfg;
  try {
    cfg = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!cfg.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL: the embedded database is used by the server process alone, which works the queue itself.',
    );
    process.exit(1);
  }
  const database = await openConfiguredDatabase(cfg);
  const { jobs } = createDeps(cfg, database, {
    work: true,
    onJobError: (err) => console.error('job queue:', (err as Error).message ?? err),
  });
  await jobs.start();
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) console.error('worker stopping after an error', err);
    await jobs.stop();
    await database.close();
  });
  console.info('Investor Portal worker is running: it sends email and runs the scheduled jobs.');
}

await main();
