import type { Allocation, CreateAllocationInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type FailureOption } from '@/lib/endpoint-hooks';
import { useOrFallback } from './fallback';

const e = endpoints.allocations;
const NONE: Allocation[] = [];

/**
 * The peak allocations of a project the investor holds, each with their own ranking; a failed load
 * reads as none (the Perks page shows its other cards).
 */
export function useAllocations(projectId: string | undefined) {
  return useOrFallback(
    useEndpointQuery(
      e.list,
      { query: { projectId: projectId! } },
      { select: (a) => a.data, enabled: !!projectId },
    ),
    NONE,
  );
}

/** Replaces the investor's ranking of an allocation's stays (at most 10), until preferences are due. */
export function useSaveAllocationPreferences({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.preferences, {
    failure,
    mutationFn: async ({ id, choices }: { id: string; choices: string[] }) =>
      (await call(e.preferences, { params: { id }, body: { choices } })).data,
  });
}

/** The draw of an allocation: the seed once run, the order, the stays given (names for an admin). */
export function useAllocationResult(id: string, enabled = true) {
  return useEndpointQuery(e.result, { params: { id } }, { select: (a) => a.data, enabled });
}

/**
 * The fairness ledger of a project: the investor's own row (peak nights by year against the fair
 * share, priority for the next allocation), or every investor's for an admin.
 */
export function useFairness(projectId: string | undefined) {
  return useEndpointQuery(
    e.fairness,
    { params: { projectId: projectId! } },
    { select: (a) => a.data, enabled: !!projectId },
  );
}
