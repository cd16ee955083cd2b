import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failedWrites } from '@/lib/query-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SWAP_MESSAGES, type SwapOffer, type SwapStay } from '@portal/contracts';
import { Toaster } from '@/components/ui/toaster';
import { api, ApiError } from '@/lib/api';
import type * as ApiModule from '@/lib/api';
import { resetToasts } from '@/lib/toast';
import { SwapOfferDialog } from './swap-offer-dialog';
import { allowConsole } from '../../../../test/console';

vi.mock('@/lib/api', async (importOriginal) => {
  const real = await importOriginal<typeof ApiModule>();
  return { ...real, api: vi.fn() };
});
const fake = vi.mocked(api);

const PROJECT = '00000000-0000-4000-8000-000000000001';
const MINE = {
  _id: '00000000-0000-4000-8000-0000000000b1',
  nights: ['2027-02-12', '2027-02-13', '2027-02-14'],
  nightCount: 3,
};
const THEIRS: SwapStay[] = [
  {
    bookingId: '00000000-0000-4000-8000-0000000000c1',
    nights: ['2027-03-03', '2027-03-04', '2027-03-05'],
    nightCount: 3,
  },
  { bookingId: '00000000-0000-4000-8000-0000000000c2', nights: ['2027-04-30', '2027-05-01'], nightCount: 2 },
];
const OFFER: SwapOffer = {
  _id: '00000000-0000-4000-8000-0000000000d1',
  projectId: PROJECT,
  direction: 'sent',
  status: 'pending',
  offered: { bookingId: MINE._id, nights: MINE.nights, nightCount: 3 },
  requested: THEIRS[1]!,
  note: 'Any chance?',
  createdAt: '2026-11-26T10:00:00.000Z',
  decidedAt: null,
};

/** The fake API: the stays for the GET, `onPost` for the offer. */
function answer(onPost: () => Promise<unknown> = () => Promise.resolve({ success: true, data: OFFER })) {
  fake.mockImplementation((url, opts) => {
    if (opts?.method === 'GET' && url === `/api/swaps/stays?projectId=${PROJECT}`)
      return Promise.resolve({ success: true, data: THEIRS });
    if (opts?.method === 'POST' && url === '/api/swaps') return onPost();
    return Promise.reject(new Error(`unexpected ${opts?.method} ${url}`));
  });
}

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider
      client={
        new QueryClient({ mutationCache: failedWrites(), defaultOptions: { queries: { retry: false } } })
      }
    >
      <SwapOfferDialog projectId={PROJECT} stay={MINE} open onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return onOpenChange;
}
const dialog = () => screen.getByRole('dialog', { name: 'Offer a swap' });
const send = () => userEvent.click(within(dialog()).getByRole('button', { name: 'Send offer' }));

describe('SwapOfferDialog', () => {
  afterEach(() => {
    fake.mockReset();
    resetToasts();
  });

  it("lists the other investors' stays by their dates and sends the chosen one with the note", async () => {
    answer();
    const onOpenChange = renderDialog();
    expect(dialog()).toHaveTextContent('Offer your stay Feb 12 → Feb 15, 2027 · 3 nights');
    const group = screen.getByRole('group', { name: 'Stay you would like in exchange' });
    const choices = await within(group).findAllByRole('radio');
    expect(choices.map((c) => c.closest('label')?.textContent)).toEqual([
      'Mar 3 → Mar 6, 2027 · 3 nights',
      'Apr 30 → May 2, 2027 · 2 nights',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: 'Apr 30 → May 2, 2027 · 2 nights' }));
    await userEvent.type(screen.getByLabelText('Note (optional)'), '  Any chance?  ');
    await send();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(fake).toHaveBeenCalledWith(
      '/api/swaps',
      expect.objectContaining({
        method: 'POST',
        json: { offeredBookingId: MINE._id, requestedBookingId: THEIRS[1]!.bookingId, note: 'Any chance?' },
      }),
    );
    expect((await screen.findAllByText(SWAP_MESSAGES.offered))[0]).toBeInTheDocument();
  });

  it('asks for a stay before sending anything, and the arrow keys choose one', async () => {
    answer();
    renderDialog();
    const first = await screen.findByRole('radio', { name: 'Mar 3 → Mar 6, 2027 · 3 nights' });
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the stay you would like');
    expect(first).toHaveFocus();
    expect(
      screen.getByRole('group', { name: 'Stay you would like in exchange' }),
    ).toHaveAccessibleDescription('Choose the stay you would like');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Apr 30 → May 2, 2027 · 2 nights' })).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fake.mock.calls.filter(([, o]) => o?.method === 'POST')).toHaveLength(0);
  });

  it('keeps the dialog open and shows the server’s reason when the offer is refused', async () => {
    allowConsole('error', /^\[toast\]/);
    const message = 'This stay is already offered for that one';
    answer(() => Promise.reject(new ApiError(message, 409, { success: false, error: message })));
    const onOpenChange = renderDialog();
    await userEvent.click(await screen.findByRole('radio', { name: 'Mar 3 → Mar 6, 2027 · 3 nights' }));
    await send();
    expect((await screen.findAllByText(message))[0]).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(dialog()).toBeInTheDocument();
  });
});
