import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type {
  ActivityRequest,
  AdminActivityRequest,
  Allocation,
  AdminBooking,
  Cabin,
  CabinNights,
  Fairness,
  HighSeason,
  Perk,
  SwapOffer,
  UsageSummary,
} from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { activityRequest, AURORA, stayBooking } from '../../../test/fixtures';
import { Component as AdminBookingsPage } from './admin/bookings-page';
import { Component as AdminPerksPage } from './admin/perks-page';
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
  yearsRemaining: 1.6,
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

const EMMA = {
  _id: 'u0000000-0000-4000-8000-000000000001',
  name: 'Emma Lindqvist',
  email: 'emma@example.com',
};
/** A stay request as the admin's list has it (the investor's own list has the same, without `user`). */
const stayRequest = (n: number, over: Partial<AdminBooking>): AdminBooking => ({
  ...stayBooking({
    _id: `b0000000-0000-4000-8000-00000000000${n}`,
    projectId: AURORA._id,
    userId: EMMA._id,
    status: 'pending',
    nights: ['2099-02-21', '2099-02-22', '2099-02-23'],
    nightCount: 3,
    createdAt: at,
    updatedAt: at,
  }),
  user: EMMA,
  ...over,
});
/** An approved rental of three high-season nights, its income recorded; a pending gift of one night. */
const RENTAL = stayRequest(1, {
  type: 'rental',
  status: 'approved',
  cabins: ['Birch Cabin'],
  rentalPrice: 1250.5,
  totalValue: 3751.5,
  bonusNightsUsed: 1,
  decidedAt: at,
  rentalIncome: {
    bookingId: 'b0000000-0000-4000-8000-000000000001',
    nightsRented: 3,
    grossIncome: 3751.5,
    sharePercent: 70,
    amount: 2626.05,
    paymentDate: '2099-03-01',
    recordedAt: at,
    locked: null,
  },
});
const GIFT = stayRequest(2, {
  type: 'gift',
  nights: ['2099-03-01'],
  nightCount: 1,
  giftRecipient: 'anna@example.com',
});
const ACTIVITY: AdminActivityRequest = {
  ...activityRequest({
    _id: 'c0000000-0000-4000-8000-000000000001',
    perkId: 'k0000000-0000-4000-8000-000000000003',
    userId: EMMA._id,
    date: '2099-03-12',
    partySize: 4,
    createdAt: at,
    updatedAt: at,
  }),
  user: EMMA,
};
const SWAP: SwapOffer = {
  _id: 's0000000-0000-4000-8000-000000000001',
  projectId: AURORA._id,
  direction: 'received',
  status: 'pending',
  offered: {
    bookingId: 'b0000000-0000-4000-8000-000000000009',
    nights: ['2099-03-03', '2099-03-04'],
    nightCount: 2,
  },
  requested: { bookingId: RENTAL._id, nights: RENTAL.nights, nightCount: 3 },
  note: '',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
};
const USAGE: UsageSummary = {
  personalStays: 0,
  gifted: 1,
  rented: 3,
  totalValue: 2626.05,
  recentActivity: [
    {
      _id: `${RENTAL._id}:approved`,
      description: 'Rental of 3 nights approved',
      date: at,
      bookingId: RENTAL._id,
      type: 'rental',
      status: 'approved',
    },
    {
      _id: `${GIFT._id}:requested`,
      description: 'Requested 1 night (Mar 1 → Mar 2, 2099) as a gift for anna@example.com',
      date: at,
      bookingId: GIFT._id,
      type: 'gift',
      status: 'pending',
    },
  ],
};
const CABIN_ROW: Cabin = {
  _id: 'h0000000-0000-4000-8000-000000000001',
  projectId: AURORA._id,
  name: 'Birch Cabin',
  sleeps: 6,
  description: '',
  photos: [],
  active: true,
  futureNights: 12,
  createdAt: at,
  updatedAt: at,
};

const CHRISTMAS: Allocation = {
  _id: 'a0000000-0000-4000-8000-000000000001',
  projectId: AURORA._id,
  projectName: AURORA.name,
  title: 'Weihnachten 2099',
  seedHash: 'a'.repeat(64),
  status: 'open',
  preferencesDue: '2099-12-01T12:00:00.000Z',
  runsAt: '2099-12-02T12:00:00.000Z',
  ranAt: null,
  stays: [
    { _id: 'a0000000-0000-4000-8000-000000000011', checkIn: '2099-12-19', checkOut: '2099-12-26', nights: 7 },
  ],
  myChoices: [],
  participants: 0,
};
const LEDGER: Fairness = {
  projectId: AURORA._id,
  years: [{ year: 2099, seasonNights: 60 }],
  rows: [
    {
      userId: EMMA._id,
      name: EMMA.name,
      sharePercent: 12.5,
      years: [{ year: 2099, peakNights: 14, fairShare: 7.5 }],
      peakNightsPer10000: 1.05,
      priority: { position: 2, tiedWith: 1, of: 5 },
    },
  ],
};

