import { auditFilters, auditList, auditQuery } from '@portal/contracts';
import type { Module } from '../../app-types';
import { auditCsv } from './csv';
import { auditEntries, listAudit } from './service';

/** The audit log of admin writes: who did what, and when; a page of it, or all of it as CSV. */
export const auditRoutes: Module = (app, { database: { db } }) => {
  app.get(
    '/api/admin/audit',
    { config: { access: 'admin' }, schema: { querystring: auditQuery, response: { 200: auditList } } },
    async (request) => ({ success: true as const, ...(await listAudit(db, request.query)) }),
  );

  app.get(
    '/api/admin/audit/export',
    { config: { access: 'admin' }, schema: { querystring: auditFilters } },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .send(auditCsv(auditEntries(db, request.query)));
    },
  );
};
