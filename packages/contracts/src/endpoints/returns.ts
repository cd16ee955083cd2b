import { envelope, idParams } from '../common';
import { returnDeleteParams, returnDeleteQuery, returnInput, returnsQuery, returnsResult } from '../admin';
import { endpoint } from '../endpoint';

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
    reads: ['users', 'monthly_returns'],
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
    params: idParams,
    body: returnInput,
    answer,
  }),
  remove: endpoint({
    id: 'returns.remove',
    method: 'DELETE',
    path: '/api/users/:id/returns/:month',
    ...returnWrite,
    summary: "Deletes a month's return of a user in a project",
    params: returnDeleteParams,
    query: returnDeleteQuery,
    answer,
  }),
};
