import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CabinAllowance, CabinAllowanceInput } from '@portal/contracts';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

type Answer = { success: true; data: CabinAllowance | null };
const path = (projectId: string, userId: string) => `/api/perks/cabin-nights/${projectId}/users/${userId}`;

/** A user's cabin-night allowance in a project; null when none is set. */
export function useAllowance(userId: string | null, projectId: string | undefined) {
  return useQuery({
    queryKey: [...adminKeys.all, 'allowance', userId, projectId],
    queryFn: async ({ signal }) => (await api<Answer>(path(projectId!, userId!), { signal })).data,
    enabled: !!userId && !!projectId,
  });
}

export function useSaveAllowance(userId: string, projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CabinAllowanceInput) =>
      api<Answer>(path(projectId, userId), { method: 'PUT', json: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
