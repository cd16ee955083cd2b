import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ProjectDetail } from '@portal/contracts';
import { Component as ProjectDetailPage } from './project-detail-page';
import { json, renderInvestorPage } from './test-support';

const detail = (over: Partial<ProjectDetail> = {}): ProjectDetail => ({
  _id: 'p1',
  name: 'Aurora Lakeside Cabins',
  location: 'Inari, Finland',
  status: 'active',
  totalInvestment: 1250000,
  totalReturned: 98000.5,
  annualROI: '8.5',
  investmentDate: '2024-01-15',
  investmentPeriod: 60,
  expectedMonthlyReturn: 0.7083,
  description: 'Twelve log cabins on the shore of Lake Inari.',
  expectedCompletion: '2030-01-15',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  investment: {
    amount: 20000,
    returns: 450.5,
    roi: 2.25,
    startDate: '2024-02-01',
    monthlyReturns: [
      { month: '2024-03', amount: 150 },
      { month: '2024-04', amount: 150.25 },
      { month: '2024-05', amount: 150.25 },
    ],
  },
  ...over,
});

const figures = {
  invested: 20000,
  capitalReturned: 0,
  income: 450.5,
  netCashFlow: -19549.5,
  dpi: 0.022525,
  cashYield12m: null,
  xirr: 0.0312,
};
/** `GET /api/investment/performance`: p1 and another project of the investor's. */
const performance = {
  success: true,
  data: {
    asOf: '2024-06-10',
    portfolio: { ...figures, invested: 30000, xirr: null },
    projects: [
      { projectId: 'p2', name: 'Pine Hollow Retreat', ...figures, xirr: 0.5 },
      { projectId: 'p1', name: 'Aurora Lakeside Cabins', ...figures },
    ],
  },
};

/** /project/p1 in the shell's providers; `/api/projects/p1` is answered by `answer`. */
function show(answer: () => Promise<Response>) {
  return renderInvestorPage(
    <Routes>
      <Route path="/project/:id" element={<ProjectDetailPage />} />
    </Routes>,
    (url) => {
      if (url === '/api/projects') return Promise.resolve(json(200, { success: true, data: [] }));
      if (url.startsWith('/api/updates')) return Promise.resolve(json(200, { success: true, updates: [] }));
      if (url === '/api/projects/p1') return answer();
      if (url === '/api/investment/performance') return Promise.resolve(json(200, performance));
      return Promise.resolve(json(404, { success: false, message: 'Not found', error: 'Not found' }));
    },
    '/project/p1',
  ).fetchMock;
}

/** The facts of 'About the Project' as label -> value. */
function facts() {
  const about = screen.getByRole('region', { name: 'About the Project' });
  return Object.fromEntries(
    within(about)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
  );
}

