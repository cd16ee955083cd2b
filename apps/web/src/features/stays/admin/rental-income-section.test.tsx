import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBooking, RentalIncome } from '@portal/contracts';
import { Component as BookingsPage } from './bookings-page';
import {
  AURORA,
  adminUser,
  confirmDialog,
  fakeApi,
  findToast,
  json,
  renderAdmin,
  type Route,
} from '../../../../test/admin';
import { stayBooking } from '../../../../test/fixtures';

const emma = adminUser();
const rental: AdminBooking = {
  ...stayBooking({
    _id: 'b0000000-0000-4000-8000-000000000002',
    projectId: AURORA._id,
    userId: emma._id,
    type: 'rental',
    nights: ['2026-03-10', '2026-03-11', '2026-03-12'],
    nightCount: 3,
    notes: 'Spring rental',
    rentalPrice: 150,
    totalValue: 450,
    decidedAt: '2026-03-02T10:00:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
  }),
  rentalIncome: null,
  user: { _id: emma._id, name: emma.name, email: emma.email },
};
const recorded: RentalIncome = {
  bookingId: rental._id,
  nightsRented: 3,
  grossIncome: 1234.55,
  sharePercent: 70,
  amount: 864.19,
  paymentDate: '2026-03-31',
  recordedAt: '2026-04-01T10:00:00.000Z',
};

function api(booking: AdminBooking, extra: Route = () => undefined) {
  return fakeApi(
    (req) => {
      const custom = extra(req);
      if (custom) return custom;
      if (req.method === 'GET' && req.path === '/api/bookings/admin')
        return json({ success: true, data: [booking] });
      return undefined;
    },
    { projects: [{ ...AURORA, rentalSharePercent: 70 }] },
  );
}

async function openApproved() {
  renderAdmin(<BookingsPage />, 'bookings');
  await userEvent.click(await screen.findByRole('tab', { name: 'Approved' }));
  return (await screen.findByText('“Spring rental”')).closest('li')!;
}

describe('Rental income of an approved rental', () => {
  it("records nights, gross and date, showing the investor's share to the cent as it is typed", async () => {
    const requests = api(rental, (req) =>
      req.method === 'PUT'
        ? json({ success: true, data: recorded, message: 'Rental income recorded' })
        : undefined,
    );
    const item = await openApproved();
    await userEvent.click(within(item).getByRole('button', { name: 'Record rental income' }));
    const dialog = screen.getByRole('dialog', { name: 'Record rental income' });
    expect(dialog).toHaveTextContent('70% of the gross');
    expect(within(dialog).getByLabelText('Nights rented')).toHaveValue(3);
    await userEvent.type(within(dialog).getByLabelText('Gross income (€)'), '1234.55');
    expect(dialog).toHaveTextContent("Investor's share: €864.19"); // 864.185, half up
    const date = within(dialog).getByLabelText('Payment date');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-03-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await findToast('Rental income recorded')).toHaveTextContent('€864.19 for Emma Lindqvist');
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
      [
        `/api/bookings/${rental._id}/rental-income`,
        { nightsRented: 3, grossIncome: 1234.55, paymentDate: '2026-03-31' },
      ],
    ]);
  });

  it('refuses more nights than the request holds, without sending', async () => {
    const requests = api(rental);
    const item = await openApproved();
    await userEvent.click(within(item).getByRole('button', { name: 'Record rental income' }));
    const dialog = screen.getByRole('dialog', { name: 'Record rental income' });
    const nights = within(dialog).getByLabelText('Nights rented');
    await userEvent.clear(nights);
    await userEvent.type(nights, '4');
    await userEvent.type(within(dialog).getByLabelText('Gross income (€)'), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most the 3 nights of the request')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows the recorded figures with Edit and Remove; Remove asks, then deletes', async () => {
    const requests = api({ ...rental, rentalIncome: recorded }, (req) =>
      req.method === 'DELETE' ? json({ success: true, message: 'Rental income removed' }) : undefined,
    );
    const item = await openApproved();
    expect(item).toHaveTextContent('3 nights rented · €1,234.55 gross · 70% share = €864.19');
    await userEvent.click(
      within(item).getByRole('button', { name: 'Edit the rental income of Emma Lindqvist' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit rental income' });
    expect(within(dialog).getByLabelText('Gross income (€)')).toHaveValue(1234.55);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(
      within(item).getByRole('button', { name: 'Remove the rental income of Emma Lindqvist' }),
    );
    await confirmDialog('Delete the rental income of Emma Lindqvist?');
    expect(await findToast('Removed')).toHaveTextContent('€864.19');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/bookings/${rental._id}/rental-income`,
    ]);
  });

  it('shows rental income paid in a published period locked, with the reason, without Edit or Remove', async () => {
    const reason =
      'Q1 2026 statements were published on Apr 5, 2026: rental income in that period cannot be changed. Record an adjustment instead.';
    api({ ...rental, rentalIncome: { ...recorded, locked: { reason } } });
    const item = await openApproved();
    expect(item).toHaveTextContent('3 nights rented · €1,234.55 gross · 70% share = €864.19');
    expect(item).toHaveTextContent(`Locked: ${reason}`);
    expect(within(item).queryByRole('button', { name: /rental income of Emma Lindqvist/ })).toBeNull();
  });
});
