import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { currentUser } from '../../test/fixtures';

/** A token the app can read the subject of (the signature is the server's business). */
const tokenFor = (sub: string) =>
  `x.${btoa(JSON.stringify({ sub, exp: Math.floor(Date.now() / 1000) + 900 })).replace(/=+$/, '')}.y`;

const me = currentUser({ _id: 'user-1', name: 'Emma Lindqvist' });
const performanceAnswer = { success: true, data: { portfolio: { xirr: 0.07 } } };

/** The data block as the server writes it (apps/server/src/plugins/page-session.ts). */
function embed(block: unknown) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'portal-first-load';
  el.textContent = typeof block === 'string' ? block : JSON.stringify(block);
  document.head.appendChild(el);
}

const block = (userId = 'user-1') => ({
  userId,
  at: Date.now() - 1000,
  answers: {
    '/api/users/me': { success: true, data: me },
    '/api/investment/performance': performanceAnswer,
  },
});

// Each test loads the modules afresh: the block is read once per page load.
const load = async () => ({
  ...(await import('./first-load')),
  ...(await import('./endpoint-client')),
  ...(await import('./session')),
  ...(await import('@/queries/session')),
  endpoints: (await import('./endpoints')).endpoints,
});

type Loaded = Awaited<ReturnType<typeof load>>;

/** Renders `children` in a fresh query client and the session provider of the modules the test loaded. */
const renderSession = (AuthProvider: Loaded['AuthProvider'], children: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider navigate={vi.fn()}>{children}</AuthProvider>
    </QueryClientProvider>,
  );

describe('the first-load answers embedded in the page (ADR 023)', () => {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 500 }));
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
  });
  afterEach(() => {
    document.getElementById('portal-first-load')?.remove();
  });

  it("are given for the signed-in user's own token only", async () => {
    localStorage.setItem('accessToken', tokenFor('user-2'));
    embed(block('user-1'));
    const { firstLoadAnswer } = await load();
    expect(firstLoadAnswer('/api/users/me')).toBeUndefined();
    // The same page after this browser's token changes to the block's user (not a real case, but the rule).
    localStorage.setItem('accessToken', tokenFor('user-1'));
    expect(firstLoadAnswer('/api/users/me')?.answer).toEqual({ success: true, data: me });
    localStorage.removeItem('accessToken');
    expect(firstLoadAnswer('/api/users/me')).toBeUndefined();
  });

  it('are read once, taken once, and forgotten at sign-out', async () => {
    localStorage.setItem('accessToken', tokenFor('user-1'));
    embed(block());
    const { firstLoadAnswer, forgetFirstLoad } = await load();
    expect(firstLoadAnswer('/api/investment/performance', { take: true })?.answer).toEqual(performanceAnswer);
    expect(firstLoadAnswer('/api/investment/performance')).toBeUndefined();
    // The block leaves the document once read.
    expect(document.getElementById('portal-first-load')).toBeNull();
    expect(firstLoadAnswer('/api/users/me')).toBeDefined();
    forgetFirstLoad();
    expect(firstLoadAnswer('/api/users/me')).toBeUndefined();
  });

  it('are ignored when damaged', async () => {
    localStorage.setItem('accessToken', tokenFor('user-1'));
    embed('{"userId": "user-1", "answers": ');
    const { firstLoadAnswer } = await load();
    expect(firstLoadAnswer('/api/users/me')).toBeUndefined();
  });

  it("are a read's data in its first render, with no request", async () => {
    localStorage.setItem('accessToken', tokenFor('user-1'));
    embed(block());
    const { endpointQuery, endpoints } = await load();
    const renders: unknown[] = [];
    function Figures() {
      const { data } = useQuery(
        endpointQuery(endpoints.performance.get, {}, (a) => (a as typeof performanceAnswer).data),
      );
      renders.push(data);
      return <p>xirr {data?.portfolio.xirr ?? 'none'}</p>;
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } })}>
        <Figures />
      </QueryClientProvider>,
    );
    expect(screen.getByText('xirr 0.07')).toBeInTheDocument();
    expect(renders[0]).toEqual(performanceAnswer.data);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sign the user in from the first render, without asking /api/users/me', async () => {
    localStorage.setItem('accessToken', tokenFor('user-1'));
    embed(block());
    const { AuthProvider, useAuth, prefetchCurrentUser } = await load();
    prefetchCurrentUser();
    const seen: string[] = [];
    function Status() {
      const { status, user } = useAuth();
      seen.push(status);
      return <p>{user ? `hello ${user.name}` : status}</p>;
    }
    renderSession(AuthProvider, <Status />);
    expect(screen.getByText('hello Emma Lindqvist')).toBeInTheDocument();
    expect(seen[0]).toBe('authenticated');
    expect(fetchMock.mock.calls.map((c) => String((c as unknown[])[0]))).not.toContain('/api/users/me');
  });

  it("of another user are not used: the app asks the API for this user's", async () => {
    localStorage.setItem('accessToken', tokenFor('user-2'));
    embed(block('user-1'));
    const { AuthProvider, useAuth, prefetchCurrentUser } = await load();
    prefetchCurrentUser();
    function Status() {
      const { status } = useAuth();
      return <p>{status}</p>;
    }
    renderSession(AuthProvider, <Status />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map((c) => String((c as unknown[])[0]))).toContain('/api/users/me');
    expect(screen.queryByText(/Emma/)).toBeNull();
  });
});

describe('a read whose input is not complete yet, beside the first-load answers', () => {
  afterEach(() => {
    document.getElementById('portal-first-load')?.remove();
  });

  it('gets its query options (no address, no initial data) instead of an error', async () => {
    vi.resetModules();
    localStorage.setItem('accessToken', tokenFor('user-1'));
    embed(block());
    const { endpointQuery, endpoints } = await load();
    // A disabled query of a project not chosen yet: its path cannot be written.
    const options = endpointQuery(endpoints.allowances.cabinNights, { params: { projectId: '' } } as never);
    expect(options.queryKey[0]).toBe('perks.cabinNights');
    expect('initialData' in options).toBe(false);
  });
});
