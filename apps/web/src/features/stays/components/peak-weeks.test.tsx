import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Allocation, AllocationResult, Fairness } from '@portal/contracts';
import { Toaster } from '@/components/ui/toaster';
import { failedWrites } from '@/lib/query-client';
import { api } from '@/lib/api';
import type * as ApiModule from '@/lib/api';
import { resetToasts } from '@/lib/toast';
import { FairnessCard } from './fairness-card';
import { PeakWeeks } from './peak-weeks';

vi.mock('@/lib/api', async (importOriginal) => {
  const real = await importOriginal<typeof ApiModule>();
  return { ...real, api: vi.fn() };
});
const fake = vi.mocked(api);

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const PROJECT = uuid(1);
const ME = uuid(501);
const stay = (n: number, checkIn: string, checkOut: string, nights: number) => ({
  _id: uuid(100 + n),
  checkIn,
  checkOut,
  nights,
});
const [A, B, C] = [
  stay(1, '2099-12-19', '2099-12-26', 7),
  stay(2, '2099-12-26', '2100-01-02', 7),
  stay(3, '2099-12-22', '2099-12-24', 2),
];
const HASH = 'a'.repeat(64);
const allocation = (over: Partial<Allocation> = {}): Allocation => ({
  _id: uuid(10),
  projectId: PROJECT,
  projectName: 'Aurora Lakeside Cabins',
  title: 'Christmas 2099',
  seedHash: HASH,
  status: 'open',
  preferencesDue: '2099-12-01T12:00:00.000Z',
  runsAt: '2099-12-02T12:00:00.000Z',
  ranAt: null,
  stays: [A, B, C],
  myChoices: [],
  participants: 0,
  ...over,
});

/** The fake API: the list (its rankings as last saved) and the writes it was sent. */
function answer(list: Allocation[], result?: AllocationResult) {
  const saved = new Map(list.map((a) => [a._id, a.myChoices]));
  fake.mockImplementation((url, opts) => {
    if (opts?.method === 'GET' && url === `/api/allocations?projectId=${PROJECT}`)
      return Promise.resolve({
        success: true,
        data: list.map((a) => ({ ...a, myChoices: saved.get(a._id) ?? [] })),
      });
    const put = /^\/api\/allocations\/([\w-]+)\/preferences$/.exec(url);
    if (opts?.method === 'PUT' && put) {
      const { choices } = opts.json as { choices: string[] };
      saved.set(put[1]!, choices);
      const a = list.find((x) => x._id === put[1])!;
      return Promise.resolve({
        success: true,
        data: { ...a, myChoices: choices },
        message: 'Preferences saved',
      });
    }
    if (opts?.method === 'GET' && result && url === `/api/allocations/${list[0]!._id}/result`)
      return Promise.resolve({ success: true, data: result });
    return Promise.reject(new Error(`unexpected ${opts?.method} ${url}`));
  });
}

