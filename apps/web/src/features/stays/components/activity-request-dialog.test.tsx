import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { ActivityRequestDialog } from './activity-request-dialog';
import { toIsoDay } from '../nights-format';
import { allowConsole } from '../../../../test/console';

const send = vi.fn();
vi.mock('@/queries/activities', () => ({
  useCreateActivityRequest: () => useMutation({ mutationFn: send }),
}));

const PERK = { _id: '00000000-0000-4000-8000-0000000000a1', name: 'Husky safari' };
const inDays = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return toIsoDay(d);
};

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ActivityRequestDialog perk={PERK} open onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return onOpenChange;
}
const sendButton = () => screen.getByRole('button', { name: 'Send request' });

describe('ActivityRequestDialog', () => {
  afterEach(() => send.mockReset());

  it('sends the perk, the day, the party size and the note, says so and closes', async () => {
    let done!: (v: unknown) => void;
    send.mockReturnValueOnce(new Promise((r) => (done = r)));
    const onOpenChange = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Request: Husky safari' })).toBeInTheDocument();
    const date = screen.getByLabelText('Date');
    expect(date).toHaveAttribute('min', inDays(0));
    await userEvent.type(date, inDays(5));
    const party = screen.getByLabelText('Party size');
    await userEvent.clear(party);
    await userEvent.type(party, '4');
    await userEvent.type(screen.getByLabelText('Note (optional)'), ' Two children ');
    await userEvent.click(sendButton());
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(send.mock.calls[0]![0]).toEqual({
      perkId: PERK._id,
      date: inDays(5),
      partySize: 4,
      note: 'Two children',
    });
    done({ success: true });
    expect(
      (await screen.findAllByText('Your activity request has been submitted successfully.'))[0],
    ).toBeInTheDocument();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('asks for a date and a party size from 1 to 50 before sending anything', async () => {
    allowConsole('error', /^\[toast\]/);
    renderDialog();
    await userEvent.click(sendButton());
    const date = screen.getByLabelText('Date');
    await waitFor(() => expect(date).toHaveAccessibleDescription('Choose a date'));
    expect(date).toHaveFocus();
    await userEvent.type(date, inDays(2));
    const party = screen.getByLabelText('Party size');
    await userEvent.clear(party);
    await userEvent.type(party, '51');
    await userEvent.click(sendButton());
    await waitFor(() =>
      expect(party).toHaveAccessibleDescription('The party size must be a whole number from 1 to 50'),
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps the dialog open and shows the server’s reason when the request is refused', async () => {
    allowConsole('error', /^\[toast\]/);
    const message = 'You already requested Husky safari on Dec 1, 2026';
    send.mockRejectedValueOnce(Object.assign(new Error(message), { status: 409, body: { message } }));
    const onOpenChange = renderDialog();
    await userEvent.type(screen.getByLabelText('Date'), inDays(3));
    await userEvent.click(sendButton());
    expect((await screen.findAllByText(message))[0]).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Request: Husky safari' })).toBeInTheDocument();
  });
});
