import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  flattenPerks,
  type Perk,
  type PerkInput,
  type Update,
  type CreateUpdateInput,
  type UpdateUpdateInput,
} from '@portal/contracts';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** Invalidates every admin list after a write, so that each screen and the dashboard show the change. */
function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }) });
}

/* Perks: /api/perks/benefits/{projectId} */

export function usePerks(projectId: string | undefined) {
  return useQuery({
    queryKey: [...adminKeys.all, 'perks', projectId],
    queryFn: async ({ signal }) =>
      flattenPerks(
        (
          await api<{ perks: Perk[] | Record<string, Perk[]> }>(`/api/perks/benefits/${projectId}`, {
            signal,
          })
        ).perks,
      ),
    enabled: !!projectId,
  });
}

export const useSavePerk = (projectId: string) =>
  useWrite(({ id, input }: { id?: string; input: PerkInput }) =>
    id
      ? api(`/api/perks/benefits/${projectId}/${id}`, { method: 'PUT', json: input })
      : api(`/api/perks/benefits/${projectId}`, { method: 'POST', json: input }),
  );

export const useDeletePerk = (projectId: string) =>
  useWrite((id: string) => api(`/api/perks/benefits/${projectId}/${id}`, { method: 'DELETE' }));

/* Updates: /api/updates */

export function useUpdates(projectId: string | undefined) {
  return useQuery({
    queryKey: [...adminKeys.all, 'updates', projectId],
    queryFn: async ({ signal }) => {
      const res = await api<{ success?: boolean; updates?: Update[] }>('/api/updates', {
        signal,
        query: { projectId },
      });
      return Array.isArray(res.updates) ? res.updates : [];
    },
    enabled: !!projectId,
  });
}

export const useSaveUpdate = () =>
  useWrite(({ id, input }: { id?: string; input: CreateUpdateInput | UpdateUpdateInput }) =>
    id
      ? api(`/api/updates/${id}`, { method: 'PUT', json: input })
      : api('/api/updates', { method: 'POST', json: input }),
  );

export const useDeleteUpdate = () =>
  useWrite((id: string) => api(`/api/updates/${id}`, { method: 'DELETE' }));
