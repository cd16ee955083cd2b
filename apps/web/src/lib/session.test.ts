import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
  cancelSilentRefresh,
  onSessionEvent,
  refreshDelay,
  refreshSession,
  scheduleSilentRefresh,
  tokenExpiry,
  tokens,
} from './session';

/** A JWT-shaped token whose payload carries `exp` (the signature is not checked client-side). */
export function fakeJwt(exp: number): string {
  const b64 = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u', exp })}.sig`;
}

const ok = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('refresh scheduling', () => {
  it('reads exp from the token', () => {
    expect(tokenExpiry(fakeJwt(1234))).toBe(1234);
    expect(tokenExpiry('not-a-token')).toBeNull();
    expect(tokenExpiry(null)).toBeNull();
  });

  it('refreshes 60 s before expiry, never sooner than 5 s from now', () => {
    const now = 1_000_000_000_000;
    const exp = now / 1000 + 15 * 60;
    expect(refreshDelay(fakeJwt(exp), now)).toBe(14 * 60 * 1000);
    expect(refreshDelay(fakeJwt(now / 1000 + 61), now)).toBe(5_000);
    expect(refreshDelay(fakeJwt(now / 1000 - 100), now)).toBe(5_000);
    expect(refreshDelay(null, now)).toBeNull();
  });
});

describe('refreshSession', () => {
  beforeEach(() => {
    tokens.set({ accessToken: fakeJwt(Date.now() / 1000 + 30), refreshToken: 'r1' });
  });
  afterEach(() => {
    vi.useRealTimers();
    cancelSilentRefresh();
  });

  it('stores the new pair', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      ok({ success: true, data: { accessToken: 'a2', refreshToken: 'r2' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(refreshSession()).resolves.toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('a2');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r2');
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ refreshToken: 'r1' });
  });

  it('shares one call among parallel callers', async () => {
    let resolve!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal('fetch', fetchMock);
    const calls = [refreshSession(), refreshSession(), refreshSession()];
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    resolve(ok({ data: { accessToken: 'a2', refreshToken: 'r2' } }));
    const results = await Promise.all(calls);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Set(results.map((r) => r.refreshToken))).toEqual(new Set(['r2']));
  });

  it('names the three failures of docs/product.md §18', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok({ data: { accessToken: 'only-one' } })),
    );
    await expect(refreshSession()).rejects.toThrow('Invalid response from refresh token endpoint');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    await expect(refreshSession()).rejects.toThrow('Failed to refresh token');
    tokens.clear();
    await expect(refreshSession()).rejects.toThrow('No refresh token available');
  });

  it('uses tokens another tab has just stored instead of spending the old refresh token', async () => {
    const fetchMock = vi.fn(async () => ok({ data: { accessToken: 'x', refreshToken: 'y' } }));
    vi.stubGlobal('fetch', fetchMock);
    // Another tab refreshes while this one waits for the lock.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const queue: Array<() => Promise<unknown>> = [];
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, fn: () => Promise<unknown>) => {
          queue.push(fn);
          await held;
          return fn();
        },
      },
    });
    const pending = refreshSession();
    tokens.set({ accessToken: 'other-tab-access', refreshToken: 'other-tab-refresh' });
    release();
    await expect(pending).resolves.toEqual({
      accessToken: 'other-tab-access',
      refreshToken: 'other-tab-refresh',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the silent refresh fires on time and expires the session when it fails', async () => {
    vi.useFakeTimers();
    const now = Date.now();
    tokens.set({ accessToken: fakeJwt(now / 1000 + 120), refreshToken: 'r1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    const events: string[] = [];
    const stop = onSessionEvent((e) => events.push(e.type === 'expired' ? `expired:${e.message}` : e.type));
    scheduleSilentRefresh(now);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(events).toEqual(['expired:Session expired. Please log in again.']);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    stop();
  });
});
