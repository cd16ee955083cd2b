import { t } from 'i18next';
import { useEndpointQuery, useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnsImportError, type ReturnInput, type ReturnsImportResult } from '@portal/contracts';
import { ApiError } from '@/lib/api';
import { endpoints } from '@/lib/endpoints';
import { call, refreshAfterWrite } from '@/lib/endpoint-client';
import { toFormData } from '@/lib/upload';

const e = endpoints.returns;

/** A user's monthly returns in a project (admin), oldest month first. */
export function useReturns(userId: string | null, projectId: string | undefined) {
  return useEndpointQuery(
    e.list,
    { params: { id: userId! }, query: { projectId } },
    { select: (a) => a.data.monthlyReturns, enabled: !!userId && !!projectId },
  );
}

/** Adds a month's return or changes a recorded one; the investment's totals change with it. */
export function useSaveReturn(userId: string) {
  return useEndpointMutation(e.add, {
    invalidates: [e.add, e.update],
    failure: ({ mode }) =>
      mode === 'add' ? t('investments:returns.failedAdd') : t('investments:returns.failedUpdate'),
    mutationFn: ({ input, mode }: { input: ReturnInput; mode: 'add' | 'update' }) =>
      call(mode === 'add' ? e.add : e.update, { params: { id: userId }, body: input }),
  });
}

export function useDeleteReturn(userId: string, { failure }: FailureOption = {}) {
  return useEndpointMutation(e.remove, {
    failure,
    mutationFn: ({ projectId, month }: { projectId: string; month: string }) =>
      call(e.remove, { params: { id: userId, month }, query: { projectId } }),
  });
}

/**
 * Imports returns from a CSV file (`POST /api/returns/import`, the file in the field `file`). A dry run
 * checks every row and writes nothing; a real run writes every row or, when any row has a problem, none
 * (a 400 with each row's outcome: `importRowsOf`). After a real run every view of what it wrote reloads.
 */
export function useImportReturns() {
  const qc = useQueryClient();
  return useMutation({
    meta: {
      failure: (v) =>
        (v as { dryRun: boolean }).dryRun
          ? t('distributions:import.failedCheck')
          : t('distributions:import.failedImport'),
    },
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      call(e.importCsv, { query: { dryRun: dryRun ? 'true' : 'false' }, form: toFormData({}, file) }),
    onSuccess: (_res, { dryRun }) => {
      if (!dryRun) void refreshAfterWrite(qc, e.importCsv);
    },
  });
}

/** The rows of an import's 400 (a real run refused for its bad rows), or null for any other failure. */
export function importRowsOf(err: unknown): ReturnsImportResult | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const body = returnsImportError.safeParse(err.body);
  return (body.success && body.data.data) || null;
}
