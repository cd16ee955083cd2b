import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { App } from '../app-types';

/**
 * The security headers of every `/api` answer, and of the router's refusals (sent without hooks): JSON, CSV,
 * calendars and files, which a browser never renders as a page, so nothing may load from them
 * (`default-src 'none'`), no page may frame them, and none may be cached (they carry personal data; a
 * route that may be cached says so itself). A file shown inline replaces the CSP with `sandbox`. The
 * page's own headers (below) are for HTML and its scripts; on a JSON answer most of them say nothing, and
 * they were half of its bytes.
 */
export const API_ANSWER_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** The options of the security headers (helmet's names). */
const HEADER_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and recharts set inline style attributes; scripts stay strictly same-origin.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Update images may be linked from other https sites (the sanitizer allows them).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with these options, worked out once: they are the same for every answer, and
 * building helmet's middleware for each request (as @fastify/helmet does) cost more than the rest of a
 * kept answer.
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  } as unknown as ServerResponse;
  helmet(HEADER_OPTIONS)({} as IncomingMessage, res, () => {});
  return headers;
}

/**
 * Security headers for every answer (docs/security.md): the API's to `/api`, helmet's to the pages and
 * their files. (A callback hook: it runs on every answer, and an async hook costs a promise each time.)
 */
export function securityPlugin(app: App) {
  const pageHeaders = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith('/api/') ? API_ANSWER_HEADERS : pageHeaders);
    done();
  });
}
