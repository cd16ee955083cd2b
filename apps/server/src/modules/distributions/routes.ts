import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { createSecretBox } from '../../lib/secret-box';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { getPayerAccount, setPayerAccount } from './payer';
import { reverseDistribution } from './reverse';
import {
  createDistribution,
  deleteDistribution,
  finalizeDistribution,
  getDistribution,
  listDistributions,
  paymentsCsv,
  sepaFile,
  updateDistribution,
} from './service';

/** Distribution runs (admin): drafted pro rata, reviewed, made final once, paid by SEPA file or CSV. */
export const distributionRoutes: Module = (app, deps) => {
  const db = deps.database.db;
  // The investors' bank accounts, sealed as bank-accounts seals them, opened for the payment files.
  const box = createSecretBox(deps.config.dataKeys, 'bank-account');

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
  route(app, d.payments, async (request, reply) => {
    const { csv, run } = await paymentsCsv(db, box, requireAuth(request).id, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="distribution-${run.period}-${run._id.slice(0, 8)}.csv"`,
      )
      .send(csv);
  });
  route(app, d.sepa, async (request, reply) => {
    const { xml, run, missing } = await sepaFile(db, box, requireAuth(request).id, request.params.id);
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
};
