import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failedWrites } from '@/lib/query-client';
import type { FailureOption } from '@/lib/endpoint-hooks';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { ConfirmDialogHost } from '@/components/ui/confirm-dialog';
import { Toaster } from '@/components/ui/toaster';
import { answerConfirm } from '@/lib/confirm';
import { resetToasts } from '@/lib/toast';
import { CalendarFeedCard } from './calendar-feed-card';

const OLD = 'https://portal.example/api/calendar/old-token.ics';
const NEW = 'https://portal.example/api/calendar/new-token.ics';
const { feed, regenerate } = vi.hoisted(() => ({ feed: { url: '' }, regenerate: vi.fn() }));
vi.mock('@/queries/calendar', () => ({
  useCalendarFeed: () => ({ data: feed.url, isLoading: false, isError: false }),
  useRegenerateCalendarFeed: ({ failure }: FailureOption) =>
    useMutation({ mutationFn: regenerate, meta: { failure } }),
}));

function renderCard() {
  feed.url = OLD;
  render(
    <QueryClientProvider client={new QueryClient({ mutationCache: failedWrites() })}>
      <CalendarFeedCard />
      <ConfirmDialogHost />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('CalendarFeedCard', () => {
  afterEach(() => {
    regenerate.mockReset();
    act(() => {
      answerConfirm(false);
      resetToasts();
    });
  });

  it('shows the address read-only and copies it', async () => {
    const user = userEvent.setup();
    renderCard();
    const input = screen.getByLabelText('Calendar link');
    expect(input).toHaveValue(OLD);
    expect(input).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(OLD);
    expect((await screen.findAllByText('Calendar link copied'))[0]).toBeInTheDocument();
  });

  it('makes a new link only once confirmed, saying the old one stops working', async () => {
    const user = userEvent.setup();
    regenerate.mockImplementation(async () => {
      feed.url = NEW;
      return NEW;
    });
    renderCard();
    await user.click(screen.getByRole('button', { name: 'New link' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make a new calendar link?' });
    expect(dialog).toHaveAccessibleDescription(/current link stops working/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(regenerate).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'New link' }));
    await user.click(await screen.findByRole('button', { name: 'Make new link' }));
    await waitFor(() => expect(regenerate).toHaveBeenCalledTimes(1));
    expect((await screen.findAllByText('New calendar link made'))[0]).toBeInTheDocument();
  });
});
