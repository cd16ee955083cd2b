import { t } from 'i18next';
import { useEndpointQuery } from '@/lib/endpoint-hooks';
import { keepPreviousData, useMutation } from '@tanstack/react-query';
import type { AuditEntity } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { saveBlob } from '@/lib/api';
import { callFile } from '@/lib/endpoint-client';

const e = endpoints.audit;

/** The audit log's filters as the screen keeps them ('' = any). */
export interface AuditParams {
  actorId: string;
  entity: AuditEntity | '';
  from: string;
  to: string;
}

const filters = (p: AuditParams) => ({
  actorId: p.actorId || undefined,
  entity: p.entity || undefined,
  from: p.from || undefined,
  to: p.to || undefined,
});

/** A page of the audit log (`GET /api/admin/audit`), newest first; the previous page stays while the next loads. */
export function useAuditLog(params: AuditParams, page: number, pageSize: number) {
  return useEndpointQuery(
    e.list,
    { query: { ...filters(params), page, pageSize } },
    { placeholderData: keepPreviousData },
  );
}

/** Downloads every entry the filters match as CSV (`GET /api/admin/audit/export`). */
export function useExportAudit() {
  return useMutation({
    meta: { failure: () => t('admin:audit.failedDownload') },
    mutationFn: async (params: AuditParams) => {
      const { blob, filename } = await callFile(e.export, { query: filters(params) });
      saveBlob(blob, filename ?? 'audit-log.csv');
    },
  });
}
