import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@portal/i18n';
import { setLocale } from '@/lib/i18n';
import { Component as DashboardPage } from './dashboard-page';
import { Component as UsersPage } from './users-page';
import {
  ADMIN,
  AURORA,
  adminDashboard,
  adminUser,
  fakeApi,
  json,
  renderAdmin,
  userList,
} from '../../../test/admin';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Spaces as people read them: Intl groups and separates with no-break spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

const DASHBOARD = adminDashboard();

/** The admin's account speaks `locale` (a signed-in page follows the account's language). */
function renderDashboard(locale: Locale) {
  fakeApi(
    (req) =>
      req.path === '/api/admin/dashboard'
        ? json({
            success: true,
            data: req.query.get('projectId') === AURORA._id ? DASHBOARD : { ...DASHBOARD, project: null },
          })
        : undefined,
    { me: { ...ADMIN, locale } },
  );
  renderAdmin(<DashboardPage />, '');
}

/** The text of the figure card labelled `label` in `region` (its term and definitions). */
const figure = (region: HTMLElement, label: string) =>
  plain(
    within(region).getByText(label, { exact: true, selector: 'dl > div > dt' }).parentElement!.textContent,
  );

describe('the admin screens in German and Norwegian', () => {
  it('show the dashboard in German, with amounts, percentages and months as Germany writes them', async () => {
    await setLocale('de');
    renderDashboard('de');
    const project = await screen.findByRole('region', { name: 'Aurora Lakeside Cabins' });
    expect(screen.getByRole('heading', { name: 'Admin-Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/^Kennzahlen für/)).toHaveTextContent(
      'Kennzahlen für Aurora Lakeside Cabins und das gesamte Portfolio',
    );
    expect(figure(project, 'Investiertes Kapital')).toBe('Investiertes Kapital1.850.000 €');
    expect(figure(project, 'Ausgezahlte Erträge')).toBe(
      'Ausgezahlte Erträge312.400,50 €16,9 % des investierten Kapitals, ausgezahlt als Ertrag',
    );
    const overall = screen.getByRole('region', { name: 'Alle Projekte' });
    expect(figure(overall, 'Projekte')).toBe('Projekte42 aktiv');
    expect(figure(overall, 'Ausgezahlte Erträge')).toBe(
      'Ausgezahlte Erträge1.551.400 €34,8 % des Kapitals zurückgeflossen, davon 260.000 € als Kapitalrückzahlungen',
    );
    expect(plain(screen.getByText(/in den letzten 12 Monaten$/).textContent)).toBe(
      'Aurora Lakeside Cabins · 3.500,50 € in den letzten 12 Monaten',
    );
    const months = within(screen.getByRole('table', { name: 'Ausgezahlte Renditen pro Monat' })).getAllByRole(
      'row',
    );
    expect(months.map((r) => plain(r.textContent))).toEqual([
      'Aug. 2026' + '1.000,50 €',
      'Sept. 2026' + '2.500 €',
    ]);
    expect(screen.getByRole('link', { name: /^Offene Buchungsanfragen/ })).toHaveAttribute(
      'href',
      '/admin/bookings',
    );
    expect(screen.getByText('Noch keine Aktivitäten')).toBeInTheDocument();
  });

  it('show the dashboard in Norwegian', async () => {
    await setLocale('nb');
    renderDashboard('nb');
    const project = await screen.findByRole('region', { name: 'Aurora Lakeside Cabins' });
    expect(screen.getByRole('heading', { name: 'Admin-dashbord' })).toBeInTheDocument();
    expect(figure(project, 'Investert kapital')).toBe('Investert kapital1 850 000 €');
    expect(screen.getByRole('link', { name: /^Kontoer som venter på aktivering/ })).toHaveTextContent(
      'Kontoer som venter på aktivering8',
    );
  });

  it('show User Management in German: the list with its amounts and dates, and the question before deleting an investor', async () => {
    await setLocale('de');
    fakeApi(
      (req) =>
        req.method === 'GET' && req.path === '/api/users'
          ? userList(req.query.get('pageSize') === '1' ? [] : [adminUser({ totalInvestment: 12_500.5 })])
          : undefined,
      { me: { ...ADMIN, locale: 'de' } },
    );
    renderAdmin(<UsersPage />, 'users');
    expect(await screen.findByRole('heading', { name: 'Benutzerverwaltung' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Warten auf Freischaltung' })).toBeInTheDocument();
    expect(
      screen.getByRole('searchbox', { name: 'Benutzer nach Name oder E-Mail suchen' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const [head, row] = within(table).getAllByRole('row');
    // The actions column's header comes from the shared table components.
    expect(plain(head!.textContent)).toContain(
      'BenutzerInvestoren-IDStatusRolleInsgesamt investiertBeigetreten',
    );
    expect(plain(row!.textContent)).toContain('12.500,50 €1. März 2026');
    expect(
      within(row!).getByRole('button', { name: 'Details zu Emma Lindqvist investor@example.com' }),
    ).toBeInTheDocument();

    // An investor with money on record is kept: deactivation is offered instead, and why.
    await userEvent.click(within(row!).getByRole('button', { name: 'Emma Lindqvist löschen' }));
    const question = await screen.findByRole('alertdialog', {
      name: 'Benutzer Emma Lindqvist deaktivieren?',
    });
    expect(question).toHaveTextContent(
      'Für Emma Lindqvist sind Investitionen und Auszahlungen erfasst, daher kann das Konto nicht gelöscht werden',
    );
    expect(within(question).getByRole('button', { name: 'Stattdessen deaktivieren' })).toBeInTheDocument();
  });
});
