import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { createAdjustment, listAdjustments } from './service';

/** Adjustments (admin): money already paid or reported is corrected by an entry of its own. */
export const adjustmentRoutes: Module = (app, { database: { db } }) => {
  const adj = endpoints.adjustments;
  route(app, adj.list, async (request) => ({
    success: true as const,
    data: await listAdjustments(db, request.query),
  }));
  route(app, adj.create, async (request) => ({
    success: true as const,
    data: await createAdjustment(db, requireAuth(request).id, request.body),
    message: 'Adjustment recorded: the investor has been told',
  }));
};
