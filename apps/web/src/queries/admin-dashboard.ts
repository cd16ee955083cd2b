import { useEndpointQuery } from '@/lib/endpoint-hooks';
import { endpoints } from '@/lib/endpoints';

/** The Admin Dashboard figures, overall and for the selected project. */
export function useDashboard(projectId: string | undefined) {
  return useEndpointQuery(
    endpoints.adminDashboard.get,
    { query: { projectId } },
    { select: (a) => a.data, staleTime: 15_000 },
  );
}
