import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { useAuth } from '@/queries/session';
import { expireSession, tokens } from '@/lib/session';
import { RequireAuth } from './require-auth';
import { currentUser } from '../../test/fixtures';
import { renderAt } from '../../test/signed-out';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Where() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return (
    <p data-testid="where">
      {location.pathname}
      {from ? ` from ${from}` : ''}
    </p>
  );
}

function AdminHome() {
  const { logout } = useAuth();
  return <button onClick={() => void logout({ to: '/admin-login' })}>Logout</button>;
}

function show(path: string) {
  return renderAt(
    path,
    <>
      <Routes>
        <Route path="/login" element={<p>login page</p>} />
        <Route path="/admin-login" element={<p>admin login page</p>} />
        <Route
          path="/admin"
          element={
            <RequireAuth admin>
              <AdminHome />
            </RequireAuth>
          }
        />
        <Route
          path="/perks"
          element={
            <RequireAuth>
              <p>perks page</p>
            </RequireAuth>
          }
        />
      </Routes>
      <Where />
    </>,
  );
}

describe('RequireAuth', () => {
  it("shows 'Loading...' while the user is read, then the page", async () => {
    tokens.set({ accessToken: 'a', refreshToken: 'r' });
    let answer: ((r: Response) => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    show('/perks');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('perks page')).not.toBeInTheDocument();
    // The loading state may show before the request leaves: answer it once it has.
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer!(json(200, { success: true, data: currentUser({ name: 'Emma' }) }));
    expect(await screen.findByText('perks page')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('sends a visitor to /login, remembering where they were going', async () => {
    show('/perks');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login from /perks'));
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('a logout from the admin area ends on /admin-login, not on the guard’s /login', async () => {
    tokens.set({ accessToken: 'a', refreshToken: 'r' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/users/me'
          ? json(200, { success: true, data: currentUser({ name: 'Admin', isAdmin: true, role: 'admin' }) })
          : json(200, { success: true }),
      ),
    );
    show('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/admin-login$/));
    expect(screen.getByText('admin login page')).toBeInTheDocument();
    expect(tokens.access).toBeNull();
  });

  describe('an ended admin session goes back to /admin-login', () => {
    const admin = currentUser({ name: 'Admin', isAdmin: true, role: 'admin' });
    /** An access token as the server signs it: the claims are read, the signature is not. */
    const accessToken = (isAdmin: boolean) =>
      `h.${btoa(JSON.stringify({ sub: admin._id, isAdmin, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '')}.s`;

    it('when it expires, from any page', async () => {
      tokens.set({ accessToken: accessToken(true), refreshToken: 'r' });
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(200, { success: true, data: admin })),
      );
      show('/perks');
      expect(await screen.findByText('perks page')).toBeInTheDocument();
      act(() => expireSession());
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin-login from /perks'));
      expect(screen.getByText('admin login page')).toBeInTheDocument();
    });

    it('when it is found ended at start-up, before the user is read', async () => {
      tokens.set({ accessToken: accessToken(true), refreshToken: 'r' });
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(401, { success: false, message: 'Unauthorized', error: 'Session ended' })),
      );
      show('/perks');
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin-login from /perks'));
      expect(tokens.access).toBeNull();
    });

    it("while an investor's goes back to /login", async () => {
      tokens.set({ accessToken: accessToken(false), refreshToken: 'r' });
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(200, { success: true, data: currentUser({ name: 'Emma' }) })),
      );
      show('/perks');
      expect(await screen.findByText('perks page')).toBeInTheDocument();
      act(() => expireSession());
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login from /perks'));
      expect(screen.getByText('login page')).toBeInTheDocument();
    });
  });
});
