import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_INVALID_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
} from '@portal/contracts';
import { renderPages } from '../../../test/signed-out';
import { resetToasts } from '@/lib/toast';
import { Component as AdminLoginPage } from './admin-login-page';
import { Component as ForgotPasswordPage } from './forgot-password-page';
import { Component as LoginPage } from './login-page';
import { Component as ResetPasswordPage } from './reset-password-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number, message: string, fields?: Record<string, string>) =>
  json(status, { success: false, message, error: message, ...(fields && { fields }) });

/** Each request the pages send (path and JSON body), and the answer the test gives the next one. */
let sent: { path: string; body: unknown }[];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  answer = () => failure(404, 'No fake answer');
  resetToasts();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ path: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
});

function show(path: string) {
  return renderPages(path, {
    '/login': <LoginPage />,
    '/admin-login': <AdminLoginPage />,
    '/forgot-password': <ForgotPasswordPage />,
    '/reset-password': <ResetPasswordPage />,
  });
}

describe('the sign-in pages', () => {
  it.each(['/login', '/admin-login'])('%s links to /forgot-password under the password', async (path) => {
    show(path);
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    await userEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/forgot-password');
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  });
});

describe('/forgot-password', () => {
  it("sends the address and shows the server's answer, whatever the address", async () => {
    answer = () => json(200, { success: true, message: PASSWORD_RESET_SENT_MESSAGE });
    show('/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), ' someone@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`${PASSWORD_RESET_SENT_MESSAGE}.`);
    expect(screen.getByRole('status')).toHaveTextContent('someone@example.com');
    expect(sent).toEqual([{ path: '/api/auth/password-reset', body: { email: 'someone@example.com' } }]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    // Another address: the form again, empty of errors.
    await userEvent.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });

  it('checks the address before sending: an empty one is named next to the field', async () => {
    show('/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it("shows a 429's message as an error and keeps the form", async () => {
    const message = 'Too many reset requests for this address. Try again later.';
    answer = () => failure(429, message);
    show('/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'investor@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('investor@example.com');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });
});

describe('/reset-password', () => {
  const fill = async (password: string, confirm = password) => {
    await userEvent.type(screen.getByLabelText('New password'), password);
    await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
  };

  it('sets the new password with the token, then says so with a Sign in link', async () => {
    answer = () => json(200, { success: true, message: PASSWORD_RESET_DONE_MESSAGE });
    show('/reset-password?token=abc123');
    await fill('new-secret-9');
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(PASSWORD_RESET_DONE_MESSAGE);
    expect(sent).toEqual([
      { path: '/api/auth/password-reset/confirm', body: { token: 'abc123', password: 'new-secret-9' } },
    ]);
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/login');
  });

  it('checks the two fields before sending: at least 6 characters, and the same twice', async () => {
    show('/reset-password?token=abc123');
    await fill('short');
    const password = screen.getByLabelText('New password');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(/Password must be at least 6 characters/);
    await userEvent.clear(password);
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await fill('long-enough-1', 'long-enough-2');
    await waitFor(() =>
      expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
        'The passwords do not match',
      ),
    );
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);
  });

  it("a used or expired link: the server's message and a link to ask for a new one", async () => {
    answer = () => failure(400, PASSWORD_RESET_INVALID_MESSAGE);
    show('/reset-password?token=used-token');
    await fill('new-secret-9');
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_INVALID_MESSAGE);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('a 400 about the password goes next to the field, and the form stays', async () => {
    const message = 'Password must be at least 6 characters';
    answer = () => failure(400, message, { password: message });
    show('/reset-password?token=abc123');
    await fill('123456');
    const password = screen.getByLabelText('New password');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(new RegExp(message));
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
  });

  it('any other failure shows above the form, which stays', async () => {
    const message = 'Too many attempts. Try again in a minute.';
    answer = () => failure(429, message);
    show('/reset-password?token=abc123');
    await fill('new-secret-9');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('a link without its token says it is incomplete, with a link to ask for a new one', () => {
    show('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(sent).toEqual([]);
  });
});
