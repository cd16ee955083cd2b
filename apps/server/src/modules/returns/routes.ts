import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { addReturn, deleteReturn, listReturns, updateReturn } from './service';

const e = endpoints.returns;

/** Monthly returns per user and project (docs/product.md §15.3): `data.monthlyReturns`, amounts exact. */
export const returnRoutes: Module = (app, { database: { db } }) => {
  route(app, e.list, async (request) => ({
    success: true as const,
    data: { monthlyReturns: await listReturns(db, request.params.id, request.query.projectId) },
  }));

  route(app, e.add, async (request) => ({
    success: true as const,
    data: { monthlyReturns: await addReturn(db, requireAuth(request).id, request.params.id, request.body) },
    message: 'Return added',
  }));

  route(app, e.update, async (request) => ({
    success: true as const,
    data: {
      monthlyReturns: await updateReturn(db, requireAuth(request).id, request.params.id, request.body),
    },
    message: 'Return updated',
  }));

  route(app, e.remove, async (request) => ({
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
  }));
};
