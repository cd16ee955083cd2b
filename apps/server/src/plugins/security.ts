import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { App } from '../app-types';

/**
 * The headers of an answer sent without hooks (the router's refusal of a malformed or over-long address):
 * a JSON error needs nothing from any origin.
 */
export const HOOKLESS_ANSWER_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
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

/** Security headers for every answer (docs/security.md). */
export function securityPlugin(app: App) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  // API answers carry personal data: never cache them. (Callback hooks: they run on every answer, and
  // an async hook costs a promise each time.)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
