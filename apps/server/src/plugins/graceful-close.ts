import type { ServerResponse } from 'node:http';
import { setImmediate as afterPoll } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** How long the server must have seen nothing new before it stops listening. */
const QUIET_MS = 50;

/**
 * The other half of graceful shutdown. Once closing starts, new requests are refused with 503 and
 * "connection: close" (app.ts), and after the preClose hooks Fastify closes every connection left
 * (forceCloseConnections) and the listener. Closing either too early loses requests that have reached
 * the server: a request still unread in a keep-alive socket, or a connection the kernel has accepted
 * but the process has not taken yet (it was busy: the embedded database works on the main thread),
 * would be reset instead of answered. So, before the listener closes:
 * - the requests already being worked on are finished, while new ones keep getting a proper 503;
 * - their answers carry "connection: close", so no client sends another request on a connection that
 *   is about to close;
 * - the server keeps accepting and answering (503) until it has been quiet: no new connection and no
 *   new request for QUIET_MS, counted after the event loop has read what arrived meanwhile;
 * all within `maxMs`. Long-lived streams are ended by their own preClose hooks, which run before this
 * one (registered earlier); this must be called after buildApp().
 */
export function drainOnClose(app: FastifyInstance, opts: { maxMs: number; quietMs?: number }): void {
  const quietMs = opts.quietMs ?? QUIET_MS;
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  /** Connections accepted and requests begun: while it grows, the server is not quiet. */
  let activity = 0;
  let settle: (() => void) | null = null;

  app.server.on('connection', () => activity++);
  app.server.on('request', (_req, res: ServerResponse) => {
    activity++;
    if (closing) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (!inFlight.size) settle?.();
    });
  });

  /** Resolves once nothing is in flight, or at `deadline`. */
  const finished = (deadline: number) =>
    new Promise<void>((resolve) => {
      if (!inFlight.size) return resolve();
      const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
      settle = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (settle = null));

  app.addHook('preClose', async () => {
    closing = true;
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    const deadline = Date.now() + opts.maxMs;
    for (;;) {
      await finished(deadline);
      const seen = activity;
      await new Promise((r) => setTimeout(r, quietMs));
      // A timer can fire before the poll phase of a loop that was busy: let it read what arrived.
      await afterPoll();
      if ((activity === seen && !inFlight.size) || Date.now() >= deadline) return;
    }
  });
}
