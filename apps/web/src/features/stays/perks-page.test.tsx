import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failedWrites } from '@/lib/query-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ActivityRequest, Allocation, CabinNights, Fairness, Perk } from '@portal/contracts';
import { activityRequest, AURORA, cabinNights } from '../../../test/fixtures';
import { Component as PerksPage } from './perks-page';

const at = '2026-03-01T10:00:00.000Z';
const perk = (over: Partial<Perk>): Perk => ({
  _id: 'k0000000-0000-4000-8000-000000000001',
  projectId: AURORA._id,
  name: 'Husky safari',
  type: 'safari',
  category: 'standard',
  icon: '🐕',
  description: 'Two hours with the huskies',
  discount: '20% off',
  status: 'active',
  bookingAvailable: true,
  createdAt: at,
  updatedAt: at,
  ...over,
});
const SAFARI = perk({});
const CABIN = perk({ _id: 'k0000000-0000-4000-8000-000000000002', name: 'Lake cabin', type: 'cabin' });
const NIGHTS = cabinNights();
const REQUEST = activityRequest({ perkId: SAFARI._id, createdAt: at, updatedAt: at });

const { state, loaded, idle } = vi.hoisted(() => ({
  state: {
    nights: null as unknown,
    requests: [] as unknown[],
    perks: [] as unknown[],
    admin: false,
    allocations: [] as unknown[],
    fairness: null as unknown,
  },
  loaded: <T,>(data: T) => ({ data, isLoading: false, isError: false }),
  idle: () => ({ mutateAsync: () => Promise.resolve(), reset: () => {}, isPending: false }),
}));
// The booking dialog reads the signed-in investor's email (a gift to it is refused).
vi.mock('@/queries/session', async (original) => ({
  ...(await original<object>()),
  useAuth: () => ({ user: state.admin ? { isAdmin: true } : null }),
}));
vi.mock('@/queries/current-project', async () => {
  const { AURORA: project } = await import('../../../test/fixtures');
  return { useCurrentProject: () => ({ current: project, isLoading: false }) };
});
vi.mock('@/queries/allowances', () => ({
  useCabinNights: () => loaded(state.nights),
}));
vi.mock('@/queries/perks', () => ({
  usePerksOrEmpty: () => loaded(state.perks),
  useUsage: () => loaded(null),
}));
vi.mock('@/queries/bookings', () => ({
  useBookings: () => loaded([]),
  useCreateBooking: idle,
  useCancelBooking: idle,
}));
vi.mock('@/queries/allocations', () => ({
  useAllocations: () => loaded(state.allocations),
  useSaveAllocationPreferences: idle,
  useAllocationResult: () => loaded(null),
  useFairness: () => loaded(state.fairness),
}));
vi.mock('@/queries/activities', () => ({
  useActivityRequests: () => loaded(state.requests),
  useCreateActivityRequest: idle,
  useCancelActivityRequest: idle,
}));

function renderPage({
  nights,
  requests = [],
  admin = false,
}: {
  nights: CabinNights | null;
  requests?: ActivityRequest[];
  admin?: boolean;
}) {
  state.nights = nights;
  state.requests = requests;
  state.perks = [SAFARI, CABIN];
  state.admin = admin;
  render(
    <QueryClientProvider client={new QueryClient({ mutationCache: failedWrites() })}>
      <PerksPage />
    </QueryClientProvider>,
  );
}

describe('Perks page: Book Now', () => {
  it('opens the activity dialog for a partner activity, not the cabin-night one', async () => {
    renderPage({ nights: NIGHTS });
    await userEvent.click(screen.getByRole('button', { name: 'Book Now: Husky safari' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request: Husky safari' });
    expect(within(dialog).getByLabelText('Party size')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Book Personal Stay' })).not.toBeInTheDocument();
  });

  it('keeps the cabin-night dialog for a cabin perk', async () => {
    renderPage({ nights: NIGHTS });
    await userEvent.click(screen.getByRole('button', { name: 'Book Now: Lake cabin' }));
    expect(await screen.findByRole('dialog', { name: 'Book Personal Stay' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /^Request:/ })).not.toBeInTheDocument();
  });

  it('gives the focus back to "Book for Personal Stay" when its dialog is closed with Escape', async () => {
    renderPage({ nights: NIGHTS });
    const opener = screen.getByRole('button', { name: /^Book for Personal Stay/ });
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Book Personal Stay' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('lets an investor without cabin nights request an activity, but not a cabin', async () => {
    renderPage({ nights: null });
    expect(screen.getByRole('button', { name: 'Book Now: Lake cabin' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Book Now: Husky safari' }));
    expect(await screen.findByRole('dialog', { name: 'Request: Husky safari' })).toBeInTheDocument();
  });

  it('shows no activity requests list while there are none', () => {
    renderPage({ nights: NIGHTS });
    expect(screen.getByRole('list', { name: 'Perks' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Activity requests' })).not.toBeInTheDocument();
  });

  it('shows each request with its perk, day, party size and status', () => {
    renderPage({ nights: NIGHTS, requests: [REQUEST, { ...REQUEST, _id: 'a2', status: 'approved' }] });
    const items = within(screen.getByRole('list', { name: 'Activity requests' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Husky safari');
    expect(items[0]).toHaveTextContent('Jan 15, 2099 · 3 people');
    expect(items[0]).toHaveTextContent('Pending');
    expect(within(items[0]!).getByRole('button', { name: /Cancel request/ })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Approved');
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('Perks page: peak weeks and fairness', () => {
  const CHRISTMAS: Allocation = {
    _id: 'a0000000-0000-4000-8000-000000000001',
    projectId: AURORA._id,
    projectName: AURORA.name,
    title: 'Christmas 2099',
    seedHash: 'a'.repeat(64),
    status: 'open',
    preferencesDue: '2099-12-01T12:00:00.000Z',
    runsAt: '2099-12-02T12:00:00.000Z',
    ranAt: null,
    stays: [
      {
        _id: 'a0000000-0000-4000-8000-000000000011',
        checkIn: '2099-12-19',
        checkOut: '2099-12-26',
        nights: 7,
      },
    ],
    myChoices: [],
    participants: 0,
  };
  const LEDGER: Fairness = {
    projectId: AURORA._id,
    years: [{ year: 2099, seasonNights: 60 }],
    rows: [
      {
        userId: 'u0000000-0000-4000-8000-000000000001',
        name: 'Emma Lindqvist',
        sharePercent: 10,
        years: [{ year: 2099, peakNights: 3, fairShare: 6 }],
        peakNightsPer10000: 0.5,
        priority: { position: 1, tiedWith: 0, of: 3 },
      },
    ],
  };

  it('shows an investor the open allocation and their fairness', () => {
    state.allocations = [CHRISTMAS];
    state.fairness = LEDGER;
    renderPage({ nights: NIGHTS });
    expect(screen.getByRole('heading', { name: 'Peak weeks: Christmas 2099' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Dec 19 → Dec 26, 2099 · 7 nights' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fairness' })).toBeInTheDocument();
    expect(screen.getByText('You are 1 of 3 for the next allocation.')).toBeInTheDocument();
  });

  it('leaves them to the admin side for an admin', () => {
    state.allocations = [CHRISTMAS];
    state.fairness = LEDGER;
    renderPage({ nights: NIGHTS, admin: true });
    expect(screen.getByRole('list', { name: 'Perks' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Peak weeks/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Fairness' })).not.toBeInTheDocument();
  });
});
