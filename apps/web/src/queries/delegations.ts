import type { DelegationInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type FailureOption } from '@/lib/endpoint-hooks';

const e = endpoints.delegations;

/** The delegations the user gave (as the principal) and received (as the delegate), newest first. */
export const useDelegations = () => useEndpointQuery(e.list, {}, { select: (a) => a.data });

/** Invites someone by email to the user's portfolio in a role; the list shows it at once. */
export function useCreateDelegation({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.create, {
    failure,
    mutationFn: async (input: DelegationInput) => (await call(e.create, { body: input })).data,
  });
}

/** Ends a delegation: the principal revokes it, or the delegate gives it up. */
export function useRevokeDelegation({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.revoke, {
    failure,
    mutationFn: async (id: string) => call(e.revoke, { params: { id } }),
  });
}
