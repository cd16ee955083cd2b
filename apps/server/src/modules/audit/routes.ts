import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { pagination } from '../../lib/format';
import { route } from '../../plugins/route';
import { auditCsv } from './csv';
import { presentAuditAdmin, presentAuditEntries, presentAuditEntry } from './presenter';
import { auditEntries, listAudit } from './service';

const e = endpoints.audit;

/** The audit log of admin writes: who did what, and when; a page of it, or all of it as CSV. */
export const auditRoutes: Module = (app, { database: { db } }) => {
  route(app, e.list, async (request) => {
    const { rows, total, admins } = await listAudit(db, request.query);
    return {
      success: true as const,
      data: rows.map(presentAuditEntry),
      pagination: pagination(request.query.page, request.query.pageSize, total),
      admins: admins.map(presentAuditAdmin),
    };
  });

  route(app, e.export, async (request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
      .send(auditCsv(presentAuditEntries(auditEntries(db, request.query))));
  });
};
