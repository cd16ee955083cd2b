import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@/lib/endpoints';
import { endpointQuery } from '@/lib/endpoint-client';

/** The Admin Dashboard figures, overall and for the selected project. */
export function useDashboard(projectId: string | undefined) {
  return useQuery({
    ...endpointQuery(endpoints.adminDashboard.get, { query: { projectId } }, (a) => a.data),
    staleTime: 15_000,
  });
}
