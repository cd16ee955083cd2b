import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpenCallLine, UnmatchedTransaction } from '@portal/contracts';
import { Component as BankPage } from './bank-page';
import { fakeApi, findEmpty, findToast, json, renderAdmin } from '../../../test/admin';

const ENTRY: UnmatchedTransaction = {
  _id: 't0000000-0000-4000-8000-000000000001',
  direction: 'credit',
  amount: 250,
  reference: '',
  remittance: 'for my shares',
  counterparty: 'A. Payer',
  bookedOn: '2026-11-20',
  why: 'no_reference',
  importedAt: '2026-11-21T09:00:00.000Z',
};
const LINE: OpenCallLine = {
  _id: '10000000-0000-4000-8000-000000000001',
  callId: 'c0000000-0000-4000-8000-000000000001',
  offeringId: 'o0000000-0000-4000-8000-000000000001',
  projectName: 'Tatra Ridge',
  userId: 'u0000000-0000-4000-8000-000000000001',
  investorName: 'Maija Virtanen',
  amount: 250,
  paid: 0,
  dueOn: '2026-11-01',
  reference: 'RF18539007547034',
  remindedAt: null,
};

describe('Bank & calls', () => {
  it('imports a statement file and shows what it held', async () => {
    const requests = fakeApi((req) => {
      if (req.method === 'POST' && req.path === '/api/admin/bank-statements')
        return json({
          success: true,
          data: {
            entries: 3,
            matched: 2,
            duplicates: 0,
            unmatched: [{ amount: 50, reference: '', counterparty: 'X', bookedOn: null }],
          },
        });
      if (req.path === '/api/admin/bank-statements/unmatched') return json({ success: true, data: [] });
      if (req.path === '/api/admin/capital-calls/overdue') return json({ success: true, data: [] });
      return undefined;
    });
    renderAdmin(<BankPage />, 'bank');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank & calls' })).toBeInTheDocument();
    expect(await findEmpty('No unmatched bank entries')).toBeInTheDocument();
    expect(await findEmpty('No overdue capital calls')).toBeInTheDocument();
    const file = new File(['<Document/>'], 'statement.xml', { type: 'application/xml' });
    await userEvent.upload(screen.getByLabelText('Statement file (camt.053 or camt.054)'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await findToast('Statement imported')).toHaveTextContent('2 entries matched');
    const result = screen.getByLabelText('Import result');
    expect(result).toHaveTextContent('Entries3');
    expect(result).toHaveTextContent('Matched2');
    expect(result).toHaveTextContent('Unmatched1');
    expect(result).toHaveTextContent('Already imported0');
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/admin/bank-statements')).toBe(true);
  });

  it('assigns an unmatched credit to an open call line, and lists overdue calls', async () => {
    const requests = fakeApi((req) => {
      if (req.path === '/api/admin/bank-statements/unmatched') return json({ success: true, data: [ENTRY] });
      if (req.path === '/api/admin/capital-calls/overdue') return json({ success: true, data: [LINE] });
      if (req.path === '/api/admin/capital-calls/open') return json({ success: true, data: [LINE] });
      if (req.method === 'POST' && req.path === `/api/admin/bank-statements/transactions/${ENTRY._id}/assign`)
        return json({
          success: true,
          data: {
            _id: ENTRY._id,
            outcome: 'assigned',
            callLineId: LINE._id,
            amount: 250,
            overpaid: 0,
            funded: true,
          },
        });
      return undefined;
    });
    renderAdmin(<BankPage />, 'bank');
    const overdue = await screen.findByRole('table', { name: 'Overdue capital calls' });
    expect(within(overdue).getAllByRole('row')[1]).toHaveTextContent('Maija Virtanen');
    expect(within(overdue).getAllByRole('row')[1]).toHaveTextContent('€250');
    const unmatched = await screen.findByRole('table', { name: 'Unmatched bank entries' });
    expect(within(unmatched).getAllByRole('row')[1]).toHaveTextContent('A. Payer');
    await userEvent.click(within(unmatched).getByRole('button', { name: 'Assign €250' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to a call line' });
    const select = within(dialog).getByLabelText('Call line');
    await within(dialog).findByRole('option', { name: /Maija Virtanen/ });
    await userEvent.selectOptions(select, LINE._id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await findToast('Payment assigned')).toBeInTheDocument();
    const sent = requests.find((r) => r.method === 'POST' && r.path.endsWith('/assign'));
    expect(sent?.body).toEqual({ callLineId: LINE._id });
  });
});
