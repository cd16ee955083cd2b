import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The other half of graceful shutdown. Once closing starts, Fastify (return503OnClosing) refuses the
 * requests that arrive with 503 and "connection: close", and after the preClose hooks it closes the
 * listener and destroys every connection left (forceCloseConnections). That includes a keep-alive
 * connection whose next request is still unread in its socket (the event loop is busy finishing work),
 * so that request would be lost instead of refused. So, before the listener closes:
 * - the requests already being worked on are finished (up to `maxMs`), while new ones keep getting a
 *   proper 503;
 * - their answers carry "connection: close", so no client sends another request on a connection that
 *   is about to close.
 * Long-lived streams are ended by their own preClose hooks, which run before this one (registered
 * earlier); this must be called after buildApp().
 */
export function drainOnClose(app: FastifyInstance, opts: { maxMs: number }): void {
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  let settle: (() => void) | null = null;

  app.server.on('request', (_req, res: ServerResponse) => {
    if (closing) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (!inFlight.size) settle?.();
    });
  });

  app.addHook('preClose', async () => {
    closing = true;
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    if (!inFlight.size) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      settle = resolve;
      timer = setTimeout(resolve, opts.maxMs);
    });
    clearTimeout(timer);
  });
}
