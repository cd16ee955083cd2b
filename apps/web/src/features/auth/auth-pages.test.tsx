import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPages } from '../../../test/signed-out';
import { api } from '@/lib/api';
import { setLocale } from '@/lib/i18n';
import type * as ApiModule from '@/lib/api';
import { Component as AdminLoginPage } from './admin-login-page';
import { Component as LoginPage } from './login-page';
import { Component as RegisterPage } from './register-page';
import { ADMIN, INVESTOR } from '../../../test/fixtures';

// The real client, with a way for one test to make it throw an error that carries no message.
vi.mock('@/lib/api', async (importOriginal) => {
  const real = await importOriginal<typeof ApiModule>();
  return { ...real, api: vi.fn(real.api) };
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch whose answers the test gives one by one. */
function deferredFetch() {
  const pending: ((r: Response) => void)[] = [];
  const fetchMock = vi.fn(() => new Promise<Response>((resolve) => pending.push(resolve)));
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    answer: async (r: Response) => {
      await waitFor(() => expect(pending.length).toBeGreaterThan(0));
      pending.shift()!(r);
    },
  };
}

function show(path: string) {
  return renderPages(path, {
    '/login': <LoginPage />,
    '/admin-login': <AdminLoginPage />,
    '/register': <RegisterPage />,
  });
}

const user = (isAdmin: boolean) => (isAdmin ? { ...ADMIN, name: 'Portal Admin' } : INVESTOR);
const signedIn = (isAdmin: boolean) =>
  json(200, { success: true, data: { accessToken: 'a', refreshToken: 'r', user: user(isAdmin) } });

/** The newest toast: Radix repeats its text for screen readers, so the first match is the toast's. */
const toastText = (text: string) => screen.findAllByText(text, { exact: true }).then((all) => all[0]);

async function fill(email: string, password: string, labels = ['Email', 'Password']) {
  await userEvent.type(screen.getByLabelText(labels[0]!), email);
  await userEvent.type(screen.getByLabelText(labels[1]!), password);
}

describe('sign-in pages', () => {
  beforeEach(() => {
    vi.mocked(api).mockClear();
  });

  it("/login: the button reads 'Loading...' while signing in; a failure is an 'Error' toast", async () => {
    // The failure is an error toast, which the app also logs.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = deferredFetch();
    show('/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Admin Access' })).toHaveAttribute('href', '/admin-login');
    await fill('investor@example.com', 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    await server.answer(
      json(401, { success: false, message: 'Invalid email or password', error: 'Invalid email or password' }),
    );
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(await toastText('Error')).toBeInTheDocument();
    expect(await toastText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
  });

  it("tells a refusal in the page's language by its code and variables, an unknown code as its kind", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = deferredFetch();
    await setLocale('de');
    show('/login');
    await fill('investor@example.com', 'wrong', ['E-Mail', 'Passwort']);
    const refuse = (status: number, code: string, message: string, params?: object) =>
      server.answer(json(status, { success: false, message, error: message, code, params }));
    const submit = screen.getByRole('button', { name: 'Anmelden' });
    await userEvent.click(submit);
    await refuse(401, 'auth.invalid_credentials', 'Invalid email or password');
    expect(await toastText('E-Mail oder Passwort ist falsch')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Anmelden' }));
    await refuse(429, 'auth.delayed_seconds', 'Too many failed sign-in attempts …', { count: 30 });
    expect(
      await toastText(
        'Zu viele fehlgeschlagene Anmeldeversuche für dieses Konto. Versuchen Sie es in 30 Sekunden erneut oder melden Sie sich von einem Gerät an, das Sie schon einmal verwendet haben.',
      ),
    ).toBeInTheDocument();
    // A code the page has no words for (a newer server's) is told as its kind of error, not in English.
    await userEvent.click(await screen.findByRole('button', { name: 'Anmelden' }));
    await refuse(401, 'auth.from_a_newer_server', 'Something only the server says');
    expect(await toastText('Bitte melden Sie sich erneut an.')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid email|Too many|only the server/)).toBeNull();
  });

  it("/admin-login: 'Authenticating...' while signing in, then 'Admin Access Granted' and /admin", async () => {
    const server = deferredFetch();
    show('/admin-login');
    expect(screen.getByRole('link', { name: 'Back to Main Login' })).toHaveAttribute('href', '/login');
    await fill('admin@example.com', 'admin123', ['Admin Email', 'Admin Password']);
    await userEvent.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    expect(await screen.findByRole('button', { name: 'Authenticating...' })).toBeDisabled();
    await server.answer(signedIn(true));
    expect(await toastText('Admin Access Granted')).toBeInTheDocument();
    expect(await toastText('Welcome to the admin dashboard')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin'));
  });

  it("/admin-login: a failure is titled 'Access Denied' with the server's message", async () => {
    // The failure is an error toast, which the app also logs.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = deferredFetch();
    show('/admin-login');
    await fill('admin@example.com', 'wrong', ['Admin Email', 'Admin Password']);
    await userEvent.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    await server.answer(
      json(401, { success: false, message: 'Invalid email or password', error: 'Invalid email or password' }),
    );
    expect(await toastText('Access Denied')).toBeInTheDocument();
    expect(await toastText('Invalid email or password')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Access Admin Panel' })).toBeEnabled();
  });

  it("/admin-login: without a message the failure reads 'Invalid admin credentials'", async () => {
    // The failure is an error toast, which the app also logs.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(api).mockRejectedValueOnce(new Error(''));
    show('/admin-login');
    await fill('admin@example.com', 'admin123', ['Admin Email', 'Admin Password']);
    await userEvent.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    expect(await toastText('Access Denied')).toBeInTheDocument();
    expect(await toastText('Invalid admin credentials')).toBeInTheDocument();
  });

  it('/register: a 400 names the field in words next to it and focuses it, with an Error toast', async () => {
    // The app logs every error toast; this test expects one.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = deferredFetch();
    show('/register');
    await fill('new@example.com', 'correct horse battery staple');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const message = 'An account with this email already exists';
    await server.answer(json(400, { success: false, message, error: message, fields: { email: message } }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(message);
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(await toastText('Error')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/register');
  });

  it("/register links back with 'Already have an account? Sign in'", () => {
    show('/register');
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});
