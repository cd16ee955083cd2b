import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { App } from '../app-types';

/** The built web app: apps/web/dist, found from the source tree or the server's dist folder. */
export function findWebDist(explicit?: string): string | undefined {
  if (explicit) return fs.existsSync(path.join(explicit, 'index.html')) ? explicit : undefined;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/**
 * Serves the built app (precompressed gzip/brotli files when the browser accepts them) and answers every
 * other GET that is not an API call with index.html, so client routes survive a reload.
 */
export async function webAppPlugin(app: App, opts: { root: string | undefined }) {
  const root = opts.root;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      wildcard: true,
      index: ['index.html'],
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0]!);
    if (root && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return reply.status(404).send({ success: false, message: 'Not found', error: 'Not found' });
  });
}
