import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@/lib/i18n';
import { Component as MediaPage } from './media-page';
import {
  ADMIN,
  failure,
  fakeApi,
  findEmpty,
  findToast,
  json,
  mediaItem,
  renderAdmin,
  confirmDialog,
} from '../../../../test/admin';

const pier = mediaItem();
const isList = (req: { method: string; path: string }) =>
  req.method === 'GET' && req.path === '/api/media/admin';

describe('Media Management: toasts and empty texts (docs/product.md §18)', () => {
  it('says "No media found" when the project has none', async () => {
    fakeApi((req) => (isList(req) ? json({ success: true, media: [] }) : undefined));
    renderAdmin(<MediaPage />, 'media');
    expect(await findEmpty('No media found')).toBeInTheDocument();
  });

  it('says "Failed to fetch media" when the list does not load', async () => {
    fakeApi((req) => (isList(req) ? failure('The database is unavailable', 503) : undefined));
    renderAdmin(<MediaPage />, 'media');
    expect(await findToast('Failed to fetch media')).toHaveTextContent('The database is unavailable');
  });

  it('deletes an item after a confirmation ("Deleted"), or says "Failed to delete media"', async () => {
    let refuse = true;
    const requests = fakeApi((req) => {
      if (req.method === 'DELETE')
        return refuse ? failure('The file is locked') : json({ success: true, message: 'Media deleted' });
      return isList(req) ? json({ success: true, media: [pier] }) : undefined;
    });
    renderAdmin(<MediaPage />, 'media');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Pier at dawn' }));
    await confirmDialog('Delete media “Pier at dawn”?', 'Delete');
    expect(await findToast('Failed to delete media')).toHaveTextContent('The file is locked');
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete Pier at dawn' }));
    await confirmDialog('Delete media “Pier at dawn”?', 'Delete');
    expect(await findToast('Deleted')).toHaveTextContent('Media “Pier at dawn” was deleted.');
    expect(requests.filter((r) => r.method === 'DELETE').at(-1)!.path).toBe(`/api/media/${pier._id}`);
  });

  it('says "Failed to save media" with the reason, then "Created" and "Updated"', async () => {
    let refuse = true;
    fakeApi((req) => {
      if (req.method === 'POST' || req.method === 'PUT')
        return refuse
          ? failure('The file is larger than the upload limit of 25 MB', 413)
          : json({ success: true, data: pier }, req.method === 'POST' ? 201 : 200);
      return isList(req) ? json({ success: true, media: [pier] }) : undefined;
    });
    renderAdmin(<MediaPage />, 'media');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Media' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Media' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Sauna');
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'photo');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'By the lake');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Media' }));
    expect(await findToast('Failed to save media')).toHaveTextContent(
      'The file is larger than the upload limit of 25 MB',
    );
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Media' }));
    expect(await findToast('Created')).toHaveTextContent('Media “Sauna” was added.');

    await userEvent.click(screen.getByRole('button', { name: 'Edit Pier at dawn' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Edit Media' })).getByRole('button', {
        name: 'Save Changes',
      }),
    );
    expect(await findToast('Updated')).toHaveTextContent('Media “Pier at dawn” was updated.');
  });
});

describe('Media Management in German (issue 33)', () => {
  it('shows the card with its type, status, priority and date, and the media dialog', async () => {
    await setLocale('de');
    fakeApi(
      (req) =>
        isList(req)
          ? json({
              success: true,
              media: [
                mediaItem({
                  type: 'behind-scenes',
                  status: 'inactive',
                  priority: 1200,
                  url: '/demo/photos/pier.jpg',
                  downloadUrl: '/demo/photos/pier.jpg',
                }),
              ],
            })
          : undefined,
      { me: { ...ADMIN, locale: 'de' } },
    );
    renderAdmin(<MediaPage />, 'media');
    expect(await screen.findByRole('heading', { name: 'Medienverwaltung' })).toBeInTheDocument();
    expect(await screen.findByText('Fotos und Videos von Aurora Lakeside Cabins')).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'Pier at dawn' })).closest<HTMLElement>(
      '[aria-labelledby]',
    )!;
    expect(within(card).getByText('Hinter den Kulissen')).toBeInTheDocument();
    expect(within(card).getByText('Inaktiv')).toBeInTheDocument();
    expect(within(card).getByText('1. März 2026 · Priorität 1.200')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Pier at dawn öffnen' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Pier at dawn herunterladen' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Medium hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medium hinzufügen' });
    const options = (label: string) =>
      within(within(dialog).getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options('Typ')).toEqual(['Typ auswählen', 'Foto', 'Video', 'Hinter den Kulissen']);
    expect(options('Status')).toEqual(['Aktiv', 'Inaktiv', 'Entwurf']);
    expect(within(dialog).getByLabelText('Priorität')).toHaveAccessibleDescription(
      'Höhere Werte werden zuerst angezeigt.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Medium hinzufügen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Titel, Typ und Beschreibung sind erforderlich',
    );
    expect(within(dialog).getByLabelText('Titel')).toHaveFocus();
  });
});
