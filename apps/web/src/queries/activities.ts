import { useEndpointQuery, useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import type { ActivityRequest, ActivityRequestStatus, CreateActivityRequestInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useOrFallback } from './fallback';

const e = endpoints.activities;
const NONE: ActivityRequest[] = [];

/** The investor's own activity requests in a project; a failed load reads as none. */
export function useActivityRequests(projectId: string | undefined) {
  return useOrFallback(
    useEndpointQuery(
      e.list,
      { query: { projectId: projectId! } },
      { select: (a) => a.data ?? [], enabled: !!projectId },
    ),
    NONE,
  );
}

/** Requests a partner activity; no cabin nights change, only the activity requests reload. */
export function useCreateActivityRequest({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.create, {
    failure,
    mutationFn: async (input: CreateActivityRequestInput) => call(e.create, { body: input }),
  });
}

export function useCancelActivityRequest({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.cancel, {
    failure,
    mutationFn: async (id: string) => (await call(e.cancel, { params: { id } })).data,
  });
}

/** Activity requests of a project (admin), of one status or all. */
export function useProjectActivityRequests(
  projectId: string | undefined,
  status: ActivityRequestStatus | undefined,
) {
  return useEndpointQuery(
    e.adminList,
    { query: { projectId, status } },
    { select: (a) => a.data, enabled: !!projectId },
  );
}

/** An admin approves or declines a pending activity request, with an optional note for the investor. */
export function useDecideActivityRequest({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.approve, {
    failure,
    invalidates: [e.approve, e.decline],
    mutationFn: ({ id, decision, note }: { id: string; decision: 'approve' | 'decline'; note?: string }) =>
      call(decision === 'approve' ? e.approve : e.decline, { params: { id }, body: note ? { note } : {} }),
  });
}
