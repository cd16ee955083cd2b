import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { EMAIL_INVISIBLE_MESSAGE, type BookingType, type CabinNights } from '@portal/contracts';
import { Toaster } from '@/components/ui/toaster';
import { BookingDialog } from './booking-dialog';

const send = vi.fn();
vi.mock('@/queries/bookings', () => ({
  useCreateBooking: () => useMutation({ mutationFn: send }),
}));

const PROJECT = '00000000-0000-4000-8000-000000000001';
const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const inDays = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return iso(d);
};
const NIGHTS: CabinNights = {
  totalNights: 14,
  remainingNights: 10,
  bonusNights: 0,
  bonusNightsTotal: 0,
  bookedNights: 4,
  yearsRemaining: 1,
  expirationDate: inDays(60),
  requestedNights: [],
};

function renderDialog(type: BookingType, initialNotes?: string) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BookingDialog
        projectId={PROJECT}
        type={type}
        nights={NIGHTS}
        initialNotes={initialNotes}
        open
        onOpenChange={onOpenChange}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

const toastText = (text: string) => screen.findAllByText(text, { exact: true }).then((all) => all[0]);
const grid = () => within(screen.getByRole('dialog')).getAllByRole('grid')[0]!;
const enabledDays = () =>
  within(grid())
    .getAllByRole('button')
    .filter((b) => !(b as HTMLButtonElement).disabled);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));

describe('BookingDialog', () => {
  afterEach(() => send.mockReset());

  it('asks for a night first, then sends the chosen nights and the notes, and closes', async () => {
    let done!: (v: unknown) => void;
    send.mockReturnValueOnce(new Promise((r) => (done = r)));
    const onOpenChange = renderDialog('personal', 'I would like to book: Sauna');
    await submit();
    expect(await screen.findByText('Choose at least one night in the calendar')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(send).not.toHaveBeenCalled();
    expect(enabledDays()[0]).toHaveFocus();
    await userEvent.click(enabledDays()[1]!);
    await userEvent.click(enabledDays()[0]!);
    expect(screen.queryByText('Choose at least one night in the calendar')).not.toBeInTheDocument();
    await submit();
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    const body = send.mock.calls[0]![0] as { dates: string[] };
    expect(body).toEqual({
      projectId: PROJECT,
      type: 'personal',
      dates: [...body.dates].sort(),
      notes: 'I would like to book: Sauna',
    });
    expect(body.dates).toHaveLength(2);
    done({});
    expect(await toastText('Booking Submitted')).toBeInTheDocument();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("a gift: the dialog's own checks at once, then the contract's, then the server's 400 next to its field", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDialog('gift');
    const recipient = screen.getByLabelText('Recipient Email');
    await userEvent.type(recipient, 'friend');
    await submit();
    expect(await screen.findByText('Choose at least one night in the calendar')).toBeInTheDocument();
    expect(recipient).toHaveAccessibleDescription("Enter the recipient's email");
    expect(screen.queryByText('Error')).not.toBeInTheDocument();

    await userEvent.click(enabledDays()[0]!);
    await userEvent.clear(recipient);
    await userEvent.type(recipient, 'fri\u200bend@example.com');
    await submit();
    await waitFor(() => expect(recipient).toHaveAccessibleDescription(EMAIL_INVISIBLE_MESSAGE));
    expect(recipient).toHaveFocus();
    expect(await toastText('Error')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    const message = 'Enter a valid gift recipient email';
    send.mockRejectedValueOnce(
      Object.assign(new Error(message), {
        status: 400,
        body: { message, fields: { giftRecipient: message } },
      }),
    );
    await userEvent.clear(recipient);
    await userEvent.type(recipient, ' Friend@Example.com ');
    await userEvent.click(screen.getByLabelText('Notes'));
    await submit();
    await waitFor(() => expect(recipient).toHaveAccessibleDescription(message));
    expect(recipient).toHaveFocus();
    expect(send.mock.calls[0]![0]).toMatchObject({
      type: 'gift',
      giftRecipient: 'Friend@Example.com',
      notes: '',
    });
  });

  it('a rental: a price above €0, sent with two decimals', async () => {
    send.mockResolvedValueOnce({});
    renderDialog('rental');
    const price = screen.getByLabelText('Rental Price per Night (€)');
    await userEvent.click(enabledDays()[0]!);
    await userEvent.type(price, '0');
    await submit();
    expect(price).toHaveAccessibleDescription('Enter a rental price per night above €0');
    expect(send).not.toHaveBeenCalled();
    await userEvent.clear(price);
    await userEvent.type(price, '12.345');
    expect(screen.getByText('Total value: €12.35')).toBeInTheDocument();
    await submit();
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(send.mock.calls[0]![0]).toMatchObject({ type: 'rental', rentalPrice: 12.35 });
  });
});
