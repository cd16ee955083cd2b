import { useQuery } from '@tanstack/react-query';
import type { ProjectDetail } from '@portal/contracts';
import { ApiError, api } from '@/lib/api';
import { queryRoots } from '@/lib/live-refresh';

/** One project with the investor's stake month by month (`GET /api/projects/{id}`). */
export function useProjectDetail(id: string | undefined) {
  return useQuery({
    queryKey: [...queryRoots.projects, 'detail', id],
    queryFn: async () =>
      (await api<{ data: ProjectDetail }>(`/api/projects/${encodeURIComponent(id!)}`)).data,
    enabled: !!id,
    // A project that is not the investor's (404) or a malformed id (400) will not appear by retrying.
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  });
}
