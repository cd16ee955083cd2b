import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call, endpointQuery, refreshAfterWrite } from '@/lib/endpoint-client';

const e = endpoints.returns;

/** A user's monthly returns in a project (admin), oldest month first. */
export function useReturns(userId: string | null, projectId: string | undefined) {
  return useQuery({
    ...endpointQuery(e.list, { params: { id: userId! }, query: { projectId } }, (a) => a.data.monthlyReturns),
    enabled: !!userId && !!projectId,
  });
}

/** Adds a month's return or changes a recorded one; the investment's totals change with it. */
export function useSaveReturn(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, mode }: { input: ReturnInput; mode: 'add' | 'update' }) =>
      call(mode === 'add' ? e.add : e.update, { params: { id: userId }, body: input }),
    onSuccess: (_res, { mode }) => refreshAfterWrite(qc, mode === 'add' ? e.add : e.update),
  });
}

export function useDeleteReturn(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, month }: { projectId: string; month: string }) =>
      call(e.remove, { params: { id: userId, month }, query: { projectId } }),
    onSuccess: () => refreshAfterWrite(qc, e.remove),
  });
}
