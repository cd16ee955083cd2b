import { STREAM_HEARTBEAT_MS, type NotificationItem, type StreamTicket } from '@portal/contracts';
import { streamUrl } from '@/queries/notifications';

export interface StreamHandlers {
  /** Connected (or reconnected): reload the list, something may have arrived while away. */
  onReady(): void;
  onNotification(n: NotificationItem): void;
  /** The list changed elsewhere (another tab, an admin): reload it. */
  onSync(): void;
}

export interface StreamDeps {
  /** A single-use ticket from `POST /api/notifications/stream/ticket` (the api client refreshes tokens). */
  getTicket(): Promise<StreamTicket>;
  createEventSource(url: string): EventSource;
  /** Jitter source, replaceable in tests. */
  random?: () => number;
}

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** Two missed heartbeats and a half: the connection is dead even if the browser has not noticed. */
export const STALE_AFTER_MS = STREAM_HEARTBEAT_MS * 2.5;

/**
 * The live notification stream: EventSource on a single-use ticket. The browser's own reconnect would
 * present the spent ticket again, so every reconnect is done here, with a new ticket and backoff:
 * after an error or a silent connection (no heartbeat), at once when the network comes back or the
 * session's tokens are refreshed, and shortly after a server restart.
 */
export class NotificationStream {
  private source: EventSource | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private staleTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  /** Bumped on every (re)connect, so a connect still waiting for its ticket knows it is outdated. */
  private generation = 0;
  private stopped = true;
  private readonly random: () => number;

  constructor(
    private readonly handlers: StreamHandlers,
    private readonly deps: StreamDeps,
  ) {
    this.random = deps.random ?? Math.random;
  }

  get connected(): boolean {
    return this.source?.readyState === 1;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect();
  }

  stop() {
    this.stopped = true;
    this.generation++;
    this.teardown();
  }

  /** Drops the current connection and opens a new one now (network back, tokens refreshed). */
  reconnectNow() {
    if (this.stopped) return;
    this.attempt = 0;
    void this.connect();
  }

  private teardown() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.staleTimer) clearTimeout(this.staleTimer);
    this.retryTimer = this.staleTimer = null;
    this.source?.close();
    this.source = null;
  }

  private async connect() {
    const generation = ++this.generation;
    this.teardown();
    let ticket: StreamTicket;
    try {
      ticket = await this.deps.getTicket();
    } catch {
      // Offline, server restarting, or the session ended (then the app signs out and stops this).
      if (generation === this.generation) this.retryLater();
      return;
    }
    if (generation !== this.generation || this.stopped) return;
    const es = this.deps.createEventSource(streamUrl(ticket.ticket));
    this.source = es;
    const alive = () => this.watchStale(es);
    es.addEventListener('ready', () => {
      this.attempt = 0;
      alive();
      this.handlers.onReady();
    });
    es.addEventListener('notification', (e) => {
      alive();
      try {
        this.handlers.onNotification(JSON.parse((e as MessageEvent<string>).data) as NotificationItem);
      } catch {
        this.handlers.onSync();
      }
    });
    es.addEventListener('sync', () => {
      alive();
      this.handlers.onSync();
    });
    es.addEventListener('ping', alive);
    es.addEventListener('bye', (e) => {
      if (this.source !== es) return;
      const reason = safeReason((e as MessageEvent<string>).data);
      es.close();
      this.source = null;
      // A restarting server: come back spread out over a couple of seconds. An expired access token:
      // now (the ticket call refreshes the tokens first). An ended sign-in (signed out elsewhere,
      // password changed on another device, account deactivated): now too, so that the ticket call
      // finds the session over and this tab signs out at once.
      this.schedule(reason === 'expired' || reason === 'ended' ? 0 : 500 + this.random() * 2_000);
    });
    es.onerror = () => {
      if (this.source !== es) return;
      es.close();
      this.source = null;
      this.retryLater();
    };
  }

  private watchStale(es: EventSource) {
    if (this.staleTimer) clearTimeout(this.staleTimer);
    this.staleTimer = setTimeout(() => {
      if (this.source === es) this.reconnectNow();
    }, STALE_AFTER_MS);
  }

  private retryLater() {
    const base = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** this.attempt++);
    // ±20% so that many browsers do not come back in lockstep.
    this.schedule(base * (0.8 + this.random() * 0.4));
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delayMs);
  }
}

function safeReason(data: string): string | undefined {
  try {
    return (JSON.parse(data) as { reason?: string }).reason;
  } catch {
    return undefined;
  }
}
