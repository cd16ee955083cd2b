import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Adjustment, CabinAllowance, MonthlyReturnRecord } from '@portal/contracts';
import { Component as InvestmentsPage } from './investments-page';
import {
  AURORA,
  adminUser,
  failure,
  fakeApi,
  findToast,
  json,
  renderAdmin,
  userList,
  type FakeRequest,
  type Route,
  confirmDialog,
} from '../../../../test/admin';

const emma = adminUser({
  totalInvestment: 25_000,
  investments: [
    {
      _id: 'i0000000-0000-4000-8000-000000000001',
      projectId: AURORA._id,
      projectName: AURORA.name,
      amount: 25_000,
      returns: 350.35,
      roi: 1.4,
      startDate: '2025-01-01',
    },
  ],
});
const allowance: CabinAllowance = {
  userId: emma._id,
  projectId: AURORA._id,
  totalNights: 14,
  bonusNights: 3,
  expiresAt: '2030-12-31',
  bookedNights: 2,
  remainingNights: 12,
  bonusNightsRemaining: 3,
  updatedAt: '2026-03-01T10:00:00.000Z',
};
const february: MonthlyReturnRecord = {
  _id: 'r0000000-0000-4000-8000-000000000001',
  projectId: AURORA._id,
  month: '2025-02',
  amount: 175.25,
};
const allowancePath = `/api/perks/cabin-nights/${AURORA._id}/users/${emma._id}`;
const returnsPath = `/api/users/${emma._id}/returns`;

/** Emma, her allowance, returns and (no) adjustments in Aurora; `extra` answers first. */
function api(extra: Route = () => undefined) {
  return fakeApi((req) => {
    const custom = extra(req);
    if (custom) return custom;
    if (req.method === 'GET' && req.path === '/api/adjustments') return json({ success: true, data: [] });
    if (req.method === 'GET' && req.path === '/api/users') return userList([emma]);
    if (req.method === 'GET' && req.path === `/api/users/${emma._id}`)
      return json({ success: true, data: emma });
    if (req.method === 'GET' && req.path === allowancePath) return json({ success: true, data: allowance });
    if (req.method === 'GET' && req.path === returnsPath)
      return json({ success: true, data: { monthlyReturns: [february] } });
    return undefined;
  });
}

const openEmma = () =>
  renderAdmin(<InvestmentsPage />, 'investments', `/admin/investments?userId=${emma._id}`);
/** The card under the heading `title`. */
const card = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest<HTMLElement>('.rounded-xl')!;
const writes = (requests: FakeRequest[], path: string) =>
  requests.filter((r) => r.method !== 'GET' && r.path === path);

