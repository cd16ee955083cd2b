import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminStayReport } from '@portal/contracts';
import { Component as StayReportsPage } from './stay-reports-page';
import { AURORA, failure, fakeApi, findEmpty, findToast, json, renderAdmin } from '../../../../test/admin';

const report = (over: Partial<AdminStayReport> = {}): AdminStayReport => ({
  _id: 'r0000000-0000-4000-8000-000000000001',
  bookingId: 'b0000000-0000-4000-8000-000000000001',
  projectId: AURORA._id,
  text: 'The sauna heater does not turn on.',
  status: 'new',
  photo: { name: 'heater.png', type: 'image/png', size: 2048 },
  photoUrl: '/api/stay-reports/r0000000-0000-4000-8000-000000000001/photo',
  createdAt: '2099-02-22T08:00:00.000Z',
  updatedAt: '2099-02-22T08:00:00.000Z',
  user: { _id: 'u0000000-0000-4000-8000-000000000001', name: 'Emma Lindqvist', email: 'emma@example.com' },
  project: { _id: AURORA._id, name: AURORA.name },
  nights: ['2099-02-21', '2099-02-22', '2099-02-23'],
  cabins: ['Birch Cabin'],
  ...over,
});
const SAUNA = report();
const WINDOW = report({
  _id: 'r0000000-0000-4000-8000-000000000002',
  text: 'A window does not close.',
  status: 'done',
  photo: null,
  photoUrl: null,
  user: null,
  cabins: [],
});

const INBOX = '/api/admin/stay-reports';
const isList = (req: { method: string; path: string }) => req.method === 'GET' && req.path === INBOX;
const pageOf = (items: AdminStayReport[]) =>
  json({ success: true, data: { items, total: items.length, page: 1, pageSize: 20 } });

describe('Problem reports (admin inbox)', () => {
  it('lists who reported what, where and when, with the photo and each report’s status', async () => {
    fakeApi((req) => (isList(req) ? pageOf([SAUNA, WINDOW]) : undefined));
    renderAdmin(<StayReportsPage />, 'stay-reports');
    const table = await screen.findByRole('table', { name: 'Problem reports' });
    expect(screen.getByRole('heading', { name: 'Problem reports' })).toBeInTheDocument();
    const [sauna, window] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(sauna).toHaveTextContent('Emma Lindqvist');
    expect(within(sauna).getByRole('link', { name: 'emma@example.com' })).toHaveAttribute(
      'href',
      'mailto:emma@example.com',
    );
    expect(sauna).toHaveTextContent(AURORA.name);
    expect(sauna).toHaveTextContent('Feb 21 → Feb 24, 2099 · 3 nights · Birch Cabin');
    expect(sauna).toHaveTextContent('The sauna heater does not turn on.');
    expect(within(sauna).getByRole('button', { name: 'View photo: heater.png' })).toBeInTheDocument();
    expect(
      within(sauna).getByRole('combobox', { name: 'Status of the report from Emma Lindqvist' }),
    ).toHaveValue('new');
    // A deleted account's report, without a photo or cabins.
    expect(window).toHaveTextContent('Deleted account');
    expect(within(window).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(window).getByRole('combobox', { name: 'Status of the report from Deleted account' }),
    ).toHaveValue('done');
  });

  it('filters by status on the server, and says when none match', async () => {
    const requests = fakeApi((req) =>
      isList(req) ? pageOf(req.query.get('status') === 'in_progress' ? [] : [SAUNA]) : undefined,
    );
    renderAdmin(<StayReportsPage />, 'stay-reports');
    await screen.findByRole('table', { name: 'Problem reports' });
    expect(requests.filter(isList)[0]!.query.get('status')).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'in_progress');
    await vi.waitFor(() => expect(requests.filter(isList).at(-1)!.query.get('status')).toBe('in_progress'));
    expect(await findEmpty('No problem reports with this status.')).toBeInTheDocument();
  });

  it('says "No problem reports yet." when there are none', async () => {
    fakeApi((req) => (isList(req) ? pageOf([]) : undefined));
    renderAdmin(<StayReportsPage />, 'stay-reports');
    expect(await findEmpty('No problem reports yet.')).toBeInTheDocument();
  });

  it('moves a report along on the server ("Status updated"), or says why not', async () => {
    let refuse = true;
    const requests = fakeApi((req) => {
      if (req.method === 'PATCH')
        return refuse
          ? failure('Problem report not found', 404)
          : json({ success: true, data: { ...SAUNA, ...(req.body as object) }, message: 'Updated' });
      return isList(req) ? pageOf([SAUNA]) : undefined;
    });
    renderAdmin(<StayReportsPage />, 'stay-reports');
    const status = await screen.findByRole('combobox', { name: 'Status of the report from Emma Lindqvist' });
    await userEvent.selectOptions(status, 'in_progress');
    expect(await findToast('The status could not be changed')).toHaveTextContent('Problem report not found');
    refuse = false;
    await userEvent.selectOptions(status, 'done');
    expect(await findToast('Status updated')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => [r.path, r.body])).toEqual([
      [`${INBOX}/${SAUNA._id}`, { status: 'in_progress' }],
      [`${INBOX}/${SAUNA._id}`, { status: 'done' }],
    ]);
  });
});
