import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PortfolioSummary, type PortfolioFigures } from './portfolio-summary';

const base: PortfolioFigures = {
  totalInvestment: 0,
  totalReturned: 0,
  investmentDate: null,
  investmentPeriod: null,
  investments: [],
};

const show = (user: PortfolioFigures) =>
  render(
    <MemoryRouter>
      <PortfolioSummary user={user} />
    </MemoryRouter>,
  );

describe('PortfolioSummary', () => {
  it('shows zeros and a dash without investments, and no per-project table', () => {
    show(base);
    expect(screen.getByTestId('summary-total-investment')).toHaveTextContent('€0');
    expect(screen.getByTestId('summary-total-investment')).not.toHaveTextContent('Invested on');
    expect(screen.getByTestId('summary-total-returns')).toHaveTextContent('0.0% of investment recovered');
    expect(screen.getByTestId('summary-annual-roi')).toHaveTextContent('—');
    expect(screen.getByTestId('summary-annual-roi')).not.toHaveTextContent('Based on');
    expect(screen.queryByText('Per-Project Investments')).not.toBeInTheDocument();
  });

  it('counts capital returned in the share recovered, and says how much it is', () => {
    show({ ...base, totalInvestment: 40000, totalReturned: 11041.02, capitalReturned: 15000 });
    const card = screen.getByTestId('summary-total-returns');
    expect(card).toHaveTextContent('€11,041.02');
    // (11,041.02 + 15,000) / 40,000 = 65.1%
    expect(card).toHaveTextContent('65.1% of investment recovered');
    // Beside it: the share counts capital the Total Returns figure does not.
    expect(card).toHaveTextContent(
      '65.1% of investment recovered' +
        'Includes €15,000 of capital returned, besides the €11,041.02 of returns',
    );
  });

  it('says how much of Total Returns is adjustments, which no project row counts (issue 31)', () => {
    show({ ...base, totalInvestment: 40000, totalReturned: 1015.5, adjustedIncome: 15.5 });
    expect(screen.getByTestId('summary-total-returns')).toHaveTextContent('Adjustments included: €15.50');
    show({ ...base, totalInvestment: 40000, totalReturned: 990, adjustedIncome: -10 });
    expect(screen.getAllByTestId('summary-total-returns')[1]).toHaveTextContent('Adjustments included: -€10');
  });

  it('shows the totals, the recovered share, the annual ROI and a row a project', () => {
    show({
      ...base,
      totalInvestment: 20000,
      totalReturned: 1200.5,
      investmentDate: '2025-01-15',
      investmentPeriod: '6-month',
      investments: [
        {
          _id: 'i1',
          projectId: { _id: 'p1', name: 'Aurora Lakeside Cabins' },
          amount: 20000,
          returns: 1200.5,
          roi: 8.5,
          startDate: '2025-01-15',
          monthlyReturns: ['01', '02', '03', '04', '05']
            .map((m) => ({ month: `2025-${m}`, amount: 200 }))
            .concat([{ month: '2025-06', amount: 200.5 }]),
        },
        {
          _id: 'i2',
          projectId: { _id: 'p2', name: 'Nothing Yet' },
          amount: 0,
          returns: 0,
          roi: null,
          startDate: null,
          monthlyReturns: [],
        },
      ],
    });
    expect(screen.getByTestId('summary-total-investment')).toHaveTextContent('€20,000');
    expect(screen.getByTestId('summary-total-investment')).toHaveTextContent('Invested on Jan 15, 2025');
    expect(screen.getByTestId('summary-total-returns')).toHaveTextContent('€1,200.50');
    // 1200.50 / 20000 = 6.0025% recovered; over 6 months that is 12.005% a year.
    expect(screen.getByTestId('summary-total-returns')).toHaveTextContent('6.0% of investment recovered');
    expect(screen.getByTestId('summary-annual-roi')).toHaveTextContent('12.0%');
    expect(screen.getByTestId('summary-annual-roi')).toHaveTextContent('Based on 6-month performance');
    const table = screen.getByRole('table', { name: 'Per-Project Investments' });
    const aurora = within(table).getByRole('row', { name: /Aurora/ });
    expect(aurora).toHaveTextContent('€20,000€1,200.506.0%Jan 15, 2025');
    expect(within(table).getByRole('row', { name: /Nothing Yet/ })).toHaveTextContent('€0€0——');
  });

  it('keeps an archived project in the totals, its name without a link to a page that is gone', () => {
    const inv = (id: string, name: string, amount: number) => ({
      _id: `i-${id}`,
      projectId: { _id: id, name },
      amount,
      returns: 0,
      roi: 0,
      startDate: '2025-01-15',
      monthlyReturns: [],
    });
    render(
      <MemoryRouter>
        <PortfolioSummary
          user={{
            ...base,
            totalInvestment: 3000,
            investments: [inv('p1', 'Kept Lodge', 1000), inv('p2', 'Archived Lodge', 2000)],
          }}
          canOpen={(id) => id === 'p1'}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('summary-total-investment')).toHaveTextContent('€3,000');
    expect(screen.getAllByRole('link', { name: 'Kept Lodge' })[0]).toHaveAttribute('href', '/project/p1');
    expect(screen.queryByRole('link', { name: 'Archived Lodge' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Archived Lodge').length).toBeGreaterThan(0);
  });
});
