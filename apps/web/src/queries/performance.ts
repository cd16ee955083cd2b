import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@/lib/endpoints';
import { endpointQuery } from '@/lib/endpoint-client';
import { useAuth } from './session';

/**
 * The investor's performance figures (`GET /api/investment/performance`): the portfolio and each project.
 * Asked for only when the page shows them (`enabled`).
 */
export function usePerformance(enabled = true) {
  const { user, status } = useAuth();
  const query = endpointQuery(endpoints.performance.get, {}, (a) => a.data);
  return useQuery({
    ...query,
    queryKey: [...query.queryKey, user?._id],
    enabled: enabled && status === 'authenticated',
  });
}
