import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/contracts';
import { api } from '@/lib/api';
import { useAuth } from '@/queries/session';
import { queryRoots } from '@/lib/live-refresh';

/**
 * The investor's summary (`GET /api/users/me`). It starts from the user the session already holds, so
 * the page paints at once, and is re-read in the background so that new returns show up.
 */
export function usePortfolio() {
  const { user, status } = useAuth();
  return useQuery({
    queryKey: [...queryRoots.portfolio, 'summary', user?._id],
    queryFn: async () => (await api<{ data: CurrentUser }>('/api/users/me')).data,
    enabled: status === 'authenticated',
    initialData: user ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 30_000,
  });
}
