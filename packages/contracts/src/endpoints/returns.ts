import { z } from 'zod';
import { envelope, idParams } from '../common';
import { returnDeleteParams, returnDeleteQuery, returnInput, returnsQuery, returnsResult } from '../returns';
import { endpoint } from '../endpoint';
import { returnsImportError, returnsImportQuery, returnsImportResult } from '../returns-import';

const answer = envelope(returnsResult);
/** A month's return changes the investment's totals too (database triggers). */
const returnWrite = { access: 'admin', writes: ['monthly_returns', 'investments', 'audit_log'] } as const;

export const returnEndpoints = {
  list: endpoint({
    id: 'returns.list',
    method: 'GET',
    path: '/api/users/:id/returns',
    access: 'admin',
    summary: "A user's monthly returns, oldest month first; of one project when given",
    params: idParams,
    query: returnsQuery,
    answer,
    // What locks a return: the final run that paid it, the published period it is paid in.
    reads: [
      'users',
      'monthly_returns',
      'distributions',
      'distribution_allocations',
      'statement_publications',
    ],
  }),
  add: endpoint({
    id: 'returns.add',
    method: 'POST',
    path: '/api/users/:id/returns',
    ...returnWrite,
    summary: "Records a month's return of a user in a project (a month already recorded is a 409)",
    params: idParams,
    body: returnInput,
    status: 201,
    answer,
    errors: [409],
  }),
  update: endpoint({
    id: 'returns.update',
    method: 'PUT',
    path: '/api/users/:id/returns',
    ...returnWrite,
    summary: "Changes a recorded month's return",
    description:
      'A return a final distribution paid, or one paid in a period whose statements are published (or ' +
      'that a new payment date would move into one), is locked: a 409 that says why; correct it with an ' +
      'adjustment. Each return of the answer carries `locked: {reason}` or null.',
    params: idParams,
    body: returnInput,
    answer,
    errors: [409],
  }),
  remove: endpoint({
    id: 'returns.remove',
    method: 'DELETE',
    path: '/api/users/:id/returns/:month',
    ...returnWrite,
    summary: "Deletes a month's return of a user in a project (a locked one is a 409, as for a change)",
    params: returnDeleteParams,
    query: returnDeleteQuery,
    answer,
    errors: [409],
  }),
  importCsv: endpoint({
    id: 'returns.import',
    method: 'POST',
    path: '/api/returns/import',
    access: 'admin',
    summary: 'Imports monthly returns and returns of capital from a CSV file: all rows or none',
    description:
      'A multipart form with the CSV in the field `file`, header `investor,project,month,amount,kind` ' +
      '(investor: investor ID or email; project: id or exact name; month YYYY-MM, begun; amount > 0 with at ' +
      'most 2 decimals; kind income or capital, income when empty), and optionally `paymentDate` ' +
      '(YYYY-MM-DD, on or after the first day of the month; the last day of the month when empty). ' +
      'Each row is answered by its line ' +
      '(the header is line 1). A dry run checks and writes nothing; a real run writes every row in one ' +
      'transaction, or, when any row has a problem, nothing: a 400 whose `data` holds the same rows.',
    query: returnsImportQuery,
    multipart: { fields: z.object({}), file: 'required' },
    answer: envelope(returnsImportResult),
    errorBodies: { 400: returnsImportError },
    errors: [409],
    writes: ['monthly_returns', 'capital_returns', 'investments', 'audit_log'],
  }),
};
