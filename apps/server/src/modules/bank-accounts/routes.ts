import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { createSecretBox } from '../../lib/secret-box';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { createTwoFactorService } from '../credentials/two-factor';
import { setBankAccount } from './bank-account';

/** Where an investor's distributions are paid: their bank account, changed only with their password. */
export const bankAccountRoutes: Module = (app, deps) => {
  const db = deps.database.db;
  const bank = {
    db,
    box: createSecretBox(deps.config.dataKeys, 'bank-account'),
    mailer: deps.mailer,
    limiter: deps.limiter,
    twoFactor: createTwoFactorService({
      db,
      mailer: deps.mailer,
      limiter: deps.limiter,
      box: createSecretBox(deps.config.dataKeys, 'totp-secret'),
    }),
  };

  route(
    app,
    endpoints.bankAccounts.set,
    async (request) => ({
      success: true as const,
      data: await setBankAccount(bank, { id: requireAuth(request).id, address: request.ip }, request.body),
      message: 'Bank account saved',
    }),
    { rateLimit: { max: deps.config.loginRateLimit, timeWindow: 60_000 } },
  );
};
