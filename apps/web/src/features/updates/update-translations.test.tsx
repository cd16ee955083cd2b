import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@/lib/i18n';
import { Component as UpdatesPage } from './admin/updates-page';
import { UpdateCard } from './components/update-card';
import { fakeApi, findToast, json, renderAdmin, update } from '../../../test/admin';

const isList = (req: { method: string; path: string }) => req.method === 'GET' && req.path === '/api/updates';

describe('Update translations in the admin dialog', () => {
  it('sends a translation per language, none for an empty one, and refuses one without a title', async () => {
    const jetty = update({
      translations: { de: { title: 'Steg erneuert', excerpt: 'Neu gebaut.', content: '<p>Fertig.</p>' } },
    });
    const requests = fakeApi((req) => {
      if (req.method === 'PUT') return json({ success: true, data: jetty });
      return isList(req) ? json({ success: true, updates: [jetty] }) : undefined;
    });
    renderAdmin(<UpdatesPage />, 'updates');
    expect(await screen.findByText('Translated: Deutsch')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Jetty rebuilt' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Update' });
    expect(within(dialog).getByRole('group', { name: 'Translations' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title (Deutsch)')).toHaveValue('Steg erneuert');

    // A Norwegian excerpt without a title is refused next to its title, and nothing is sent.
    await userEvent.click(within(dialog).getByText('Norsk bokmål'));
    await userEvent.type(within(dialog).getByLabelText('Excerpt (Norsk bokmål)'), 'Ny brygge.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const nbTitle = within(dialog).getByLabelText('Title (Norsk bokmål)');
    expect(nbTitle).toHaveAccessibleDescription('Title is required');
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await userEvent.type(nbTitle, 'Brygga er bygd på nytt');
    await userEvent.clear(within(dialog).getByLabelText('Title (Deutsch)'));
    await userEvent.type(within(dialog).getByLabelText('Title (Deutsch)'), 'Neuer Steg');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Updated')).toHaveTextContent('Update “Jetty rebuilt” was updated.');
    const sent = requests.filter((r) => r.method === 'PUT').at(-1)!.body as { translations: unknown };
    expect(sent.translations).toEqual({
      de: { title: 'Neuer Steg', excerpt: 'Neu gebaut.', content: '<p>Fertig.</p>' },
      nb: { title: 'Brygga er bygd på nytt', excerpt: 'Ny brygge.', content: '' },
    });
  });

  it('removes a translation: it is no longer sent', async () => {
    const jetty = update({ translations: { nb: { title: 'Brygge', excerpt: '', content: '' } } });
    const requests = fakeApi((req) => {
      if (req.method === 'PUT') return json({ success: true, data: jetty });
      return isList(req) ? json({ success: true, updates: [jetty] }) : undefined;
    });
    renderAdmin(<UpdatesPage />, 'updates');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Jetty rebuilt' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Update' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove translation (Norsk bokmål)' }));
    expect(within(dialog).getByLabelText('Title (Norsk bokmål)')).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Updated')).toBeInTheDocument();
    const sent = requests.filter((r) => r.method === 'PUT').at(-1)!.body as { translations: unknown };
    expect(sent.translations).toEqual({});
  });
});

describe('A translated update on the investor card', () => {
  it('says "Translated" in the page language when the investor got a translation', async () => {
    await setLocale('de');
    render(
      <UpdateCard
        update={update({ title: 'Steg erneuert', translatedTo: 'de' })}
        expanded={false}
        onToggle={() => {}}
      />,
    );
    expect(screen.getByText('Übersetzt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Weiterlesen: Steg erneuert' })).toBeInTheDocument();
  });

  it('says nothing of a translation for an update as written', () => {
    render(<UpdateCard update={update({ translatedTo: null })} expanded={false} onToggle={() => {}} />);
    expect(screen.queryByText('Translated')).not.toBeInTheDocument();
    expect(screen.getByText('Read more')).toBeInTheDocument();
  });
});
