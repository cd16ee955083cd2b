import { useQuery } from '@tanstack/react-query';
import type { SupportContact } from '@portal/contracts';
import { api } from './api';
import { useAuth } from './auth';

export const supportContactKey = ['support-contact'] as const;

/** The support contact an admin set (`GET /api/support-contact`); null where not set. */
export function useSupportContact() {
  const { status } = useAuth();
  return useQuery({
    queryKey: supportContactKey,
    queryFn: async () => (await api<{ data: SupportContact }>('/api/support-contact')).data,
    enabled: status === 'authenticated',
    staleTime: 5 * 60_000,
  });
}
