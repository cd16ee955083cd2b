import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpportunityInput, Project, ProjectInput } from '@portal/contracts';
import { api } from '@/lib/api';
import { projectsQueryKey } from '@/lib/current-project';
import { adminKeys } from './keys';

type One = { success: true; data: Project; message?: string };

/** Project writes; the shell's project list (and its selector) refreshes after each. */
export function useProjectWrites() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: projectsQueryKey }),
      qc.invalidateQueries({ queryKey: adminKeys.all }),
    ]);
  const save = useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ProjectInput }) =>
      id
        ? api<One>(`/api/projects/${id}`, { method: 'PUT', json: input })
        : api<One>('/api/projects', { method: 'POST', json: input }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<{ success: true }>(`/api/projects/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const archive = useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      api<One>(`/api/projects/${id}/${archived ? 'archive' : 'restore'}`, { method: 'POST' }),
    onSuccess: refresh,
  });
  const saveOpportunity = useMutation({
    mutationFn: ({ id, input }: { id: string; input: OpportunityInput }) =>
      api<One>(`/api/projects/${id}/opportunity`, { method: 'PUT', json: input }),
    onSuccess: refresh,
  });
  return { save, remove, archive, saveOpportunity };
}
