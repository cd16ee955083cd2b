import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { createSecretBox } from '../../lib/secret-box';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { createTwoFactorService } from '../auth/two-factor';
import { createAdjustment, listAdjustments, reverseDistribution } from './adjustments';
import { setBankAccount } from './bank-account';
import {
  createDistribution,
  deleteDistribution,
  finalizeDistribution,
  getDistribution,
  listDistributions,
  paymentsCsv,
  sepaFile,
  updateDistribution,
} from './distributions';
import { getPayerAccount, setPayerAccount } from './payer';
import { loadHoldings, presentPerformance } from './performance';
import { listPublications, startPublishing } from './statement-publications';
import { listStatements, statementDownload } from './statement-files';
import { loadStatement } from './statements';

/** The money side of an investor's account: where distributions are paid, and how the money has done. */
export const fundRoutes: Module = (app, deps) => {
  const db = deps.database.db;
  const bank = {
    db,
    box: createSecretBox(deps.config.jwtSecret, 'bank-account'),
    mailer: deps.mailer,
    limiter: deps.limiter,
    twoFactor: createTwoFactorService({
      db,
      mailer: deps.mailer,
      limiter: deps.limiter,
      box: createSecretBox(deps.config.jwtSecret, 'totp-secret'),
    }),
  };

  route(
    app,
    endpoints.users.setBankAccount,
    async (request) => ({
      success: true as const,
      data: await setBankAccount(bank, { id: requireAuth(request).id, address: request.ip }, request.body),
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

  // Distribution runs (admin): drafted pro rata, reviewed, made final once.
  const d = endpoints.distributions;
  route(app, d.list, async (request) => ({
    success: true as const,
    data: await listDistributions(db, request.query.projectId),
  }));
  route(app, d.get, async (request) => ({
    success: true as const,
    data: await getDistribution(db, request.params.id),
  }));
  route(app, d.create, async (request) => ({
    success: true as const,
    data: await createDistribution(db, requireAuth(request).id, request.body),
    message: 'Distribution drafted',
  }));
  route(app, d.update, async (request) => ({
    success: true as const,
    data: await updateDistribution(db, requireAuth(request).id, request.params.id, request.body),
    message: 'Distribution updated',
  }));
  route(app, d.remove, async (request) => {
    await deleteDistribution(db, requireAuth(request).id, request.params.id);
    return { success: true as const, data: { _id: request.params.id }, message: 'Distribution deleted' };
  });
  route(app, d.finalize, async (request) => ({
    success: true as const,
    data: await finalizeDistribution(db, deps.mailer, requireAuth(request).id, request.params.id),
    message: 'Distribution final: the investors have been told',
  }));
  route(app, d.reverse, async (request) => ({
    success: true as const,
    data: await reverseDistribution(db, requireAuth(request).id, request.params.id, request.body.reason),
    message: 'Distribution reversed: the investors have been told',
  }));

  // Adjustments (admin): money already paid or reported is corrected by an entry of its own.
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
  route(app, d.payments, async (request, reply) => {
    const { csv, run } = await paymentsCsv(db, bank.box, requireAuth(request).id, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="distribution-${run.period}-${run._id.slice(0, 8)}.csv"`,
      )
      .send(csv);
  });
  route(app, d.sepa, async (request, reply) => {
    const { xml, run, missing } = await sepaFile(db, bank.box, requireAuth(request).id, request.params.id);
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="sepa-${run.period}-${run._id.slice(0, 8)}.xml"`)
      .header('x-missing-bank-accounts', String(missing))
      .send(xml);
  });
  route(app, d.payer, async () => ({ success: true as const, data: await getPayerAccount(db) }));
  route(app, d.setPayer, async (request) => ({
    success: true as const,
    data: await setPayerAccount(db, requireAuth(request).id, request.body),
    message: 'Payer account saved',
  }));

  // Statements: an investor's capital account for each quarter and year that has ended.
  const inv = endpoints.investments;
  route(app, inv.statements, async (request) => ({
    success: true as const,
    data: await listStatements(db, deps.storage, requireAuth(request).id),
  }));
  route(app, inv.statement, async (request) => ({
    success: true as const,
    data: await loadStatement(db, requireAuth(request).id, request.params.period),
  }));
  route(app, inv.statementPdf, async (request, reply) => {
    const file = await statementDownload(db, deps.storage, requireAuth(request).id, request.params.period);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('content-length', file.size)
      .send(file.body);
  });

  // Publishing a period's statements (admin): a background job tells the investors, in the portal and
  // by email; the list answers how far it is.
  route(app, inv.publications, async () => ({ success: true as const, data: await listPublications(db) }));
  route(app, inv.publish, async (request) => {
    const data = await startPublishing(db, deps.jobs, requireAuth(request).id, request.params.period);
    return {
      success: true as const,
      data,
      message: `Publishing statements to ${data.total} investor${data.total === 1 ? '' : 's'}`,
    };
  });
};
