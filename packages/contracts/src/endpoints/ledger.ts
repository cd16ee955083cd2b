import { envelope } from '../common';
import { endpoint } from '../endpoint';
import { ledgerVerification } from '../ledger';

export const ledgerEndpoints = {
  verify: endpoint({
    id: 'ledger.verify',
    method: 'GET',
    path: '/api/admin/ledger/verify',
    access: 'admin',
    summary: 'Walks the running hash over every money entry and compares it with the rows',
    description:
      'Recomputes each link of the chain from the one before it and checks that every money entry (return, ' +
      'capital, rental income, allocation of a run that is not a draft, adjustment) is as last chained: ' +
      'a row changed, removed or added outside the application breaks it at that entry.',
    answer: envelope(ledgerVerification),
    reads: [
      'ledger_chain',
      'monthly_returns',
      'capital_returns',
      'rental_incomes',
      'distributions',
      'distribution_allocations',
      'adjustments',
    ],
  }),
};
