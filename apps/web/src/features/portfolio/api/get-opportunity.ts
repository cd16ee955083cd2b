import { useQuery } from '@tanstack/react-query';
import type { Opportunity } from '@portal/contracts';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth';

export const opportunityQueryKey = ['portfolio', 'opportunity'] as const;

/** The project open for interest, or null (`GET /api/opportunities/current`); admins edit it. */
export function useOpportunity() {
  const { status } = useAuth();
  return useQuery({
    queryKey: opportunityQueryKey,
    queryFn: async () => (await api<{ data: Opportunity | null }>('/api/opportunities/current')).data ?? null,
    enabled: status === 'authenticated',
    staleTime: 60_000,
  });
}
