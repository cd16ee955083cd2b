import { adjustmentAnswer, adjustmentInput, adjustmentListAnswer, adjustmentsQuery } from '../adjustments';
import { endpoint } from '../endpoint';

export const adjustmentEndpoints = {
  list: endpoint({
    id: 'adjustments.list',
    method: 'GET',
    path: '/api/adjustments',
    access: 'admin',
    summary: 'Adjustments, newest first; of one investor and/or one project when given',
    query: adjustmentsQuery,
    answer: adjustmentListAnswer,
    reads: ['adjustments', 'users', 'projects'],
  }),
  create: endpoint({
    id: 'adjustments.create',
    method: 'POST',
    path: '/api/adjustments',
    access: 'admin',
    summary: 'Corrects money already paid or reported with an entry of its own, dated today',
    description:
      'Income or capital, positive or negative, with its reason and, optionally, the id of the entry it ' +
      'corrects (a monthly return, a return of capital, a rental income or an adjustment of the same ' +
      'investor and project). It counts from today in the investor’s payouts, CSV, performance figures ' +
      'and next statement, as "Adjustment: {reason}". Audited; the investor is notified. An investor ' +
      'who holds no investment in the project, or a capital adjustment that would make the capital ' +
      'returned negative, answers 400.',
    body: adjustmentInput,
    status: 201,
    answer: adjustmentAnswer,
    errors: [404],
    writes: ['adjustments', 'audit_log', 'notifications'],
  }),
};
