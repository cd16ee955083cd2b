import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectListItem } from '@portal/contracts';
import { Component as ProjectsPage, roiProgress } from './projects-page';
import { json, renderInvestorPage } from './test-support';

const project = (over: Partial<ProjectListItem> = {}): ProjectListItem => ({
  _id: 'p1',
  name: 'Aurora Lakeside Cabins',
  location: 'Inari, Finland',
  status: 'active',
  totalInvestment: 1850000,
  totalReturned: 312400,
  annualROI: '8.5',
  investmentDate: '2023-06-01',
  investmentPeriod: 60,
  expectedMonthlyReturn: 0.7,
  description: '',
  expectedCompletion: null,
  createdAt: '2023-01-01T00:00:00.000Z',
  updatedAt: '2023-01-01T00:00:00.000Z',
  investment: { amount: 25000, returns: 1500, roi: 6, startDate: '2023-06-01' },
  ...over,
});

const aurora = project();
const pine = project({
  _id: 'p2',
  name: 'Pine Hollow Retreat',
  location: 'Black Forest, Germany',
  status: 'completed',
  totalInvestment: 950000,
  totalReturned: 1041000,
  annualROI: '9.1',
  investmentDate: '2021-12-01',
});

/** The Projects page in the shell's providers, with `/api/projects` answered by `projects`. */
const NO_CONTACT = { success: true, data: { whatsapp: null, email: null } };
const show = (projects: () => Promise<Response>) =>
  renderInvestorPage(
    <ProjectsPage />,
    async (url) => (url === '/api/support-contact' ? json(200, NO_CONTACT) : projects()),
    '/projects',
  );

const tileOf = async (name: string) =>
  (await screen.findAllByTestId('project-tile')).find(
    (t) => within(t).queryByRole('heading', { level: 2, name }) !== null,
  )!;

describe('roiProgress', () => {
  it('is totalReturned as a percentage of totalInvestment', () => {
    expect(roiProgress({ totalInvestment: 25000, totalReturned: 1500 })).toBe(6);
    expect(roiProgress({ totalInvestment: 1850000, totalReturned: 312400 })).toBeCloseTo(16.8865, 4);
    expect(roiProgress({ totalInvestment: 3, totalReturned: 1 })).toBeCloseTo(33.3333, 4);
  });

  it('goes past 100% when more has come back than was put in', () => {
    expect(roiProgress({ totalInvestment: 950000, totalReturned: 1041000 })).toBeCloseTo(109.5789, 4);
    expect(roiProgress({ totalInvestment: 1000, totalReturned: 1000 })).toBe(100);
  });

  it('is worked out on the cents, so amounts in floating point do not drift', () => {
    expect(roiProgress({ totalInvestment: 0.3, totalReturned: 0.1 + 0.2 })).toBe(100);
    expect(roiProgress({ totalInvestment: 1000.1, totalReturned: 100.01 })).toBe(10);
  });

  it('is 0 when nothing is invested, whatever came back', () => {
    expect(roiProgress({ totalInvestment: 0, totalReturned: 0 })).toBe(0);
    expect(roiProgress({ totalInvestment: 0, totalReturned: 500 })).toBe(0);
    expect(roiProgress({ totalInvestment: 0.004, totalReturned: 1 })).toBe(0);
  });
});

