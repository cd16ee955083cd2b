import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { createSecretBox } from '../../lib/secret-box';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { createTwoFactorService } from '../auth/two-factor';
import { setBankAccount } from './bank-account';
import { loadHoldings, presentPerformance } from './performance';

/** The money side of an investor's account: where distributions are paid, and how the money has done. */
export const fundRoutes: Module = (app, deps) => {
  const db = deps.database.db;
  const bank = {
    db,
    box: createSecretBox(deps.config.jwtSecret, 'bank-account'),
    twoFactor: createTwoFactorService({ db, box: createSecretBox(deps.config.jwtSecret, 'totp-secret') }),
  };

  route(
    app,
    endpoints.users.setBankAccount,
    async (request) => ({
      success: true as const,
      data: await setBankAccount(bank, requireAuth(request).id, request.body),
      message: 'Bank account saved',
    }),
    { rateLimit: { max: deps.config.loginRateLimit, timeWindow: 60_000 } },
  );

  // Kept for at most a minute (READ_CACHE_TTL_MS), so a return falls due at most that late.
  route(app, endpoints.investments.performance, async (request) => ({
    success: true as const,
    data: presentPerformance(
      await loadHoldings(db, requireAuth(request).id),
      new Date().toISOString().slice(0, 10),
    ),
  }));
};
