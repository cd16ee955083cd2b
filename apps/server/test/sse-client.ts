import http from 'node:http';
import https from 'node:https';

/**
 * A minimal server-sent-events reader for tests. It uses node:http with one connection per stream
 * (no pooling), so a test sees exactly the sockets it opened.
 */

interface SseEvent {
  event: string;
  data: string;
  id?: string;
  /** performance.now() when the frame arrived. */
  at: number;
}

export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of a refused stream (JSON error envelope). */
  body: string;
  events: SseEvent[];
  /** Resolves with the first event named `name` not yet taken, or rejects after `timeoutMs`. */
  next(name: string, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the stream ends (by the server or by close()). */
  ended: Promise<void>;
  close(): void;
}

function parseFrame(frame: string): SseEvent | null {
  const e: SseEvent = { event: 'message', data: '', at: performance.now() };
  let isComment = true;
  for (const line of frame.split('\n')) {
    if (line.startsWith(':')) continue;
    isComment = false;
    const at = line.indexOf(':');
    const field = at < 0 ? line : line.slice(0, at);
    const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
    if (field === 'event') e.event = value;
    else if (field === 'data') e.data += value;
    else if (field === 'id') e.id = value;
  }
  return isComment ? null : e;
}

/** `ca`: the certificate to trust for an https:// stream (the cluster test's nginx). */
export function connectSse(url: string, { ca }: { ca?: string } = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { agent: false, ca, headers: { accept: 'text/event-stream' } }, (res) => {
      const events: SseEvent[] = [];
      const taken = new Set<SseEvent>();
      const waiters = new Set<() => void>();
      const wake = () => [...waiters].forEach((w) => w());
      let done = false;
      let body = '';
      let buffer = '';
      const ok = res.statusCode === 200;

      const ended = new Promise<void>((r) => {
        const finish = () => {
          if (done) return;
          done = true;
          wake();
          r();
        };
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      });

      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!ok) {
          body += chunk;
          return;
        }
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const e = parseFrame(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          if (e) events.push(e);
        }
        wake();
      });

      const conn: SseConnection = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        get body() {
          return body;
        },
        events,
        ended,
        next(name, timeoutMs = 3_000) {
          return new Promise((res2, rej) => {
            const check = () => {
              const e = events.find((x) => x.event === name && !taken.has(x));
              if (e) {
                taken.add(e);
                cleanup();
                res2(e);
              } else if (done) {
                cleanup();
                rej(new Error(`stream ended before a '${name}' event`));
              }
            };
            const timer = setTimeout(() => {
              cleanup();
              rej(new Error(`no '${name}' event within ${timeoutMs} ms`));
            }, timeoutMs);
            const cleanup = () => {
              clearTimeout(timer);
              waiters.delete(check);
            };
            waiters.add(check);
            check();
          });
        },
        close: () => req.destroy(),
      };
      if (ok) resolve(conn);
      else res.on('end', () => resolve(conn));
    });
    req.on('error', reject);
  });
}
