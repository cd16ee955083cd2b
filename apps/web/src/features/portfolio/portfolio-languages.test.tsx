import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CurrentUser, Payout } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { Component as DashboardPage } from './dashboard-page';
import { json, renderInvestorPage } from './test-support';
import { project } from '../../../test/fixtures';

const AURORA_ID = 'b0000000-0000-4000-8000-000000000001';

/** Emma's portfolio: €25,000 in Aurora since 5 March 2025, €2,375 of returns (9.5% recovered). */
const portfolio: Partial<CurrentUser> = {
  totalInvestment: 25_000,
  totalReturned: 2_375,
  investmentDate: '2025-03-05',
  investmentPeriod: '12-month',
  investments: [
    {
      _id: 'c0000000-0000-4000-8000-000000000001',
      projectId: { _id: AURORA_ID, name: 'Aurora Lakeside Cabins' },
      amount: 25_000,
      returns: 2_375,
      roi: 9.5,
      startDate: '2025-03-05',
      monthlyReturns: [
        { month: '2025-03', amount: 1_000 },
        { month: '2025-04', amount: 1_375 },
      ],
    },
  ],
};

const payouts: Payout[] = [
  {
    _id: 'd0000000-0000-4000-8000-000000000001',
    amount: 1_375,
    date: '2025-04-30',
    month: '2025-04',
    type: 'monthly',
    status: 'paid',
    project: { _id: AURORA_ID, name: 'Aurora Lakeside Cabins' },
  },
];

const performance = {
  success: true,
  data: {
    asOf: '2025-05-02',
    portfolio: {
      invested: 25_000,
      capitalReturned: 0,
      income: 2_375,
      netCashFlow: -22_625,
      dpi: 0.25,
      cashYield12m: 0.095,
      xirr: null,
    },
    projects: [],
  },
};

/** The dashboard of Emma, who has invested, in `locale` (the page's, and her account's). */
async function showDashboard(locale: 'de' | 'nb') {
  await setLocale(locale);
  renderInvestorPage(
    <DashboardPage />,
    async (url) => {
      if (url === '/api/projects')
        return json(200, {
          success: true,
          data: [
            project({
              _id: AURORA_ID,
              investment: { amount: 25_000, returns: 2_375, roi: 9.5, startDate: '2025-03-05' },
            }),
          ],
        });
      if (url === '/api/investment/performance') return json(200, performance);
      if (url.startsWith('/api/investment/payouts')) return json(200, { success: true, payouts });
      if (url === '/api/opportunities/current') return json(200, { success: true, data: null });
      if (url.startsWith('/api/updates')) return json(200, { success: true, updates: [] });
      return json(404, { success: false, message: 'Not found', error: 'Not found' });
    },
    '/',
    { ...portfolio, locale },
  );
}

