import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InterestRegistration } from '@portal/contracts';
import { Component as InterestPage } from './interest-page';
import { failure, fakeApi, findEmpty, findToast, json, renderAdmin } from '../../../../test/admin';

const registration = (over: Partial<InterestRegistration> = {}): InterestRegistration => ({
  _id: 'i0000000-0000-4000-8000-000000000001',
  name: 'Maija Virtanen',
  email: 'maija@example.com',
  phone: '+358 40 123 4567',
  investmentAmount: 75_000.5,
  message: 'Interested in the Alpine project for my family.',
  status: 'new',
  createdAt: '2026-10-02T09:30:00.000Z',
  user: null,
  ...over,
});

const MAIJA = registration();
const OLLI = registration({
  _id: 'i0000000-0000-4000-8000-000000000002',
  name: 'Olli Korhonen',
  email: 'olli@example.com',
  phone: null,
  investmentAmount: null,
  message: '',
  status: 'contacted',
});

const isList = (req: { method: string; path: string }) =>
  req.method === 'GET' && req.path === '/api/interest';
const pageOf = (items: InterestRegistration[]) =>
  json({ success: true, data: { items, total: items.length, page: 1, pageSize: 20 } });

describe('Interest Registrations', () => {
  it('lists who registered, how much and what they wrote, newest first as the server sends them', async () => {
    fakeApi((req) => (isList(req) ? pageOf([MAIJA, OLLI]) : undefined));
    renderAdmin(<InterestPage />, 'interest');
    const table = await screen.findByRole('table', { name: 'Interest registrations' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [maija, olli] = rows as [HTMLElement, HTMLElement];
    expect(maija).toHaveTextContent('Maija Virtanen');
    expect(maija).toHaveTextContent('+358 40 123 4567');
    expect(within(maija).getByRole('link', { name: 'maija@example.com' })).toHaveAttribute(
      'href',
      'mailto:maija@example.com',
    );
    expect(maija).toHaveTextContent('€75,000.50');
    expect(maija).toHaveTextContent('Interested in the Alpine project for my family.');
    expect(within(maija).getByRole('combobox', { name: 'Status of Maija Virtanen' })).toHaveValue('new');
    // No amount and no message: dashes, not zeros or blanks.
    expect(within(olli).getAllByText('—')).toHaveLength(2);
    expect(within(olli).getByRole('combobox', { name: 'Status of Olli Korhonen' })).toHaveValue('contacted');
  });

  it('searches and filters on the server, and says when nothing matches', async () => {
    const requests = fakeApi((req) =>
      isList(req) ? pageOf(req.query.get('q') || req.query.get('status') ? [] : [MAIJA]) : undefined,
    );
    renderAdmin(<InterestPage />, 'interest');
    await screen.findByRole('table', { name: 'Interest registrations' });
    await userEvent.type(screen.getByLabelText('Search registrations by name or email'), 'nobody');
    expect(await findEmpty('No registrations match')).toBeInTheDocument();
    expect(requests.filter(isList).at(-1)!.query.get('q')).toBe('nobody');
    await userEvent.clear(screen.getByLabelText('Search registrations by name or email'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'closed');
    // The search box settles (debounced), then the list is asked for by status alone.
    await vi.waitFor(() => {
      const last = requests.filter(isList).at(-1)!;
      expect([last.query.get('status'), last.query.get('q')]).toEqual(['closed', null]);
    });
    expect(await findEmpty('No registrations match')).toBeInTheDocument();
  });

  it('says "No interest registrations yet" when there are none', async () => {
    fakeApi((req) => (isList(req) ? pageOf([]) : undefined));
    renderAdmin(<InterestPage />, 'interest');
    expect(await findEmpty('No interest registrations yet')).toBeInTheDocument();
  });

  it('changes a status on the server ("Updated"), or says "Failed to update status"', async () => {
    let refuse = true;
    const requests = fakeApi((req) => {
      if (req.method === 'PUT')
        return refuse
          ? failure('The registration was removed', 404)
          : json({ success: true, data: { ...MAIJA, ...(req.body as object) } });
      return isList(req) ? pageOf([MAIJA]) : undefined;
    });
    renderAdmin(<InterestPage />, 'interest');
    const status = await screen.findByRole('combobox', { name: 'Status of Maija Virtanen' });
    await userEvent.selectOptions(status, 'contacted');
    expect(await findToast('Failed to update status')).toHaveTextContent('The registration was removed');
    refuse = false;
    await userEvent.selectOptions(status, 'closed');
    expect(await findToast('Updated')).toBeInTheDocument();
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => [r.path, r.body])).toEqual([
      [`/api/interest/${MAIJA._id}/status`, { status: 'contacted' }],
      [`/api/interest/${MAIJA._id}/status`, { status: 'closed' }],
    ]);
  });

  it('says "Failed to load data" when the registrations do not load', async () => {
    fakeApi((req) =>
      req.path === '/api/interest' ? failure('The database is unavailable', 503) : undefined,
    );
    renderAdmin(<InterestPage />, 'interest');
    expect(await findToast('Failed to load data')).toHaveTextContent('The database is unavailable');
  });
});