describe('Projects page', () => {
  it("reads 'Loading projects...' while the projects load", async () => {
    show(() => new Promise<Response>(() => {}));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading projects...');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Projects' })).toBeInTheDocument();
    expect(screen.queryByTestId('project-tile')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'You have no projects yet' })).not.toBeInTheDocument();
  });

  it("reads 'Error loading projects' when they fail to load", async () => {
    show(async () => json(500, { success: false, message: 'Boom', error: 'Boom' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading projects');
    expect(screen.queryByText('Loading projects...')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'You have no projects yet' })).not.toBeInTheDocument();
  });

  it('without projects shows the one empty state: what the portal shows, Join New Project, no filters', async () => {
    show(async () => json(200, { success: true, data: [] }));
    const empty = await screen.findByRole('region', { name: 'You have no projects yet' });
    expect(empty).toHaveTextContent(/shows your investment and its returns/);
    expect(within(empty).getByRole('link', { name: 'Join New Project' })).toHaveAttribute(
      'href',
      '/join-project',
    );
    expect(screen.queryByRole('group', { name: 'Filter projects' })).not.toBeInTheDocument();
  });

  it('shows on each card the location, status, figures, ROI Progress, Since, annual ROI and its own link', async () => {
    show(async () => json(200, { success: true, data: [aurora, pine] }));
    const a = await tileOf('Aurora Lakeside Cabins');
    expect(a).toHaveTextContent('Inari, Finland');
    expect(within(a).getByText('Active')).toBeInTheDocument();
    // The project's totals are captioned as the whole project's, apart from the investor's stake.
    const whole = within(a).getByRole('group', { name: 'Whole project, as reported by the company' });
    expect(within(whole).getByRole('progressbar')).toBeInTheDocument();
    expect(whole).not.toHaveTextContent('Your stake');
    expect(within(a).getByText('Investment').nextElementSibling).toHaveTextContent('€1,850,000');
    expect(within(a).getByText('Returns').nextElementSibling).toHaveTextContent('€312,400');
    expect(within(a).getByText('ROI Progress').nextElementSibling).toHaveTextContent('16.9%');
    expect(within(a).getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(roiProgress(aurora)));
    expect(a).toHaveTextContent('Your stake: €25,000 · returns €1,500');
    expect(within(a).getByText(/^Since /)).toHaveTextContent('Since Jun 1, 2023');
    expect(within(a).getByText('Annual ROI').nextElementSibling).toHaveTextContent('8.5%');
    expect(within(a).getByRole('link', { name: 'View Project Aurora Lakeside Cabins' })).toHaveAttribute(
      'href',
      '/project/p1',
    );

    const p = await tileOf('Pine Hollow Retreat');
    expect(p).toHaveTextContent('Black Forest, Germany');
    expect(within(p).getByText('Completed')).toBeInTheDocument();
    expect(within(p).queryByText('Active')).not.toBeInTheDocument();
    expect(within(p).getByText('ROI Progress').nextElementSibling).toHaveTextContent('109.6%');
    // The bar stops at full.
    expect(within(p).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(p).getByText(/^Since /)).toHaveTextContent('Since Dec 1, 2021');
    expect(within(p).getByText('Annual ROI').nextElementSibling).toHaveTextContent('9.1%');
    // Each card links to its own project, and only to it.
    const links = within(p).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('View Project Pine Hollow Retreat');
    expect(links[0]).toHaveAttribute('href', '/project/p2');
  });

  it('shows 0.0% ROI Progress for a project with nothing invested', async () => {
    show(async () =>
      json(200, {
        success: true,
        data: [project({ totalInvestment: 0, totalReturned: 0, investment: undefined })],
      }),
    );
    const a = await tileOf('Aurora Lakeside Cabins');
    expect(within(a).getByText('ROI Progress').nextElementSibling).toHaveTextContent('0.0%');
    expect(within(a).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('filters by Active and Completed, and back to All Projects', async () => {
    show(async () => json(200, { success: true, data: [aurora, pine] }));
    expect(await screen.findAllByTestId('project-tile')).toHaveLength(2);
    const names = () =>
      screen
        .queryAllByTestId('project-tile')
        .map((t) => within(t).getByRole('heading', { level: 2 }).textContent);
    await userEvent.click(screen.getByRole('button', { name: 'Completed' }));
    expect(screen.getByRole('button', { name: 'Completed' })).toHaveAttribute('aria-pressed', 'true');
    expect(names()).toEqual(['Pine Hollow Retreat']);
    await userEvent.click(screen.getByRole('button', { name: 'Active' }));
    expect(names()).toEqual(['Aurora Lakeside Cabins']);
    await userEvent.click(screen.getByRole('button', { name: 'All Projects' }));
    expect(names()).toEqual(['Aurora Lakeside Cabins', 'Pine Hollow Retreat']);
  });
});
