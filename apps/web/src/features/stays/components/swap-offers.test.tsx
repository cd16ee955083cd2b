import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failedWrites } from '@/lib/query-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SWAP_MESSAGES, type Booking, type SwapOffer } from '@portal/contracts';
import { Toaster } from '@/components/ui/toaster';
import { api, ApiError } from '@/lib/api';
import type * as ApiModule from '@/lib/api';
import { resetToasts } from '@/lib/toast';
import { BookingRequests } from './booking-requests';
import { SwapOffers } from './swap-offers';
import { allowConsole } from '../../../../test/console';
import { stayBooking } from '../../../../test/fixtures';

vi.mock('@/lib/api', async (importOriginal) => {
  const real = await importOriginal<typeof ApiModule>();
  return { ...real, api: vi.fn() };
});
const fake = vi.mocked(api);

const PROJECT = '00000000-0000-4000-8000-000000000001';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const stay = (n: number, nights: string[]) => ({
  bookingId: uuid(100 + n),
  nights,
  nightCount: nights.length,
});
const MARCH = stay(1, ['2027-03-03', '2027-03-04', '2027-03-05']);
const FEBRUARY = stay(2, ['2027-02-12', '2027-02-13', '2027-02-14']);
const offer = (n: number, over: Partial<SwapOffer>): SwapOffer => ({
  _id: uuid(n),
  projectId: PROJECT,
  direction: 'received',
  status: 'pending',
  offered: MARCH,
  requested: FEBRUARY,
  note: '',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  ...over,
});
const RECEIVED = offer(1, { note: 'We would love February' });
const SENT = offer(2, { direction: 'sent', offered: FEBRUARY, requested: MARCH });
const ENDED: SwapOffer[] = [
  offer(3, { status: 'accepted', decidedAt: '2026-11-21T10:00:00.000Z' }),
  offer(4, { direction: 'sent', status: 'declined', decidedAt: '2026-11-22T10:00:00.000Z' }),
  offer(5, { direction: 'sent', status: 'withdrawn', decidedAt: '2026-11-23T10:00:00.000Z' }),
  offer(6, { status: 'void' }),
];

/** The fake API: the list for the GET, `onPut` for a decision. */
function answer(
  offers: SwapOffer[],
  onPut: (url: string) => Promise<unknown> = (url) =>
    Promise.resolve({ success: true, data: offers.find((o) => url.includes(o._id))! }),
) {
  fake.mockImplementation((url, opts) => {
    if (opts?.method === 'GET' && url === `/api/swaps?projectId=${PROJECT}`)
      return Promise.resolve({ success: true, data: offers });
    if (opts?.method === 'PUT') return onPut(url);
    return Promise.reject(new Error(`unexpected ${opts?.method} ${url}`));
  });
}

function renderOffers() {
  render(
    <QueryClientProvider
      client={
        new QueryClient({ mutationCache: failedWrites(), defaultOptions: { queries: { retry: false } } })
      }
    >
      <SwapOffers projectId={PROJECT} />
      <Toaster />
    </QueryClientProvider>,
  );
}
const items = async () =>
  within(await screen.findByRole('list', { name: 'Swap offers' })).getAllByRole('listitem');
const puts = () => fake.mock.calls.filter(([, o]) => o?.method === 'PUT').map(([url]) => url);