/** An element's text with every kind of space (Intl's no-break and narrow ones) as a plain space. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('the dashboard in German and Norwegian', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('speaks German, with German amounts, percentages and dates', async () => {
    await showDashboard('de');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Investment-Portfolio' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Willkommen zurück, Emma.')).toBeInTheDocument();

    const invested = await screen.findByTestId('summary-total-investment');
    expect(text(invested)).toContain('Gesamtinvestition');
    expect(text(invested)).toContain('25.000 €');
    expect(text(invested)).toContain('Investiert am 5. März 2025');
    const returns = screen.getByTestId('summary-total-returns');
    expect(text(returns)).toContain('2.375 €');
    expect(text(returns)).toContain('9,5 % der Investition zurückerhalten');
    expect(text(screen.getByTestId('summary-annual-roi'))).toContain(
      'Basierend auf der Wertentwicklung über 12 Monate',
    );
    const table = screen.getByRole('table', { name: 'Investitionen nach Projekt' });
    expect(within(table).getByRole('columnheader', { name: 'Investierter Betrag' })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /Aurora/ });
    expect(within(row).getAllByRole('cell').map(text)).toEqual([
      'Aurora Lakeside Cabins',
      '25.000 €',
      '2.375 €',
      '9,5 %',
      '5. März 2025',
    ]);

    // The returns chart: its heading, its period buttons and the months as German writes them.
    const chart = screen.getByRole('region', { name: 'Erträge pro Monat' });
    expect(within(chart).getByRole('button', { name: 'Alle' })).toHaveAttribute('aria-pressed', 'true');
    expect(text(within(chart).getByText(/^von /))).toBe('von März 2025 bis Apr. 2025');

    const figures = await screen.findByRole('region', { name: 'Wertentwicklung' });
    const figure = (label: string) =>
      text(within(figures).getByText(label).nextElementSibling as HTMLElement);
    expect(figure('Ausschüttungsrendite, letzte 12 Monate')).toBe('9,5 %');
    expect(figure('Ausschüttungen zu Einzahlungen (DPI)')).toBe('0,25×');
    expect(figure('Netto-Cashflow')).toBe('-22.625 €');
    expect(within(figures).getByText(/^Stand: 2\. Mai 2025\./)).toBeInTheDocument();

    const card = await screen.findByTestId('project-card');
    expect(text(within(card).getByText('Ihre Investition').nextElementSibling as HTMLElement)).toBe(
      '25.000 €',
    );
    expect(text(card)).toContain('Seit 1. Jan. 2024');
    expect(within(card).getByText('Aktiv')).toBeInTheDocument();

    const timeline = await screen.findByRole('region', { name: 'Auszahlungsverlauf' });
    expect(text(await within(timeline).findByText(/^1 Auszahlung/))).toBe('1 Auszahlung · 1.375 €');
    expect(text(within(timeline).getByRole('list', { name: 'Auszahlungen' }))).toContain(
      'Monatliche Rendite · Aurora Lakeside Cabins',
    );
    expect(within(timeline).getByText('Ausgezahlt')).toBeInTheDocument();

    const roi = screen.getByRole('region', { name: 'ROI-Prognoserechner' });
    expect(within(roi).getByLabelText('Investierter Betrag')).toHaveValue(8000);
    expect(text(within(roi).getByTestId('roi-monthly'))).toBe('14 € / Monat');
    expect(text(within(roi).getByTestId('roi-moderate-annual'))).toBe('9,5 % ROI pro Jahr');
    expect(within(roi).getByText('Moderat')).toBeInTheDocument();
  });

  it('speaks Norwegian, with Norwegian amounts (a no-break space between thousands), percentages and dates', async () => {
    await showDashboard('nb');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Investeringsportefølje' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Velkommen tilbake, Emma.')).toBeInTheDocument();

    const invested = await screen.findByTestId('summary-total-investment');
    expect(text(invested)).toContain('Samlet investering');
    expect(text(invested)).toContain('25 000 €');
    expect(invested.textContent).toMatch(/25\u00a0000\u00a0€/);
    expect(text(invested)).toContain('Investert 5. mars 2025');
    const returns = screen.getByTestId('summary-total-returns');
    expect(text(returns)).toContain('2 375 €');
    expect(text(returns)).toContain('9,5 % av investeringen tilbakebetalt');
    expect(screen.getByRole('table', { name: 'Investeringer per prosjekt' })).toBeInTheDocument();

    const figures = await screen.findByRole('region', { name: 'Avkastning' });
    expect(within(figures).getByText('Internrente (IRR)')).toBeInTheDocument();
    expect(within(figures).getByText(/^Per 2\. mai 2025\./)).toBeInTheDocument();

    const timeline = await screen.findByRole('region', { name: 'Utbetalingsoversikt' });
    expect(text(await within(timeline).findByText(/^1 utbetaling/))).toBe('1 utbetaling · 1 375 €');
    expect(within(timeline).getByText('Utbetalt')).toBeInTheDocument();

    const roi = screen.getByRole('region', { name: 'ROI-kalkulator' });
    expect(text(within(roi).getByTestId('roi-monthly'))).toBe('14 € / måned');
    expect(text(within(roi).getByTestId('roi-optimistic-annual'))).toBe('12,6 % årlig ROI');
    expect(screen.getByRole('heading', { name: 'Dine prosjekter' })).toBeInTheDocument();
  });
});
