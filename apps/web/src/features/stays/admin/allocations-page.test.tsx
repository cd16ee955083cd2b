import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Allocation, AllocationResult, Fairness } from '@portal/contracts';
import { Component as AllocationsPage } from './allocations-page';
import { setLocale } from '@/lib/i18n';
import { ADMIN, AURORA, confirmDialog, fakeApi, findToast, json, renderAdmin } from '../../../../test/admin';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const HASH = 'a'.repeat(64);
const SEED = 'f'.repeat(64);
const stay = (n: number, checkIn: string, checkOut: string, nights: number) => ({
  _id: uuid(100 + n),
  checkIn,
  checkOut,
  nights,
});
const A = stay(1, '2099-12-19', '2099-12-26', 7);
const B = stay(2, '2099-12-26', '2100-01-02', 7);
const allocation = (over: Partial<Allocation> = {}): Allocation => ({
  _id: uuid(10),
  projectId: AURORA._id,
  projectName: AURORA.name,
  title: 'Christmas 2099',
  seedHash: HASH,
  status: 'open',
  preferencesDue: '2099-12-01T12:00:00.000Z',
  runsAt: '2099-12-02T12:00:00.000Z',
  ranAt: null,
  stays: [A, B],
  myChoices: [],
  participants: 3,
  ...over,
});
const OPEN = allocation();
const RAN = allocation({
  _id: uuid(11),
  title: 'Easter 2099',
  status: 'run',
  preferencesDue: '2099-03-01T12:00:00.000Z',
  runsAt: '2099-03-02T12:00:00.000Z',
  ranAt: '2099-03-02T12:00:00.000Z',
  participants: 2,
});
const EMMA = uuid(501);
const JONAS = uuid(502);
const RESULT: AllocationResult = {
  seed: SEED,
  seedHash: HASH,
  order: [JONAS, EMMA],
  assignments: [
    { userId: JONAS, stayId: B._id, bookingId: uuid(902) },
    { userId: EMMA, stayId: A._id, bookingId: uuid(901) },
  ],
  people: [
    { userId: JONAS, name: 'Jonas Berg', you: false },
    { userId: EMMA, name: 'Emma Lindqvist', you: false },
  ],
};
const LEDGER: Fairness = {
  projectId: AURORA._id,
  years: [
    { year: 2097, seasonNights: 60 },
    { year: 2098, seasonNights: 60 },
    { year: 2099, seasonNights: 64 },
  ],
  rows: [
    {
      userId: JONAS,
      name: 'Jonas Berg',
      sharePercent: 60,
      years: [
        { year: 2097, peakNights: 0, fairShare: 36 },
        { year: 2098, peakNights: 7, fairShare: 36 },
        { year: 2099, peakNights: 7, fairShare: 38.4 },
      ],
      peakNightsPer10000: 0.23,
      priority: { position: 1, tiedWith: 0, of: 2 },
    },
    {
      userId: EMMA,
      name: 'Emma Lindqvist',
      sharePercent: 40,
      years: [
        { year: 2097, peakNights: 14, fairShare: 24 },
        { year: 2098, peakNights: 0, fairShare: 24 },
        { year: 2099, peakNights: 7, fairShare: 25.6 },
      ],
      peakNightsPer10000: 1.05,
      priority: { position: 2, tiedWith: 0, of: 2 },
    },
  ],
};

const list = `/api/admin/allocations`;

/** The fake API: the project's allocations, the result of the one that ran, the ledger; `write` for the rest. */
function api(
  write: (method: string, path: string, body: unknown) => Response | undefined = () => undefined,
  allocations: Allocation[] = [OPEN, RAN],
  locale: 'en' | 'de' = 'en',
) {
  return fakeApi(
    (req) => {
      if (req.method !== 'GET') return write(req.method, req.path, req.body);
      if (req.path === list && req.query.get('projectId') === AURORA._id)
        return json({ success: true, data: allocations });
      if (req.path === `/api/allocations/${RAN._id}/result`) return json({ success: true, data: RESULT });
      if (req.path === `/api/perks/fairness/${AURORA._id}`) return json({ success: true, data: LEDGER });
      return undefined;
    },
    { me: { ...ADMIN, locale } },
  );
}

