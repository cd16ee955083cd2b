import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/ui/toaster';
import { setLocale } from '@/lib/i18n';
import { resetToasts } from '@/lib/toast';
import { ProfileDialog } from './profile-dialog';
import { currentUser } from '../../../test/fixtures';
import { WithQueries } from '../../../test/queries';

const user = currentUser({ city: 'Helsinki', country: 'Finland' });

describe('the profile in three languages (issue 33)', () => {
  it('choosing Deutsch and saving keeps it on the account, and the page speaks German afterwards', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ success: true, data: user }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // A reload replaces the page: nothing rendered and no toast in memory survives it.
    const reload = vi.fn(() => {
      cleanup();
      resetToasts();
    });
    render(<ProfileDialog user={user} open onOpenChange={() => {}} reload={reload} />, {
      wrapper: WithQueries,
    });
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('en');
    await userEvent.selectOptions(language, 'Deutsch');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/me');
    expect(JSON.parse(init.body as string)).toMatchObject({ name: user.name, locale: 'de' });
    expect(document.documentElement.lang).toBe('de');

    render(<Toaster />);
    expect((await screen.findAllByText('Profil erfolgreich aktualisiert!'))[0]).toBeInTheDocument();
    render(
      <ProfileDialog user={{ ...user, locale: 'de' }} open onOpenChange={() => {}} reload={() => {}} />,
      { wrapper: WithQueries },
    );
    expect(screen.getByRole('dialog', { name: 'Profil bearbeiten' })).toBeInTheDocument();
    expect(screen.getByLabelText('Vollständiger Name')).toHaveValue(user.name);
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(screen.getByRole('button', { name: 'Änderungen speichern' })).toBeInTheDocument();
  });

  it('Norwegian: the dialog, its tabs and its check of the name', async () => {
    await setLocale('nb');
    vi.stubGlobal('fetch', vi.fn());
    render(
      <ProfileDialog user={{ ...user, locale: 'nb' }} open onOpenChange={() => {}} reload={() => {}} />,
      { wrapper: WithQueries },
    );
    expect(screen.getByRole('dialog', { name: 'Rediger profil' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sikkerhet' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Bankkonto' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Språk' })).toHaveValue('nb');
    await userEvent.clear(screen.getByLabelText('Fullt navn'));
    await userEvent.click(screen.getByRole('button', { name: 'Lagre endringer' }));
    expect(await screen.findByText('Fullt navn er påkrevd')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Avbryt' })).toBeInTheDocument();
  });
});
