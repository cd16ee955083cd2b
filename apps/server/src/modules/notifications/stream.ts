import type { FastifyReply } from 'fastify';
import { STREAM_HEARTBEAT_MS, type StreamByeReason, type StreamEventName } from '@portal/contracts';
import type { NotificationHub, StreamClient } from './hub';
import { presentNotification, type NotificationRow } from './presenter';

/** A browser that stops reading is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** Streams one user may hold open on one instance (tabs, devices). */
export const MAX_STREAMS_PER_USER = 10;
/** setTimeout cannot wait longer than this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const frame = (event: StreamEventName, data: unknown, id?: string) =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * One server-sent-events stream. Fastify lets go of the reply (hijack), so the headers it has gathered
 * for this request (security headers among them) are written here; compression never applies.
 */
export class EventStream implements StreamClient {
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private expiry: ReturnType<typeof setTimeout> | null = null;
  private detach: (() => void) | null = null;
  private ended = false;
  private readonly onEnd: () => void;

  constructor(
    readonly userId: string,
    readonly familyId: string,
    private readonly reply: FastifyReply,
    onEnd: (s: EventStream) => void,
  ) {
    this.onEnd = () => onEnd(this);
  }

  /**
   * Writes the headers and the `ready` event; the stream ends at `expiresAt` (the access token's expiry),
   * or earlier when its sign-in ends. `checkedAt`: see `NotificationHub.add`.
   */
  async open(hub: NotificationHub, expiresAt: Date, checkedAt: number) {
    const { reply } = this;
    // Join the hub first: a failure (database down) is still an ordinary error answer.
    this.detach = await hub.add(this, checkedAt);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      // A stream's connection is never reused: when it ends (shutdown, expiry) the socket goes too,
      // instead of idling as keep-alive and holding up the server's close.
      connection: 'close',
    });
    // The response's close (not the request's, which fires once the request is read) means the
    // browser went away.
    res.once('close', () => this.close());
    res.once('error', () => this.close());
    if (res.destroyed) return this.close();
    // Keeps proxies from closing an idle stream, finds dead connections, and lets the browser tell a
    // quiet stream from a dead one.
    this.heartbeat = setInterval(() => this.write(frame('ping', {})), STREAM_HEARTBEAT_MS);
    this.heartbeat.unref();
    this.expiry = setTimeout(
      () => this.end('expired'),
      Math.min(MAX_TIMER_MS, Math.max(0, expiresAt.getTime() - Date.now())),
    );
    this.expiry.unref();
    this.write(frame('ready', { expiresAt: expiresAt.toISOString() }));
  }

  notify(row: NotificationRow) {
    this.write(frame('notification', presentNotification(row), row.id));
  }

  sync() {
    this.write(frame('sync', {}));
  }

  /** Says why and ends the stream; the browser reconnects (to another instance when this one stops). */
  end(reason: StreamByeReason) {
    if (this.ended) return;
    this.write(frame('bye', { reason }));
    const res = this.reply.raw;
    // Once the last frame is out, the socket goes: a client that keeps it open must not stall a
    // shutdown. (The response lets go of its socket when it finishes, so hold on to it here.)
    const socket = res.socket;
    res.end(() => socket?.destroy());
    this.close();
  }

  private write(chunk: string) {
    const res = this.reply.raw;
    if (this.ended || !res.headersSent) return;
    if (res.writableEnded || res.destroyed) return this.close();
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      res.destroy();
      this.close();
      return;
    }
    res.write(chunk);
  }

  private close() {
    if (this.ended) return;
    this.ended = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.expiry) clearTimeout(this.expiry);
    this.detach?.();
    this.onEnd();
  }
}