const { state, loaded, idle, NO_AVAILABILITY } = vi.hoisted(() => ({
  NO_AVAILABILITY: { data: [], isLoading: false, isError: false, isFetching: false },
  /** What the mocked queries answer; the lists start empty in each test. */
  state: {
    nights: null as unknown,
    locale: 'de',
    bookings: [] as unknown[],
    activities: [] as unknown[],
    swaps: [] as unknown[],
    usage: null as unknown,
    perks: [] as unknown[],
    cabins: [] as unknown[],
    allocations: [] as unknown[],
    result: null as unknown,
    fairness: null as unknown,
  },
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
    useUsage: () => loaded(state.usage),
    usePerks: () => loaded(state.perks),
    useDeletePerk: idle,
    useSavePerk: idle,
  };
});
// The investor's and the admin's lists of requests are the same rows here.
vi.mock('@/queries/bookings', () => ({
  useBookings: () => loaded(state.bookings),
  useCreateBooking: idle,
  useCancelBooking: idle,
  useProjectBookings: () => loaded(state.bookings),
  useDecideBooking: idle,
  useRentalSettings: () => loaded({ rentalPriceCap: 500 }),
  useSetRentalSettings: idle,
}));
vi.mock('@/queries/activities', () => ({
  useActivityRequests: () => loaded(state.activities),
  useCreateActivityRequest: idle,
  useCancelActivityRequest: idle,
  useProjectActivityRequests: () => loaded(state.activities),
  useDecideActivityRequest: idle,
}));
vi.mock('@/queries/swaps', () => ({
  useSwapOffers: () => loaded(state.swaps),
  useDecideSwapOffer: idle,
  useSwapStays: () => loaded([]),
  useCreateSwapOffer: idle,
}));
// An approved stay lists its problem reports: none here.
vi.mock('@/queries/stay-reports', () => ({
  useStayReports: () => loaded([]),
  useReportProblem: idle,
}));
vi.mock('@/queries/allocations', () => ({
  useAllocations: () => loaded(state.allocations),
  useSaveAllocationPreferences: idle,
  useAllocationResult: () => loaded(state.result),
  useFairness: () => loaded(state.fairness),
}));
vi.mock('@/queries/calendar', () => ({
  useCalendarFeed: () => loaded('https://portal.example.com/api/calendar/feed.ics'),
  useRegenerateCalendarFeed: idle,
}));
vi.mock('@/queries/cabins', async (original) => ({
  ...(await original<object>()),
  useHighSeasons: () => loaded([SEASON]),
  useCabins: () => loaded(state.cabins),
  // One answer, as the query cache keeps it.
  useAvailability: () => NO_AVAILABILITY,
}));

beforeEach(() => {
  Object.assign(state, {
    bookings: [],
    activities: [],
    swaps: [],
    usage: null,
    perks: [],
    cabins: [],
    allocations: [],
    result: null,
    fairness: null,
  });
});

/** An element's text with every kind of space (Intl's no-break and narrow ones) as a plain space. */
const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
/** An accessible name that reads `expected`, its spaces as plain ones. */
const reads = (expected: string) => (name: string) => name.replace(/\s+/g, ' ') === expected;

/** A page of the stays in `locale`. */
async function show(locale: 'de' | 'nb', page: ReactElement) {
  await setLocale(locale);
  state.locale = locale;
  render(<QueryClientProvider client={new QueryClient()}>{page}</QueryClientProvider>);
}

/** The Perks page of an investor with `remaining` cabin nights left, in `locale`. */
async function showPerks(locale: 'de' | 'nb', remaining: number) {
  state.nights = nightsLeft(remaining);
  await show(locale, <PerksPage />);
}

