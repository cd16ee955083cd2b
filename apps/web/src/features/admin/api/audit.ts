import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AuditEntity, AuditList } from '@portal/contracts';
import { api, apiBlob, saveBlob } from '@/lib/api';
import { adminKeys } from './keys';

/** The audit log's filters as the screen keeps them ('' = any). */
export interface AuditParams {
  actorId: string;
  entity: AuditEntity | '';
  from: string;
  to: string;
}

const query = (p: AuditParams) => ({
  actorId: p.actorId || undefined,
  entity: p.entity || undefined,
  from: p.from || undefined,
  to: p.to || undefined,
});

/** A page of the audit log (`GET /api/admin/audit`), newest first; the previous page stays while the next loads. */
export function useAuditLog(params: AuditParams, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...adminKeys.all, 'audit', params, page, pageSize],
    queryFn: ({ signal }) =>
      api<AuditList>('/api/admin/audit', { signal, query: { ...query(params), page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads every entry the filters match as CSV (`GET /api/admin/audit/export`). */
export function useExportAudit() {
  return useMutation({
    mutationFn: async (params: AuditParams) => {
      const { blob, filename } = await apiBlob('/api/admin/audit/export', { query: query(params) });
      saveBlob(blob, filename ?? 'audit-log.csv');
    },
  });
}
