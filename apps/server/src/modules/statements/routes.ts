import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { listPublications, startPublishing } from './statement-publications';
import { listStatements, statementDownload } from './statement-files';
import { loadStatement } from './statements';

/** Statements: an investor's capital account for each quarter and year that has ended, and its PDF. */
export const statementRoutes: Module = (app, { database: { db }, storage, jobs }) => {
  const e = endpoints.statements;
  route(app, e.list, async (request) => ({
    success: true as const,
    data: await listStatements(db, storage, requireAuth(request).id),
  }));
  route(app, e.get, async (request) => ({
    success: true as const,
    data: await loadStatement(db, requireAuth(request).id, request.params.period),
  }));
  route(app, e.pdf, async (request, reply) => {
    const file = await statementDownload(db, storage, requireAuth(request).id, request.params.period);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('content-length', file.size)
      .send(file.body);
  });

  // Publishing a period's statements (admin): a background job tells the investors, in the portal and
  // by email; the list answers how far it is.
  route(app, e.publications, async () => ({ success: true as const, data: await listPublications(db) }));
  route(app, e.publish, async (request) => {
    const data = await startPublishing(db, jobs, requireAuth(request).id, request.params.period);
    return {
      success: true as const,
      data,
      message: `Publishing statements to ${data.total} investor${data.total === 1 ? '' : 's'}`,
    };
  });
};
