import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  DistributionAllocation,
  DistributionDetail,
  DistributionSummary,
  PayerAccount,
  StatementPublication,
} from '@portal/contracts';
import { Component as DistributionsPage } from './distributions-page';
import {
  AURORA,
  confirmDialog,
  failure,
  fakeApi,
  findEmpty,
  findToast,
  json,
  renderAdmin,
  type FakeRequest,
} from '../../../../test/admin';

const at = '2026-03-01T10:00:00.000Z';
const RUN = 'c0000000-0000-4000-8000-000000000001';
const LIST = '/api/distributions';
const PAYER_PATH = '/api/admin/settings/payer';
const PAYER: PayerAccount = { name: 'Cabin Fund Oy', iban: 'FI2112345600000785', bic: 'NDEAFIHH' };

const isPayerRead = (req: FakeRequest) => req.method === 'GET' && req.path === PAYER_PATH;

const run = (over: Partial<DistributionSummary> = {}): DistributionSummary => ({
  _id: RUN,
  projectId: AURORA._id,
  projectName: AURORA.name,
  period: '2019-01',
  kind: 'income',
  amount: 1000,
  paymentDate: '2019-02-15',
  note: null,
  status: 'draft',
  investorCount: 3,
  missingBankAccounts: 1,
  createdAt: at,
  finalizedAt: null,
  reversedAt: null,
  reversalReason: null,
  ...over,
});

const allocation = (over: Partial<DistributionAllocation>): DistributionAllocation => ({
  userId: 'u0000000-0000-4000-8000-000000000001',
  name: 'Emma Lindqvist',
  email: 'investor@example.com',
  investorId: 'INV-2024-EMMA01',
  invested: 50_000,
  share: 0.333333,
  amount: 333.34,
  iban: '•••• •••• •••• 3000',
  endToEndId: null,
  bankStatus: null,
  bankStatusOn: null,
  returnReason: null,
  ...over,
});

/** €1,000.00 over three equal holders: €333.34, €333.33, €333.33; the third has no bank account. */
const ALLOCATIONS = [
  allocation({}),
  allocation({
    userId: 'u0000000-0000-4000-8000-000000000002',
    name: 'Lukas Berg',
    email: 'investor2@example.com',
    investorId: 'INV-2024-LUKAS2',
    amount: 333.33,
    iban: '•••• •••• •••• 5100',
  }),
  allocation({
    userId: 'u0000000-0000-4000-8000-000000000003',
    name: 'Sofia Moreau',
    email: 'sofia@example.com',
    investorId: 'INV-2024-SOFIA3',
    amount: 333.33,
    iban: null,
  }),
];

const detail = (r: DistributionSummary): DistributionDetail => ({ ...r, allocations: ALLOCATIONS });

const isList = (req: FakeRequest) => req.method === 'GET' && req.path === LIST;

/** The list and each run's details from `runs()` (read at each request, so a test can change them). */
const publication = (over: Partial<StatementPublication>): StatementPublication => ({
  period: '2026-Q3',
  publishedAt: at,
  recipients: 0,
  emailed: 0,
  batchId: 'b0000000-0000-4000-8000-000000000001',
  status: 'published',
  total: 0,
  error: null,
  finishedAt: null,
  ...over,
});

const runsApi =
  (runs: () => DistributionSummary[], route: (req: FakeRequest) => Response | undefined = () => undefined) =>
  (req: FakeRequest) => {
    const custom = route(req);
    if (custom) return custom;
    if (isList(req)) return json({ success: true, data: runs() });
    if (isPayerRead(req)) return json({ success: true, data: PAYER });
    const one = req.method === 'GET' && runs().find((r) => req.path === `${LIST}/${r._id}`);
    return one ? json({ success: true, data: detail(one) }) : undefined;
  };

const card = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('li') as HTMLElement;

