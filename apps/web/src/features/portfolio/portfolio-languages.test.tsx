import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { CurrentUser, Opportunity, Payout, ProjectDetail } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { Component as DashboardPage } from './dashboard-page';
import { Component as JoinProjectPage } from './join-project-page';
import { Component as ProjectDetailPage } from './project-detail-page';
import { Component as ProjectsPage } from './projects-page';
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
    // The axis's amounts and a month's figures under the pointer, as German writes them.
    const plot = within(chart).getByTestId('returns-chart');
    expect(within(plot).getAllByText(/€$/).map(text)).toEqual(['0 €', '500 €', '1000 €', '1500 €']);
    fireEvent.pointerEnter(plot.querySelectorAll('rect[fill="transparent"]')[1]!);
    expect(text(within(plot).getByText('Aurora Lakeside Cabins').closest('div')!)).toBe(
      'Apr. 2025Aurora Lakeside Cabins1.375 €',
    );

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
    const plot = within(screen.getByRole('region', { name: 'Avkastning per måned' })).getByTestId(
      'returns-chart',
    );
    expect(within(plot).getAllByText(/€$/).map(text)).toEqual(['0 €', '500 €', '1k €', '1,5k €']);

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

const pine = project({
  _id: 'p2',
  name: 'Pine Hollow Retreat',
  status: 'completed',
  totalInvestment: 950_000,
  totalReturned: 1_041_000,
  investmentDate: '2021-12-01',
  investment: { amount: 25_000, returns: 1_500, roi: 6, startDate: '2021-12-01' },
});

const detail: ProjectDetail = {
  ...project({ _id: 'p1', expectedCompletion: '2029-01-01' }),
  investment: {
    amount: 25_000,
    returns: 2_375,
    roi: 9.5,
    startDate: '2024-01-01',
    monthlyReturns: [
      { month: '2024-11', amount: 1_000 },
      { month: '2024-12', amount: 1_375 },
    ],
  },
};

const alpine: Opportunity = {
  _id: 'p9',
  name: 'Alpine Retreat Cabins',
  location: 'Alpine Region, Switzerland',
  description: '',
  targetAmount: 5_000_000,
  currentCommitments: 2_100_000,
  minimumInvestment: 25_000,
  maximumInvestment: 500_000,
  projectedAnnualROI: 9.2,
  expectedLaunch: '2027-07-01',
  features: ['Sauna'],
};

/** An investor page at `path` in `locale`, with the projects, Aurora's detail and the opportunity. */
async function showPage(locale: 'de' | 'nb', path: string) {
  await setLocale(locale);
  renderInvestorPage(
    <Routes>
      <Route path="/projects" element={<ProjectsPage />} />
      <Route path="/project/:id" element={<ProjectDetailPage />} />
      <Route path="/join-project" element={<JoinProjectPage />} />
    </Routes>,
    async (url) => {
      if (url === '/api/projects') return json(200, { success: true, data: [project(), pine] });
      if (url === '/api/projects/p1') return json(200, { success: true, data: detail });
      if (url === '/api/investment/performance') return json(200, performance);
      if (url === '/api/opportunities/current') return json(200, { success: true, data: alpine });
      if (url.startsWith('/api/updates')) return json(200, { success: true, updates: [] });
      return json(404, { success: false, message: 'Not found', error: 'Not found' });
    },
    path,
    { locale },
  );
}

describe('the project pages in German and Norwegian', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists the projects in German, filtered by a German status', async () => {
    await showPage('de', '/projects');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Projekte' })).toBeInTheDocument();
    const tiles = await screen.findAllByTestId('project-tile');
    expect(tiles).toHaveLength(2);
    expect(text(tiles[0]!)).toContain('Gesamtes Projekt, laut Angaben des Unternehmens');
    expect(text(tiles[0]!)).toContain('Investition1.000.000 €');
    expect(text(tiles[0]!)).toContain('ROI-Fortschritt5,0 %');
    expect(text(tiles[1]!)).toContain('Ihr Anteil: 25.000 € · Erträge 1.500 €');
    expect(text(tiles[0]!)).toContain('Seit 1. Jan. 2024');
    expect(
      within(tiles[0]!).getByRole('link', { name: 'Projekt ansehen: Aurora Lakeside Cabins' }),
    ).toHaveAttribute('href', '/project/b0000000-0000-4000-8000-000000000001');
    await userEvent.click(screen.getByRole('button', { name: 'Abgeschlossen' }));
    expect(screen.getAllByTestId('project-tile')).toHaveLength(1);
    expect(within(screen.getByTestId('project-tile')).getByText('Abgeschlossen')).toBeInTheDocument();
  });

  it('shows a project in Norwegian: its facts, the stake and the months', async () => {
    await showPage('nb', '/project/p1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aurora Lakeside Cabins' }),
    ).toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'Om prosjektet' });
    const facts = Object.fromEntries(
      within(about)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, text(dt.nextElementSibling as HTMLElement)]),
    );
    expect(facts).toMatchObject({
      Status: 'Aktiv',
      'Årlig ROI': '7,5 %',
      Investeringsperiode: '60 måneder',
      Investeringsdato: '1. jan. 2024',
      'Forventet ferdigstillelse': '1. jan. 2029',
      'Totalt innhentet': '1 000 000 €',
    });
    const stake = screen.getByRole('region', { name: 'Din investering' });
    expect(text(within(stake).getByText('Investert beløp').nextElementSibling as HTMLElement)).toBe(
      '25 000 €',
    );
    const months = screen.getByRole('table', { name: 'Måned for måned' });
    expect(within(months).getAllByRole('row').slice(1).map(text)).toEqual([
      'des. 20241 375 €2 375 €',
      'nov. 20241 000 €1 000 €',
    ]);
    expect(screen.getByRole('region', { name: 'Din avkastning per måned' })).toBeInTheDocument();
  });

  it('invites to the next project in German', async () => {
    await showPage('de', '/join-project');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Neuem Projekt beitreten' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('42 % vorab zugesagt')).toBeInTheDocument();
    expect(text(screen.getByText('Mindest\u00adinvestition').nextElementSibling as HTMLElement)).toBe(
      '25.000 €',
    );
    expect(text(screen.getByText('2.100.000 € von 5.000.000 €'))).toBe('2.100.000 € von 5.000.000 €');
    expect(screen.getByRole('region', { name: 'Interesse bekunden' })).toBeInTheDocument();
    expect(
      screen.getByLabelText('Geplanter Investitionsbetrag').getAttribute('placeholder')?.replace(/\s/g, ' '),
    ).toBe('Mind. 25.000 €');
    expect(screen.getByRole('button', { name: 'Interesse bekunden' })).toBeInTheDocument();
  });
});
