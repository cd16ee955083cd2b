import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createBackup, defaultBackupFile, drillRestore, restoreBackup, type Target } from './backup';

const usage = [
  'Usage:',
  '  npm run backup -- [--out <file.tar.gz>]',
  '  npm run restore -- <file.tar.gz> [--force]',
  '  npm run restore -- --verify <file.tar.gz>   (a restore drill into a scratch database; nothing else is touched)',
  'The database is PostgreSQL when DATABASE_URL is set, otherwise the embedded one in DATA_DIR/db;',
  'uploaded files are in the S3_BUCKET when it is set, otherwise in DATA_DIR/uploads.',
].join('\n');

/** DATA_KEYS (newest first), or the single JWT_SECRET of an installation that never set it. */
const cfgSecrets = (): string[] =>
  process.env.DATA_KEYS
    ? process.env.DATA_KEYS.split(',')
        .map((k) => k.trim())
        .filter(Boolean)
    : [process.env.JWT_SECRET!];

/** Where to back up from or restore to: the same environment variables as the server. */
function target(): Target {
  // Backup and restore never sign tokens: a stand-in secret keeps loadConfig from requiring
  // JWT_SECRET or generating DATA_DIR/jwt-secret in a folder that is about to be restored.
  const cfg = loadConfig({ ...process.env, JWT_SECRET: 'backup-and-restore-sign-nothing-0123456789' });
  // The data keys as the server reads them (DATA_KEYS, or an older installation's JWT_SECRET, or the
  // embedded database's generated secret): only a fingerprint goes into the archive.
  let secrets = process.env.DATA_KEYS || process.env.JWT_SECRET ? cfgSecrets() : undefined;
  if (!secrets) {
    try {
      const kept = fs.readFileSync(path.join(cfg.dataDir, 'jwt-secret'), 'utf8').trim();
      if (kept) secrets = [kept];
    } catch {
      // no secret kept there
    }
  }
  return { dataDir: cfg.dataDir, databaseUrl: cfg.databaseUrl, secrets, s3: cfg.s3 };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function backup(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: { out: { type: 'string' } } });
  const t = target();
  const result = await createBackup(t, values.out ?? defaultBackupFile());
  const rows = result.manifest.tables.reduce((n, table) => n + table.rows, 0);
  const fileBytes = result.manifest.files.reduce((n, f) => n + f.bytes, 0);
  console.info(
    [
      `Backup written to ${result.file} (${mb(result.bytes)}) in ${seconds(result.ms)}:`,
      `  ${t.databaseUrl ? 'PostgreSQL' : `embedded database (${t.dataDir})`}: ${result.manifest.tables.length} tables, ${rows} rows`,
      `  uploaded files: ${result.manifest.files.length} (${mb(fileBytes)})`,
      'It holds personal data and password hashes: keep it as safe as the database.',
    ].join('\n'),
  );
}

async function restore(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { force: { type: 'boolean', default: false }, verify: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1 || (values.verify && values.force)) throw new Error(usage);
  const t = target();
  if (values.verify) {
    const drill = await drillRestore(t, path.resolve(positionals[0]!));
    const rows = drill.manifest.tables.reduce((n, table) => n + table.rows, 0);
    console.info(
      [
        `Restore drill passed for the backup of ${drill.manifest.createdAt} in ${seconds(drill.ms)}:`,
        `  restored into a scratch ${drill.scratch.startsWith('database') ? drill.scratch : `embedded database`} (dropped): ${drill.manifest.tables.length} tables, ${rows} rows, each table's row count and SHA-256 as in the manifest`,
        `  uploaded files: ${drill.manifest.files.length}, checksums verified`,
      ].join('\n'),
    );
    return;
  }
  const result = await restoreBackup(t, path.resolve(positionals[0]!), { force: values.force });
  const rows = result.manifest.tables.reduce((n, table) => n + table.rows, 0);
  console.info(
    [
      `Restored the backup of ${result.manifest.createdAt} in ${seconds(result.ms)}:`,
      `  ${t.databaseUrl ? 'PostgreSQL' : `embedded database (${t.dataDir})`}: ${result.manifest.tables.length} tables, ${rows} rows`,
      `  uploaded files: ${result.manifest.files.length}, checksums verified`,
    ].join('\n'),
  );
  for (const w of result.warnings) console.warn(`Warning: ${w}`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'backup') await backup(rest);
  else if (command === 'restore') await restore(rest);
  else throw new Error(usage);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
}
