import type { StayRulesInput } from '@portal/contracts';
import { call } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type FailureOption } from '@/lib/endpoint-hooks';
import { endpoints } from '@/lib/endpoints';

const e = endpoints.stayRules;

/** A project's stay rules: turnover days, last-minute days and seasons with their minimum stays. */
export function useStayRules(projectId: string | undefined) {
  return useEndpointQuery(
    e.get,
    { params: { projectId: projectId! } },
    { select: (a) => a.data, enabled: !!projectId },
  );
}

/** A project's stay rules as the admin edits them. */
export function useAdminStayRules(projectId: string) {
  return useEndpointQuery(e.adminGet, { params: { id: projectId } }, { select: (a) => a.data });
}

/** Replaces a project's stay rules (admin). */
export function useSaveStayRules(projectId: string, { failure }: FailureOption = {}) {
  return useEndpointMutation(e.put, {
    failure,
    mutationFn: async (body: StayRulesInput) => (await call(e.put, { params: { id: projectId }, body })).data,
  });
}
