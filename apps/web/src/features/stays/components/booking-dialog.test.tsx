import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { failedWrites } from '@/lib/query-client';
import type { FailureOption } from '@/lib/endpoint-hooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  datesBetween,
  EMAIL_INVISIBLE_MESSAGE,
  GIFT_TO_SELF_MESSAGE,
  type AvailabilityDay,
  type BookingType,
  type HighSeason,
} from '@portal/contracts';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/toast';
import { BookingDialog } from './booking-dialog';
import { cabinNights } from '../../../../test/fixtures';

const PROJECT = '00000000-0000-4000-8000-000000000001';
// Today is Monday, February 1, 2027; February 15 is full; February 20–28 is high season. The investor's
// own pending night, February 5, took the last cabin.
const TODAY = new Date(2027, 1, 1, 10);
const FULL = '2027-02-15';
const OWN_PENDING = '2027-02-05';
const SEASON: HighSeason = {
  _id: '00000000-0000-4000-8000-0000000000a1',
  projectId: PROJECT,
  name: 'Winter holiday',
  startsOn: '2027-02-20',
  endsOn: '2027-02-28',
  maxNightsPerInvestor: 4,
  usedNights: 1,
};

const send = vi.fn();
const seasons = vi.fn((): HighSeason[] => [SEASON]);
const asked: [string, string][] = [];
const answers = new Map<string, AvailabilityDay[]>();
vi.mock('@/queries/bookings', () => ({
  useCreateBooking: ({ failure }: FailureOption) => useMutation({ mutationFn: send, meta: { failure } }),
}));
vi.mock('@/queries/session', () => ({ useAuth: () => ({ user: { email: 'emma@example.com' } }) }));
vi.mock('@/queries/cabins', () => ({
  // One answer per window, as the query cache keeps it.
  useAvailability: (_p: string, from: string, to: string) => {
    const key = `${from}/${to}`;
    if (asked.at(-1)?.join('/') !== key) asked.push([from, to]);
    const data =
      answers.get(key) ??
      answers
        .set(
          key,
          datesBetween(from, to).map((date) => ({
            date,
            free: date === FULL || date === OWN_PENDING ? 0 : 2,
            total: 2,
            peak: date >= SEASON.startsOn && date <= SEASON.endsOn,
            own: date === OWN_PENDING ? ('pending' as const) : null,
          })),
        )
        .get(key)!;
    return { data, isFetching: false, isError: false };
  },
  useHighSeasons: () => ({ data: seasons() }),
}));

const NIGHTS = cabinNights({
  expirationDate: '2027-04-30',
  requestedNights: ['2027-02-05'],
});

function renderDialog(type: BookingType, initialNotes?: string) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ mutationCache: failedWrites() })}>
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
/** A day's button, by the start of its accessible name ('Friday, February 12, 2027'). */
const day = (label: string) =>
  within(screen.getByRole('dialog')).getByRole('button', { name: new RegExp(`^${label}`) });
const hint = () => screen.getByText(/^(Check-in |Choose your check-in day)/);
/** The nights sent with the request. */
const sentDates = () => (send.mock.calls[0]![0] as { dates: string[] }).dates;

