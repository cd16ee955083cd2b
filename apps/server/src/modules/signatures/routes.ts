import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { createSecretBox } from '../../lib/secret-box';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { createTwoFactorService } from '../credentials/two-factor';
import { contentDisposition, downloadName } from '../files/send-file';
import { agreementOf, findSignature, signSubscription, type SigningDeps } from './service';

const e = endpoints.signatures;

/** Signing a subscription agreement, and checking a signed document by its hash (ADR 028). */
export const signatureRoutes: Module = (app, deps) => {
  const db = deps.database.db;
  const signing: SigningDeps = {
    db,
    storage: deps.storage,
    limiter: deps.limiter,
    validMonths: deps.config.kycValidMonths,
    twoFactor: createTwoFactorService({
      db,
      mailer: deps.mailer,
      limiter: deps.limiter,
      box: createSecretBox(deps.config.dataKeys, 'totp-secret'),
    }),
  };

  route(app, e.agreement, async (request, reply) => {
    const { pdf, name } = await agreementOf(db, requireAuth(request).id, request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', 'sandbox')
      .header('content-disposition', contentDisposition('attachment', downloadName(name, 'pdf')))
      .send(Buffer.from(pdf));
  });

  route(
    app,
    e.sign,
    async (request) => ({
      success: true as const,
      data: await signSubscription(
        signing,
        {
          id: requireAuth(request).id,
          address: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        },
        request.params.id,
        request.body,
      ),
      message: 'Subscription signed',
    }),
    { rateLimit: { max: deps.config.loginRateLimit, timeWindow: 60_000 } },
  );

  route(app, e.verify, async (request) => ({
    success: true as const,
    data: await findSignature(db, request.query.sha256),
  }));
};