function renderWith(ui: ReactNode) {
  render(
    <QueryClientProvider
      client={
        new QueryClient({ mutationCache: failedWrites(), defaultOptions: { queries: { retry: false } } })
      }
    >
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

const ranking = () =>
  within(screen.getByRole('list', { name: 'Your ranking' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/Move up.*$/, ''));
const puts = () =>
  fake.mock.calls.filter(([, o]) => o?.method === 'PUT').map(([url, o]) => ({ url, body: o?.json }));

const LINE_A = 'Dec 19 → Dec 26, 2099 · 7 nights';
const LINE_B = 'Dec 26, 2099 → Jan 2, 2100 · 7 nights';
const LINE_C = 'Dec 22 → Dec 24, 2099 · 2 nights';

describe('Peak weeks: ranking the stays of an open allocation', () => {
  afterEach(() => {
    fake.mockReset();
    resetToasts();
  });

  it('shows the rule, the dates, the stays and the published hash', async () => {
    answer([allocation()]);
    renderWith(<PeakWeeks projectId={PROJECT} />);
    const card = (await screen.findByRole('heading', { name: 'Peak weeks: Christmas 2099' })).closest(
      'div',
    )!.parentElement!;
    expect(card).toHaveTextContent(
      'Stays go first to investors with the fewest peak nights per euro invested over the last three years; ties by a published draw.',
    );
    expect(card).toHaveTextContent(
      /Rank the stays you want by .*December 1, 2099.*The draw runs on .*December 2, 2099/,
    );
    const stays = within(screen.getByRole('group', { name: 'Stays on offer' }));
    expect(stays.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([
      LINE_A,
      LINE_B,
      LINE_C,
    ]);
    expect(card).toHaveTextContent(HASH);
    expect(screen.getByText('You have not ranked any stays yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save ranking' })).toBeDisabled();
  });

  it('adds stays in the order ticked, moves and removes them, and saves the choices in that order', async () => {
    answer([allocation()]);
    renderWith(<PeakWeeks projectId={PROJECT} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: LINE_B }));
    await userEvent.click(screen.getByRole('checkbox', { name: LINE_A }));
    await userEvent.click(screen.getByRole('checkbox', { name: LINE_C }));
    expect(ranking()).toEqual([`1. ${LINE_B}`, `2. ${LINE_A}`, `3. ${LINE_C}`]);
    // The first cannot move up, the last cannot move down.
    expect(screen.getByRole('button', { name: `Move up: ${LINE_B}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `Move down: ${LINE_C}` })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: `Move up: ${LINE_A}` }));
    expect(ranking()).toEqual([`1. ${LINE_A}`, `2. ${LINE_B}`, `3. ${LINE_C}`]);
    await userEvent.click(screen.getByRole('button', { name: `Move down: ${LINE_B}` }));
    expect(ranking()).toEqual([`1. ${LINE_A}`, `2. ${LINE_C}`, `3. ${LINE_B}`]);
    await userEvent.click(screen.getByRole('button', { name: `Remove: ${LINE_C}` }));
    expect(ranking()).toEqual([`1. ${LINE_A}`, `2. ${LINE_B}`]);
    expect(screen.getByRole('checkbox', { name: LINE_C })).not.toBeChecked();
    expect(screen.getByText('Your changes are not saved yet.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save ranking' }));
    await waitFor(() =>
      expect(puts()).toEqual([
        { url: `/api/allocations/${uuid(10)}/preferences`, body: { choices: [A._id, B._id] } },
      ]),
    );
    expect(await screen.findByText('Ranking saved')).toBeInTheDocument();
    // The saved ranking comes back from the server: nothing left to save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save ranking' })).toBeDisabled());
    expect(ranking()).toEqual([`1. ${LINE_A}`, `2. ${LINE_B}`]);
    expect(screen.queryByText('Your changes are not saved yet.')).not.toBeInTheDocument();
  });

  it('starts from the ranking saved before, and takes no more than 10 stays', async () => {
    const many = Array.from({ length: 11 }, (_, i) =>
      stay(
        20 + i,
        `2099-11-${String(i + 1).padStart(2, '0')}`,
        `2099-11-${String(i + 2).padStart(2, '0')}`,
        1,
      ),
    );
    answer([allocation({ stays: many, myChoices: many.slice(0, 10).map((s) => s._id) })]);
    renderWith(<PeakWeeks projectId={PROJECT} />);
    expect(await screen.findByRole('list', { name: 'Your ranking' })).toBeInTheDocument();
    expect(ranking()).toHaveLength(10);
    expect(ranking()[0]).toBe('1. Nov 1 → Nov 2, 2099 · 1 night');
    const boxes = within(screen.getByRole('group', { name: 'Stays on offer' })).getAllByRole('checkbox');
    expect(boxes.slice(0, 10).every((b) => (b as HTMLInputElement).checked)).toBe(true);
    expect(boxes[10]).toBeDisabled();
  });

  it('closes the ranking once preferences are due, and says so', async () => {
    answer([allocation({ preferencesDue: '2020-12-01T12:00:00.000Z', myChoices: [C._id] })]);
    renderWith(<PeakWeeks projectId={PROJECT} />);
    expect(
      await screen.findByText(/^Rankings closed on .*December 1, 2020.*The draw runs on/),
    ).toBeInTheDocument();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: `Remove: ${LINE_C}` })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save ranking' })).not.toBeInTheDocument();
  });

  it('shows nothing when the project has no allocation', async () => {
    answer([]);
    renderWith(<PeakWeeks projectId={PROJECT} />);
    await waitFor(() => expect(fake).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: /^Peak weeks/ })).not.toBeInTheDocument();
  });
});

describe('Peak weeks: the result of a draw', () => {
  afterEach(() => fake.mockReset());

  const SEED = 'f'.repeat(64);
  const ran = allocation({
    status: 'run',
    preferencesDue: '2020-12-01T12:00:00.000Z',
    ranAt: '2020-12-02T09:00:00.000Z',
    myChoices: [A._id],
    participants: 3,
  });
  const result = (over: Partial<AllocationResult> = {}): AllocationResult => ({
    seed: SEED,
    seedHash: HASH,
    order: [uuid(502), ME, uuid(503)],
    assignments: [
      { userId: uuid(502), stayId: B._id, bookingId: uuid(902) },
      { userId: ME, stayId: A._id, bookingId: uuid(901) },
    ],
    // A name the server should never send for another investor is not shown either.
    people: [
      { userId: uuid(502), name: 'Jonas Berg', you: false },
      { userId: ME, name: 'Emma Lindqvist', you: true },
      { userId: uuid(503), name: null, you: false },
    ],
    ...over,
  });

  it('shows your stay, the order with you as "You" and the others by place only, and the seed to check it by', async () => {
    answer([ran], result());
    renderWith(<PeakWeeks projectId={PROJECT} />);
    const yours = await screen.findByRole('list', { name: 'Your stays' });
    expect(
      within(yours)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([LINE_A]);
    const order = within(screen.getByRole('list', { name: 'Priority order' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(order).toEqual([`1. Investor 1 · ${LINE_B}`, `2. You · ${LINE_A}`, '3. Investor 3']);
    expect(screen.queryByText(/Jonas Berg|Emma Lindqvist/)).not.toBeInTheDocument();
    expect(screen.getByText(SEED)).toBeInTheDocument();
    expect(screen.getByText(HASH)).toBeInTheDocument();
    expect(
      screen.getByText(
        /sha256\(seed\) equals the hash published before it.*ascending sha256\(seed \+ ':' \+ userId\)/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says so when no stay went to you', async () => {
    answer([ran], result({ assignments: [{ userId: uuid(502), stayId: B._id, bookingId: uuid(902) }] }));
    renderWith(<PeakWeeks projectId={PROJECT} />);
    expect(await screen.findByText(/^No stay went to you in this draw/)).toBeInTheDocument();
  });

  it('says you did not rank when you are not in the order', async () => {
    const others = result();
    answer([ran], {
      ...others,
      order: [uuid(502)],
      assignments: [others.assignments[0]!],
      people: [{ userId: uuid(502), name: null, you: false }],
    });
    renderWith(<PeakWeeks projectId={PROJECT} />);
    expect(await screen.findByText('You did not rank stays in this allocation.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Priority order' })).getByRole('listitem'),
    ).toHaveTextContent(`1. Investor 1 · ${LINE_B}`);
  });

  it('leaves out an allocation that has run once its stays are over', async () => {
    answer([allocation({ status: 'run', stays: [stay(9, '2020-12-19', '2020-12-26', 7)] })]);
    renderWith(<PeakWeeks projectId={PROJECT} />);
    await waitFor(() => expect(fake).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: /^Peak weeks/ })).not.toBeInTheDocument();
  });
});

describe('Fairness card', () => {
  afterEach(() => fake.mockReset());

  const ledger = (over: Partial<Fairness['rows'][number]['priority']> = {}): Fairness => ({
    projectId: PROJECT,
    years: [
      { year: 2097, seasonNights: 60 },
      { year: 2098, seasonNights: 60 },
      { year: 2099, seasonNights: 64 },
    ],
    rows: [
      {
        userId: ME,
        name: 'Emma Lindqvist',
        sharePercent: 12.5,
        years: [
          { year: 2097, peakNights: 7, fairShare: 7.5 },
          { year: 2098, peakNights: 0, fairShare: 7.5 },
          { year: 2099, peakNights: 14, fairShare: 8 },
        ],
        peakNightsPer10000: 1.05,
        priority: { position: 2, tiedWith: 0, of: 5, ...over },
      },
    ],
  });
  const serve = (f: Fairness) =>
    fake.mockImplementation((url) =>
      url === `/api/perks/fairness/${PROJECT}`
        ? Promise.resolve({ success: true, data: f })
        : Promise.reject(new Error(url)),
    );

  it('shows the peak nights of each year against the fair share, per €10,000, and the place in the next allocation', async () => {
    serve(ledger());
    renderWith(<FairnessCard projectId={PROJECT} />);
    const table = await screen.findByRole('table', { name: 'Peak nights by year' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => Array.from(r.children, (c) => c.textContent)),
    ).toEqual([
      ['Year', 'Your peak nights', 'Fair share'],
      ['2097', '7', '7.5'],
      ['2098', '0', '7.5'],
      ['2099', '14', '8'],
    ]);
    expect(screen.getByRole('heading', { name: 'Fairness' })).toBeInTheDocument();
    expect(screen.getByText(/your share of the project \(12\.5%\)/)).toBeInTheDocument();
    expect(
      screen.getByText('1.05 peak nights per €10,000 invested over these three years.'),
    ).toBeInTheDocument();
    expect(screen.getByText('You are 2 of 5 for the next allocation.')).toBeInTheDocument();
  });

  it('names a tie, which the draw decides', async () => {
    serve(ledger({ position: 1, tiedWith: 2 }));
    renderWith(<FairnessCard projectId={PROJECT} />);
    expect(
      await screen.findByText(
        'You are 1 of 5 for the next allocation. You share this place with 2 other investors; the draw decides between you.',
      ),
    ).toBeInTheDocument();
  });
});
