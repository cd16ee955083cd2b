import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOffering, AdminSubscription } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { Component as AdminOfferingsPage } from './admin-offerings-page';
import { ADMIN, fakeApi, findToast, json, renderAdmin } from '../../../test/admin';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLocale('en');
});

const stage = (count: number, amount: number) => ({ count, amount });
const OFFERING: AdminOffering = {
  _id: '00000000-0000-4000-8000-0000000000a1',
  projectId: '00000000-0000-4000-8000-0000000000b1',
  projectName: 'Tatra Ridge',
  minimum: 10000,
  maximum: 50000,
  target: 500000,
  closesOn: '2027-01-31',
  nightsPer10000: 2,
  allowanceMonths: 12,
  status: 'open',
  subscribed: 35000,
  createdAt: '2026-11-01T10:00:00.000Z',
  funnel: {
    interest: stage(4, 100000),
    subscribed: stage(2, 35000),
    identityVerified: stage(1, 25000),
    signed: stage(1, 25000),
    accepted: stage(0, 0),
    called: stage(0, 0),
    funded: stage(0, 0),
  },
  documents: [{ _id: 'd1', name: 'Memorandum', downloads: 3 }],
};
const SIGNED: AdminSubscription = {
  _id: '00000000-0000-4000-8000-0000000000c1',
  userId: 'u1',
  investorName: 'Lukas Berg',
  investorId: 'INV-0007',
  email: 'lukas@example.test',
  amount: 25000,
  status: 'signed',
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('Offerings (admin) in German', () => {
  it('shows the funnel, accepts and rejects a signed subscription, in German', async () => {
    await setLocale('de');
    const requests = fakeApi(
      (req) => {
        if (req.method === 'GET' && req.path === '/api/admin/offerings')
          return json({ success: true, data: [OFFERING] });
        if (req.method === 'GET' && req.path === `/api/admin/offerings/${OFFERING._id}/subscriptions`)
          return json({ success: true, data: [SIGNED] });
        if (req.method === 'POST' && req.path === `/api/admin/subscriptions/${SIGNED._id}/accept`)
          return json({ success: true, data: { ...SIGNED, status: 'accepted' } });
        if (req.method === 'POST' && req.path === `/api/admin/subscriptions/${SIGNED._id}/reject`)
          return json({ success: true, data: { ...SIGNED, status: 'cancelled' } });
        return undefined;
      },
      { me: { ...ADMIN, locale: 'de' } },
    );
    renderAdmin(<AdminOfferingsPage />, 'offerings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Angebote' })).toBeInTheDocument();
    const funnel = await screen.findByRole('table', { name: 'Verlauf von Tatra Ridge' });
    const rows = within(funnel).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Interesse');
    expect(rows[1]).toHaveTextContent('100.000 €');
    expect(rows[2]).toHaveTextContent('Gezeichnet');
    expect(screen.getByText('Memorandum: 3-mal heruntergeladen')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Zeichnungen' }));
    const subs = await screen.findByRole('table', { name: 'Zeichnungen für Tatra Ridge' });
    expect(subs).toHaveTextContent('Lukas Berg');
    expect(subs).toHaveTextContent('INV-0007');
    expect(subs).toHaveTextContent('Unterzeichnet');
    await userEvent.click(within(subs).getByRole('button', { name: 'Annehmen' }));
    expect(await findToast('Zeichnung angenommen')).toBeInTheDocument();

    await userEvent.click(within(subs).getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zeichnung ablehnen' });
    await userEvent.type(within(dialog).getByLabelText('Grund'), 'Herkunft der Mittel unklar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await findToast('Zeichnung abgelehnt')).toBeInTheDocument();
    expect(requests.find((r) => r.path.endsWith('/reject'))?.body).toEqual({
      reason: 'Herkunft der Mittel unklar',
    });
  });
});
