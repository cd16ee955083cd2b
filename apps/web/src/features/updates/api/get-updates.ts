import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Update } from '@portal/contracts';
import { api } from '@/lib/api';
import { queryRoots } from '@/lib/live-refresh';

export const updatesQueryKey = (projectId: string | null | undefined) =>
  [...queryRoots.updates, 'list', projectId] as const;

/**
 * The updates of a project (`GET /api/updates?projectId=`). An answer without an updates list, or a
 * failed call, is logged and gives an empty list (docs/product.md §18).
 */
export function useUpdates(projectId: string | null | undefined) {
  return useQuery({
    queryKey: updatesQueryKey(projectId),
    queryFn: async (): Promise<Update[]> => {
      try {
        const res = await api<{ success?: boolean; updates?: unknown }>('/api/updates', {
          query: { projectId: projectId! },
        });
        if (!res?.success || !Array.isArray(res.updates)) {
          console.error('Invalid response structure');
          return [];
        }
        return res.updates as Update[];
      } catch (err) {
        console.error(err);
        return [];
      }
    },
    enabled: !!projectId,
    staleTime: 30_000,
  });
}

/** Marks an update read (`PUT /api/updates/{id}/read`); it stops being new only once the server agreed. */
export function useMarkRead(projectId: string | null | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/updates/${encodeURIComponent(id)}/read`, { method: 'PUT' }),
    onSuccess: (_res, id) => {
      qc.setQueryData<Update[]>(updatesQueryKey(projectId), (list) =>
        list?.map((u) => (u._id === id ? { ...u, isNew: false } : u)),
      );
    },
    onError: (err) => console.error('Failed to mark the update as read', err),
  });
}
