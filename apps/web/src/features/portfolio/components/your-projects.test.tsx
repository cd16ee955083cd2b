import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ProjectListItem } from '@portal/contracts';
import { ProjectCard } from './project-card';
import { YourProjects } from './your-projects';
import { json, renderInvestorPage } from '../test-support';

const project = (over: Partial<ProjectListItem> = {}): ProjectListItem => ({
  _id: 'p1',
  name: 'Aurora Lakeside Cabins',
  location: 'Inari, Finland',
  status: 'active',
  totalInvestment: 25000,
  totalReturned: 1500,
  annualROI: '8.5',
  investmentDate: '2024-01-15',
  investmentPeriod: 60,
  expectedMonthlyReturn: 0.1,
  description: '',
  expectedCompletion: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  investment: { amount: 25000, returns: 1500, roi: 6, startDate: '2024-01-15' },
  ...over,
});

/** Your Projects in the shell's providers, with `/api/projects` answered by `projects`. */
const renderWith = (projects: () => Promise<Response>) =>
  renderInvestorPage(<YourProjects />, () => projects());

describe('Your Projects', () => {
  it("reads 'Loading projects...' while the projects load", async () => {
    renderWith(() => new Promise<Response>(() => {}));
    expect(await screen.findByText('Loading projects...')).toBeInTheDocument();
    expect(screen.queryByText('No projects found.')).not.toBeInTheDocument();
  });

  it("reads 'Error loading projects' when they fail to load", async () => {
    renderWith(async () => json(500, { success: false, message: 'Boom', error: 'Boom' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading projects');
    expect(screen.queryByText('No projects found.')).not.toBeInTheDocument();
  });

  it("reads 'No projects found.' without projects", async () => {
    renderWith(async () => json(200, { success: true, data: [] }));
    expect(await screen.findByText('No projects found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View All/ })).toHaveAttribute('href', '/projects');
  });

  it('shows a card a project, linking to its page', async () => {
    renderWith(async () =>
      json(200, { success: true, data: [project(), project({ _id: 'p2', name: 'Pine Hollow' })] }),
    );
    const cards = await screen.findAllByTestId('project-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByRole('link', { name: 'Pine Hollow' })).toHaveAttribute(
      'href',
      '/project/p2',
    );
  });
});

describe('ProjectCard', () => {
  const show = (p: ProjectListItem) =>
    render(
      <MemoryRouter>
        <ProjectCard project={p} />
      </MemoryRouter>,
    );
  const roiOf = () => screen.getByText('Your ROI').nextElementSibling!.textContent;

  it('shows Your Investment, Your Returns and Your ROI, Since and Annual', () => {
    show(project());
    expect(screen.getByText('Your Investment').nextElementSibling).toHaveTextContent('€25,000');
    expect(screen.getByText('Your Returns').nextElementSibling).toHaveTextContent('€1,500');
    expect(roiOf()).toBe('6.0%');
    expect(screen.getByText(/^Since /)).toHaveTextContent('Since Jan 15, 2024');
    expect(screen.getByText('8.5%')).toBeInTheDocument();
  });

  it('shows a dash for Your ROI when the investment is 0', () => {
    show(project({ investment: { amount: 0, returns: 0, roi: 0, startDate: null } }));
    expect(roiOf()).toBe('—');
    show(project({ _id: 'p3', investment: { amount: 0, returns: 0, roi: null, startDate: null } }));
    expect(screen.getAllByText('—')).toHaveLength(2);
  });
});
