/**
 * Lints the API's OpenAPI document, as the server derives it from the endpoint registry, with Redocly's
 * `recommended-strict` rules (redocly.yaml). `npm run lint:openapi`; `-- --out <file>` keeps the document.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiDocument } from '../apps/server/src/openapi';

const at = process.argv.indexOf('--out');
const out =
  at > 0
    ? process.argv[at + 1]!
    : path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
fs.writeFileSync(out, `${JSON.stringify(apiDocument(), null, 2)}\n`);
const root = path.resolve(import.meta.dirname, '..');
const result = spawnSync(
  path.join(root, 'node_modules/.bin/redocly'),
  ['lint', '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish', out],
  {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
process.exit(result.status ?? 1);