const card = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest<HTMLElement>('[aria-labelledby]')!;

describe('Peak allocations (admin)', () => {
  it('lists the allocations of the project with their status, participants, dates and stays', async () => {
    api();
    renderAdmin(<AllocationsPage />, 'allocations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Peak allocations' })).toBeInTheDocument();
    const open = await card('Christmas 2099');
    expect(open).toHaveTextContent('Open');
    expect(open).toHaveTextContent('2 stays · 3 investors ranked stays');
    expect(open).toHaveTextContent(/Preferences due .*December 1, 2099/);
    expect(open).toHaveTextContent(/Runs .*December 2, 2099/);
    expect(
      within(within(open).getByRole('list', { name: 'Stays on offer' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dec 19 → Dec 26, 2099 · 7 nights', 'Dec 26, 2099 → Jan 2, 2100 · 7 nights']);
    expect(open).toHaveTextContent(HASH);
    expect(within(open).getByRole('button', { name: 'Run now: Christmas 2099' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Withdraw: Christmas 2099' })).toBeInTheDocument();

    const ran = await card('Easter 2099');
    expect(ran).toHaveTextContent('Drawn');
    expect(ran).toHaveTextContent(/Drawn .*March 2, 2099/);
    expect(within(ran).queryByRole('button', { name: /^Run now/ })).not.toBeInTheDocument();
    expect(within(ran).queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
  });

  it('shows the result of a draw with the investors’ names, in the order, with their stays and the seed', async () => {
    api();
    renderAdmin(<AllocationsPage />, 'allocations');
    const ran = await card('Easter 2099');
    const show = within(ran).getByRole('button', { name: 'Show result: Easter 2099' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    const order = await within(ran).findByRole('list', { name: 'Priority order' });
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1. Jonas Berg · Dec 26, 2099 → Jan 2, 2100 · 7 nights',
      '2. Emma Lindqvist · Dec 19 → Dec 26, 2099 · 7 nights',
    ]);
    expect(within(ran).getByText(SEED)).toBeInTheDocument();
    expect(within(ran).getByRole('button', { name: 'Hide result: Easter 2099' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('runs an open allocation now after a confirmation', async () => {
    const requests = api((method, path) =>
      method === 'POST' && path === `${list}/${OPEN._id}/run`
        ? json({ success: true, data: { ...OPEN, status: 'run' }, message: 'Allocation run' })
        : undefined,
    );
    renderAdmin(<AllocationsPage />, 'allocations');
    const open = await card('Christmas 2099');
    await userEvent.click(within(open).getByRole('button', { name: 'Run now: Christmas 2099' }));
    const question = await confirmDialog('Run “Christmas 2099” now?', 'Run now');
    expect(question).toContain('This cannot be undone.');
    expect(await findToast('Allocation run')).toHaveTextContent('“Christmas 2099” was drawn.');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `${list}/${OPEN._id}/run`,
    ]);
  });

  it('withdraws an open allocation after a confirmation, and sends nothing when cancelled', async () => {
    const requests = api((method, path) =>
      method === 'DELETE' && path === `${list}/${OPEN._id}`
        ? json({ success: true, message: 'Allocation withdrawn' })
        : undefined,
    );
    renderAdmin(<AllocationsPage />, 'allocations');
    const open = await card('Christmas 2099');
    await userEvent.click(within(open).getByRole('button', { name: 'Withdraw: Christmas 2099' }));
    await confirmDialog('Withdraw “Christmas 2099”?', 'Cancel');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await userEvent.click(within(open).getByRole('button', { name: 'Withdraw: Christmas 2099' }));
    await confirmDialog('Withdraw “Christmas 2099”?', 'Withdraw');
    expect(await findToast('Withdrawn')).toHaveTextContent('“Christmas 2099” was withdrawn.');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`${list}/${OPEN._id}`]);
  });

  it('shows the fairness ledger of every investor', async () => {
    api();
    renderAdmin(<AllocationsPage />, 'allocations');
    const table = await screen.findByRole('table', { name: 'Fairness ledger' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => Array.from(r.children, (c) => c.textContent)),
    ).toEqual([
      [
        'Investor',
        'Share',
        '2097: held / fair',
        '2098: held / fair',
        '2099: held / fair',
        'Per €10,000',
        'Priority',
      ],
      ['Jonas Berg', '60.0%', '0 / 36', '7 / 36', '7 / 38.4', '0.23', '1'],
      ['Emma Lindqvist', '40.0%', '14 / 24', '0 / 24', '7 / 25.6', '1.05', '2'],
    ]);
  });
});

describe('Peak allocations in German', () => {
  /** Spaces as people read them: Intl groups and separates with no-break spaces. */
  const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

  it('names the allocations, their actions and the ledger in German', async () => {
    await setLocale('de');
    api(undefined, [OPEN, RAN], 'de');
    renderAdmin(<AllocationsPage />, 'allocations');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hochsaison-Zuteilungen' }),
    ).toBeInTheDocument();
    const open = await card('Christmas 2099');
    expect(open).toHaveTextContent('Offen');
    expect(open).toHaveTextContent('2 Aufenthalte · 3 Investoren haben Aufenthalte gewählt');
    expect(within(open).getByRole('button', { name: 'Jetzt auslosen: Christmas 2099' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Zurückziehen: Christmas 2099' })).toBeInTheDocument();
    const ran = await card('Easter 2099');
    expect(ran).toHaveTextContent('Ausgelost');
    await userEvent.click(within(ran).getByRole('button', { name: 'Ergebnis zeigen: Easter 2099' }));
    const order = await within(ran).findByRole('list', { name: 'Reihenfolge' });
    expect(within(order).getAllByRole('listitem')[0]).toHaveTextContent(
      '1. Jonas Berg · 26. Dez. 2099 → 2. Jan. 2100 · 7 Nächte',
    );
    const table = await screen.findByRole('table', { name: 'Fairness-Übersicht' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(0, 2)
        .map((r) => Array.from(r.children, (c) => plain(c.textContent))),
    ).toEqual([
      [
        'Investor',
        'Anteil',
        '2097: gehalten / fair',
        '2098: gehalten / fair',
        '2099: gehalten / fair',
        'Je 10.000 €',
        'Rang',
      ],
      ['Jonas Berg', '60,0 %', '0 / 36', '7 / 36', '7 / 38,4', '0,23', '1'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Neue Zuteilung' }));
    const dialog = screen.getByRole('dialog', { name: 'Neue Zuteilung' });
    expect(within(dialog).getByLabelText('Wünsche fällig bis')).toHaveAccessibleDescription(
      'In Ihrer Zeitzone',
    );
    expect(within(dialog).getAllByLabelText('Anreise')).toHaveLength(1);
  });
});

/** A `datetime-local` value ('YYYY-MM-DDTHH:mm') as the instant it names in this machine's time zone. */
const instant = (local: string) => new Date(local).getTime();

describe('Peak allocations: the create dialog', () => {
  it('checks the stays and dates as the server does, shows the server’s field error, then sends the allocation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let refuse = true;
    const requests = api((method, path) => {
      if (method !== 'POST' || path !== list) return undefined;
      if (refuse) {
        refuse = false;
        const message = 'Preferences due must be a date and time (ISO 8601 with a time zone)';
        return json(
          {
            success: false,
            message,
            error: message,
            fields: { preferencesDue: message },
            fieldCodes: { preferencesDue: { code: 'validation.date_time' } },
          },
          400,
        );
      }
      return json(
        { success: true, data: allocation({ title: 'Midsummer 2099' }), message: 'Allocation created' },
        201,
      );
    }, []);
    renderAdmin(<AllocationsPage />, 'allocations');
    await userEvent.click(await screen.findByRole('button', { name: 'New allocation' }));
    const dialog = screen.getByRole('dialog', { name: 'New allocation' });
    const submit = () => userEvent.click(within(dialog).getByRole('button', { name: 'Create allocation' }));

    await userEvent.type(within(dialog).getByLabelText('Title'), ' Midsummer 2099 ');
    await userEvent.type(within(dialog).getAllByLabelText('Check-in')[0]!, '2099-06-20');
    await userEvent.type(within(dialog).getAllByLabelText('Check-out')[0]!, '2099-06-27');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add stay' }));
    await userEvent.type(within(dialog).getAllByLabelText('Check-in')[1]!, '2099-06-27');
    // Checks out before it checks in: told at that row's check-out.
    await userEvent.type(within(dialog).getAllByLabelText('Check-out')[1]!, '2099-06-25');
    fireEvent.change(within(dialog).getByLabelText('Preferences due'), {
      target: { value: '2099-06-02T18:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Runs at'), { target: { value: '2099-06-01T09:30' } });
    await submit();
    await waitFor(() =>
      expect(within(dialog).getAllByLabelText('Check-out')[1]).toHaveAccessibleDescription(
        'A stay must check out after the day it checks in',
      ),
    );
    expect(within(dialog).getAllByLabelText('Check-out')[0]).not.toHaveAccessibleDescription(
      'A stay must check out after the day it checks in',
    );
    expect(within(dialog).getByLabelText('Preferences due')).toHaveAccessibleDescription(
      /Preferences must be due no later than the allocation runs/,
    );
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    const secondOut = within(dialog).getAllByLabelText('Check-out')[1]!;
    await userEvent.clear(secondOut);
    await userEvent.type(secondOut, '2099-07-04');
    fireEvent.change(within(dialog).getByLabelText('Runs at'), { target: { value: '2099-06-03T09:30' } });
    await submit();
    // The server's refusal of a field, next to that field.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Preferences due')).toHaveAccessibleDescription(
        /Preferences due must be a date and time/,
      ),
    );
    expect(within(dialog).getByLabelText('Runs at')).not.toHaveAccessibleDescription(/must be/);
    expect(await findToast('Failed to create allocation')).toBeInTheDocument();

    await submit();
    expect(await findToast('Created')).toHaveTextContent('Allocation “Midsummer 2099” was created.');
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    const body = posts[1]!.body as Record<string, string>;
    expect(body).toMatchObject({
      projectId: AURORA._id,
      title: 'Midsummer 2099',
      stays: [
        { checkIn: '2099-06-20', checkOut: '2099-06-27' },
        { checkIn: '2099-06-27', checkOut: '2099-07-04' },
      ],
    });
    // The times typed, with this machine's offset: the instants they name.
    expect(body.preferencesDue).toMatch(/^2099-06-02T18:00:00[+-]\d{2}:\d{2}$/);
    expect(body.runsAt).toMatch(/^2099-06-03T09:30:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(body.preferencesDue!)).toBe(instant('2099-06-02T18:00'));
    expect(Date.parse(body.runsAt!)).toBe(instant('2099-06-03T09:30'));
  });

  it('needs at least one stay, and keeps the last row', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api(() => undefined, []);
    renderAdmin(<AllocationsPage />, 'allocations');
    await userEvent.click(await screen.findByRole('button', { name: 'New allocation' }));
    const dialog = screen.getByRole('dialog', { name: 'New allocation' });
    expect(within(dialog).getByRole('button', { name: 'Remove stay 1' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add stay' }));
    expect(within(dialog).getAllByLabelText('Check-in')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove stay 2' }));
    expect(within(dialog).getAllByLabelText('Check-in')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create allocation' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Check-in')).toHaveAccessibleDescription(
      'Check-in must be a date (YYYY-MM-DD)',
    );
  });
});
