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

/** Every allocation of a project (admin), newest run time first. */
export function useAdminAllocations(projectId: string | undefined) {
  return useEndpointQuery(
    e.adminList,
    { query: { projectId: projectId! } },
    { select: (a) => a.data, enabled: !!projectId },
  );
}

/** Creates an allocation (admin): the server draws its seed and publishes the hash. */
export function useCreateAllocation({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.create, {
    failure,
    mutationFn: async (input: CreateAllocationInput) => (await call(e.create, { body: input })).data,
  });
}

/** Runs an allocation now (admin): its stays become approved stays, the ledger and calendars change. */
export function useRunAllocation({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.run, {
    failure,
    mutationFn: async (id: string) => (await call(e.run, { params: { id } })).data,
  });
}

/** Withdraws an allocation that has not run (admin): its nights open to normal requests. */
export function useRemoveAllocation({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.remove, {
    failure,
    mutationFn: (id: string) => call(e.remove, { params: { id } }),
  });
}
