import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component as UpdatesPage } from './updates-page';
import {
  failure,
  fakeApi,
  findEmpty,
  findToast,
  json,
  renderAdmin,
  update,
  confirmDialog,
} from '../../../../test/admin';

const jetty = update();
const isList = (req: { method: string; path: string }) => req.method === 'GET' && req.path === '/api/updates';

describe('Updates Management: toasts and empty texts (docs/product.md §18)', () => {
  it('says "No updates found" when the project has none', async () => {
    fakeApi((req) => (isList(req) ? json({ success: true, updates: [] }) : undefined));
    renderAdmin(<UpdatesPage />, 'updates');
    expect(await findEmpty('No updates found')).toBeInTheDocument();
  });

  it('says "Failed to fetch updates" when the list does not load', async () => {
    fakeApi((req) => (isList(req) ? failure('The database is unavailable', 503) : undefined));
    renderAdmin(<UpdatesPage />, 'updates');
    expect(await findToast('Failed to fetch updates')).toHaveTextContent('The database is unavailable');
  });

  it('deletes an update after a confirmation ("Deleted"), or says "Failed to delete update"', async () => {
    let refuse = true;
    const requests = fakeApi((req) => {
      if (req.method === 'DELETE')
        return refuse
          ? failure('The update could not be deleted')
          : json({ success: true, message: 'Deleted' });
      return isList(req) ? json({ success: true, updates: [jetty] }) : undefined;
    });
    renderAdmin(<UpdatesPage />, 'updates');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Jetty rebuilt' }));
    await confirmDialog('Delete update “Jetty rebuilt”?', 'Delete');
    expect(await findToast('Failed to delete update')).toHaveTextContent('The update could not be deleted');
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete Jetty rebuilt' }));
    await confirmDialog('Delete update “Jetty rebuilt”?', 'Delete');
    expect(await findToast('Deleted')).toHaveTextContent('Update “Jetty rebuilt” was deleted.');
    expect(requests.filter((r) => r.method === 'DELETE').at(-1)!.path).toBe(`/api/updates/${jetty._id}`);
  });

  it('says "Failed to save update" with the reason, then "Created" and "Updated"', async () => {
    let refuse = true;
    fakeApi((req) => {
      if (req.method === 'POST' || req.method === 'PUT')
        return refuse
          ? failure('images: must be paths or https addresses', 400)
          : json({ success: true, data: jetty });
      return isList(req) ? json({ success: true, updates: [jetty] }) : undefined;
    });
    renderAdmin(<UpdatesPage />, 'updates');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Update' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Update' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Sauna opened');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish Update' }));
    expect(await findToast('Failed to save update')).toHaveTextContent(
      'images: must be paths or https addresses',
    );
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish Update' }));
    expect(await findToast('Created')).toHaveTextContent('Update “Sauna opened” was published.');

    await userEvent.click(screen.getByRole('button', { name: 'Edit Jetty rebuilt' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Edit Update' })).getByRole('button', {
        name: 'Save Changes',
      }),
    );
    expect(await findToast('Updated')).toHaveTextContent('Update “Jetty rebuilt” was updated.');
  });
});
