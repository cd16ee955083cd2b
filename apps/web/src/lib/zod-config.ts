import { config } from 'zod';

/**
 * Imported first by main.tsx, before any schema is built. Zod probes `new Function` to compile fast
 * parsers; our Content-Security-Policy forbids eval, so the probe would fail anyway and the browser would
 * report a CSP violation on every page. Without the probe, a violation means something is really wrong.
 */
// `config`, not `z.config`: the build treats calls on `z` as pure (vite.config.ts), and this one must stay.
config({ jitless: true });
