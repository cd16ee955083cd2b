import { useMutation } from '@tanstack/react-query';
import type { InterestInput, InterestRegistration } from '@portal/contracts';
import { api } from '@/lib/api';

/** Stores a 'Register Your Interest' submission (`POST /api/interest`). */
export function useRegisterInterest() {
  return useMutation({
    mutationFn: async (input: InterestInput) =>
      (await api<{ data: InterestRegistration }>('/api/interest', { method: 'POST', json: input })).data,
  });
}