describe('the Perks page and its booking dialog in German and Norwegian', () => {
  it('shows the peak weeks to rank and the fairness card in German', async () => {
    state.allocations = [CHRISTMAS];
    state.fairness = LEDGER;
    await showPerks('de', 10);
    expect(screen.getByRole('heading', { name: 'Hochsaisonwochen: Weihnachten 2099' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Aufenthalte gehen zuerst an die Investoren mit den wenigsten Hochsaisonnächten je investiertem Euro in den letzten drei Jahren; bei Gleichstand entscheidet eine veröffentlichte Auslosung.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Ordnen Sie die gewünschten Aufenthalte bis .*1\. Dezember 2099/),
    ).toBeInTheDocument();
    const stays = within(screen.getByRole('group', { name: 'Angebotene Aufenthalte' }));
    await userEvent.click(
      stays.getByRole('checkbox', { name: reads('19. Dez. → 26. Dez. 2099 · 7 Nächte') }),
    );
    const ranking = within(screen.getByRole('list', { name: 'Ihre Reihenfolge' }));
    expect(
      ranking.getByRole('button', { name: reads('Nach oben: 19. Dez. → 26. Dez. 2099 · 7 Nächte') }),
    ).toBeDisabled();
    expect(
      ranking.getByRole('button', { name: reads('Entfernen: 19. Dez. → 26. Dez. 2099 · 7 Nächte') }),
    ).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reihenfolge speichern' })).toBeEnabled();

    expect(screen.getByRole('heading', { name: 'Fairness' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Hochsaisonnächte je Jahr' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => Array.from(r.children, text)),
    ).toEqual([
      ['Jahr', 'Ihre Hochsaisonnächte', 'Fairer Anteil'],
      ['2099', '14', '7,5'],
    ]);
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'P' &&
          text(el) === '1,05 Hochsaisonnächte je investierte 10.000 € in diesen drei Jahren.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Sie stehen bei der nächsten Zuteilung auf Platz 2 von 5. Diesen Platz teilen Sie mit 1 anderen Investor; zwischen Ihnen entscheidet die Auslosung.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the result of a draw in Norwegian, the others by place only', async () => {
    state.allocations = [{ ...CHRISTMAS, status: 'run', ranAt: '2099-12-02T12:00:00.000Z' }];
    state.result = {
      seed: 'f'.repeat(64),
      seedHash: CHRISTMAS.seedHash,
      order: ['u0000000-0000-4000-8000-000000000009', EMMA._id],
      assignments: [{ userId: EMMA._id, stayId: CHRISTMAS.stays[0]!._id, bookingId: RENTAL._id }],
      people: [
        { userId: 'u0000000-0000-4000-8000-000000000009', name: null, you: false },
        { userId: EMMA._id, name: EMMA.name, you: true },
      ],
    };
    await showPerks('nb', 10);
    expect(screen.getByRole('heading', { name: 'Høysesonguker: Weihnachten 2099' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Dine opphold' })).getByRole('listitem'),
    ).toHaveTextContent('19. des. → 26. des. 2099 · 7 netter');
    expect(
      within(screen.getByRole('list', { name: 'Prioritetsrekkefølge' }))
        .getAllByRole('listitem')
        .map(text),
    ).toEqual(['1. Investor 1', '2. Du · 19. des. → 26. des. 2099 · 7 netter']);
    expect(screen.getByText(/^Alle kan kontrollere trekningen: sha256\(seed\)/)).toBeInTheDocument();
  });

  it('books a stay in German', async () => {
    await showPerks('de', 10);
    expect(
      screen.getByRole('heading', { level: 1, name: `Vorteile für ${AURORA.name}` }),
    ).toBeInTheDocument();
    expect(screen.getByText('von insgesamt 14 Nächten')).toBeInTheDocument();
    expect(screen.getByText('Jahre verbleibend (läuft am 5. März 2099 ab)')).toBeInTheDocument();
    // Years left as Germans write a decimal.
    expect(screen.getByText('1,6')).toBeInTheDocument();
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

describe("the investor's requests, swaps and usage on the Perks page in German", () => {
  it('names the requests, the swap offer, the activity and the recent activity in German', async () => {
    Object.assign(state, {
      bookings: [RENTAL, GIFT],
      activities: [ACTIVITY satisfies ActivityRequest],
      swaps: [SWAP],
      usage: USAGE,
    });
    await showPerks('de', 10);

    const requests = screen.getByRole('list', { name: 'Buchungsanfragen' });
    const [rental, gift] = within(requests).getAllByRole('listitem');
    expect(
      within(rental!).getByRole('heading', { name: reads('Vermietung zu 1.250,50 € pro Nacht') }),
    ).toBeInTheDocument();
    expect(text(rental!)).toContain('21. Feb. → 24. Feb. 2099 · 3 Nächte · Birch Cabin · 3.751,50 €');
    expect(text(rental!)).toContain('Angefragt am 1. März 2026');
    expect(within(rental!).getByText('Genehmigt')).toBeInTheDocument();
    expect(
      within(rental!).getByRole('button', {
        name: reads(
          'Tausch anbieten: Vermietung zu 1.250,50 € pro Nacht, 21. Feb. → 24. Feb. 2099 · 3 Nächte',
        ),
      }),
    ).toBeInTheDocument();
    expect(
      within(rental!).getByRole('button', {
        name: reads(
          'Problem melden: Vermietung zu 1.250,50 € pro Nacht, 21. Feb. → 24. Feb. 2099 · 3 Nächte',
        ),
      }),
    ).toHaveTextContent('Problem melden');
    expect(within(gift!).queryByRole('button', { name: /^Problem melden/ })).not.toBeInTheDocument();

    await userEvent.click(
      within(gift!).getByRole('button', { name: /^Anfrage stornieren: Geschenk an anna@example\.com/ }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Diese Anfrage stornieren?' });
    expect(text(confirm)).toContain(
      'Geschenk an anna@example.com, 1. März → 2. März 2099 · 1 Nacht. 1 Nacht wird wieder verfügbar.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Anfrage behalten' }));

    const swaps = screen.getByRole('list', { name: 'Tauschangebote' });
    expect(within(swaps).getByText('Angebot erhalten')).toBeInTheDocument();
    expect(
      within(swaps).getByText(
        'Angeboten wird 3. März → 5. März 2099 für Ihren Aufenthalt 21. Feb. → 24. Feb. 2099',
      ),
    ).toBeInTheDocument();
    expect(within(swaps).getByText('2 Nächte für 3 Nächte · Angeboten am 20. Nov. 2026')).toBeInTheDocument();
    expect(
      within(swaps).getByRole('button', {
        name: reads(
          'Annehmen: Angeboten wird 3. März → 5. März 2099 für Ihren Aufenthalt 21. Feb. → 24. Feb. 2099',
        ),
      }),
    ).toBeInTheDocument();

    const activities = screen.getByRole('list', { name: 'Aktivitätsanfragen' });
    expect(within(activities).getByText('12. März 2099 · 4 Personen')).toBeInTheDocument();
    expect(within(activities).getByText('Ausstehend')).toBeInTheDocument();

    const usage = screen.getByRole('region', { name: 'Nutzungsübersicht' });
    expect(text(within(usage).getByText('Gesamtwert').parentElement!)).toContain('2.626,05 €');
    expect(text(within(usage).getByText('Verschenkte Nächte').parentElement!)).toContain('1 Nacht');
    const recent = within(usage).getByRole('list', { name: 'Letzte Aktivitäten' });
    expect(within(recent).getByText('Vermietung über 3 Nächte genehmigt')).toBeInTheDocument();
    expect(
      within(recent).getByText(
        '1 Nacht (1. März → 2. März 2099) als Geschenk für anna@example.com angefragt',
      ),
    ).toBeInTheDocument();
    expect(within(usage).getByRole('button', { name: 'Bericht herunterladen' })).toBeInTheDocument();

    expect(screen.getByText('Kalender-Abo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link kopieren' })).toBeEnabled();
  });
});

describe('Perks Management and Booking Requests (admin) in German and Norwegian', () => {
  const HORSES: Perk = {
    ...CABIN,
    _id: 'k0000000-0000-4000-8000-000000000004',
    name: 'Horse riding',
    type: 'horse',
    category: 'premium',
    status: 'seasonal',
  };

  it('lists the perks, cabins and high seasons in German, and the perk dialog names types and statuses', async () => {
    Object.assign(state, { perks: [HORSES], cabins: [CABIN_ROW] });
    await show('de', <AdminPerksPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Vorteilsverwaltung' })).toBeInTheDocument();
    expect(screen.getByText(`Investorenvorteile und Leistungen von ${AURORA.name}`)).toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Vorteile' })).getByRole('listitem');
    for (const badge of ['Reiten', 'Premium', 'Saisonal', 'Buchbar'])
      expect(within(card).getByText(badge)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Bearbeiten Horse riding' })).toBeInTheDocument();

    const cabins = screen.getByRole('table', { name: 'Hütten' });
    expect(within(cabins).getAllByRole('columnheader').map(text)).toEqual([
      'Name',
      'Schlafplätze',
      'Status',
      'Künftige Nächte',
      'Aktionen',
    ]);
    expect(within(cabins).getByText('Aktiv')).toBeInTheDocument();
    const seasons = screen.getByRole('table', { name: 'Hochsaisons' });
    expect(text(within(seasons).getAllByRole('columnheader')[2]!)).toBe('Nächte pro Investor');
    expect(text(within(seasons).getAllByRole('row')[1]!)).toContain('20. Feb. 2099 – 28. Feb. 2099');

    await userEvent.click(screen.getByRole('button', { name: 'Vorteil hinzufügen' }));
    const dialog = screen.getByRole('dialog', { name: 'Vorteil hinzufügen' });
    const options = (label: string) =>
      within(within(dialog).getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options('Art').slice(0, 3)).toEqual(['Art auswählen', 'Hütte', 'Essen']);
    expect(options('Status')).toEqual(['Status auswählen', 'Aktiv', 'Inaktiv', 'Saisonal']);
    expect(within(dialog).getByText('Buchbar (zeigt „Jetzt buchen“)')).toBeInTheDocument();
  });

  it('shows a stay request, its rental income, an activity request and the price cap in German', async () => {
    Object.assign(state, { bookings: [RENTAL, GIFT], activities: [ACTIVITY] });
    await show('de', <AdminBookingsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Buchungsanfragen' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map(text)).toEqual(['Ausstehend', 'Genehmigt', 'Abgelehnt', 'Alle']);

    const [rental, gift] = within(screen.getByRole('list', { name: 'Buchungsanfragen' })).getAllByRole(
      'listitem',
    );
    expect(text(rental!)).toContain(
      'Vermietung21. Feb. → 24. Feb. 2099 · 3 Nächte · Birch Cabin · 1 aus dem Bonuskontingent3 Nächte in der Hochsaison',
    );
    expect(text(rental!)).toContain('1.250,50 € pro Nacht · 3.751,50 € insgesamt');
    expect(text(rental!)).toContain(
      'Mieteinnahmen: 3 Nächte vermietet · 3.751,50 € brutto · 70 % Anteil = 2.626,05 € zahlbar am 1. März 2099',
    );
    expect(
      within(rental!).getByRole('button', { name: 'Entfernen: Mieteinnahmen von Emma Lindqvist' }),
    ).toBeInTheDocument();
    // How long ago, as a German sentence writes it ('vor 3 Tagen', not 'Vor 3 Tagen').
    expect(
      within(rental!).getByText(/^Angefragt (gerade eben|vor \d+ \w+|gestern)( · |$)/),
    ).toBeInTheDocument();

    await userEvent.click(
      within(gift!).getByRole('button', { name: 'Genehmigen: Anfrage von Emma Lindqvist' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Buchungsanfrage genehmigen' });
    expect(
      within(dialog).getByText('Emma Lindqvist · Geschenk · 1. März → 2. März 2099 · 1 Nacht'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Anmerkung an den Investor (optional)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));

    const activities = screen.getByRole('list', { name: 'Aktivitätsanfragen' });
    expect(within(activities).getByText('· 12. März 2099 · 4 Personen')).toBeInTheDocument();
    expect(
      within(activities).getByRole('button', { name: 'Ablehnen: Aktivitätsanfrage von Emma Lindqvist' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Mietpreisobergrenze (€ pro Nacht)')).toHaveValue(500);
    expect(screen.getByRole('button', { name: 'Obergrenze speichern' })).toBeInTheDocument();
  });

  it('shows the booking requests in Norwegian, one night in the singular', async () => {
    Object.assign(state, { bookings: [GIFT], activities: [{ ...ACTIVITY, partySize: 1 }] });
    await show('nb', <AdminBookingsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Bookingforespørsler' })).toBeInTheDocument();
    const gift = within(screen.getByRole('list', { name: 'Bookingforespørsler' })).getByRole('listitem');
    expect(text(gift)).toContain('Gave1. mars → 2. mars 2099 · 1 natt');
    expect(text(gift)).toContain('Gave til anna@example.com');
    expect(
      within(gift).getByRole('button', { name: 'Godkjenn forespørselen fra Emma Lindqvist' }),
    ).toBeInTheDocument();
    const activities = screen.getByRole('list', { name: 'Aktivitetsforespørsler' });
    expect(within(activities).getByText('· 12. mars 2099 · 1 person')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Makspris for utleie' })).toBeInTheDocument();
  });
});
