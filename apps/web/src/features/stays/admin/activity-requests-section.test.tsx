import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminActivityRequest } from '@portal/contracts';
import { Component as BookingsPage } from './bookings-page';
import { AURORA, adminUser, failure, fakeApi, findToast, json, renderAdmin } from '../../../../test/admin';

const emma = adminUser();
const safari: AdminActivityRequest = {
  _id: 'a0000000-0000-4000-8000-000000000001',
  perkId: 'k0000000-0000-4000-8000-000000000001',
  perkName: 'Husky safari',
  projectId: AURORA._id,
  userId: emma._id,
  date: '2027-01-15',
  partySize: 3,
  note: 'Two children',
  status: 'pending',
  decisionNote: null,
  decidedAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  user: { _id: emma._id, name: emma.name, email: emma.email },
};
const LIST = '/api/perks/activity-requests/admin';

function api(put: () => Response) {
  return fakeApi((req) => {
    if (req.method === 'GET' && req.path === '/api/bookings/admin') return json({ success: true, data: [] });
    if (req.method === 'GET' && req.path === LIST)
      return json({
        success: true,
        data: req.query.get('status') === 'pending' ? [safari] : req.query.get('status') ? [] : [safari],
      });
    if (req.method === 'PUT') return put();
    return undefined;
  });
}

describe('Booking Requests: activity requests', () => {
  it('lists the pending activity requests and approves one with a note', async () => {
    const requests = api(() =>
      json({
        success: true,
        data: { ...safari, status: 'approved', decisionNote: 'See you at the kennel' },
        message: 'Activity approved',
      }),
    );
    renderAdmin(<BookingsPage />, 'bookings');
    const section = await screen.findByRole('region', { name: 'Activity requests' });
    const item = (await within(section).findByText('“Two children”')).closest('li')!;
    expect(item).toHaveTextContent('Husky safari');
    expect(item).toHaveTextContent('Jan 15, 2027 · 3 people');
    await userEvent.click(
      within(item).getByRole('button', { name: 'Approve the activity request of Emma Lindqvist' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Approve activity request' });
    await userEvent.type(
      within(dialog).getByLabelText('Note to the investor (optional)'),
      'See you at the kennel',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await findToast('Activity approved')).toHaveTextContent('Emma Lindqvist is notified.');
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
      [`/api/perks/activity-requests/${safari._id}/approve`, { note: 'See you at the kennel' }],
    ]);
    expect(
      requests.find((r) => r.path === LIST && r.query.get('status') === 'pending')?.query.get('projectId'),
    ).toBe(AURORA._id);
  });

  it('filters by status and keeps the dialog open when a decision fails', async () => {
    const requests = api(() => failure('This request is already declined', 409));
    renderAdmin(<BookingsPage />, 'bookings');
    const section = await screen.findByRole('region', { name: 'Activity requests' });
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Decline the activity request of Emma Lindqvist' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Decline activity request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await findToast('Failed to update activity request')).toHaveTextContent(
      'This request is already declined',
    );
    expect(screen.getByRole('dialog', { name: 'Decline activity request' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(section).getByLabelText('Status'), 'approved');
    expect(await within(section).findByText('No activity requests')).toBeInTheDocument();
    expect(requests.some((r) => r.path === LIST && r.query.get('status') === 'approved')).toBe(true);
  });
});
