import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InterestRegistration } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { Component as InterestPage } from './interest-page';
import { ADMIN, fakeApi, findEmpty, findToast, json, renderAdmin } from '../../../../test/admin';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MAIJA: InterestRegistration = {
  _id: 'i0000000-0000-4000-8000-000000000001',
  name: 'Maija Virtanen',
  email: 'maija@example.com',
  phone: null,
  investmentAmount: 75_000.5,
  message: 'Interested in the Alpine project for my family.',
  status: 'new',
  createdAt: '2026-10-02T09:30:00.000Z',
  user: null,
};

/** An element's text with every kind of space (Intl's no-break and narrow ones) as a plain space. */
const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Interest Registrations for an admin whose account speaks `locale`, listing `items`. */
async function show(locale: 'de' | 'nb', items: InterestRegistration[]) {
  await setLocale(locale);
  const requests = fakeApi(
    (req) =>
      req.method === 'GET' && req.path === '/api/interest'
        ? json({ success: true, data: { items, total: items.length, page: 1, pageSize: 20 } })
        : req.method === 'PUT'
          ? json({ success: true, data: { ...MAIJA, status: 'contacted' } })
          : undefined,
    { me: { ...ADMIN, locale } },
  );
  renderAdmin(<InterestPage />, 'interest');
  return requests;
}

describe('Interest Registrations in German and Norwegian', () => {
  it('speaks German: the table, a German amount and date, the statuses and the toast', async () => {
    await show('de', [MAIJA]);
    const table = await screen.findByRole('table', { name: 'Interessenbekundungen' });
    expect(screen.getByRole('heading', { level: 1, name: 'Interessenbekundungen' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Geplanter Betrag', 'Nachricht', 'Eingegangen', 'Status']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(text(row)).toContain('75.000,50 €');
    expect(text(row)).toContain('2. Okt. 2026');
    const status = within(row).getByRole('combobox', { name: 'Status von Maija Virtanen' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Neu', 'Kontaktiert', 'Abgeschlossen']);
    await userEvent.selectOptions(status, 'contacted');
    expect(await findToast('Aktualisiert')).toBeInTheDocument();
    expect(
      screen.getByRole('searchbox', { name: 'Bekundungen nach Name oder E-Mail durchsuchen' }),
    ).toHaveAttribute('placeholder', 'Nach Name oder E-Mail suchen …');
  });

  it('speaks Norwegian, also when nobody has registered yet', async () => {
    await show('nb', []);
    expect(await findEmpty('Ingen interessemeldinger ennå')).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alle statuser', 'Ny', 'Kontaktet', 'Lukket']);
    await userEvent.selectOptions(filter, 'closed');
    expect(await findEmpty('Ingen meldinger passer')).toBeInTheDocument();
  });
});
