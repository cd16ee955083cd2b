import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { loadPortfolio } from '../portfolio/service';
import { presentPerformance } from './performance';

/** How an investor's money has done: invested, returned, multiple and XIRR. */
export const performanceRoutes: Module = (app, { database: { db } }) => {
  // Kept for at most a minute (READ_CACHE_TTL_MS), so a return falls due at most that late.
  route(app, endpoints.performance.get, async (request) => ({
    success: true as const,
    data: presentPerformance(
      (await loadPortfolio(db, requireAuth(request).id)).holdings,
      new Date().toISOString().slice(0, 10),
    ),
  }));
};
