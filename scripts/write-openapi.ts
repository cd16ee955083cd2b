/**
 * Writes the API's OpenAPI document, as the server derives it from the endpoint registry, to a file:
 * `npm run lint:openapi` lints it with Redocly's recommended-strict rules (redocly.yaml).
 */
import fs from 'node:fs';
import path from 'node:path';
import { apiDocument } from '../apps/server/src/openapi';

const out = process.argv[2] ?? 'openapi.json';
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(apiDocument(), null, 2)}\n`);
