import { ConfigError, loadConfig } from '../config';
import { lockEmbeddedDataDir, openConfiguredDatabase } from '../runtime';
import { resealAll } from './reseal';

/**
 * `npm run reseal`: seals every sealed value again with the newest key of DATA_KEYS, on the database
 * the same settings name (DATABASE_URL, or the embedded one in DATA_DIR, with the server stopped).
 */
try {
  const cfg = loadConfig();
  if (!cfg.databaseUrl && !process.env.DATA_KEYS && !process.env.JWT_SECRET)
    console.info("Using the embedded database's generated secret (DATA_DIR/jwt-secret) as the only key.");
  // The embedded database belongs to one process: refused while the server runs.
  const unlock = cfg.databaseUrl ? () => {} : lockEmbeddedDataDir(cfg);
  const database = await openConfiguredDatabase(cfg);
  try {
    const started = performance.now();
    const results = await resealAll(database.db, cfg.dataKeys, {
      onProgress: (p) => console.info(`  ${p.what}: ${p.seen} looked at, ${p.resealed} sealed again`),
    });
    for (const r of results)
      console.info(
        `${r.what}: ${r.seen} in all, ${r.resealed} sealed again with the newest key${r.unreadable ? `, ${r.unreadable} that no key in DATA_KEYS opens (left as they are)` : ''}`,
      );
    console.info(
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Keys after the first in DATA_KEYS may now be dropped${results.some((r) => r.unreadable) ? ' (not those that open the values counted above)' : ''}.`,
    );
  } finally {
    await database.close();
    unlock();
  }
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
}
