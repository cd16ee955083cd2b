import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import type { ReactNode } from 'react';
import { setLocale } from '@/lib/i18n';
import { AuthProvider } from '@/queries/session';
import { Component as LoginPage } from './login-page';
import { Component as RegisterPage } from './register-page';
import { INVESTOR } from '../../../test/fixtures';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server that signs anyone in as the investor (whose account is in English) and takes any other write. */
function server() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      if (url.endsWith('/api/auth/login'))
        return json(200, { success: true, data: { accessToken: 'a', refreshToken: 'r', user: INVESTOR } });
      if (url.endsWith('/api/auth/register')) return json(201, { success: true, message: 'ok' });
      return json(200, { success: true, data: INVESTOR });
    }),
  );
  return calls;
}

function Providers({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AuthProvider navigate={(to) => void navigate(to)} alert={() => {}}>
      {children}
    </AuthProvider>
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Providers>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="*" element={null} />
        </Routes>
      </Providers>
    </MemoryRouter>,
  );

describe('the sign-in pages in German and Norwegian', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('speak German, then Norwegian once picked, and the account keeps the language picked', async () => {
    const calls = server();
    await setLocale('de');
    renderAt('/login');
    expect(screen.getByRole('heading', { name: 'Willkommen zurück' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'nb');
    expect(await screen.findByRole('heading', { name: 'Velkommen tilbake' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('nb');

    await userEvent.type(screen.getByLabelText('E-post'), 'investor@example.com');
    await userEvent.type(screen.getByLabelText('Passord'), 'investor123');
    await userEvent.click(screen.getByRole('button', { name: 'Logg inn' }));
    // The account said English; the language picked before signing in becomes the account's.
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.url.endsWith('/api/users/me'))?.body).toMatchObject({
        name: INVESTOR.name,
        locale: 'nb',
      }),
    );
    expect(document.documentElement.lang).toBe('nb');
  });

  it('creates an account in the language of the sign-up page', async () => {
    const calls = server();
    await setLocale('nb');
    renderAt('/register');
    expect(screen.getByRole('heading', { name: 'Opprett konto' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-post'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Passord'), 'a long passphrase 42');
    await userEvent.click(screen.getByRole('button', { name: 'Opprett konto' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/api/auth/register'))?.body).toEqual({
        email: 'new@example.com',
        password: 'a long passphrase 42',
        locale: 'nb',
      }),
    );
  });

  it('follows the account: signed in, the page speaks the language stored on it', async () => {
    server();
    renderAt('/login');
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          success: true,
          data: { accessToken: 'a', refreshToken: 'r', user: { ...INVESTOR, locale: 'de' } },
        }),
      ),
    );
    await userEvent.type(screen.getByLabelText('Email'), 'investor@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'investor123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
  });
});