describe('BookingDialog', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: TODAY }));
  afterEach(() => {
    vi.useRealTimers();
    resetToasts();
    send.mockReset();
    seasons.mockClear();
    asked.length = 0;
  });

  it('a check-in day, then a check-out day: the nights in between are requested', async () => {
    send.mockResolvedValueOnce({});
    renderDialog('personal');
    expect(hint()).toHaveTextContent(
      'Choose your check-in day, then your check-out day: up to 10 nights, until Apr 30, 2027.',
    );
    await userEvent.click(day('Friday, February 12, 2027'));
    expect(day('Friday, February 12, 2027')).toHaveAccessibleName('Friday, February 12, 2027, check-in');
    expect(hint()).toHaveTextContent('Check-in Fri, Feb 12 · now choose your check-out day');
    await submit();
    expect(await screen.findByText('Choose your check-out day in the calendar')).toHaveAttribute(
      'role',
      'alert',
    );
    await userEvent.click(day('Monday, February 15, 2027'));
    expect(hint()).toHaveTextContent('Check-in Fri, Feb 12 · Check-out Mon, Feb 15 · 3 nights');
    expect(screen.getByText('3 nights of your 10 remaining')).toBeInTheDocument();
    expect(day('Saturday, February 13, 2027')).toHaveAccessibleName('Saturday, February 13, 2027, selected');
    await submit();
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(sentDates()).toEqual(['2027-02-12', '2027-02-13', '2027-02-14']);
  });

  it('a full night cannot be chosen nor crossed; the day after the last free night can be the check-out', async () => {
    renderDialog('personal');
    expect(day('Monday, February 15, 2027')).toHaveAccessibleName('Monday, February 15, 2027, full');
    expect(day('Monday, February 15, 2027')).toBeDisabled();
    // The investor's own nights and past days are not offered either; their own pending night reads as
    // theirs, not as full, although it took the last cabin.
    expect(day('Friday, February 5, 2027')).toHaveAccessibleName(
      'Friday, February 5, 2027, your stay, pending approval',
    );
    expect(day('Friday, February 5, 2027').closest('td')).toHaveClass('is-own', 'is-own-pending');
    expect(day('Friday, February 5, 2027').closest('td')).not.toHaveClass('is-full');
    expect(day('Friday, February 5, 2027')).toBeDisabled();
    await userEvent.click(day('Saturday, February 13, 2027'));
    // The full day can end the stay (its night is not part of it) …
    expect(day('Monday, February 15, 2027')).toHaveAccessibleName(
      'Monday, February 15, 2027, full, check-out only',
    );
    expect(day('Monday, February 15, 2027')).toBeEnabled();
    // … but a click beyond it starts a new stay instead of crossing it.
    await userEvent.click(day('Wednesday, February 17, 2027'));
    expect(hint()).toHaveTextContent('Check-in Wed, Feb 17 · now choose your check-out day');
    expect(day('Monday, February 15, 2027')).toBeDisabled();
    await userEvent.click(day('Friday, February 12, 2027'));
    await userEvent.click(day('Monday, February 15, 2027'));
    expect(hint()).toHaveTextContent('Check-in Fri, Feb 12 · Check-out Mon, Feb 15 · 3 nights');
  });

  it('marks high season, names it, and counts the stay against its limit; shows the legend', async () => {
    renderDialog('personal');
    expect(day('Saturday, February 20, 2027')).toHaveAccessibleName(
      'Saturday, February 20, 2027, high season',
    );
    expect(day('Friday, February 19, 2027')).toHaveAccessibleName('Friday, February 19, 2027');
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['8Free', '8Full', '8Your stay', '8Your stay, pending', '8High season', '8Selected']);
    // Before a stay is chosen: the coming season.
    expect(
      screen.getByText('High-season nights: 1 of 4 used · Winter holiday, Feb 20, 2027 – Feb 28, 2027'),
    ).toBeInTheDocument();
    await userEvent.click(day('Friday, February 19, 2027'));
    await userEvent.click(day('Monday, February 22, 2027'));
    expect(
      screen.getByText('High-season nights: 1 of 4 used · Winter holiday: this stay adds 2'),
    ).toBeInTheDocument();
    await userEvent.click(day('Tuesday, February 23, 2027'));
    await userEvent.click(day('Sunday, February 28, 2027'));
    expect(
      screen.getByText(/^High-season nights: 1 of 4 used · Winter holiday: this stay adds 5/),
    ).toHaveTextContent('(over the limit of 4)');
  });

  it('without high seasons there is no high-season line; the months shown are asked for', async () => {
    seasons.mockReturnValue([]);
    renderDialog('personal');
    expect(screen.queryByText(/High-season nights/)).not.toBeInTheDocument();
    expect(asked.at(-1)).toEqual(['2027-02-01', '2027-02-28']);
    await userEvent.click(screen.getByRole('button', { name: 'Go to the Next Month' }));
    expect(asked.at(-1)).toEqual(['2027-03-01', '2027-03-31']);
    seasons.mockReturnValue([SEASON]);
  });

  it('asks for a stay first, then sends its nights and the notes, and closes', async () => {
    let done!: (v: unknown) => void;
    send.mockReturnValueOnce(new Promise((r) => (done = r)));
    const onOpenChange = renderDialog('personal', 'I would like to book: Sauna');
    await submit();
    expect(await screen.findByText('Choose your check-in day in the calendar')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(send).not.toHaveBeenCalled();
    expect(enabledDays()[0]).toHaveFocus();
    await userEvent.click(enabledDays()[0]!);
    expect(screen.queryByText('Choose your check-in day in the calendar')).not.toBeInTheDocument();
    await userEvent.click(enabledDays()[2]!);
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
    expect(await screen.findByText('Choose your check-in day in the calendar')).toBeInTheDocument();
    expect(recipient).toHaveAccessibleDescription("Enter the recipient's email");
    expect(screen.queryByText('Error')).not.toBeInTheDocument();

    await userEvent.click(enabledDays()[0]!);
    await userEvent.click(enabledDays()[1]!);
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

  it("a gift to the investor's own email is refused next to the field, before anything is sent", async () => {
    renderDialog('gift');
    const recipient = screen.getByLabelText('Recipient Email');
    await userEvent.click(enabledDays()[0]!);
    await userEvent.click(enabledDays()[1]!);
    await userEvent.type(recipient, ' Emma@Example.com ');
    await submit();
    await waitFor(() => expect(recipient).toHaveAccessibleDescription(GIFT_TO_SELF_MESSAGE));
    expect(send).not.toHaveBeenCalled();
  });

  it("a rental above the cap: the server's 400 naming the cap goes next to the price", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'The rental price can be at most €10,000 a night';
    send.mockRejectedValueOnce(
      Object.assign(new Error(message), { status: 400, body: { message, fields: { rentalPrice: message } } }),
    );
    renderDialog('rental');
    const price = screen.getByLabelText('Rental Price per Night (€)');
    await userEvent.click(enabledDays()[0]!);
    await userEvent.click(enabledDays()[1]!);
    await userEvent.type(price, '20000');
    await submit();
    await waitFor(() => expect(price).toHaveAccessibleDescription(expect.stringContaining(message)));
  });

  it('a rental: a price above €0, sent with two decimals', async () => {
    send.mockResolvedValueOnce({});
    renderDialog('rental');
    const price = screen.getByLabelText('Rental Price per Night (€)');
    await userEvent.click(enabledDays()[0]!);
    await userEvent.click(enabledDays()[1]!);
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
