import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnInput, ReturnsResult } from '@portal/contracts';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

type Answer = { success: true; data: ReturnsResult };

/** A user's monthly returns in a project (`GET /api/users/{id}/returns?projectId=`). */
export function useReturns(userId: string | null, projectId: string | undefined) {
  return useQuery({
    queryKey: adminKeys.returns(userId ?? '', projectId ?? ''),
    queryFn: async ({ signal }) =>
      (await api<Answer>(`/api/users/${userId}/returns`, { signal, query: { projectId } })).data
        .monthlyReturns,
    enabled: !!userId && !!projectId,
  });
}

export function useSaveReturn(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, mode }: { input: ReturnInput; mode: 'add' | 'update' }) =>
      api<Answer>(`/api/users/${userId}/returns`, { method: mode === 'add' ? 'POST' : 'PUT', json: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useDeleteReturn(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, month }: { projectId: string; month: string }) =>
      api<Answer>(`/api/users/${userId}/returns/${month}`, { method: 'DELETE', query: { projectId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
