import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CapitalCall } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { Component as CallsPage } from './calls-page';
import { ADMIN, fakeApi, findToast, json, renderAdmin } from '../../../test/admin';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const OFFERING = 'o0000000-0000-4000-8000-000000000001';
const CALL: CapitalCall = {
  _id: 'c0000000-0000-4000-8000-000000000001',
  offeringId: OFFERING,
  percent: 50,
  dueOn: '2026-12-15',
  total: 1500.5,
  createdAt: '2026-11-20T09:00:00.000Z',
  lines: [
    {
      _id: 'l0000000-0000-4000-8000-000000000001',
      subscriptionId: 's0000000-0000-4000-8000-000000000001',
      userId: 'u0000000-0000-4000-8000-000000000001',
      investorName: 'Lukas Berg',
      amount: 1000.5,
      paid: 1000.5,
      paidOn: '2026-12-01',
      reference: 'RF18539007547034',
    },
  ],
};

/** An element's text with every kind of space as a plain one. */
const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('Capital calls in German', () => {
  it('lists the calls and calls capital, in German', async () => {
    await setLocale('de');
    const requests = fakeApi(
      (req) => {
        if (req.method === 'GET' && req.path === `/api/admin/offerings/${OFFERING}/calls`)
          return json({ success: true, data: [CALL] });
        if (req.method === 'POST' && req.path === `/api/admin/offerings/${OFFERING}/calls`)
          return json({ success: true, data: { ...CALL, percent: 25 } }, 201);
        return undefined;
      },
      { me: { ...ADMIN, locale: 'de' } },
    );
    renderAdmin(<CallsPage />, 'offerings/:id/calls', `/admin/offerings/${OFFERING}/calls`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kapitalabrufe' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /Abrufpositionen fällig/ });
    const row = within(table).getAllByRole('row')[1]!;
    expect(text(row)).toContain('Lukas Berg');
    expect(text(row)).toContain('1.000,50 €');
    await userEvent.click(screen.getByRole('button', { name: 'Kapital abrufen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kapital abrufen' });
    await userEvent.type(within(dialog).getByLabelText('Prozent jeder Zeichnung'), '25');
    await userEvent.type(within(dialog).getByLabelText('Fälligkeitsdatum'), '2027-01-15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kapital abrufen' }));
    expect(await findToast('Kapital abgerufen')).toHaveTextContent('1 Investor benachrichtigt');
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({ percent: 25, dueOn: '2027-01-15' });
  });
});