describe('SwapOffers', () => {
  afterEach(() => {
    fake.mockReset();
    resetToasts();
  });

  it('says so when there are no offers', async () => {
    answer([]);
    renderOffers();
    expect(await screen.findByText(/No swap offers yet/)).toBeInTheDocument();
  });

  it('offers Accept and Decline on a received pending offer, Withdraw on a sent one, none on the others', async () => {
    answer([RECEIVED, SENT, ...ENDED]);
    renderOffers();
    const [received, sent, accepted, declined, withdrawn, voided] = await items();
    expect(received).toHaveTextContent('They offer Mar 3 → Mar 6, 2027 for your Feb 12 → Feb 15, 2027');
    expect(received).toHaveTextContent('“We would love February”');
    expect(
      within(received!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Decline']);
    expect(
      within(received!).getByRole('button', {
        name: 'Accept swap: They offer Mar 3 → Mar 6, 2027 for your Feb 12 → Feb 15, 2027',
      }),
    ).toBeInTheDocument();
    expect(sent).toHaveTextContent('You offer Feb 12 → Feb 15, 2027 for their Mar 3 → Mar 6, 2027');
    expect(
      within(sent!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Withdraw']);
    for (const [item, label] of [
      [accepted, 'Accepted'],
      [declined, 'Declined'],
      [withdrawn, 'Withdrawn'],
      [voided, 'Void'],
    ] as const) {
      expect(item).toHaveTextContent(label);
      expect(within(item!).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(voided).toHaveTextContent('One of the stays changed after the offer was made');
  });

  it.each([
    ['Accept', 'accept', RECEIVED, SWAP_MESSAGES.accepted],
    ['Decline', 'decline', RECEIVED, SWAP_MESSAGES.declined],
    ['Withdraw', 'withdraw', SENT, SWAP_MESSAGES.withdrawn],
  ] as const)('%s calls PUT /api/swaps/:id/%s and says so', async (button, action, o, message) => {
    answer([o]);
    renderOffers();
    const [item] = await items();
    await userEvent.click(within(item!).getByRole('button', { name: new RegExp(`^${button} swap:`) }));
    await waitFor(() => expect(puts()).toEqual([`/api/swaps/${o._id}/${action}`]));
    expect((await screen.findAllByText(message))[0]).toBeInTheDocument();
  });

  it('shows the server’s reason when an accept is refused', async () => {
    allowConsole('error', /^\[toast\]/);
    const message = 'Accepting would take you past the 4-night limit of Winter holiday';
    answer([RECEIVED], () => Promise.reject(new ApiError(message, 409, { success: false, error: message })));
    renderOffers();
    const [item] = await items();
    await userEvent.click(within(item!).getByRole('button', { name: /^Accept swap:/ }));
    expect((await screen.findAllByText(message))[0]).toBeInTheDocument();
  });
});

describe('BookingRequests: Offer a swap', () => {
  afterEach(() => fake.mockReset());

  const booking = (n: number, over: Partial<Booking>): Booking =>
    stayBooking({
      _id: uuid(200 + n),
      projectId: PROJECT,
      userId: uuid(300),
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      ...over,
    });

  it('writes each stay as check-in → check-out and its nights, with its cabin', () => {
    render(
      <QueryClientProvider client={new QueryClient({ mutationCache: failedWrites() })}>
        <BookingRequests
          bookings={[
            booking(1, {
              status: 'pending',
              nights: ['2099-12-14', '2099-12-15', '2099-12-16'],
              nightCount: 3,
              cabins: ['Birch Cabin'],
            }),
          ]}
        />
      </QueryClientProvider>,
    );
    const [item] = within(screen.getByRole('list', { name: 'Booking requests' })).getAllByRole('listitem');
    // Check-in Dec 14, check-out Dec 17: three nights, not 'Dec 14–16'.
    expect(item).toHaveTextContent('Dec 14 → Dec 17, 2099 · 3 nights · Birch Cabin');
  });

  it('is offered on approved stays still ahead only, and opens the dialog for that stay', async () => {
    fake.mockImplementation((url) =>
      url.startsWith('/api/swaps/stays')
        ? Promise.resolve({ success: true, data: [MARCH] })
        : Promise.reject(new Error(url)),
    );
    render(
      <QueryClientProvider
        client={
          new QueryClient({ mutationCache: failedWrites(), defaultOptions: { queries: { retry: false } } })
        }
      >
        <BookingRequests
          bookings={[
            booking(1, {}),
            booking(2, { status: 'pending' }),
            booking(3, { nights: ['2020-01-01'], nightCount: 1 }),
          ]}
        />
      </QueryClientProvider>,
    );
    const [ahead, pending, past] = within(
      screen.getByRole('list', { name: 'Booking requests' }),
    ).getAllByRole('listitem');
    expect(within(pending!).queryByRole('button', { name: /Offer a swap/ })).not.toBeInTheDocument();
    expect(within(past!).queryByRole('button', { name: /Offer a swap/ })).not.toBeInTheDocument();
    await userEvent.click(
      within(ahead!).getByRole('button', {
        name: 'Offer a swap: Personal stay, Feb 12 → Feb 14, 2099 · 2 nights',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Offer a swap' });
    expect(dialog).toHaveTextContent('Offer your stay Feb 12 → Feb 14, 2099 · 2 nights');
    expect(
      await within(dialog).findByRole('radio', { name: 'Mar 3 → Mar 6, 2027 · 3 nights' }),
    ).toBeInTheDocument();
  });
});
