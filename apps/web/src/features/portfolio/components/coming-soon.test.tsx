import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { Opportunity } from '@portal/contracts';
import { json, renderInvestorPage } from '../test-support';
import { ComingSoonProject, OpportunityCard } from './coming-soon';

/** The demo's opportunity: the figures of docs/product.md §19, launching in a future quarter. */
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
  features: ['One', 'Two', 'Three', 'Four', 'Five'],
};

/** An open offering (ADR 028) of `projectId`. */
const offering = (projectId: string) => ({
  _id: '7f1d3a52-1a55-4c1c-9a40-2b0f2c3c1f00',
  projectId,
  projectName: 'Alpine Retreat Cabins',
  minimum: 25_000,
  maximum: 500_000,
  target: 5_000_000,
  closesOn: '2027-03-31',
  nightsPer10000: 0,
  allowanceMonths: 12,
  status: 'open',
  subscribed: 100_000,
  createdAt: '2026-11-01T00:00:00.000Z',
});

/** Shows the card in the investor shell, once its heading is there. */
async function show(compact: boolean, opportunity: Opportunity = alpine, offerings: unknown[] = []) {
  const shown = renderInvestorPage(<OpportunityCard opportunity={opportunity} compact={compact} />, (url) =>
    Promise.resolve(json(200, { success: true, data: url === '/api/offerings' ? offerings : [] })),
  );
  await screen.findByRole('heading', { name: opportunity.name });
  return shown;
}
const fact = (label: string) => screen.getByText(label).nextElementSibling;

describe('the project open for interest (docs/product.md §8)', () => {
  it('shows its projected ROI, minimum, launch quarter, pre-committed share and features', async () => {
    await show(false);
    expect(screen.getByText('Coming Soon')).toBeInTheDocument();
    expect(screen.getByText('Alpine Region, Switzerland')).toBeInTheDocument();
    expect(fact('Projected Annual ROI')).toHaveTextContent(/^9\.2%$/);
    expect(fact('Minimum Investment')).toHaveTextContent(/^€25,000$/);
    expect(fact('Expected Launch')).toHaveTextContent(/^Q3 2027$/);
    expect(screen.getByText('42% pre-committed')).toBeInTheDocument();
    expect(screen.getByText('€2,100,000 of €5,000,000')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /Funding/ })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(alpine.features);
    expect(screen.queryByRole('link', { name: /Learn More/ })).not.toBeInTheDocument();
  });

  it("on the dashboard it has the same figures and 'Learn More' to /join-project", async () => {
    await show(true);
    expect(fact('Projected Annual ROI')).toHaveTextContent(/^9\.2%$/);
    expect(screen.getByText('42% pre-committed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Learn More/ })).toHaveAttribute('href', '/join-project');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('follows what the admin set: other figures, another launch, commitments past the target', async () => {
    await show(false, {
      ...alpine,
      minimumInvestment: 10_000.5,
      projectedAnnualROI: 7,
      expectedLaunch: '2028-02-15',
      currentCommitments: 6_000_000,
      features: [],
    });
    expect(fact('Minimum Investment')).toHaveTextContent(/^€10,000\.50$/);
    expect(fact('Projected Annual ROI')).toHaveTextContent(/^7\.0%$/);
    expect(fact('Expected Launch')).toHaveTextContent(/^Q1 2028$/);
    expect(screen.getByText('120% pre-committed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /Funding/ })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByText('What the project offers')).not.toBeInTheDocument();
  });

  it('leads to My subscriptions when the project is open for subscription, and only then', async () => {
    await show(true, alpine, [offering('p9')]);
    const subscribe = await screen.findByRole('link', { name: 'Subscribe now (open until Mar 31, 2027)' });
    expect(subscribe).toHaveAttribute('href', '/subscriptions');
    expect(screen.getByRole('link', { name: /Learn More/ })).toHaveAttribute('href', '/join-project');
    cleanup();
    const { fetchMock } = await show(false, alpine, [offering('another-project')]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/offerings', expect.anything()));
    expect(screen.getByText('Alpine Retreat Cabins')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Subscribe now/ })).not.toBeInTheDocument();
  });

  it('reads the open project from GET /api/opportunities/current', async () => {
    const { fetchMock } = renderInvestorPage(<ComingSoonProject compact />, (url) =>
      Promise.resolve(
        url === '/api/opportunities/current'
          ? json(200, { success: true, data: alpine })
          : json(200, { success: true, data: [] }),
      ),
    );
    expect(await screen.findByText('Alpine Retreat Cabins')).toBeInTheDocument();
    expect(fact('Expected Launch')).toHaveTextContent(/^Q3 2027$/);
    expect(fetchMock).toHaveBeenCalledWith('/api/opportunities/current', expect.anything());
  });

  it('says so when no project is open for interest, still pointing to Join New Project', async () => {
    renderInvestorPage(<ComingSoonProject compact />, (url) =>
      Promise.resolve(json(200, { success: true, data: url === '/api/opportunities/current' ? null : [] })),
    );
    expect(await screen.findByText(/No project is open for interest right now/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Learn More/ })).toHaveAttribute('href', '/join-project');
  });
});
