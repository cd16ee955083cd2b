import {
  envelope,
  idParams,
  returnDeleteParams,
  returnDeleteQuery,
  returnInput,
  returnsQuery,
  returnsResult,
} from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { addReturn, deleteReturn, listReturns, updateReturn } from './service';

const admin = { access: 'admin' } as const;
const answer = envelope(returnsResult);

/** Monthly returns per user and project (docs/product.md §15.3): `data.monthlyReturns`, amounts exact. */
export const returnRoutes: Module = (app, { database: { db } }) => {
  app.get(
    '/api/users/:id/returns',
    { config: admin, schema: { params: idParams, querystring: returnsQuery, response: { 200: answer } } },
    async (request) => ({
      success: true as const,
      data: { monthlyReturns: await listReturns(db, request.params.id, request.query.projectId) },
    }),
  );

  app.post(
    '/api/users/:id/returns',
    { config: admin, schema: { params: idParams, body: returnInput, response: { 201: answer } } },
    async (request, reply) => {
      const monthlyReturns = await addReturn(db, requireAuth(request).id, request.params.id, request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: { monthlyReturns }, message: 'Return added' });
    },
  );

  app.put(
    '/api/users/:id/returns',
    { config: admin, schema: { params: idParams, body: returnInput, response: { 200: answer } } },
    async (request) => ({
      success: true as const,
      data: {
        monthlyReturns: await updateReturn(db, requireAuth(request).id, request.params.id, request.body),
      },
      message: 'Return updated',
    }),
  );

  app.delete(
    '/api/users/:id/returns/:month',
    {
      config: admin,
      schema: {
        params: returnDeleteParams,
        querystring: returnDeleteQuery,
        response: { 200: answer },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        monthlyReturns: await deleteReturn(
          db,
          requireAuth(request).id,
          request.params.id,
          request.query.projectId,
          request.params.month,
        ),
      },
      message: 'Return deleted',
    }),
  );
};