describe('Project detail', () => {
  it("shows the project's facts: location, status, investment period, expected completion, annual ROI", async () => {
    show(async () => json(200, { success: true, data: detail() }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aurora Lakeside Cabins' }),
    ).toBeInTheDocument();
    expect(facts()).toEqual({
      Location: 'Inari, Finland',
      Status: 'Active',
      'Annual ROI': '8.5%',
      'Investment Period': '60 months',
      'Investment Date': 'Jan 15, 2024',
      'Expected Completion': 'Jan 15, 2030',
      'Expected Monthly Return': '0.7%',
      'Total Raised': '€1,250,000',
      'Returned to Investors': '€98,000.50',
    });
    expect(screen.getByText('Twelve log cabins on the shore of Lake Inari.')).toBeInTheDocument();
    // Beside the title: the status badge, the location and the start.
    const header = screen.getByRole('heading', { level: 1 }).parentElement!.parentElement!;
    expect(header).toHaveTextContent('Active');
    expect(header).toHaveTextContent('Inari, Finland');
    expect(header).toHaveTextContent('Since Jan 15, 2024');
  });

  it("captions the project's totals as the whole project's, as reported by the company, apart from the investor's own", async () => {
    show(async () => json(200, { success: true, data: detail() }));
    const whole = await screen.findByRole('group', { name: 'Whole project, as reported by the company' });
    expect(whole).toHaveAccessibleDescription(
      "All of the project's investors, including those outside the portal. Your own figures are under Your Investment.",
    );
    expect(
      Object.fromEntries(
        within(whole)
          .getAllByRole('term')
          .map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
      ),
    ).toEqual({ 'Total Raised': '€1,250,000', 'Returned to Investors': '€98,000.50' });
    // The investor's own figures are named as theirs, from the portal's records.
    const stake = screen.getByRole('region', { name: 'Your Investment' });
    expect(stake).toHaveAccessibleDescription("What you invested and were paid, from the portal's records.");
    expect(within(stake).queryByText('Total Raised')).not.toBeInTheDocument();
  });

  it('shows a dash for a missing location and completion date, and a completed status', async () => {
    show(async () =>
      json(200, {
        success: true,
        data: detail({ location: '', expectedCompletion: null, status: 'completed', annualROI: '11.25' }),
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Aurora Lakeside Cabins' });
    expect(facts()).toMatchObject({
      Location: '—',
      Status: 'Completed',
      'Annual ROI': '11.3%',
      'Expected Completion': '—',
    });
  });

  it("shows the investor's stake and their returns month by month, newest first with the total to date", async () => {
    show(async () => json(200, { success: true, data: detail() }));
    const stake = await screen.findByRole('region', { name: 'Your Investment' });
    const stat = (label: string) => within(stake).getByText(label).nextElementSibling!.textContent;
    expect(stat('Amount Invested')).toBe('€20,000');
    expect(stat('Your Returns')).toBe('€450.50');
    expect(stat('Your ROI')).toBe('2.3%');
    expect(stat('Start Date')).toBe('Feb 1, 2024');
    const rows = within(screen.getByRole('table', { name: 'Month by Month' })).getAllByRole('row');
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      ['Month', 'Return', 'Total to date'],
      ['May 2024', '€150.25', '€450.50'],
      ['Apr 2024', '€150.25', '€300.25'],
      ['Mar 2024', '€150', '€150'],
    ]);
    expect(await screen.findByText('No updates available')).toBeInTheDocument();
  });

  it("shows this project's performance figures, each with what it means, and a dash for one not computed", async () => {
    show(async () => json(200, { success: true, data: detail() }));
    const section = await screen.findByRole('region', { name: 'Performance' });
    const figure = async (label: string) =>
      (await within(section).findByText(label)).nextElementSibling!.textContent;
    expect(await figure('Internal rate of return (IRR)')).toBe('3.1%');
    expect(await figure('Cash yield, last 12 months')).toBe('—');
    expect(await figure('Distributions to paid-in (DPI)')).toBe('0.02×');
    expect(await figure('Net cash flow')).toBe('-€19,549.50');
    expect(within(section).getByText(/minus the €20,000 you invested/)).toBeInTheDocument();
    // Why it is not the Annual ROI shown with the project's facts.
    expect(
      within(section).getByText(/It differs from Annual ROI, a simple yearly rate of income/),
    ).toBeVisible();
    expect(within(section).getByText(/As of Jun 10, 2024/)).toBeInTheDocument();
  });

  it('without a stake of the investor, shows the facts only', async () => {
    show(async () => json(200, { success: true, data: detail({ investment: null }) }));
    await screen.findByRole('heading', { level: 1, name: 'Aurora Lakeside Cabins' });
    expect(facts()).toMatchObject({ Location: 'Inari, Finland', 'Investment Period': '60 months' });
    expect(screen.queryByRole('region', { name: 'Your Investment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Month by Month' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Performance' })).not.toBeInTheDocument();
  });

  it("shows that it is loading, then a project that is not the investor's as not found", async () => {
    let answer: ((r: Response) => void) | undefined;
    show(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(await screen.findByRole('status', { name: 'Loading project' })).toBeInTheDocument();
    // The page may show its loading state before its request leaves: answer it once it has.
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer!(json(404, { success: false, message: 'Project not found', error: 'Project not found' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your projects' })).toHaveAttribute('href', '/projects');
  });

  it('a failure to load says so and offers to try again', async () => {
    const fetchMock = show(async () => json(500, { success: false, message: 'Boom', error: 'Boom' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The project could not be loaded. Boom');
    const calls = () => fetchMock.mock.calls.filter(([u]) => u === '/api/projects/p1').length;
    const before = calls();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(calls()).toBeGreaterThan(before));
  });
});
