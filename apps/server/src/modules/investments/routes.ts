import { payoutsAnswer } from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { listPayouts } from './service';

/** Payouts derived from the signed-in investor's monthly returns. */
export const investmentRoutes: Module = (app, { database: { db } }) => {
  // Kept for at most a minute (READ_CACHE_TTL_MS), so a payout falls due at most that late.
  app.get(
    '/api/investment/payouts',
    {
      config: { cache: { tables: ['projects', 'investments', 'monthly_returns'] } },
      schema: { response: { 200: payoutsAnswer } },
    },
    async (request) => ({
      success: true as const,
      payouts: await listPayouts(db, requireAuth(request).id, new Date().toISOString().slice(0, 10)),
    }),
  );
};
