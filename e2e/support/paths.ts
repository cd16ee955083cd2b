import path from 'node:path';
import { fileURLToPath } from 'node:url';

const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(E2E_DIR, '..');
/** Scratch space; E2E_TMP lets two checkouts or runs keep apart. */
export const TMP = process.env.E2E_TMP ? path.resolve(process.env.E2E_TMP) : path.join(E2E_DIR, '.tmp');
/** First port of the test servers (one a worker). */
export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4300);
export const TEMPLATE_DATA_DIR = path.join(TMP, 'template');
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
