import { useQuery } from '@tanstack/react-query';
import type { PayoutsAnswer } from '@portal/contracts';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { queryRoots } from '@/lib/live-refresh';

/** The investor's payouts, newest first (`GET /api/investment/payouts`). */
export function usePayouts() {
  const { user, status } = useAuth();
  return useQuery({
    queryKey: [...queryRoots.portfolio, 'payouts', user?._id],
    queryFn: async () => (await api<PayoutsAnswer>('/api/investment/payouts')).payouts ?? [],
    enabled: status === 'authenticated',
    staleTime: 30_000,
  });
}
