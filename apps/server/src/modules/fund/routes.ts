import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { createSecretBox } from '../../lib/secret-box';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { createTwoFactorService } from '../auth/two-factor';
import { setBankAccount } from './bank-account';

/** The money side of an investor's account: where distributions are paid. */
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
};
