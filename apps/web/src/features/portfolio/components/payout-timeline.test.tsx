import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Payout } from '@portal/contracts';
import { tokens } from '@/lib/session';
import { AuthProvider, useAuth } from '@/queries/session';
import { currentUser } from '../../../../test/fixtures';
import { json } from '../test-support';
import { PayoutTimeline } from './payout-timeline';

const SignedIn = () => (useAuth().status === 'authenticated' ? <PayoutTimeline /> : null);

const aurora = { _id: 'p0000000-0000-4000-8000-000000000001', name: 'Aurora Lodge' };
const payouts: Payout[] = [
  {
    _id: 'r0000000-0000-4000-8000-000000000002',
    amount: 699.99,
    date: '2099-01-31',
    month: '2099-01',
    type: 'rental',
    status: 'pending',
    project: aurora,
  },
  {
    _id: 'r0000000-0000-4000-8000-000000000001',
    amount: 864.19,
    date: '2026-03-31',
    month: '2026-03',
    type: 'rental',
    status: 'paid',
    project: aurora,
  },
  {
    _id: 'm0000000-0000-4000-8000-000000000002',
    amount: 250.25,
    date: '2099-02-15',
    month: '2099-01',
    type: 'monthly',
    status: 'pending',
    project: aurora,
  },
  {
    _id: 'm0000000-0000-4000-8000-000000000001',
    amount: 100.1,
    date: '2026-02-28',
    month: '2026-02',
    type: 'monthly',
    status: 'paid',
    project: aurora,
  },
];

/** The timeline of a signed-in investor whose payouts are `list`. */
function renderTimeline(list: Payout[]) {
  tokens.set({ accessToken: 'a', refreshToken: 'r' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/users/me'
        ? json(200, { success: true, data: currentUser() })
        : json(200, { success: true, payouts: list }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AuthProvider navigate={() => {}} alert={() => {}}>
          <SignedIn />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Payout Timeline', () => {
  it('labels rental lines "Rental income", a future one Upcoming, and filters by that type', async () => {
    renderTimeline(payouts);
    const first = await screen.findByText('€864.19');
    const paid = first.closest('li')!;
    expect(paid).toHaveTextContent('Rental income · Aurora Lodge');
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    const upcoming = screen.getByText('€699.99').closest('li')!;
    expect(upcoming).toHaveTextContent('Rental income · Aurora Lodge');
    expect(within(upcoming).getByText('Upcoming')).toBeInTheDocument();
    expect(screen.getByText('€100.10').closest('li')).toHaveTextContent('Monthly return · Aurora Lodge');
    // Income paid after its month: Upcoming on its own payment date, naming the month it is for.
    const income = screen.getByText('€250.25').closest('li')!;
    expect(income).toHaveTextContent('Monthly return for Jan 2099 · Aurora Lodge');
    expect(within(income).getByText('Upcoming')).toBeInTheDocument();
    expect(within(income).getByText((_, el) => el?.getAttribute('dateTime') === '2099-02-15')).toBeVisible();
    expect(within(screen.getByText('€100.10').closest('li')!).getByText('Paid')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Filter/ }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Rental income' }));
    expect(screen.queryByText('€100.10')).not.toBeInTheDocument();
    expect(screen.getByText('€864.19')).toBeInTheDocument();
  });

  it('shows an adjustment as its own line, "Adjustment: {reason}", a negative one with its minus sign, and filters by that type', async () => {
    renderTimeline([
      {
        _id: 'a0000000-0000-4000-8000-000000000001',
        amount: -10,
        date: '2026-11-27',
        month: '2026-11',
        type: 'adjustment',
        status: 'paid',
        project: aurora,
        note: 'Adjustment: Nov 2026 paid twice',
      },
      {
        _id: 'a0000000-0000-4000-8000-000000000002',
        amount: 25.5,
        date: '2026-11-20',
        month: '2026-11',
        type: 'adjustment',
        status: 'paid',
        project: aurora,
        note: 'Adjustment: Rental share too low',
      },
      ...payouts,
    ]);
    const taken = (await screen.findByText('-€10')).closest('li')!;
    expect(taken).toHaveTextContent('Adjustment: Nov 2026 paid twice · Aurora Lodge');
    expect(taken).not.toHaveTextContent('Monthly return');
    expect(within(taken).getByText((_, el) => el?.getAttribute('dateTime') === '2026-11-27')).toBeVisible();
    expect(screen.getByText('€25.50').closest('li')).toHaveTextContent(
      'Adjustment: Rental share too low · Aurora Lodge',
    );

    await userEvent.click(screen.getByRole('button', { name: /Filter/ }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Adjustment' }));
    expect(within(screen.getByRole('list', { name: 'Payouts' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('€864.19')).not.toBeInTheDocument();
    // The total counts what was taken back.
    expect(screen.getByText('2 payouts · €15.50')).toBeInTheDocument();
  });
});
