import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@portal/contracts';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** The Admin Dashboard figures, overall and for the selected project. */
export function useDashboard(projectId: string | undefined) {
  return useQuery({
    queryKey: adminKeys.dashboard(projectId),
    queryFn: async ({ signal }) =>
      (
        await api<{ success: true; data: AdminDashboard }>('/api/admin/dashboard', {
          signal,
          query: { projectId },
        })
      ).data,
    staleTime: 15_000,
  });
}
