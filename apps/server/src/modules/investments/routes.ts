import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { listPayouts } from './service';

/** Payouts derived from the signed-in investor's monthly returns. */
export const investmentRoutes: Module = (app, { database: { db } }) => {
  // Kept for at most a minute (READ_CACHE_TTL_MS), so a payout falls due at most that late.
  route(app, endpoints.investments.payouts, async (request) => ({
    success: true as const,
    payouts: await listPayouts(db, requireAuth(request).id, new Date().toISOString().slice(0, 10)),
  }));
};
