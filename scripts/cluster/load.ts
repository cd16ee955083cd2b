/**
 * A bounded load loop through nginx: each worker sends one request at a time (as a browser tab does)
 * and records what came back. It stops at the first of: `stop()` says so, `maxPerWorker` requests per
 * worker, or `maxMs`. Every request goes to 127.0.0.1 and has its own time limit.
 */

export interface Outcome {
  worker: number;
  kind: 'write' | 'read';
  /** performance.now() before the request went out, and when its answer (or failure) came. */
  sentAt: number;
  doneAt: number;
  /** The HTTP status, or the error code when no answer came (ECONNRESET, timeout, …). */
  status: number | string;
  /** For writes: the title that was written, to look it up afterwards. */
  title?: string;
  body?: string;
  /** The answer's Retry-After header, if any. */
  retryAfter?: string | null;
}

export interface LoadOptions {
  workers: number;
  maxPerWorker: number;
  maxMs: number;
  stop: () => boolean;
  /** Which kind worker `w` sends as its `i`-th request. */
  kind: (worker: number, i: number) => 'write' | 'read';
  write: (worker: number, i: number) => { url: string; init: RequestInit; title: string };
  read: (worker: number, i: number) => { url: string; init: RequestInit };
}

const REQUEST_TIMEOUT_MS = 20_000;

export function startLoad(opts: LoadOptions): { outcomes: Outcome[]; done: Promise<void> } {
  const outcomes: Outcome[] = [];
  const started = Date.now();
  const worker = async (w: number) => {
    for (let i = 0; i < opts.maxPerWorker && !opts.stop() && Date.now() - started < opts.maxMs; i++) {
      const kind = opts.kind(w, i);
      const write = kind === 'write' ? opts.write(w, i) : undefined;
      const req = write ?? opts.read(w, i);
      const title = write?.title;
      const sentAt = performance.now();
      try {
        const res = await fetch(req.url, { ...req.init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const body = await res.text();
        outcomes.push({
          worker: w,
          kind,
          sentAt,
          doneAt: performance.now(),
          status: res.status,
          title,
          body,
          retryAfter: res.headers.get('retry-after'),
        });
      } catch (err) {
        const e = err as Error & { cause?: { code?: string } };
        const status = e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code ?? e.message);
        outcomes.push({ worker: w, kind, sentAt, doneAt: performance.now(), status, title });
      }
    }
  };
  const done = Promise.all(Array.from({ length: opts.workers }, (_, w) => worker(w))).then(() => {});
  return { outcomes, done };
}

export const isOk = (o: Outcome) => typeof o.status === 'number' && o.status >= 200 && o.status < 300;

/** Counts of each status, for the report: {"200": 812, "201": 410}. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[String(o.status)] = (counts[String(o.status)] ?? 0) + 1;
  return counts;
}
