import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBooking } from '@portal/contracts';
import { Component as BookingsPage } from './bookings-page';
import {
  AURORA,
  adminUser,
  failure,
  fakeApi,
  findToast,
  json,
  renderAdmin,
  type Route,
} from '../../../../test/admin';
import { stayBooking } from '../../../../test/fixtures';

const emma = adminUser();
const request: AdminBooking = {
  ...stayBooking({
    _id: 'b0000000-0000-4000-8000-000000000001',
    projectId: AURORA._id,
    userId: emma._id,
    status: 'pending',
    nights: ['2027-11-16', '2027-11-17'],
    cabins: ['Birch Cabin'],
    notes: 'Anniversary trip',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
  }),
  user: { _id: emma._id, name: emma.name, email: emma.email },
};

function api(extra: Route = () => undefined) {
  return fakeApi((req) => {
    const custom = extra(req);
    if (custom) return custom;
    if (req.method === 'GET' && req.path === '/api/bookings/admin')
      return json({ success: true, data: req.query.get('status') === 'pending' ? [request] : [] });
    return undefined;
  });
}

describe('Booking Requests', () => {
  it('declines a request with a note: the decision is sent and "Booking declined" names who is told', async () => {
    const requests = api((req) =>
      req.method === 'PUT'
        ? json({
            success: true,
            data: { ...request, status: 'declined', decisionNote: 'Fully booked that week' },
            message: 'Booking declined',
          })
        : undefined,
    );
    renderAdmin(<BookingsPage />, 'bookings');
    const item = (await screen.findByText('“Anniversary trip”')).closest('li')!;
    // Check-in → check-out and the nights, as the investor sees them, and the cabin of the stay.
    expect(item).toHaveTextContent('Nov 16 → Nov 18, 2027 · 2 nights · Birch Cabin');
    await userEvent.click(
      within(item).getByRole('button', { name: 'Decline the request of Emma Lindqvist' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Decline booking request' });
    expect(dialog).toHaveTextContent('Emma Lindqvist');
    await userEvent.type(
      within(dialog).getByLabelText('Note to the investor (optional)'),
      'Fully booked that week',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await findToast('Booking declined')).toHaveTextContent('Emma Lindqvist is notified.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
      [`/api/bookings/${request._id}/decline`, { note: 'Fully booked that week' }],
    ]);
  });

  it('keeps the dialog open and says why when the decision fails', async () => {
    api((req) => (req.method === 'PUT' ? failure('This request was already decided', 409) : undefined));
    renderAdmin(<BookingsPage />, 'bookings');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Decline the request of Emma Lindqvist' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Decline booking request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await findToast('Failed to update booking')).toHaveTextContent('This request was already decided');
    expect(screen.getByRole('dialog', { name: 'Decline booking request' })).toBeInTheDocument();
  });

  it('says "Failed to load data" when the requests do not load', async () => {
    api((req) =>
      req.path === '/api/bookings/admin' ? failure('The database is unavailable', 503) : undefined,
    );
    renderAdmin(<BookingsPage />, 'bookings');
    expect(await findToast('Failed to load data')).toHaveTextContent('The database is unavailable');
  });

  it("shows how many of a request's nights are in the project's high seasons", async () => {
    api((req) =>
      req.path === `/api/projects/${AURORA._id}/high-seasons`
        ? json({
            success: true,
            data: [
              {
                _id: 'c0000000-0000-4000-8000-0000000000a1',
                projectId: AURORA._id,
                name: 'Ruska',
                startsOn: '2027-11-17',
                endsOn: '2027-11-30',
                maxNightsPerInvestor: 3,
                usedNights: 0,
              },
            ],
          })
        : undefined,
    );
    renderAdmin(<BookingsPage />, 'bookings');
    const list = await screen.findByRole('list', { name: 'Booking requests' });
    expect(await within(list).findByText('1 high-season night')).toBeInTheDocument();
  });
});

describe('Rental price cap', () => {
  it('shows the cap, says what is allowed next to the field, and saves a new cap', async () => {
    const requests = api((req) => {
      if (req.path !== '/api/admin/settings/rentals') return undefined;
      if (req.method === 'GET') return json({ success: true, data: { rentalPriceCap: 10000 } });
      return json({ success: true, data: req.body, message: 'Updated' });
    });
    renderAdmin(<BookingsPage />, 'bookings');
    const cap = await screen.findByLabelText('Rental price cap (€ a night)');
    await vi.waitFor(() => expect(cap).toHaveValue(10000));
    const save = screen.getByRole('button', { name: 'Save Cap' });

    await userEvent.clear(cap);
    await userEvent.type(cap, '0');
    await userEvent.click(save);
    expect(await screen.findByText('Rental price cap must be more than €0')).toBeInTheDocument();
    expect(cap).toHaveAccessibleDescription('Rental price cap must be more than €0');
    await userEvent.clear(cap);
    await userEvent.type(cap, '2000000');
    await userEvent.click(save);
    expect(await screen.findByText('Rental price cap must be at most €1,000,000')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await userEvent.clear(cap);
    await userEvent.type(cap, '250.5');
    await userEvent.click(save);
    expect(await findToast('Updated')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
      ['/api/admin/settings/rentals', { rentalPriceCap: 250.5 }],
    ]);
  });
});
