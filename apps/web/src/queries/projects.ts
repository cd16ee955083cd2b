import { t } from 'i18next';
import { useEndpointQuery, useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import { useQuery } from '@tanstack/react-query';
import type { OpportunityInput, ProjectInput, ProjectListItem } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/queries/session';
import { call, endpointQuery } from '@/lib/endpoint-client';

const e = endpoints.projects;

/**
 * The list may come as the envelope's data, as a bare list, or wrapped under `projects`: all three
 * are read here, and only here.
 */
function projectList(answer: unknown): ProjectListItem[] {
  if (Array.isArray(answer)) return answer as ProjectListItem[];
  const a = answer as { data?: ProjectListItem[]; projects?: ProjectListItem[] } | undefined;
  return a?.data ?? a?.projects ?? [];
}

/** The project list of the signed-in user (an investor's own, or every project for an admin). */
export function useProjects() {
  const { status, user } = useAuth();
  const query = endpointQuery(e.list, {}, projectList);
  return useQuery({
    ...query,
    // Another user signing in on this browser never sees the previous one's list.
    queryKey: [...query.queryKey, user?._id],
    enabled: status === 'authenticated',
    staleTime: 60_000,
  });
}

/** One project with the investor's stake month by month. */
export function useProjectDetail(id: string | undefined) {
  return useEndpointQuery(
    e.get,
    { params: { id: id! } },
    {
      select: (a) => a.data,
      enabled: !!id,
      // A project that is not the investor's (404) or a malformed id (400) will not appear by retrying.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  );
}

/** The project open for interest, or null; admins edit it. */
export function useOpportunity() {
  const { status } = useAuth();
  return useEndpointQuery(
    e.currentOpportunity,
    {},
    { select: (a) => a.data ?? null, enabled: status === 'authenticated', staleTime: 60_000 },
  );
}

/**
 * Project writes; every view of the projects (the shell's selector, the investors' pages) reloads. `failure`
 * is the screen's words for a failed save, delete or opportunity (the archive names its own).
 */
export function useProjectWrites({ failure }: FailureOption = {}) {
  const save = useEndpointMutation(e.update, {
    failure,
    mutationFn: ({ id, input }: { id?: string; input: ProjectInput }) =>
      id ? call(e.update, { params: { id }, body: input }) : call(e.create, { body: input }),
  });
  const remove = useEndpointMutation(e.remove, {
    failure,
    mutationFn: (id: string) => call(e.remove, { params: { id } }),
  });
  const archive = useEndpointMutation(e.archive, {
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      call(archived ? e.archive : e.restore, { params: { id } }),
    failure: ({ archived }) =>
      archived ? t('projects:confirm.archiveFailed') : t('projects:confirm.restoreFailed'),
  });
  const saveOpportunity = useEndpointMutation(e.setOpportunity, {
    failure,
    mutationFn: ({ id, input }: { id: string; input: OpportunityInput }) =>
      call(e.setOpportunity, { params: { id }, body: input }),
  });
  return { save, remove, archive, saveOpportunity };
}
