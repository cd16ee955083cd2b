import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { presentMonthlyReturn } from './presenter';
import { addReturn, deleteReturn, listReturns, updateReturn } from './service';

const e = endpoints.returns;

/** Monthly returns per user and project (docs/product.md §15.3): `data.monthlyReturns`, amounts exact. */
export const returnRoutes: Module = (app, { database: { db } }) => {
  route(app, e.list, async (request) => {
    const rows = await listReturns(db, request.params.id, request.query.projectId);
    return { success: true as const, data: { monthlyReturns: rows.map(presentMonthlyReturn) } };
  });

  route(app, e.add, async (request) => {
    const rows = await addReturn(db, requireAuth(request).id, request.params.id, request.body);
    return {
      success: true as const,
      data: { monthlyReturns: rows.map(presentMonthlyReturn) },
      message: 'Return added',
    };
  });

  route(app, e.update, async (request) => {
    const rows = await updateReturn(db, requireAuth(request).id, request.params.id, request.body);
    return {
      success: true as const,
      data: { monthlyReturns: rows.map(presentMonthlyReturn) },
      message: 'Return updated',
    };
  });

  route(app, e.remove, async (request) => {
    const rows = await deleteReturn(
      db,
      requireAuth(request).id,
      request.params.id,
      request.query.projectId,
      request.params.month,
    );
    return {
      success: true as const,
      data: { monthlyReturns: rows.map(presentMonthlyReturn) },
      message: 'Return deleted',
    };
  });
};
