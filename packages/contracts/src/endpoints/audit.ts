import { auditFilters, auditList, auditQuery } from '../audit';
import { endpoint } from '../endpoint';

export const auditEndpoints = {
  list: endpoint({
    id: 'audit.list',
    method: 'GET',
    path: '/api/admin/audit',
    access: 'admin',
    summary: 'A page of the audit log of admin writes, newest first, with every admin for the filter',
    query: auditQuery,
    answer: auditList,
    reads: ['audit_log', 'users'],
  }),
  export: endpoint({
    id: 'audit.export',
    method: 'GET',
    path: '/api/admin/audit/export',
    access: 'admin',
    summary: 'Every entry the filters match, as CSV (audit-log-YYYY-MM-DD.csv)',
    query: auditFilters,
    answer: { kind: 'file', types: ['text/csv'] },
    reads: ['audit_log', 'users'],
  }),
};
