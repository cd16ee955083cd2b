import { z } from 'zod';
import { envelope, idParams } from '../common';
import { endpoint } from '../endpoint';
import { assignInput, assignedTransaction, bankImportResult, unmatchedTransaction } from '../reconciliation';

/** What applying a bank payment may write (ADR 028: matching and funding). */
const applies = [
  'bank_imports',
  'bank_transactions',
  'capital_call_lines',
  'subscriptions',
  'investments',
  'distribution_allocations',
  'notifications',
  'mail_messages',
  'audit_log',
] as const;

export const bankStatementEndpoints = {
  import: endpoint({
    id: 'bankStatements.import',
    method: 'POST',
    path: '/api/admin/bank-statements',
    access: 'admin',
    summary: 'Imports a camt.053 or camt.054 bank file: payments matched to call lines, payouts confirmed',
    description:
      'A multipart form with the file in the field `file`. A credit carrying a call line’s creditor ' +
      'reference pays it (partial payments add up, an overpayment is flagged); a debit with a payout’s ' +
      'end-to-end id marks it booked, a returned credit marks it returned. A transaction imported before ' +
      'counts under `duplicates` and changes nothing. A subscription whose calls are paid in full (100 %) ' +
      'becomes funded and its investment is created. A file that is not a camt.053/054 is a 400.',
    multipart: { fields: z.object({}), file: 'required' },
    answer: envelope(bankImportResult),
    writes: [...applies],
  }),
  unmatched: endpoint({
    id: 'bankStatements.unmatched',
    method: 'GET',
    path: '/api/admin/bank-statements/unmatched',
    access: 'admin',
    summary: 'Imported bank entries no rule matched, newest first',
    answer: envelope(z.array(unmatchedTransaction)),
    reads: ['bank_transactions', 'bank_imports'],
  }),
  assign: endpoint({
    id: 'bankStatements.assign',
    method: 'POST',
    path: '/api/admin/bank-statements/transactions/:id/assign',
    access: 'admin',
    summary: 'Assigns an unmatched credit to a call line by hand (applied like a matched payment)',
    params: idParams,
    body: assignInput,
    answer: envelope(assignedTransaction),
    errors: [409],
    writes: [...applies],
  }),
};