describe('Distributions (docs/product.md §15.13)', () => {
  it('lists the selected project’s runs with their facts, status and missing bank accounts', async () => {
    const requests = fakeApi(
      runsApi(() => [
        run(),
        run({
          _id: 'c0000000-0000-4000-8000-000000000002',
          period: '2018-12',
          kind: 'capital',
          amount: 25_000.5,
          paymentDate: '2019-01-10',
          status: 'final',
          finalizedAt: at,
          missingBankAccounts: 0,
          investorCount: 2,
        }),
      ]),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    const list = await screen.findByRole('list', { name: 'Distributions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    const draft = await card('Jan 2019 income');
    expect(draft).toHaveTextContent('Draft');
    expect(draft).toHaveTextContent('Aurora Lakeside Cabins');
    expect(draft).toHaveTextContent('Income');
    expect(draft).toHaveTextContent('€1,000');
    expect(draft).toHaveTextContent('Feb 15, 2019');
    expect(draft).toHaveTextContent('Investors3');
    expect(draft).toHaveTextContent('1 without a bank account');
    for (const action of ['Edit', 'Delete', 'Make final'])
      expect(within(draft).getByRole('button', { name: `${action} Jan 2019 income` })).toBeInTheDocument();

    const final = await card('Dec 2018 return of capital');
    expect(final).toHaveTextContent('Final');
    expect(final).toHaveTextContent('Return of capital');
    expect(final).toHaveTextContent('€25,000.50');
    expect(final).not.toHaveTextContent('without a bank account');
    // A final run is paid: it can be read and downloaded, no longer changed.
    expect(within(final).queryByRole('button', { name: /^(Edit|Delete|Make final)/ })).toBeNull();
    expect(
      within(final).getByRole('button', { name: 'Download payments (CSV) of Dec 2018 return of capital' }),
    ).toBeInTheDocument();

    expect(Object.fromEntries(requests.find(isList)!.query)).toEqual({ projectId: AURORA._id });
  });

  it('drafts a run of the selected project: the body sent, then "Created"', async () => {
    const runs: DistributionSummary[] = [];
    const requests = fakeApi(
      runsApi(
        () => runs,
        (req) => {
          if (req.method !== 'POST' || req.path !== LIST) return undefined;
          const body = req.body as { period: string; amount: number; kind: 'income' | 'capital' };
          const saved = run({ period: body.period, amount: body.amount, kind: body.kind });
          runs.push(saved);
          return json({ success: true, data: detail(saved) }, 201);
        },
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    expect(await findEmpty('No distributions found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New distribution' }));
    const dialog = screen.getByRole('dialog', { name: 'New distribution' });
    expect(dialog).toHaveTextContent('Aurora Lakeside Cabins');

    // The schema's own check, before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    expect(within(dialog).getByLabelText('Amount (€)')).toHaveAccessibleDescription(
      'Amount must be more than 0',
    );
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    const period = within(dialog).getByLabelText('Period');
    await userEvent.clear(period);
    await userEvent.type(period, '2019-01');
    await userEvent.selectOptions(within(dialog).getByLabelText('Kind'), 'Income');
    await userEvent.type(within(dialog).getByLabelText('Amount (€)'), '1000');
    const date = within(dialog).getByLabelText('Payment date');
    await userEvent.clear(date);
    await userEvent.type(date, '2019-02-15');
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), '  January rent  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create draft' }));

    expect(await findToast('Created')).toHaveTextContent('Draft Jan 2019 income: €1,000 over 3 investors.');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      projectId: AURORA._id,
      period: '2019-01',
      kind: 'income',
      amount: 1000,
      paymentDate: '2019-02-15',
      note: 'January rent',
    });
    expect(await card('Jan 2019 income')).toHaveTextContent('Draft');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('changes a draft: the form starts from it and the PUT carries the change', async () => {
    const requests = fakeApi(
      runsApi(
        () => [run({ note: 'January rent' })],
        (req) =>
          req.method === 'PUT' ? json({ success: true, data: detail(run({ amount: 1200 })) }) : undefined,
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Jan 2019 income' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit distribution' });
    const amount = within(dialog).getByLabelText('Amount (€)');
    expect(amount).toHaveValue(1000);
    await userEvent.clear(amount);
    await userEvent.type(amount, '1200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Updated')).toHaveTextContent('Draft Jan 2019 income: €1,200 over 3 investors.');
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(`${LIST}/${RUN}`);
    expect(put.body).toEqual({
      projectId: AURORA._id,
      period: '2019-01',
      kind: 'income',
      amount: 1200,
      paymentDate: '2019-02-15',
      note: 'January rent',
    });
  });

  it('shows a run’s allocations, each bank account or its absence, and the total equal to the amount', async () => {
    fakeApi(runsApi(() => [run()]));
    renderAdmin(<DistributionsPage />, 'distributions');
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Jan 2019 income' }));
    const dialog = screen.getByRole('dialog', { name: 'Aurora Lakeside Cabins: Jan 2019 income' });
    const table = await within(dialog).findByRole('table', { name: 'Allocations' });
    const rows = within(table).getAllByRole('row');
    // The head, three investors, the total.
    expect(rows).toHaveLength(5);
    expect(rows[1]).toHaveTextContent('Emma Lindqvist');
    expect(rows[1]).toHaveTextContent('investor@example.com');
    expect(rows[1]).toHaveTextContent('INV-2024-EMMA01');
    expect(rows[1]).toHaveTextContent('€50,000');
    expect(rows[1]).toHaveTextContent('33.3%');
    expect(rows[1]).toHaveTextContent('€333.34');
    expect(rows[1]).toHaveTextContent('•••• •••• •••• 3000');
    expect(rows[3]).toHaveTextContent('Sofia Moreau');
    expect(rows[3]).toHaveTextContent('No bank account');
    expect(rows[4]).toHaveTextContent('Total');
    expect(rows[4]).toHaveTextContent('€150,000');
    expect(rows[4]).toHaveTextContent('€1,000');
    expect(dialog).toHaveTextContent('The allocations add up to the run’s amount, €1,000.');
    expect(within(dialog).getByRole('button', { name: 'Make final' })).toBeInTheDocument();
  });

  it('makes a draft final after a confirmation that says what will happen; the list reloads', async () => {
    let status: DistributionSummary['status'] = 'draft';
    const requests = fakeApi(
      runsApi(
        () => [run({ status, finalizedAt: status === 'final' ? at : null })],
        (req) => {
          if (req.method !== 'POST' || req.path !== `${LIST}/${RUN}/finalize`) return undefined;
          status = 'final';
          return json({ success: true, data: detail(run({ status: 'final', finalizedAt: at })) });
        },
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    const draft = await card('Jan 2019 income');
    const lists = () => requests.filter(isList).length;
    const before = lists();

    // Cancelled: nothing is sent.
    await userEvent.click(within(draft).getByRole('button', { name: 'Make final Jan 2019 income' }));
    await confirmDialog('Make Jan 2019 income final?', 'Cancel');
    expect(requests.some((r) => r.path.endsWith('/finalize'))).toBe(false);

    await userEvent.click(within(draft).getByRole('button', { name: 'Make final Jan 2019 income' }));
    const question = await confirmDialog('Make Jan 2019 income final?', 'Make final');
    expect(question).toContain('€1,000 is written as each investor’s return for Jan 2019');
    expect(question).toContain('3 investors');
    expect(question).toContain('notified that it will be paid on Feb 15, 2019');
    expect(question).toContain('1 investor has no bank account yet');
    expect(question).toContain('This cannot be undone');

    expect(await findToast('Made final')).toHaveTextContent(
      'Jan 2019 income: €1,000 written for 3 investors, each of them notified.',
    );
    expect(requests.filter((r) => r.path === `${LIST}/${RUN}/finalize`)).toHaveLength(1);
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
    const final = await card('Jan 2019 income');
    await waitFor(() => expect(final).toHaveTextContent('Final'));
    expect(within(final).queryByRole('button', { name: /^Make final/ })).toBeNull();
  });

  it('shows the server’s 409 (an investor already paid for that month) in a toast and next to the run', async () => {
    const reason =
      'A return for Jan 2019 is already recorded for Emma Lindqvist (INV-2024-EMMA01): nothing was written. ' +
      'Change the period, or remove those returns first.';
    fakeApi(
      runsApi(
        () => [run()],
        (req) => (req.path.endsWith('/finalize') ? failure(reason, 409) : undefined),
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Jan 2019 income' }));
    const dialog = screen.getByRole('dialog', { name: 'Aurora Lakeside Cabins: Jan 2019 income' });
    await within(dialog).findByRole('table', { name: 'Allocations' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make final' }));
    await confirmDialog('Make Jan 2019 income final?', 'Make final');
    expect(await findToast('Failed to make distribution final')).toHaveTextContent(reason);
    // It stays on screen after the toast has gone, next to the run.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(within(await card('Jan 2019 income')).getByRole('alert')).toHaveTextContent(reason);
  });

  it('deletes a draft after a confirmation ("Deleted"), or says "Failed to delete distribution"', async () => {
    let refuse = true;
    const runs = [run()];
    const requests = fakeApi(
      runsApi(
        () => runs,
        (req) => {
          if (req.method !== 'DELETE') return undefined;
          if (refuse)
            return failure(
              'This distribution is final and was paid: it cannot be deleted. Record an adjustment instead.',
              409,
            );
          runs.pop();
          return json({ success: true, data: { _id: RUN } });
        },
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Jan 2019 income' }));
    await confirmDialog('Delete distribution “Jan 2019 income”?', 'Delete');
    expect(await findToast('Failed to delete distribution')).toHaveTextContent(
      'This distribution is final and was paid: it cannot be deleted. Record an adjustment instead.',
    );
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete Jan 2019 income' }));
    await confirmDialog('Delete distribution “Jan 2019 income”?', 'Delete');
    expect(await findToast('Deleted')).toHaveTextContent('Distribution “Jan 2019 income” was deleted.');
    expect(requests.filter((r) => r.method === 'DELETE').at(-1)!.path).toBe(`${LIST}/${RUN}`);
    expect(await findEmpty('No distributions found')).toBeInTheDocument();
  });

  it('downloads the payments as CSV under the name the server gives', async () => {
    fakeApi(
      runsApi(
        () => [run()],
        (req) =>
          req.path === `${LIST}/${RUN}/payments.csv`
            ? new Response('Investor ID,Name,Email,Amount (EUR),IBAN\r\n', {
                headers: {
                  'content-type': 'text/csv',
                  'content-disposition': 'attachment; filename="distribution-2019-01-c0000000.csv"',
                },
              })
            : undefined,
      ),
    );
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderAdmin(<DistributionsPage />, 'distributions');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download payments (CSV) of Jan 2019 income' }),
    );
    await waitFor(() => expect(saved).toEqual(['distribution-2019-01-c0000000.csv']));
  });

  it('says "No distributions found" when the project has none, "Failed to fetch distributions" when the list does not load', async () => {
    let broken = false;
    fakeApi((req) =>
      isPayerRead(req)
        ? json({ success: true, data: null })
        : isList(req)
          ? broken
            ? failure('The database is unavailable', 503)
            : json({ success: true, data: [] })
          : undefined,
    );
    const { unmount } = renderAdmin(<DistributionsPage />, 'distributions');
    expect(await findEmpty('No distributions found')).toBeInTheDocument();
    expect(screen.getByText('Draft the first distribution for this project.')).toBeInTheDocument();
    unmount();
    broken = true;
    renderAdmin(<DistributionsPage />, 'distributions');
    expect(await findToast('Failed to fetch distributions')).toHaveTextContent('The database is unavailable');
  });
  it('shows the payer account under the heading and changes it in a dialog that starts from it', async () => {
    let payer: PayerAccount = PAYER;
    const requests = fakeApi(
      runsApi(
        () => [run()],
        (req) => {
          if (isPayerRead(req)) return json({ success: true, data: payer });
          if (req.method !== 'PUT' || req.path !== PAYER_PATH) return undefined;
          payer = { name: 'Cabin Fund Ab', iban: 'FI2112345600000785', bic: null };
          return json({ success: true, data: payer, message: 'Payer account saved' });
        },
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    expect(await screen.findByText('Paid from Cabin Fund Oy, FI21 1234 5600 0007 85')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Payer account' }));
    const dialog = screen.getByRole('dialog', { name: 'Payer account' });
    expect(within(dialog).getByLabelText('Payer name')).toHaveValue('Cabin Fund Oy');
    expect(within(dialog).getByLabelText('IBAN')).toHaveValue('FI2112345600000785');
    expect(within(dialog).getByLabelText('BIC (optional)')).toHaveValue('NDEAFIHH');

    const name = within(dialog).getByLabelText('Payer name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Cabin Fund Ab');
    await userEvent.clear(within(dialog).getByLabelText('BIC (optional)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await findToast('Payer account saved')).toHaveTextContent('Cabin Fund Ab, FI21 1234 5600 0007 85');
    // A blank BIC is left out of the body.
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      name: 'Cabin Fund Ab',
      iban: 'FI2112345600000785',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Paid from Cabin Fund Ab, FI21 1234 5600 0007 85')).toBeInTheDocument();
  });

  it('says when no payer account is set; the schema’s check and a server 400 show next to their fields', async () => {
    const message = 'The IBAN’s check digits are wrong: check it for a typo';
    const requests = fakeApi(
      runsApi(
        () => [run()],
        (req) => {
          if (isPayerRead(req)) return json({ success: true, data: null });
          if (req.method !== 'PUT') return undefined;
          return json({ success: false, message, error: message, fields: { iban: message } }, 400);
        },
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    expect(
      await screen.findByText('No payer account set: set one to download SEPA files'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Payer account' }));
    const dialog = screen.getByRole('dialog', { name: 'Payer account' });
    expect(within(dialog).getByLabelText('Payer name')).toHaveValue('');

    // The schema's own check, before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Payer name')).toHaveAccessibleDescription('Payer name is required');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Payer name'), 'Cabin Fund Oy');
    await userEvent.type(within(dialog).getByLabelText('IBAN'), 'FI21 1234 5600 0007 86');
    await userEvent.type(within(dialog).getByLabelText('BIC (optional)'), 'NDEAFIHH');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await findToast('Failed to save payer account')).toHaveTextContent(message);
    expect(within(dialog).getByLabelText('IBAN')).toHaveAccessibleDescription(message);
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      name: 'Cabin Fund Oy',
      iban: 'FI21 1234 5600 0007 86',
      bic: 'NDEAFIHH',
    });
  });

  it('offers the SEPA file for final runs only, on the card and in the details', async () => {
    const FINAL = 'c0000000-0000-4000-8000-000000000002';
    fakeApi(
      runsApi(() => [
        run(),
        run({ _id: FINAL, period: '2018-12', status: 'final', finalizedAt: at, missingBankAccounts: 0 }),
      ]),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    const draft = await card('Jan 2019 income');
    expect(within(draft).queryByRole('button', { name: /SEPA/ })).toBeNull();
    const final = await card('Dec 2018 income');
    expect(
      within(final).getByRole('button', { name: 'Download SEPA file of Dec 2018 income' }),
    ).toBeInTheDocument();

    await userEvent.click(within(draft).getByRole('button', { name: 'Details of Jan 2019 income' }));
    let dialog = screen.getByRole('dialog', { name: 'Aurora Lakeside Cabins: Jan 2019 income' });
    await within(dialog).findByRole('table', { name: 'Allocations' });
    expect(within(dialog).queryByRole('button', { name: /SEPA/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(within(final).getByRole('button', { name: 'Details of Dec 2018 income' }));
    dialog = screen.getByRole('dialog', { name: 'Aurora Lakeside Cabins: Dec 2018 income' });
    expect(
      within(dialog).getByRole('button', { name: 'Download SEPA file of Dec 2018 income' }),
    ).toBeInTheDocument();
  });

  it('downloads a final run’s SEPA file and says how many investors without a bank account were left out', async () => {
    const requests = fakeApi(
      runsApi(
        () => [run({ status: 'final', finalizedAt: at })],
        (req) =>
          req.path === `${LIST}/${RUN}/sepa.xml`
            ? new Response('<?xml version="1.0" encoding="UTF-8"?><Document/>', {
                headers: {
                  'content-type': 'application/xml',
                  'content-disposition': 'attachment; filename="sepa-2019-01-c0000000.xml"',
                  'x-missing-bank-accounts': '1',
                },
              })
            : undefined,
      ),
    );
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderAdmin(<DistributionsPage />, 'distributions');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download SEPA file of Jan 2019 income' }),
    );
    await waitFor(() => expect(saved).toEqual(['sepa-2019-01-c0000000.xml']));
    expect(await findToast('SEPA file downloaded')).toHaveTextContent(
      '1 investor without a bank account was left out of it.',
    );
    expect(requests.filter((r) => r.path.endsWith('/sepa.xml')).map((r) => r.method)).toEqual(['GET']);
  });

  it('shows the server’s 409 (no payer account) in an error toast', async () => {
    const reason = 'Set the company’s payer account before paying a distribution';
    fakeApi(
      runsApi(
        () => [run({ status: 'final', finalizedAt: at })],
        (req) => (req.path.endsWith('/sepa.xml') ? failure(reason, 409) : undefined),
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download SEPA file of Jan 2019 income' }),
    );
    expect(await findToast('Failed to download SEPA file')).toHaveTextContent(reason);
  });
});

describe('Distributions: reversing a final run (issue 31)', () => {
  const REVERSE = `${LIST}/${RUN}/reverse`;
  const MESSAGE = 'Distribution reversed: the investors have been told';
  const WHY = 'Paid for the wrong month';
  const finalRun = () => run({ status: 'final', finalizedAt: at, missingBankAccounts: 0 });
  const reversedRun = () =>
    run({
      status: 'reversed',
      finalizedAt: at,
      missingBankAccounts: 0,
      reversedAt: '2026-11-27T09:30:00.000Z',
      reversalReason: WHY,
    });

  it('reverses a final run after a reason: what happens is said first, then "Reversed" and the run shows when and why', async () => {
    let current = finalRun();
    const requests = fakeApi(
      runsApi(
        () => [current],
        (req) => {
          if (req.method !== 'POST' || req.path !== REVERSE) return undefined;
          current = reversedRun();
          return json({ success: true, data: detail(current), message: MESSAGE });
        },
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Jan 2019 income' }));
    const details = screen.getByRole('dialog', { name: 'Aurora Lakeside Cabins: Jan 2019 income' });
    await within(details).findByRole('table', { name: 'Allocations' });
    await userEvent.click(within(details).getByRole('button', { name: 'Reverse distribution' }));

    const dialog = screen.getByRole('dialog', { name: 'Reverse Jan 2019 income?' });
    expect(dialog).toHaveTextContent(
      'Each investor paid gets an adjustment of minus their amount, dated today; the run stays as it was.',
    );
    // The reason is required, checked before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse distribution' }));
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/Reason is required$/);
    expect(requests.some((r) => r.path === REVERSE)).toBe(false);

    await userEvent.type(reason, WHY);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse distribution' }));
    expect(await findToast('Reversed')).toHaveTextContent(MESSAGE);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(requests.filter((r) => r.path === REVERSE).map((r) => [r.method, r.body])).toEqual([
      ['POST', { reason: WHY }],
    ]);

    // The details and the card reload: Reversed, when and why; no SEPA file, no second reversal.
    await waitFor(() => expect(details).toHaveTextContent(`Reversed on Nov 27, 2026: ${WHY}`));
    expect(within(details).getByText('Reversed', { selector: 'span' })).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: /SEPA|Reverse/ })).toBeNull();
    await userEvent.click(within(details).getByRole('button', { name: 'Close' }));
    const card = within(await screen.findByRole('list', { name: 'Distributions' })).getByRole('listitem');
    expect(card).toHaveTextContent(`Reversed on Nov 27, 2026: ${WHY}`);
    expect(within(card).queryByRole('button', { name: /SEPA/ })).toBeNull();
    expect(
      within(card).getByRole('button', { name: 'Download payments (CSV) of Jan 2019 income' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s 409 (reversed already) above the reason and in a toast; a 400 on the reason next to it', async () => {
    const conflict = 'This distribution was reversed on Nov 27, 2026: it cannot be reversed again.';
    const tooLong = 'Reason must be at most 500 characters';
    let answer = () => failure(conflict, 409);
    fakeApi(
      runsApi(
        () => [finalRun()],
        (req) => (req.method === 'POST' && req.path === REVERSE ? answer() : undefined),
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Jan 2019 income' }));
    const details = screen.getByRole('dialog', { name: 'Aurora Lakeside Cabins: Jan 2019 income' });
    await userEvent.click(within(details).getByRole('button', { name: 'Reverse distribution' }));
    const dialog = screen.getByRole('dialog', { name: 'Reverse Jan 2019 income?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), WHY);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse distribution' }));
    expect(await findToast('Failed to reverse distribution')).toHaveTextContent(conflict);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(conflict);

    answer = () =>
      json({ success: false, message: tooLong, error: tooLong, fields: { reason: tooLong } }, 400);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse distribution' }));
    const reason = within(dialog).getByLabelText('Reason');
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(/Reason must be at most 500 characters$/);
  });

  it('offers no reversal for a draft, and shows a reversed run’s badge without the SEPA file', async () => {
    const REVERSED = 'c0000000-0000-4000-8000-000000000002';
    fakeApi(runsApi(() => [run(), { ...reversedRun(), _id: REVERSED, period: '2018-12' }]));
    renderAdmin(<DistributionsPage />, 'distributions');
    const reversed = await card('Dec 2018 income');
    expect(within(reversed).getByText('Reversed', { selector: 'span' })).toBeInTheDocument();
    expect(within(reversed).queryByRole('button', { name: /SEPA/ })).toBeNull();
    await userEvent.click(
      within(await card('Jan 2019 income')).getByRole('button', { name: 'Details of Jan 2019 income' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Aurora Lakeside Cabins: Jan 2019 income' });
    await within(dialog).findByRole('table', { name: 'Allocations' });
    expect(within(dialog).queryByRole('button', { name: 'Reverse distribution' })).toBeNull();
  });
});

describe('Distributions: importing returns from a CSV file (issue 16, "Bulk import")', () => {
  const IMPORT = '/api/returns/import';
  const CSV =
    'investor,project,month,amount,kind\n' +
    'INV-2024-EMMA01,Aurora Lakeside Cabins,2019-01,333.34,income\n' +
    'nobody@example.com,Aurora Lakeside Cabins,2019-01,333.33,\n' +
    'INV-2024-SOFIA3,Aurora Lakeside Cabins,2019-01,333.33,capital\n';
  const NOT_FOUND = 'Investor "nobody@example.com" was not found';
  const ALREADY = 'A return for Jan 2019 in Aurora Lakeside Cabins is already recorded for INV-2024-SOFIA3';

  const isImport = (req: FakeRequest) => req.method === 'POST' && req.path === IMPORT;
  const rowsOf = (bad: Record<number, string> = {}) =>
    [2, 3, 4].map((row) => (bad[row] ? { row, ok: false, error: bad[row] } : { row, ok: true }));

  /** Opens the dialog and chooses the file. */
  async function chooseFile(name = 'returns.csv') {
    await userEvent.click(await screen.findByRole('button', { name: 'Import returns' }));
    const dialog = screen.getByRole('dialog', { name: 'Import returns' });
    await userEvent.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([CSV], name, { type: 'text/csv' }),
    );
    return dialog;
  }

  it('explains the file; the dry run shows how many rows are fine and each row with a problem', async () => {
    const requests = fakeApi(
      runsApi(
        () => [run()],
        (req) =>
          isImport(req)
            ? json({
                success: true,
                data: { rows: rowsOf({ 3: NOT_FOUND }), written: 0 },
                message: '1 of 3 rows have problems',
              })
            : undefined,
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    await userEvent.click(await screen.findByRole('button', { name: 'Import returns' }));
    const dialog = screen.getByRole('dialog', { name: 'Import returns' });
    expect(dialog).toHaveTextContent('investor,project,month,amount,kind');
    expect(dialog).toHaveTextContent('investor: the investor ID or email');
    expect(dialog).toHaveTextContent('project: the project’s id or name');
    expect(dialog).toHaveTextContent('kind: income or capital');
    // Nothing to check or import before a file is chosen.
    expect(within(dialog).getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Import rows' })).toBeDisabled();

    await userEvent.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([CSV], 'returns.csv', { type: 'text/csv' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    const table = await within(dialog).findByRole('table', { name: 'Rows with problems' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('2 of 3 rows fine; 1 row with problems.');
    const rows = within(table).getAllByRole('row');
    // The head, then the one row with a problem, by its line in the file.
    expect(rows).toHaveLength(2);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', NOT_FOUND]);
    // Nothing is imported while a row has a problem, and the button does not count rows it cannot import.
    expect(within(dialog).getByRole('button', { name: 'Import rows' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: /Import \d/ })).toBeNull();

    const sent = requests.filter(isImport);
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0]!.query)).toEqual({ dryRun: 'true' });
    const file = (sent[0]!.body as FormData).get('file') as File;
    expect(file.name).toBe('returns.csv');
    expect(await file.text()).toBe(CSV);

    // Another file: the answer about the first one goes.
    await userEvent.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([CSV], 'fixed.csv', { type: 'text/csv' }),
    );
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Import rows' })).toBeDisabled();
  });

  it('imports once every row is fine: dryRun=false, "Imported 3 returns", the dialog closes', async () => {
    const requests = fakeApi(
      runsApi(
        () => [run()],
        (req) => {
          if (!isImport(req)) return undefined;
          const dryRun = req.query.get('dryRun') === 'true';
          return json({
            success: true,
            data: { rows: rowsOf(), written: dryRun ? 0 : 3 },
            message: dryRun ? 'All 3 rows can be imported' : '3 rows imported',
          });
        },
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    const dialog = await chooseFile();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'All 3 rows are fine and can be imported.',
    );
    expect(within(dialog).queryByRole('table')).toBeNull();
    // The dry run writes nothing: only the real run is sent without it.
    expect(requests.filter(isImport).map((r) => r.query.get('dryRun'))).toEqual(['true']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 3 rows' }));
    expect(await findToast('Imported 3 returns')).toHaveTextContent('From returns.csv.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = requests.filter(isImport);
    expect(sent.map((r) => r.query.get('dryRun'))).toEqual(['true', 'false']);
    expect(((sent[1]!.body as FormData).get('file') as File).name).toBe('returns.csv');

    // Opened again, it starts empty.
    await userEvent.click(screen.getByRole('button', { name: 'Import returns' }));
    const again = screen.getByRole('dialog', { name: 'Import returns' });
    expect(within(again).queryByRole('status')).toBeNull();
    expect(within(again).getByRole('button', { name: 'Check file' })).toBeDisabled();
  });

  it('shows the rows of a real run refused with a 400 the same way, and keeps the dialog open', async () => {
    const message = '1 of 3 rows have problems: nothing was written';
    fakeApi(
      runsApi(
        () => [run()],
        (req) => {
          if (!isImport(req)) return undefined;
          // Another admin recorded a month meanwhile: the real run finds it.
          return req.query.get('dryRun') === 'true'
            ? json({ success: true, data: { rows: rowsOf(), written: 0 } })
            : json(
                {
                  success: false,
                  message,
                  error: message,
                  code: 'common.bad_request',
                  data: { rows: rowsOf({ 4: ALREADY }), written: 0 },
                },
                400,
              );
        },
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    const dialog = await chooseFile();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Import 3 rows' }));

    expect(await findToast('Failed to import returns')).toHaveTextContent(message);
    const table = await within(dialog).findByRole('table', { name: 'Rows with problems' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', ALREADY]);
    expect(within(dialog).getByRole('status')).toHaveTextContent('2 of 3 rows fine; 1 row with problems.');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Import rows' })).toBeDisabled();
    expect(screen.getByRole('dialog', { name: 'Import returns' })).toBe(dialog);
  });

  it('names a file the server cannot read (a wrong header) in the dialog and a toast', async () => {
    const reason = 'The header must be investor,project,month,amount,kind';
    fakeApi(
      runsApi(
        () => [run()],
        (req) => (isImport(req) ? failure(reason, 400) : undefined),
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    const dialog = await chooseFile();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await findToast('Failed to check file')).toHaveTextContent(reason);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(reason);
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Import rows' })).toBeDisabled();
  });

  it('publishes a period’s statements in the background: a progress bar follows the job, then the published list links to the outbox', async () => {
    const published: StatementPublication[] = [];
    // What the job has done by each read of the list after the publish: 0, 3,200 of 11,000, then all.
    const steps = [0, 3200, 11_000];
    let reads = 0;
    const requests = fakeApi(
      runsApi(
        () => [run()],
        (req) => {
          if (req.method === 'GET' && req.path === '/api/admin/statements') {
            const q3 = published.find((p) => p.period === '2026-Q3');
            if (q3) {
              const done = steps[Math.min(reads++, steps.length - 1)]!;
              Object.assign(
                q3,
                done === q3.total
                  ? { status: 'published', recipients: done, emailed: 10_950, finishedAt: at }
                  : { recipients: done, emailed: done },
              );
            }
            return json({
              success: true,
              data: {
                publications: published.map((p) => ({ ...p })),
                publishable: [
                  { period: '2026-Q3', total: 11_000, emails: 10_950 },
                  { period: '2026-Q2', total: 1, emails: 1 },
                ].filter((p) => !published.some((x) => x.period === p.period)),
              },
            });
          }
          const m = /^\/api\/admin\/statements\/(.+)\/publish$/.exec(req.path);
          if (req.method !== 'POST' || !m) return undefined;
          if (m[1] === '2026-Q2') return failure('The statements for Q2 2026 are already published', 409);
          const p = publication({
            period: m[1]!,
            status: 'running',
            recipients: 0,
            emailed: 0,
            total: 11_000,
          });
          published.unshift(p);
          return json({ success: true, data: p, message: 'Publishing statements to 11000 investors' });
        },
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    await card('Jan 2019 income');
    await userEvent.click(screen.getByRole('button', { name: 'Statements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statements' });
    const period = await within(dialog).findByLabelText('Period');
    expect(
      within(period)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Q3 2026', 'Q2 2026']);

    // Asked first, with how many investors are told and how many emails go out; cancelled, nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish statements for Q3 2026' }));
    await confirmDialog('Publish statements for Q3 2026?', 'Cancel');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish statements for Q3 2026' }));
    const question = await confirmDialog('Publish statements for Q3 2026?', 'Publish');
    expect(question).toContain('11,000 investors are told in the portal that their statement is ready');
    expect(question).toContain('10,950 emails go out');
    expect(question).toContain('This cannot be undone');
    expect(
      requests.filter((r) => r.method === 'POST' && r.path.endsWith('/publish')).map((r) => r.path),
    ).toEqual(['/api/admin/statements/2026-Q3/publish']);
    // The bar follows the job: counts of investors, in words and in its ARIA values.
    const bar = await within(dialog).findByRole('progressbar', { name: 'Publishing statements for Q3 2026' });
    expect(bar).toHaveAttribute('aria-valuemax', '11000');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '3200'), { timeout: 3000 });
    expect(bar).toHaveAttribute('aria-valuetext', '3,200 of 11,000 investors');
    expect(within(dialog).getByText('Publishing… 3,200 of 11,000 investors')).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('table', { name: 'Published statements' })).getByRole('row', {
        name: /Q3 2026/,
      }),
    ).toHaveTextContent('3,200 of 11,000');

    // Then the job ends: the bar goes, and the admin is told.
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).toBeNull(), { timeout: 3000 });
    expect(await findToast('Statements for Q3 2026 published')).toHaveTextContent(
      '11,000 investors told; 10,950 emails queued.',
    );
    const table = within(dialog).getByRole('table', { name: 'Published statements' });
    expect(within(table).getByRole('row', { name: /Q3 2026/ })).toHaveTextContent('11,000');
    const link = within(table).getByRole('link', { name: '10950 emails for Q3 2026: view in outbox' });
    expect(link).toHaveAttribute('href', '/admin/email?batch=b0000000-0000-4000-8000-000000000001');

    // Only Q2 is left to publish; the server refuses it here, and says why.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish statements for Q2 2026' }));
    expect(await confirmDialog('Publish statements for Q2 2026?', 'Publish')).toContain(
      '1 investor is told in the portal that their statement is ready, and 1 email goes out',
    );
    expect(await findToast('Failed to publish statements')).toHaveTextContent(
      'The statements for Q2 2026 are already published',
    );
  });

  it('shows a publication whose job failed with how far it came and why; Resume publishes it again', async () => {
    const failed = publication({
      period: '2026-Q2',
      status: 'failed',
      recipients: 4000,
      emailed: 3990,
      total: 11_000,
      error: 'Connection terminated unexpectedly',
    });
    const requests = fakeApi(
      runsApi(
        () => [run()],
        (req) => {
          if (req.method === 'GET' && req.path === '/api/admin/statements')
            return json({ success: true, data: { publications: [{ ...failed }], publishable: [] } });
          if (req.method === 'POST' && req.path === '/api/admin/statements/2026-Q2/publish') {
            Object.assign(failed, { status: 'running', error: null });
            return json({ success: true, data: failed, message: 'Publishing statements to 11000 investors' });
          }
          return undefined;
        },
      ),
    );
    renderAdmin(<DistributionsPage />, 'distributions');
    await card('Jan 2019 income');
    await userEvent.click(screen.getByRole('button', { name: 'Statements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statements' });
    expect(
      await within(dialog).findByText(
        'Publishing statements for Q2 2026 stopped at 4,000 of 11,000 investors',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Connection terminated unexpectedly')).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Resume publishing Q2 2026' }));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/admin/statements/2026-Q2/publish',
    ]);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Publishing statements for Q2 2026' });
    expect(bar).toHaveAttribute('aria-valuenow', '4000');
    expect(within(dialog).queryByRole('button', { name: /^Resume/ })).toBeNull();
  });
});
