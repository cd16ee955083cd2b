import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cabin, HighSeason } from '@portal/contracts';
import { Component as PerksPage } from './perks-page';
import {
  AURORA,
  confirmDialog,
  failure,
  fakeApi,
  findToast,
  json,
  renderAdmin,
} from '../../../../test/admin';

const at = '2026-03-01T10:00:00.000Z';
const birch: Cabin = {
  _id: 'c0000000-0000-4000-8000-000000000001',
  projectId: AURORA._id,
  name: 'Birch',
  sleeps: 4,
  description: 'By the lake',
  photos: ['/media/birch.jpg'],
  active: true,
  futureNights: 3,
  createdAt: at,
  updatedAt: at,
};
const midsummer: HighSeason = {
  _id: 'c0000000-0000-4000-8000-0000000000a1',
  projectId: AURORA._id,
  name: 'Midsummer',
  startsOn: '2027-06-18',
  endsOn: '2027-06-27',
  maxNightsPerInvestor: 4,
  usedNights: 0,
};
const cabins = `/api/projects/${AURORA._id}/cabins`;
const seasons = `/api/projects/${AURORA._id}/high-seasons`;

function api(write: (method: string, path: string) => Response | undefined = () => undefined) {
  return fakeApi((req) => {
    if (req.method !== 'GET') return write(req.method, req.path);
    if (req.path === `/api/perks/benefits/${AURORA._id}`) return json({ success: true, perks: [] });
    if (req.path === cabins) return json({ success: true, data: [birch] });
    if (req.path === seasons) return json({ success: true, data: [midsummer] });
    return undefined;
  });
}

describe('Perks Management: cabins and high seasons', () => {
  it('lists the cabins and high seasons of the project', async () => {
    api();
    renderAdmin(<PerksPage />, 'perks');
    const row = within(await screen.findByRole('table', { name: 'Cabins' })).getByRole('row', {
      name: /Birch/,
    });
    expect(row).toHaveTextContent('Birch');
    expect(row).toHaveTextContent('Active');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('3');
    const season = within(screen.getByRole('table', { name: 'High seasons' })).getByRole('row', {
      name: /Midsummer/,
    });
    expect(season).toHaveTextContent('Jun 18, 2027 – Jun 27, 2027');
    // Names wrap in their column on a phone instead of being cut ('Lakeshor…').
    for (const name of [within(row).getByText('Birch'), within(season).getByText('Midsummer')]) {
      expect(name).not.toHaveClass('truncate');
      expect(name).toHaveClass('wrap-anywhere');
    }
  });

  it('checks the cabin dialog as the server does, then sends the cabin with one photo a line', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = api((method) =>
      method === 'POST' ? json({ success: true, data: birch }, 201) : undefined,
    );
    renderAdmin(<PerksPage />, 'perks');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Cabin' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Cabin' });
    const photos = within(dialog).getByLabelText('Photos');
    await userEvent.type(photos, 'ftp://example.com/a.jpg');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Cabin' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Sleeps')).toHaveAccessibleDescription(
      'Sleeps must be a whole number',
    );
    expect(photos).toHaveAccessibleDescription(/A photo address must start with \/ or https:\/\//);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Name'), ' Pine ');
    await userEvent.type(within(dialog).getByLabelText('Sleeps'), '0');
    await userEvent.clear(photos);
    await userEvent.type(photos, '/media/pine.jpg{Enter}{Enter}https://example.com/pine-2.jpg');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Cabin' }));
    expect(await within(dialog).findByText('Sleeps must be at least 1')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Sleeps'));
    await userEvent.type(within(dialog).getByLabelText('Sleeps'), '6');
    await userEvent.click(within(dialog).getByLabelText('Active (takes new stays)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Cabin' }));
    expect(await findToast('Created')).toHaveTextContent('Cabin “Pine” was created.');
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: cabins,
      body: {
        name: 'Pine',
        sleeps: 6,
        description: '',
        photos: ['/media/pine.jpg', 'https://example.com/pine-2.jpg'],
        active: false,
      },
    });
  });

  it("shows the server's refusal to delete a cabin with future stays", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'Birch holds 3 nights from today on: move or cancel those stays first';
    api((method) => (method === 'DELETE' ? failure(message, 409) : undefined));
    renderAdmin(<PerksPage />, 'perks');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Birch' }));
    await confirmDialog('Delete cabin Birch?', 'Delete');
    expect(await findToast('Failed to delete cabin')).toHaveTextContent(message);
  });

  it('a high season ends on or after its start; the limit is a whole number', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = api((method) =>
      method === 'PUT' ? json({ success: true, data: midsummer }) : undefined,
    );
    renderAdmin(<PerksPage />, 'perks');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Midsummer' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit High Season' });
    const end = within(dialog).getByLabelText('End date');
    await userEvent.clear(end);
    await userEvent.type(end, '2027-06-10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText('The end date cannot be before the start date'),
    ).toBeInTheDocument();
    await userEvent.clear(end);
    await userEvent.type(end, '2027-06-28');
    await userEvent.clear(within(dialog).getByLabelText('High-season nights per investor'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('High-season nights per investor')).toHaveAccessibleDescription(
        'The high-season limit must be a whole number',
      ),
    );
    await userEvent.type(within(dialog).getByLabelText('High-season nights per investor'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Updated')).toHaveTextContent('High season “Midsummer” was updated.');
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
        path: `${seasons}/${midsummer._id}`,
        body: { name: 'Midsummer', startsOn: '2027-06-18', endsOn: '2027-06-28', maxNightsPerInvestor: 5 },
      }),
    );
  });

  it("shows the server's refusal of overlapping dates next to the date that falls in the other season", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message =
      "The dates overlap the high season Midsummer (Jun 18, 2027 – Jun 27, 2027): a project's high seasons cannot share a date";
    api((method) =>
      method === 'POST'
        ? json({ success: false, message, error: message, fields: { startsOn: message } }, 400)
        : undefined,
    );
    renderAdmin(<PerksPage />, 'perks');
    await userEvent.click(await screen.findByRole('button', { name: 'Add High Season' }));
    const dialog = screen.getByRole('dialog', { name: 'Add High Season' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Late June');
    await userEvent.type(within(dialog).getByLabelText('Start date'), '2027-06-25');
    await userEvent.type(within(dialog).getByLabelText('End date'), '2027-07-05');
    await userEvent.type(within(dialog).getByLabelText('High-season nights per investor'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add High Season' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Start date')).toHaveAccessibleDescription(message),
    );
    expect(within(dialog).getByLabelText('End date')).not.toHaveAccessibleDescription(message);
    expect(await findToast('Failed to save high season')).toHaveTextContent(message);
  });
});
