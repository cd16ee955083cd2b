/**
 * The server's own route table, as the auth plugin sees it. Kept apart from the other support code: it is
 * loaded from inside a `vi.mock` factory, before the app's modules, so it imports nothing of the app.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import type { EndpointDef } from '@portal/contracts';
import type * as AuthModule from '../../src/plugins/auth';
import type { Access } from '../../src/plugins/auth';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  schema: { body?: ZodType; querystring?: ZodType; params?: ZodType };
  /** The registry's declaration the route was registered from. */
  endpoint?: EndpointDef;
}

/**
 * The auth plugin with a recorder in front: every route any module registers, with its access rule and
 * its zod schemas, lands in `table`. Use it from a `vi.mock` of `src/plugins/auth`, so that a route added
 * later is walked by the tests without anyone listing it.
 */
export function recordingAuthModule(original: typeof AuthModule, table: RouteEntry[]): typeof AuthModule {
  return {
    ...original,
    authPlugin(app: FastifyInstance, deps: Parameters<typeof original.authPlugin>[1]) {
      app.addHook('onRoute', (route) => {
        if (!route.url.startsWith('/api/')) return;
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        const schema = (route.schema ?? {}) as RouteEntry['schema'];
        for (const method of methods)
          if (method !== 'HEAD')
            table.push({
              method,
              url: route.url,
              access: route.config?.access ?? 'user',
              schema,
              endpoint: route.config?.endpoint,
            });
      });
      return original.authPlugin(app, deps);
    },
  };
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
