import { useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUpdateInput, Update, UpdateUpdateInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call, endpointQuery, queryKey, refreshAfterWrite } from '@/lib/endpoint-client';
import { useOrFallback } from './fallback';

const e = endpoints.updates;
const NONE: Update[] = [];

/** An answer without an updates list is logged and read as an empty list (docs/product.md §18). */
function updateList(answer: unknown): Update[] {
  const a = answer as { success?: boolean; updates?: unknown } | undefined;
  if (!a?.success || !Array.isArray(a.updates)) {
    console.error('Invalid response structure');
    return [];
  }
  return a.updates as Update[];
}

const listInput = (projectId: string | null | undefined) => ({
  query: { projectId: projectId ?? undefined },
});

/**
 * The updates of a project, newest first (`GET /api/updates?projectId=`): one query, one key, shared by
 * the Updates page, the dashboard's Recent Updates and the admin list.
 */
const updatesQuery = (projectId: string | null | undefined) => ({
  ...endpointQuery(e.list, listInput(projectId), updateList),
  enabled: !!projectId,
});

/** The admin list: a failed load keeps its error, and the page says so. */
export function useUpdates(projectId: string | null | undefined) {
  return useQuery(updatesQuery(projectId));
}

/** The investor's Updates page: a failed load is logged and shows the empty state. */
export function useUpdatesOrEmpty(projectId: string | null | undefined) {
  return useOrFallback(useQuery({ ...updatesQuery(projectId), staleTime: 30_000 }), NONE);
}

/** The latest `limit` updates of a project, newest first; a failed load shows 'No updates available'. */
export function useProjectUpdates(projectId: string | null | undefined, limit: number) {
  return useOrFallback(
    useQuery({
      ...updatesQuery(projectId),
      select: (list) =>
        [...list].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)).slice(0, limit),
      staleTime: 30_000,
    }),
    NONE,
  );
}

/**
 * Marks an update read (`PUT /api/updates/{id}/read`); it stops being new only once the server agreed,
 * in every view of the project's updates.
 */
export function useMarkRead(projectId: string | null | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(e.markRead, { params: { id } }),
    onSuccess: (_res, id) => {
      qc.setQueryData<Update[]>(queryKey(e.list, listInput(projectId)), (list) =>
        list?.map((u) => (u._id === id ? { ...u, isNew: false } : u)),
      );
      void refreshAfterWrite(qc, e.markRead);
    },
    onError: (err) => console.error('Failed to mark the update as read', err),
  });
}

/** Publishes or changes an update (admin); every view of the updates reloads. */
export function useSaveUpdate({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.update, {
    failure,
    invalidates: [e.update, e.create],
    mutationFn: ({ id, input }: { id?: string; input: CreateUpdateInput | UpdateUpdateInput }) =>
      id
        ? call(e.update, { params: { id }, body: input as UpdateUpdateInput })
        : call(e.create, { body: input as CreateUpdateInput }),
  });
}

export function useDeleteUpdate({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.remove, {
    failure,
    mutationFn: (id: string) => call(e.remove, { params: { id } }),
  });
}
