import { useQuery } from '@tanstack/react-query';
import type { Update } from '@portal/contracts';
import { api } from '@/lib/api';
import { queryRoots } from '@/lib/live-refresh';

/**
 * The latest updates of a project (`GET /api/updates?projectId=`). A failed call or an answer without
 * an updates list gives an empty list (docs/product.md §18), so the section shows its empty state.
 */
export function useProjectUpdates(projectId: string | null | undefined, limit: number) {
  return useQuery({
    queryKey: [...queryRoots.portfolio, 'updates', projectId],
    queryFn: async () => {
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
    select: (list) =>
      [...list].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)).slice(0, limit),
    staleTime: 30_000,
  });
}
