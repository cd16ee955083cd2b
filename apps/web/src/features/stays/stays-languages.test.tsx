import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CabinNights, HighSeason, Perk } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { AURORA } from '../../../test/fixtures';
import { Component as PerksPage } from './perks-page';

const at = '2026-03-01T10:00:00.000Z';
const CABIN: Perk = {
  _id: 'k0000000-0000-4000-8000-000000000002',
  projectId: AURORA._id,
  name: 'Lake cabin',
  type: 'cabin',
  category: 'standard',
  icon: '🏠',
  description: 'The cabin by the lake',
  discount: '',
  status: 'active',
  bookingAvailable: true,
  createdAt: at,
  updatedAt: at,
};
const nightsLeft = (remainingNights: number): CabinNights => ({
  totalNights: 14,
  remainingNights,
  bonusNights: 0,
  bonusNightsTotal: 0,
  bookedNights: 14 - remainingNights,
  yearsRemaining: 1,
  expirationDate: '2099-03-05',
  requestedNights: [],
});
const SEASON: HighSeason = {
  _id: '00000000-0000-4000-8000-0000000000a1',
  projectId: AURORA._id,
  name: 'Winter holiday',
  startsOn: '2099-02-20',
  endsOn: '2099-02-28',
  maxNightsPerInvestor: 4,
  usedNights: 1,
};

const { state, loaded, idle, NO_AVAILABILITY } = vi.hoisted(() => ({
  NO_AVAILABILITY: { data: [], isLoading: false, isError: false, isFetching: false },
  state: { nights: null as unknown, locale: 'de' },
  loaded: <T,>(data: T) => ({ data, isLoading: false, isError: false, isFetching: false }),
  idle: () => ({ mutateAsync: () => Promise.resolve(), reset: () => {}, isPending: false }),
}));
// The signed-in investor's account speaks the page's language.
vi.mock('@/queries/session', async (original) => ({
  ...(await original<object>()),
  useAuth: () => ({ user: { email: 'emma@example.com', locale: state.locale } }),
}));
vi.mock('@/queries/current-project', async () => {
  const { AURORA: project } = await import('../../../test/fixtures');
  return { useCurrentProject: () => ({ current: project, isLoading: false }) };
});
vi.mock('@/queries/allowances', () => ({ useCabinNights: () => loaded(state.nights) }));
vi.mock('@/queries/perks', async () => {
  const fixtures = await import('../../../test/fixtures');
  return {
    usePerksOrEmpty: () =>
      loaded([
        {
          _id: 'k0000000-0000-4000-8000-000000000002',
          projectId: fixtures.AURORA._id,
          name: 'Lake cabin',
          type: 'cabin',
          category: 'standard',
          icon: '🏠',
          description: 'The cabin by the lake',
          discount: '',
          status: 'active',
          bookingAvailable: true,
          createdAt: '2026-03-01T10:00:00.000Z',
          updatedAt: '2026-03-01T10:00:00.000Z',
        },
      ]),
    useUsage: () => loaded(null),
  };
});
vi.mock('@/queries/bookings', () => ({
  useBookings: () => loaded([]),
  useCreateBooking: idle,
  useCancelBooking: idle,
}));
vi.mock('@/queries/activities', () => ({
  useActivityRequests: () => loaded([]),
  useCreateActivityRequest: idle,
  useCancelActivityRequest: idle,
}));
vi.mock('@/queries/cabins', async (original) => ({
  ...(await original<object>()),
  useHighSeasons: () => loaded([SEASON]),
  // One answer, as the query cache keeps it.
  useAvailability: () => NO_AVAILABILITY,
}));

/** The Perks page of an investor with `remaining` cabin nights left, in `locale`. */
async function showPerks(locale: 'de' | 'nb', remaining: number) {
  await setLocale(locale);
  state.locale = locale;
  state.nights = nightsLeft(remaining);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PerksPage />
    </QueryClientProvider>,
  );
}

describe('the Perks page and its booking dialog in German and Norwegian', () => {
  it('books a stay in German', async () => {
    await showPerks('de', 10);
    expect(
      screen.getByRole('heading', { level: 1, name: `Vorteile für ${AURORA.name}` }),
    ).toBeInTheDocument();
    expect(screen.getByText('von insgesamt 14 Nächten')).toBeInTheDocument();
    expect(screen.getByText('Jahre verbleibend (läuft am 5. März 2099 ab)')).toBeInTheDocument();
    expect(
      screen.getByText('Sie können noch 10 Nächte anfragen, Bonusnächte inbegriffen.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: `Jetzt buchen: ${CABIN.name}` }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Eigenen Aufenthalt buchen' },
      { timeout: 5000 },
    );
    expect(within(dialog).getByText('Wählen Sie Ihren Aufenthalt')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Anmerkungen')).toHaveValue(
      `Ich möchte Folgendes buchen: ${CABIN.name}`,
    );
    expect(
      within(dialog).getByText(
        'Wählen Sie Ihren Anreisetag, dann Ihren Abreisetag: bis zu 10 Nächte, bis zum 5. März 2099.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('10 Nächte verbleibend')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Nächte in der Hochsaison: 1 von 4 genutzt · Winter holiday, 20. Feb. 2099 – 28. Feb. 2099',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Legende' })).toHaveTextContent('Ausgebucht');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Anfrage senden' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Wählen Sie Ihren Anreisetag im Kalender',
    );
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });

  it('books a stay in Norwegian, one night in the singular', async () => {
    await showPerks('nb', 1);
    expect(
      screen.getByRole('heading', { level: 1, name: `Fordeler for ${AURORA.name}` }),
    ).toBeInTheDocument();
    expect(screen.getByText('Du kan fortsatt be om 1 natt, bonusnetter inkludert.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^Bestill eget opphold/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Bestill eget opphold' }, { timeout: 5000 });
    expect(
      within(dialog).getByText(
        'Velg innsjekkingsdag, deretter utsjekkingsdag: opptil 1 natt, til og med 5. mars 2099.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('1 natt igjen')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Merknader')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Send forespørsel' })).toBeEnabled();

    // The first day that can be chosen becomes the check-in, named in Norwegian.
    const grid = within(dialog).getAllByRole('grid')[0]!;
    const first = within(grid)
      .getAllByRole('button')
      .find((b) => !b.hasAttribute('disabled'))!;
    await userEvent.click(first);
    expect(within(dialog).getByText(/^Innsjekk .+ · velg nå utsjekkingsdag$/)).toBeInTheDocument();
  });
});
