import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiBlob } from './api';
import { onSessionEvent, tokens } from './session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  url: string;
  auth: string | null;
}

function mockServer(handler: (url: string, auth: string | null, n: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('authorization');
    calls.push({ url, auth });
    return handler(url, auth, calls.length);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('api client', () => {
  beforeEach(() => tokens.set({ accessToken: 'access-1', refreshToken: 'refresh-1' }));
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the bearer token and answers the parsed body', async () => {
    const calls = mockServer(() => json(200, { success: true, data: { n: 1 } }));
    await expect(api('/api/thing', { query: { a: 1, b: undefined, c: '' } })).resolves.toEqual({
      success: true,
      data: { n: 1 },
    });
    expect(calls).toEqual([{ url: '/api/thing?a=1', auth: 'Bearer access-1' }]);
  });

  it('throws the server error field, else the message', async () => {
    mockServer(() => json(409, { success: false, message: 'm', error: 'Duplicate investor ID' }));
    await expect(api('/api/users', { method: 'POST', json: {} })).rejects.toMatchObject({
      message: 'Duplicate investor ID',
      status: 409,
    });
    mockServer(() => json(400, { message: 'Only a message' }));
    await expect(api('/api/x')).rejects.toThrow('Only a message');
  });

  it('on 401 refreshes once, stores both tokens and replays with the new token', async () => {
    const calls = mockServer((url, auth) => {
      if (url === '/api/auth/refresh')
        return json(200, { data: { accessToken: 'access-2', refreshToken: 'refresh-2' } });
      return auth === 'Bearer access-2' ? json(200, { ok: true }) : json(401, { error: 'expired' });
    });
    await expect(api('/api/users/me')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => `${c.url} ${c.auth}`)).toEqual([
      '/api/users/me Bearer access-1',
      '/api/auth/refresh null',
      '/api/users/me Bearer access-2',
    ]);
    expect(tokens.refresh).toBe('refresh-2');
  });

  it('parallel failing requests share one refresh', async () => {
    const calls = mockServer((url, auth) => {
      if (url === '/api/auth/refresh')
        return json(200, { data: { accessToken: 'access-2', refreshToken: 'refresh-2' } });
      return auth === 'Bearer access-2' ? json(200, { url }) : json(401, {});
    });
    await Promise.all([api('/api/a'), api('/api/b'), api('/api/c')]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('retries at most once: a second 403 is an error, not another refresh', async () => {
    const calls = mockServer((url) =>
      url === '/api/auth/refresh'
        ? json(200, { data: { accessToken: 'a2', refreshToken: 'r2' } })
        : json(403, { error: 'Admin access required' }),
    );
    await expect(api('/api/users')).rejects.toMatchObject({ status: 403, message: 'Admin access required' });
    expect(calls).toHaveLength(3);
  });

  it('when the refresh fails it clears the tokens and expires the session', async () => {
    mockServer((url) => (url === '/api/auth/refresh' ? json(401, {}) : json(401, {})));
    const events: string[] = [];
    const stop = onSessionEvent((e) => events.push(e.type === 'expired' ? e.message : e.type));
    await expect(api('/api/users/me')).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual(['Session expired. Please log in again.']);
    expect(tokens.access).toBeNull();
    expect(tokens.refresh).toBeNull();
    stop();
  });

  it('parallel requests failing with an expired session expire it once', async () => {
    mockServer(() => json(401, {}));
    const events: string[] = [];
    const stop = onSessionEvent((e) => events.push(e.type === 'expired' ? e.message : e.type));
    const results = await Promise.allSettled([api('/api/a'), api('/api/b'), api('/api/c')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(events).toEqual(['Session expired. Please log in again.']);
    stop();
  });

  it('never refreshes for the sign-in call itself', async () => {
    const calls = mockServer(() => json(401, { error: 'Invalid email or password' }));
    await expect(api('/api/auth/login', { method: 'POST', json: {} })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(calls).toHaveLength(1);
    expect(tokens.access).toBe('access-1');
  });

  it('times out after 10 seconds', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise((_r, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const p = api('/api/slow');
    const assertion = expect(p).rejects.toThrow('The request timed out');
    await vi.advanceTimersByTimeAsync(10_001);
    await assertion;
  });

  it('reads a file name from Content-Disposition', async () => {
    mockServer(
      () =>
        new Response('PDF', {
          status: 200,
          headers: {
            'content-disposition': `attachment; filename="x.pdf"; filename*=UTF-8''Tax%20Statement.pdf`,
          },
        }),
    );
    const { blob, filename } = await apiBlob('/api/documents/1/download');
    expect(filename).toBe('Tax Statement.pdf');
    expect(await blob.text()).toBe('PDF');
  });
});
