import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { api } from '@/lib/api';
import { keepReadsIn } from '@/lib/cached-reads';
import { AuthProvider, prefetchCurrentUser, useAuth } from './session';
import { tokens } from '@/lib/session';
import { currentUser } from '../../test/fixtures';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Status() {
  const { status } = useAuth();
  return <p>status: {status}</p>;
}

describe('AuthProvider: forced logout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('three parallel requests failing with an expired session give one alert and one redirect', async () => {
    tokens.set({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    let expired = false;
    const fetchMock = vi.fn(async (url: string) => {
      if (!expired) return json(200, { success: true, data: currentUser({ name: 'Emma' }) });
      // The session was ended elsewhere: every call and the refresh itself are refused.
      return url === '/api/auth/refresh' ? json(401, { error: 'Invalid refresh token' }) : json(401, {});
    });
    vi.stubGlobal('fetch', fetchMock);
    const alert = vi.fn();
    const navigate = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider alert={alert} navigate={navigate}>
          <Status />
        </AuthProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('status: authenticated');

    expired = true;
    await act(async () => {
      const results = await Promise.allSettled([
        api('/api/projects'),
        api('/api/payouts'),
        api('/api/updates'),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    });

    await waitFor(() => expect(screen.getByText('status: unauthenticated')).toBeInTheDocument());
    expect(alert.mock.calls).toEqual([['Session expired. Please log in again.']]);
    expect(navigate.mock.calls).toEqual([['/login']]);
    // The three requests shared one refresh.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
    expect(tokens.access).toBeNull();
    expect(tokens.refresh).toBeNull();
  });
});

describe('AuthProvider: the user read by the head script', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.__portalMe;
    tokens.clear();
  });

  const renderProvider = () =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider alert={vi.fn()} navigate={vi.fn()}>
          <Status />
        </AuthProvider>
      </QueryClientProvider>,
    );
  const meCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
    fetchMock.mock.calls.filter(([url]) => url === '/api/users/me');

  it('takes the answer the head script started for the stored token, without asking again', async () => {
    tokens.set({ accessToken: 'access-early', refreshToken: 'refresh-early' });
    const fetchMock = vi.fn(async () => json(500, {}));
    vi.stubGlobal('fetch', fetchMock);
    window.__portalMe = {
      token: 'access-early',
      answer: Promise.resolve({ success: true, data: currentUser({ name: 'Emma' }) }),
    };
    prefetchCurrentUser();
    expect(window.__portalMe).toBeUndefined();
    renderProvider();
    await screen.findByText('status: authenticated');
    expect(meCalls(fetchMock)).toHaveLength(0);
  });

  it('asks the usual way when the head script was refused, and ignores a read made for another token', async () => {
    tokens.set({ accessToken: 'access-now', refreshToken: 'refresh-now' });
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/users/me'
        ? json(200, { success: true, data: currentUser({ name: 'Emma' }) })
        : json(500, {}),
    );
    vi.stubGlobal('fetch', fetchMock);
    window.__portalMe = { token: 'access-old', answer: Promise.resolve(null) };
    prefetchCurrentUser();
    renderProvider();
    await screen.findByText('status: authenticated');
    // The read for the old token was not used: the app read the user itself, once.
    expect(meCalls(fetchMock)).toHaveLength(1);
    expect(meCalls(fetchMock)[0]![1].headers.authorization).toBe('Bearer access-now');
  });
});

describe('AuthProvider: what is kept of one user', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    tokens.clear();
  });

  function SignOut() {
    const { status, logout } = useAuth();
    return (
      <button type="button" onClick={() => void logout()}>
        sign out ({status})
      </button>
    );
  }

  it('signing out empties the query cache the signed-in pages loaded, which the provider does not hold', async () => {
    tokens.set({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/users/me'
          ? json(200, { success: true, data: currentUser() })
          : json(200, { success: true }),
      ),
    );
    // As lib/query-client.ts does once a page that reads through the cache has loaded it.
    const cache = new QueryClient();
    keepReadsIn(cache);
    cache.setQueryData(['projects.list', {}], { success: true, data: ['a project'] });
    render(
      <AuthProvider alert={vi.fn()} navigate={vi.fn()}>
        <SignOut />
      </AuthProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'sign out (authenticated)' }));
    await screen.findByRole('button', { name: 'sign out (unauthenticated)' });
    expect(cache.getQueryData(['projects.list', {}])).toBeUndefined();
    expect(tokens.access).toBeNull();
  });
});