describe('User Investments', () => {
  it("'Manage Users' goes to /admin/users", async () => {
    api();
    renderAdmin(<InvestmentsPage />, 'investments');
    await userEvent.click(await screen.findByRole('link', { name: 'Manage Users' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/admin\/users$/);
  });

  it('opens the editor of the user named by ?userId=', async () => {
    api();
    openEmma();
    expect(await screen.findByRole('heading', { name: 'Emma Lindqvist' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Selected investor' })).toHaveTextContent('€25,000');
  });

  it('says "Failed to fetch users" when the user does not load', async () => {
    api((req) =>
      req.path === `/api/users/${emma._id}` ? failure('The database is unavailable', 503) : undefined,
    );
    openEmma();
    expect(await findToast('Failed to fetch users')).toHaveTextContent('The database is unavailable');
  });
});

describe('User Investments: the cabin-night allowance', () => {
  it('shows the allowance and saves new figures ("Updated"), asking for every field first', async () => {
    const requests = api((req) =>
      req.method === 'PUT' && req.path === allowancePath
        ? json({ success: true, data: { ...allowance, totalNights: 21 } })
        : undefined,
    );
    openEmma();
    const nights = await card('Cabin-night allowance');
    await waitFor(() =>
      expect(nights).toHaveTextContent('12 of 14 nights remaining · 2 booked · 3 bonus nights left'),
    );
    const total = within(nights).getByLabelText('Total nights');
    expect(total).toHaveValue(14);
    expect(within(nights).getByLabelText('Bonus nights')).toHaveValue(3);
    expect(within(nights).getByLabelText('Expires on')).toHaveValue('2030-12-31');

    await userEvent.clear(total);
    await userEvent.click(within(nights).getByRole('button', { name: 'Save Allowance' }));
    expect(within(nights).getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(writes(requests, allowancePath)).toEqual([]);

    await userEvent.type(total, '21');
    await userEvent.click(within(nights).getByRole('button', { name: 'Save Allowance' }));
    expect(await findToast('Updated')).toHaveTextContent('Cabin-night allowance saved.');
    expect(writes(requests, allowancePath).map((r) => [r.method, r.body])).toEqual([
      ['PUT', { totalNights: 21, bonusNights: 3, expiresAt: '2030-12-31' }],
    ]);
  });

  it('starts empty for a user without one, says why a save failed, and "Failed to load data" when it does not load', async () => {
    let broken = false;
    api((req) => {
      if (req.path !== allowancePath) return undefined;
      if (req.method === 'PUT') return failure('totalNights must be at most 365', 400);
      return broken ? failure('The database is unavailable', 503) : json({ success: true, data: null });
    });
    const view = openEmma();
    const nights = await card('Cabin-night allowance');
    await waitFor(() => expect(within(nights).getByLabelText('Total nights')).toHaveValue(null));
    expect(within(nights).getByLabelText('Bonus nights')).toHaveValue(0);
    await userEvent.type(within(nights).getByLabelText('Total nights'), '400');
    await userEvent.click(within(nights).getByRole('button', { name: 'Save Allowance' }));
    expect(await findToast('Failed to save cabin nights')).toHaveTextContent(
      'totalNights must be at most 365',
    );

    view.unmount();
    broken = true;
    openEmma();
    expect(
      await within(await card('Cabin-night allowance')).findByText('Failed to load data'),
    ).toBeInTheDocument();
  });
});

describe('User Investments: the investment and monthly returns', () => {
  it('removes the investment after a confirmation ("Investment removed"), or says "Failed to remove investment"', async () => {
    let refuse = true;
    const requests = api((req) =>
      req.method === 'PUT' && req.path === `/api/users/${emma._id}`
        ? refuse
          ? failure('The database is unavailable', 503)
          : json({ success: true, data: { ...emma, investments: [] } })
        : undefined,
    );
    openEmma();
    const remove = await screen.findByRole('button', { name: 'Remove Investment' });
    await userEvent.click(remove);
    await confirmDialog(`Remove Emma Lindqvist's investment in ${AURORA.name}?`, 'Remove');
    expect(await findToast('Failed to remove investment')).toHaveTextContent('The database is unavailable');
    refuse = false;
    await userEvent.click(remove);
    await confirmDialog(`Remove Emma Lindqvist's investment in ${AURORA.name}?`, 'Remove');
    expect(await findToast('Investment removed')).toHaveTextContent(
      `Emma Lindqvist is no longer linked to ${AURORA.name}.`,
    );
    expect(writes(requests, `/api/users/${emma._id}`).map((r) => r.body)).toEqual([
      { projectId: AURORA._id, investments: [] },
      { projectId: AURORA._id, investments: [] },
    ]);
  });

  it('says "Failed to save investments" when the save fails, and "Updated" when it works', async () => {
    let refuse = true;
    const requests = api((req) =>
      req.method === 'PUT' && req.path === `/api/users/${emma._id}`
        ? refuse
          ? failure('amount must have at most 2 decimals', 400)
          : json({ success: true, data: emma })
        : undefined,
    );
    openEmma();
    const amount = await screen.findByLabelText('Amount invested (€)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '30000');
    await userEvent.click(screen.getByRole('button', { name: 'Save Investment' }));
    expect(await findToast('Failed to save investments')).toHaveTextContent(
      'amount must have at most 2 decimals',
    );
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save Investment' }));
    expect(await findToast('Updated')).toHaveTextContent(
      `Emma Lindqvist's investment in ${AURORA.name} is €30,000.`,
    );
    expect(writes(requests, `/api/users/${emma._id}`).at(-1)!.body).toEqual({
      projectId: AURORA._id,
      investments: [{ projectId: AURORA._id, amount: 30000, startDate: '2025-01-01' }],
    });
  });

  it("lets the payment date wrap under its month, so a row's Delete fits on a phone", async () => {
    api((req) =>
      req.method === 'GET' && req.path === returnsPath
        ? json({ success: true, data: { monthlyReturns: [{ ...february, paymentDate: '2025-03-15' }] } })
        : undefined,
    );
    openEmma();
    const paid = await screen.findByText('Paid on Mar 15, 2025');
    expect(paid.closest('td')!.className).not.toMatch(/whitespace-nowrap/);
    expect(screen.getByRole('button', { name: 'Delete Feb 2025' })).toBeInTheDocument();
  });

  it('says "No returns" without any, and "Failed to fetch returns" when they do not load', async () => {
    let broken = false;
    api((req) =>
      req.method === 'GET' && req.path === returnsPath
        ? broken
          ? failure('The database is unavailable', 503)
          : json({ success: true, data: { monthlyReturns: [] } })
        : undefined,
    );
    const view = openEmma();
    expect(await screen.findByText('No returns', { exact: true })).toBeInTheDocument();
    view.unmount();
    broken = true;
    openEmma();
    expect(await findToast('Failed to fetch returns')).toHaveTextContent('The database is unavailable');
  });

  it('adds and updates a return ("Created", "Updated"), or says "Failed to add return" / "Failed to update return"', async () => {
    let refuse = true;
    const requests = api((req) =>
      (req.method === 'POST' || req.method === 'PUT') && req.path === returnsPath
        ? refuse
          ? failure('A return for Feb 2025 is already recorded for this project', 409)
          : json({ success: true, data: { monthlyReturns: [february] } })
        : undefined,
    );
    openEmma();
    const add = await screen.findByRole('form', { name: 'Add a monthly return' });
    const month = within(add).getByLabelText('Month');
    await userEvent.clear(month);
    await userEvent.type(month, '2025-02');
    await userEvent.click(within(add).getByRole('button', { name: 'Add Return' }));
    expect(within(add).getByRole('alert')).toHaveTextContent('Please fill in all fields');
    await userEvent.type(within(add).getByLabelText('Amount (€)'), '175.25');
    await userEvent.click(within(add).getByRole('button', { name: 'Add Return' }));
    expect(await findToast('Failed to add return')).toHaveTextContent(
      'A return for Feb 2025 is already recorded for this project',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Edit Feb 2025' }));
    const edit = screen.getByLabelText('Amount for Feb 2025');
    await userEvent.clear(edit);
    await userEvent.type(edit, '180');
    await userEvent.click(screen.getByRole('button', { name: 'Save Feb 2025' }));
    expect(await findToast('Failed to update return')).toHaveTextContent(
      'A return for Feb 2025 is already recorded for this project',
    );

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save Feb 2025' }));
    expect(await findToast('Updated')).toHaveTextContent('Return for Feb 2025 updated.');
    // What was typed is kept after a failure.
    expect(within(add).getByLabelText('Amount (€)')).toHaveValue(175.25);
    await userEvent.click(within(add).getByRole('button', { name: 'Add Return' }));
    expect(await findToast('Created')).toHaveTextContent('Return for Feb 2025 added.');
    expect(writes(requests, returnsPath).map((r) => [r.method, r.body])).toEqual([
      ['POST', { projectId: AURORA._id, month: '2025-02', amount: 175.25 }],
      ['PUT', { projectId: AURORA._id, month: '2025-02', amount: 180 }],
      ['PUT', { projectId: AURORA._id, month: '2025-02', amount: 180 }],
      ['POST', { projectId: AURORA._id, month: '2025-02', amount: 175.25 }],
    ]);
  });

  it('counts the months recorded in words: "1 month recorded", "2 months recorded"', async () => {
    let recorded = [february];
    api((req) =>
      req.method === 'GET' && req.path === returnsPath
        ? json({ success: true, data: { monthlyReturns: recorded } })
        : undefined,
    );
    openEmma();
    expect(await screen.findByText(/^1 month recorded · /)).toBeInTheDocument();
    cleanup();
    recorded = [february, { ...february, _id: 'r0000000-0000-4000-8000-000000000002', month: '2025-03' }];
    openEmma();
    expect(await screen.findByText(/^2 months recorded · /)).toBeInTheDocument();
  });

  it('proposes the month after the latest one recorded, so the first "Add Return" works', async () => {
    const march: MonthlyReturnRecord = {
      ...february,
      _id: 'r0000000-0000-4000-8000-000000000002',
      month: '2025-03',
    };
    let recorded = [february];
    const requests = api((req) => {
      if (req.path !== returnsPath) return undefined;
      if (req.method === 'POST') recorded = [february, march];
      return json({ success: true, data: { monthlyReturns: recorded } });
    });
    openEmma();
    const add = await screen.findByRole('form', { name: 'Add a monthly return' });
    await waitFor(() => expect(within(add).getByLabelText('Month')).toHaveValue('2025-03'));
    await userEvent.type(within(add).getByLabelText('Amount (€)'), '99');
    await userEvent.click(within(add).getByRole('button', { name: 'Add Return' }));
    expect(await findToast('Created')).toHaveTextContent('Return for Mar 2025 added.');
    expect(writes(requests, returnsPath).map((r) => r.body)).toEqual([
      { projectId: AURORA._id, month: '2025-03', amount: 99 },
    ]);
    await waitFor(() => expect(within(add).getByLabelText('Month')).toHaveValue('2025-04'));
  });
});

describe('User Investments: returns that are final', () => {
  it('shows a locked return with the reason and no Edit or Delete; the others keep theirs', async () => {
    const reason =
      "The Mar 2025 return is part of the final distribution 'Mar 2025 income' and was paid: it cannot be changed. Record an adjustment instead.";
    const march: MonthlyReturnRecord = {
      ...february,
      _id: 'r0000000-0000-4000-8000-000000000002',
      month: '2025-03',
      locked: { reason },
    };
    api((req) =>
      req.method === 'GET' && req.path === returnsPath
        ? json({ success: true, data: { monthlyReturns: [{ ...february, locked: null }, march] } })
        : undefined,
    );
    openEmma();
    const table = await screen.findByRole('table', { name: 'Monthly returns' });
    // Its one action is an adjustment that corrects it (issue 31), named with its month.
    const adjust = await within(table).findByRole('button', { name: 'Adjust Mar 2025' });
    const row = adjust.closest('tr')!;
    expect(row).toHaveTextContent(`Locked: ${reason}`);
    expect(within(row).getAllByRole('button')).toEqual([adjust]);
    const feb = within(table).getByText('Feb 2025').closest('tr')!;
    expect(feb).not.toHaveTextContent('Locked');
    expect(within(feb).getByRole('button', { name: 'Edit Feb 2025' })).toBeInTheDocument();
    expect(within(feb).getByRole('button', { name: 'Delete Feb 2025' })).toBeInTheDocument();
  });
});

describe('User Investments: adjustments (issue 31)', () => {
  const reason =
    "The Mar 2025 return is part of the final distribution 'Mar 2025 income' and was paid: it cannot be changed. Record an adjustment instead.";
  const march: MonthlyReturnRecord = {
    ...february,
    _id: 'r0000000-0000-4000-8000-000000000002',
    month: '2025-03',
    amount: 454.54,
    locked: { reason },
  };
  const ADJUSTMENTS = '/api/adjustments';
  const MESSAGE = 'Adjustment recorded: the investor has been told';
  const adjustment = (over: Partial<Adjustment> = {}): Adjustment => ({
    _id: 'a0000000-0000-4000-8000-000000000001',
    userId: emma._id,
    userName: emma.name,
    projectId: AURORA._id,
    projectName: AURORA.name,
    kind: 'income',
    amount: -10,
    reason: 'Paid twice',
    corrects: null,
    distributionId: null,
    date: '2026-11-27',
    createdAt: '2026-11-27T10:00:00.000Z',
    ...over,
  });

  /** Emma's returns with March locked; the adjustments kept as a server would, the POST answered by `post`. */
  function adjustmentsApi(post?: (req: FakeRequest) => Response | undefined) {
    const saved: Adjustment[] = [];
    const requests = api((req) => {
      if (req.method === 'GET' && req.path === returnsPath)
        return json({ success: true, data: { monthlyReturns: [february, march] } });
      if (req.path !== ADJUSTMENTS) return undefined;
      if (req.method === 'GET') return json({ success: true, data: [...saved].reverse() });
      const refused = post?.(req);
      if (refused) return refused;
      const body = req.body as Adjustment;
      const made = adjustment({ ...body, _id: `a0000000-0000-4000-8000-00000000000${saved.length + 1}` });
      saved.push(made);
      return json({ success: true, data: made, message: MESSAGE }, 201);
    });
    return requests;
  }

  it('corrects a locked return: "Adjust Mar 2025" names it, posts it as `corrects`, then "Recorded" and the list shows it', async () => {
    const requests = adjustmentsApi();
    openEmma();
    const list = await screen.findByRole('region', { name: 'Adjustments' });
    expect(await within(list).findByText('No adjustments', { exact: true })).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Adjust Mar 2025' }));
    const dialog = screen.getByRole('dialog', { name: 'Record an adjustment' });
    expect(dialog).toHaveTextContent('Corrects: the Mar 2025 return of €454.54');
    expect(dialog).toHaveTextContent(`Emma Lindqvist in ${AURORA.name}`);
    expect(within(dialog).getByLabelText('Kind')).toHaveValue('income');
    const amount = within(dialog).getByLabelText('Amount (€)');
    expect(amount).toHaveAccessibleDescription('Negative takes money back.');

    // The schema's own check first: a reason is required, and nothing is sent.
    await userEvent.type(amount, '-10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record adjustment' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      /Shown to the investor\. Reason is required/,
    );
    expect(writes(requests, ADJUSTMENTS)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Paid twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record adjustment' }));
    expect(await findToast('Recorded')).toHaveTextContent(MESSAGE);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(writes(requests, ADJUSTMENTS).map((r) => r.body)).toEqual([
      {
        userId: emma._id,
        projectId: AURORA._id,
        kind: 'income',
        amount: -10,
        reason: 'Paid twice',
        corrects: march._id,
      },
    ]);

    // The list reloads: its day, kind, amount with its sign, reason and what it corrects.
    const table = await within(list).findByRole('table', { name: 'Adjustments' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Nov 27, 2026');
    expect(row).toHaveTextContent('Income');
    expect(row).toHaveTextContent('-€10');
    expect(row).toHaveTextContent('Paid twice');
    expect(row).toHaveTextContent('Corrects the Mar 2025 return of €454.54');
    expect(list).toHaveTextContent('1 adjustment · -€10 in total');
  });

  it('records one of its own ("Record adjustment", no `corrects`); a 400 on the amount shows next to it', async () => {
    const problem =
      'Only €0 of capital was returned to Emma Lindqvist in Aurora Lakeside Cabins: an adjustment of -€50 would make it negative';
    let refuse = true;
    const requests = adjustmentsApi(() =>
      refuse
        ? json({ success: false, message: problem, error: problem, fields: { amount: problem } }, 400)
        : undefined,
    );
    openEmma();
    const list = await screen.findByRole('region', { name: 'Adjustments' });
    await userEvent.click(within(list).getByRole('button', { name: 'Record adjustment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record an adjustment' });
    expect(dialog).not.toHaveTextContent('Corrects:');
    await userEvent.selectOptions(within(dialog).getByLabelText('Kind'), 'Capital returned');
    await userEvent.type(within(dialog).getByLabelText('Amount (€)'), '-50');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Capital booked twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record adjustment' }));

    expect(await findToast('Failed to record adjustment')).toHaveTextContent(problem);
    const amount = within(dialog).getByLabelText('Amount (€)');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(`Negative takes money back. ${problem}`);
    await waitFor(() => expect(amount).toHaveFocus());

    refuse = false;
    await userEvent.clear(amount);
    await userEvent.type(amount, '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record adjustment' }));
    expect(await findToast('Recorded')).toHaveTextContent(MESSAGE);
    expect(writes(requests, ADJUSTMENTS).map((r) => r.body)).toEqual([
      {
        userId: emma._id,
        projectId: AURORA._id,
        kind: 'capital',
        amount: -50,
        reason: 'Capital booked twice',
        corrects: null,
      },
      {
        userId: emma._id,
        projectId: AURORA._id,
        kind: 'capital',
        amount: 50,
        reason: 'Capital booked twice',
        corrects: null,
      },
    ]);
    const row = within(await within(list).findByRole('table', { name: 'Adjustments' })).getAllByRole(
      'row',
    )[1]!;
    expect(row).toHaveTextContent('Capital returned');
    expect(row).toHaveTextContent('€50');
    expect(row).not.toHaveTextContent('Corrects');
  });

  it('asks for adjustments of this investor in this project, and says "Failed to fetch adjustments" when they do not load', async () => {
    const requests = api((req) =>
      req.path === ADJUSTMENTS ? failure('The database is unavailable', 503) : undefined,
    );
    openEmma();
    expect(await findToast('Failed to fetch adjustments')).toHaveTextContent('The database is unavailable');
    const read = requests.find((r) => r.path === ADJUSTMENTS)!;
    expect(Object.fromEntries(read.query)).toEqual({ userId: emma._id, projectId: AURORA._id });
  });
});

describe('User Investments: a bad value is named in words next to its field', () => {
  it.each([
    ['Amount invested (€)', '10.005', 'Save Investment', 'Amount must have at most 2 decimals'],
    ['Total nights', '-1', 'Save Allowance', 'Total nights cannot be negative'],
    ['Amount (€)', '-1', 'Add Return', 'Amount must not be negative'],
  ])('%s "%s"', async (label, value, submit, says) => {
    const requests = api();
    openEmma();
    const field = await screen.findByLabelText(label);
    await userEvent.clear(field);
    await userEvent.type(field, value);
    await userEvent.click(screen.getByRole('button', { name: submit }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(says);
    expect(field).toHaveFocus();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
