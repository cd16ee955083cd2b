import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@/lib/endpoints';
import { useAuth } from '@/queries/session';
import { endpointQuery } from '@/lib/endpoint-client';

/** The investor's payouts, newest first. */
export function usePayouts() {
  const { user, status } = useAuth();
  const query = endpointQuery(endpoints.investments.payouts, {}, (a) => a.payouts ?? []);
  return useQuery({
    ...query,
    // Another user signing in on this browser never sees the previous one's payouts.
    queryKey: [...query.queryKey, user?._id],
    enabled: status === 'authenticated',
    staleTime: 30_000,
  });
}
