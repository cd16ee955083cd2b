import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failedWrites } from '@/lib/query-client';
import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EmailPreferences } from '@portal/contracts';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/toast';
import { EmailPreferencesPanel } from './email-preferences-panel';
import { Component as EmailPreferencesPage } from './email-preferences-page';
import { ProfileDialog, type ProfileTab } from './profile-dialog';
import { allowConsole } from '../../../test/console';
import { ADMIN, INVESTOR } from '../../../test/fixtures';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let saved: EmailPreferences;
let puts: unknown[];
let onPut: (body: Partial<EmailPreferences>) => Response;

beforeEach(() => {
  resetToasts();
  puts = [];
  saved = { security: true, payouts: true, projects: true, bookings: false, announcements: true };
  onPut = (body) => {
    saved = { ...saved, ...body };
    return json(200, { success: true, data: saved, message: 'Email preferences saved' });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== '/api/users/me/email-preferences')
        return json(404, { success: false, message: 'No fake answer', error: 'No fake answer' });
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Partial<EmailPreferences>;
        puts.push(body);
        return onPut(body);
      }
      return json(200, { success: true, data: saved });
    }),
  );
});

function renderWith(ui: ReactNode) {
  const client = new QueryClient({
    mutationCache: failedWrites(),
    defaultOptions: { queries: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

/** The newest toast: Radix repeats its text for screen readers, so the first match is the toast's. */
const toastText = (text: string) => screen.findAllByText(text, { exact: true }).then((all) => all[0]);

describe('the email preferences panel', () => {
  it('shows a switch per kind of email; account and security is on and cannot be turned off', async () => {
    renderWith(<EmailPreferencesPanel />);
    const security = await screen.findByRole('switch', { name: 'Account and security' });
    expect(security).toBeChecked();
    expect(security).toBeDisabled();
    expect(security).toHaveAccessibleDescription(/cannot be turned off/);
    expect(screen.getByRole('switch', { name: 'Payouts and statements' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Project updates and documents' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Bookings' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Announcements' })).toBeEnabled();
  });

  it('saves each change at once, with a toast, and shows what the server saved', async () => {
    renderWith(<EmailPreferencesPanel />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Announcements' }));
    expect(await toastText('Email preferences saved')).toBeInTheDocument();
    expect(await toastText('Announcements emails are off.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Announcements' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: 'Bookings' }));
    expect(await toastText('Bookings emails are on.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Bookings' })).toBeChecked());
    expect(puts).toEqual([{ announcements: false }, { bookings: true }]);
  });

  it('a failed save is an error toast and the switch goes back', async () => {
    allowConsole('error', /^\[toast\]/);
    onPut = () => json(503, { success: false, message: 'Server busy', error: 'Server busy' });
    renderWith(<EmailPreferencesPanel />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Payouts and statements' }));
    expect(await toastText('Server busy')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Payouts and statements' })).toBeChecked());
    expect(screen.getByRole('switch', { name: 'Payouts and statements' })).toBeEnabled();
  });

  it('a failed read says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(500, { success: false, message: 'Something went wrong', error: 'Something went wrong' }),
      ),
    );
    renderWith(<EmailPreferencesPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('the /email-preferences page shows it under its own heading', async () => {
    renderWith(<EmailPreferencesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Email preferences' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Email notifications' })).toBeInTheDocument();
    expect(screen.getAllByRole('switch')).toHaveLength(5);
  });
});

describe("the profile dialog's Email tab", () => {
  it.each([
    ['an investor', INVESTOR],
    ['an admin', ADMIN],
  ])('is there for %s and shows the switches', async (_, user) => {
    const onTabChange = vi.fn();
    const { rerender } = render(
      <QueryClientProvider client={new QueryClient({ mutationCache: failedWrites() })}>
        <ProfileDialog user={user} open onOpenChange={() => {}} onTabChange={onTabChange} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Email' }));
    expect(onTabChange).toHaveBeenCalledWith('email' satisfies ProfileTab);
    rerender(
      <QueryClientProvider client={new QueryClient({ mutationCache: failedWrites() })}>
        <ProfileDialog user={user} open onOpenChange={() => {}} tab="email" />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('switch', { name: 'Announcements' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Account and security' })).toBeDisabled();
  });
});
