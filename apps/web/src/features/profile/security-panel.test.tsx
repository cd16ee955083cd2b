import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failedWrites } from '@/lib/query-client';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser, TotpStatus } from '@portal/contracts';
import { Toaster } from '@/components/ui/toaster';
import { setLocale } from '@/lib/i18n';
import { resetToasts } from '@/lib/toast';
import { SecurityPanel } from './security-panel';
import { allowConsole } from '../../../test/console';
import { ADMIN } from '../../../test/fixtures';

const admin = { ...ADMIN, _id: 'a1', createdAt: '2022-01-01T00:00:00.000Z', lastLoginAt: null };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let totp: TotpStatus;
let policy: { requireAdminTotp: boolean };
let refuse: string | null;
let puts: unknown[];

beforeEach(() => {
  totp = { enabled: true, required: false, recoveryCodesLeft: 10 };
  policy = { requireAdminTotp: false };
  refuse = null;
  puts = [];
  resetToasts();
  allowConsole('error', /^\[toast\]/);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === '/api/auth/totp') return json({ success: true, data: totp });
      if (path === '/api/admin/settings/security' && init?.method === 'PUT') {
        if (refuse) return json({ success: false, message: refuse, error: refuse }, 409);
        puts.push(JSON.parse(String(init.body)));
        policy = JSON.parse(String(init.body));
        totp = { ...totp, required: policy.requireAdminTotp };
        return json({ success: true, data: policy });
      }
      if (path === '/api/admin/settings/security') return json({ success: true, data: policy });
      return json({ success: false, message: `No fake answer for ${path}`, error: 'x' }, 404);
    }),
  );
});

function renderPanel(user: CurrentUser) {
  const client = new QueryClient({
    mutationCache: failedWrites(),
    defaultOptions: { queries: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <SecurityPanel user={user} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const setting = () =>
  screen.findByRole('checkbox', { name: 'Require two-factor sign-in for all admin accounts' });

describe('the admin setting that requires two-factor sign-in for admins', () => {
  it('cannot be turned on before the admin has it on their own account', async () => {
    totp = { enabled: false, required: false, recoveryCodesLeft: 0 };
    renderPanel(admin);
    const box = await setting();
    expect(box).not.toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.getByText('Turn it on for your own account first.')).toBeInTheDocument();
  });

  it('is turned on and off by the admin, saved on the server each time ("Updated")', async () => {
    renderPanel(admin);
    const box = await setting();
    expect(box).toBeEnabled();
    expect(
      screen.getByText('Admins without it are asked to set it up before they can use the admin panel.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(await screen.findByText('Updated', { exact: true })).toBeInTheDocument();
    // Now required of this admin too: it can no longer be turned off here.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument());
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(puts).toEqual([{ requireAdminTotp: true }, { requireAdminTotp: false }]);
  });

  it("keeps the setting as it was and shows the server's reason when the save is refused", async () => {
    refuse = 'Turn on two-factor sign-in for your own account first.';
    renderPanel(admin);
    const box = await setting();
    await userEvent.click(box);
    expect(
      await screen.findByText('Turn on two-factor sign-in for your own account first.', { exact: true }),
    ).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('offers no way to turn two-factor sign-in off while it is required', async () => {
    totp = { enabled: true, required: true, recoveryCodesLeft: 10 };
    policy = { requireAdminTotp: true };
    renderPanel(admin);
    expect(await setting()).toBeChecked();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });

  it('is not shown to investors', async () => {
    renderPanel({ ...admin, isAdmin: false, role: 'user' });
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    const calls = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(calls).not.toContain('/api/admin/settings/security');
  });
});

describe('the password change form', () => {
  const fill = async (current: string, next: string, confirm: string) => {
    await userEvent.type(await screen.findByLabelText('Current password'), current);
    await userEvent.type(screen.getByLabelText('New password'), next);
    await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  };
  const posts = () => vi.mocked(fetch).mock.calls.filter(([input]) => String(input) === '/api/auth/password');

  it('asks for 6 characters first, then for the same new password twice, and sends nothing till then', async () => {
    renderPanel({ ...admin, isAdmin: false, role: 'user' });
    await fill('old-password', 'short', 'other');
    const next = screen.getByLabelText('New password');
    expect(next).toHaveAttribute('aria-invalid', 'true');
    expect(next).toHaveAccessibleDescription(/Password must be at least 6 characters/);
    await userEvent.type(next, '-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(next).toHaveAccessibleDescription(/The new passwords do not match/);
    expect(posts()).toEqual([]);
  });

  it('sends the current and new password, says "Password changed" and empties the form', async () => {
    const fetchMock = vi.mocked(fetch);
    const fake = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/auth/password'
        ? json({ success: true, message: 'Password updated successfully' })
        : fake(input, init),
    );
    renderPanel({ ...admin, isAdmin: false, role: 'user' });
    await fill('old-password', 'new-password-1', 'new-password-1');
    expect(await screen.findByText('Password changed', { exact: true })).toBeInTheDocument();
    expect(posts().map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { currentPassword: 'old-password', newPassword: 'new-password-1' },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it("shows the server's field problem next to its field", async () => {
    const fetchMock = vi.mocked(fetch);
    const fake = fetchMock.getMockImplementation()!;
    const wrong = 'Current password is incorrect';
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/auth/password'
        ? json({ success: false, message: wrong, error: wrong, fields: { currentPassword: wrong } }, 400)
        : fake(input, init),
    );
    renderPanel({ ...admin, isAdmin: false, role: 'user' });
    await fill('old-password', 'new-password-1', 'new-password-1');
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription(wrong));
    expect(current).toHaveFocus();
  });
});

describe('the security panel in German and Norwegian (issue 33)', () => {
  it('speaks German: two-factor set-up, the admin setting and the password change with its checks', async () => {
    await setLocale('de');
    totp = { enabled: false, required: false, recoveryCodesLeft: 0 };
    renderPanel(admin);
    expect(await screen.findByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: /^Zwei-Faktor-Anmeldung/ })).toHaveTextContent(
      'Zwei-Faktor-AnmeldungAus',
    );
    expect(
      screen.getByText(
        'Schützen Sie Ihr Konto zusätzlich zu Ihrem Passwort mit einem Code aus einer Authenticator-App (Google Authenticator, 1Password, Authy …).',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('checkbox', { name: 'Zwei-Faktor-Anmeldung für alle Admin-Konten verlangen' }),
    ).toBeDisabled();
    expect(screen.getByText('Schalten Sie sie zuerst für Ihr eigenes Konto ein.')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Passwort ändern' })).toBeInTheDocument();
    expect(
      screen.getByText('Wenn Sie Ihr Passwort ändern, werden Sie überall sonst abgemeldet.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'old-password');
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Neues Passwort bestätigen'), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(screen.getByLabelText('Neues Passwort')).toHaveAccessibleDescription(
      /Die neuen Passwörter stimmen nicht überein/,
    );
  });

  it('speaks Norwegian: the recovery codes left while two-factor sign-in is required', async () => {
    await setLocale('nb');
    totp = { enabled: true, required: true, recoveryCodesLeft: 1 };
    renderPanel({ ...admin, isAdmin: false, role: 'user' });
    expect(await screen.findByRole('button', { name: 'Nye gjenopprettingskoder' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: /^Tofaktorinnlogging/ })).toHaveTextContent(
      'TofaktorinnloggingPå',
    );
    expect(
      screen.getByText('Du har 1 ubrukt gjenopprettingskode. Bekreft passordet ditt for å lage nye koder.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Slå av' })).not.toBeInTheDocument();
  });
});
