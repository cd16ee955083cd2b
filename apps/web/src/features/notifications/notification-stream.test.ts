import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '@portal/contracts';
import { NotificationStream, STALE_AFTER_MS } from './notification-stream';
import { FakeEventSource } from '../../../test/fake-event-source';

const item: NotificationItem = {
  _id: 'n1',
  title: 'Q3 returns paid',
  message: 'Paid.',
  type: 'success',
  read: false,
  createdAt: '2026-10-05T08:05:00.000Z',
};

let tickets: number;
const handlers = { onReady: vi.fn(), onNotification: vi.fn(), onSync: vi.fn() };
const latest = () => FakeEventSource.all.at(-1)!;
const open = () => FakeEventSource.all.filter((s) => !s.closed);

function makeStream(getTicket = async () => ({ ticket: `t${++tickets}`, expiresIn: 30 })) {
  return new NotificationStream(handlers, {
    getTicket,
    createEventSource: (url) => new FakeEventSource(url) as unknown as EventSource,
    random: () => 0.5,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
  tickets = 0;
  Object.values(handlers).forEach((h) => h.mockReset());
});
afterEach(() => vi.useRealTimers());

describe('NotificationStream', () => {
  it('opens the stream with a fresh single-use ticket and hands on what arrives', async () => {
    const stream = makeStream();
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(latest().url).toBe('/api/notifications/stream?ticket=t1');
    latest().emit('ready', { expiresAt: '2026-01-01T00:00:00Z' });
    expect(handlers.onReady).toHaveBeenCalledTimes(1);
    latest().emit('notification', item);
    expect(handlers.onNotification).toHaveBeenCalledWith(item);
    latest().emit('sync');
    expect(handlers.onSync).toHaveBeenCalledTimes(1);
    expect(stream.connected).toBe(true);
    stream.stop();
  });

  it('reconnects after a network drop with a new ticket, backing off 1 s, 2 s, 4 s', async () => {
    const stream = makeStream();
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    for (const [n, wait] of [
      [2, 1_000],
      [3, 2_000],
      [4, 4_000],
    ] as const) {
      latest().fail();
      expect(latest().closed).toBe(true); // the browser's own retry would reuse the spent ticket
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(FakeEventSource.all).toHaveLength(n - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeEventSource.all).toHaveLength(n);
      expect(latest().url).toBe(`/api/notifications/stream?ticket=t${n}`);
    }
    // Once connected again, the backoff starts over.
    latest().emit('ready');
    latest().fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.all).toHaveLength(5);
    stream.stop();
  });

  it('keeps trying when the ticket cannot be had (offline, server restarting)', async () => {
    let fail = true;
    const stream = makeStream(async () => {
      if (fail) throw new Error('Network error');
      return { ticket: 'ok', expiresIn: 30 };
    });
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.all).toHaveLength(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(latest().url).toContain('ticket=ok');
    stream.stop();
  });

  it('comes back shortly after a server restart, and at once when the session expired', async () => {
    const stream = makeStream();
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().emit('ready');
    latest().emit('bye', { reason: 'shutdown' });
    expect(latest().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(400);
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_200);
    expect(FakeEventSource.all).toHaveLength(2);
    latest().emit('ready');
    latest().emit('bye', { reason: 'expired' });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.all).toHaveLength(3);
    stream.stop();
  });

  it('asks for a new ticket at once when the server ends the stream because its sign-in ended', async () => {
    const getTicket = vi.fn(async () => ({ ticket: `t${++tickets}`, expiresIn: 30 }));
    const stream = makeStream(getTicket);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().emit('ready');
    latest().emit('bye', { reason: 'ended' });
    expect(latest().closed).toBe(true);
    // The ticket call is where the browser learns the session is over (the api client signs out).
    await vi.advanceTimersByTimeAsync(0);
    expect(getTicket).toHaveBeenCalledTimes(2);
    stream.stop();
  });

  it('treats a stream without heartbeats as dead and reconnects', async () => {
    const stream = makeStream();
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().emit('ready');
    await vi.advanceTimersByTimeAsync(STALE_AFTER_MS - 1_000);
    latest().emit('ping');
    await vi.advanceTimersByTimeAsync(STALE_AFTER_MS - 1_000);
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.all[0]!.closed).toBe(true);
    stream.stop();
  });

  it('reconnects at once on request (tokens refreshed), leaving exactly one stream open', async () => {
    let release!: () => void;
    const slow = vi.fn(
      () =>
        new Promise<{ ticket: string; expiresIn: number }>((r) => {
          const n = ++tickets;
          release = () => r({ ticket: `t${n}`, expiresIn: 30 });
        }),
    );
    const stream = makeStream(slow);
    stream.start();
    const first = release;
    stream.reconnectNow(); // while the first ticket is still on its way
    first();
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(open()).toHaveLength(1);
    expect(latest().url).toContain('ticket=t2');
    stream.stop();
    expect(open()).toHaveLength(0);
  });

  it('stops for good: no reconnects after stop()', async () => {
    const stream = makeStream();
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().fail();
    stream.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.all).toHaveLength(1);
  });
});
