import { auditList, auditQuery } from '@portal/contracts';
import type { Module } from '../../app-types';
import { listAudit } from './service';

/** The audit log of admin writes: who did what, and when. */
export const auditRoutes: Module = (app, { database: { db } }) => {
  app.get(
    '/api/admin/audit',
    { config: { access: 'admin' }, schema: { querystring: auditQuery, response: { 200: auditList } } },
    async (request) => ({ success: true as const, ...(await listAudit(db, request.query)) }),
  );
};
