import { useEndpointQuery, useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import type { CapitalCallInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';

const e = endpoints.capitalCalls;

/** An offering's capital calls, with each investor's line and what is paid so far (admin). */
export function useOfferingCalls(offeringId: string) {
  return useEndpointQuery(e.list, { params: { id: offeringId } }, { select: (a) => a.data });
}

/** Calls a share of every accepted subscription of the offering. */
export function useCreateCall(offeringId: string, { failure }: FailureOption = {}) {
  return useEndpointMutation(e.create, {
    failure,
    mutationFn: async (input: CapitalCallInput) =>
      (await call(e.create, { params: { id: offeringId }, body: input })).data,
  });
}

/** Call lines past their due day and not paid in full. */
export function useOverdueCalls() {
  return useEndpointQuery(e.overdue, {}, { select: (a) => a.data });
}

/** Call lines not paid in full: what a bank entry can be assigned to. */
export function useOpenCallLines({ enabled = true }: { enabled?: boolean } = {}) {
  return useEndpointQuery(e.open, {}, { select: (a) => a.data, enabled });
}
