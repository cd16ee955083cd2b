import type { AdjustmentInput, Answer } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type EndpointMutationOptions } from '@/lib/endpoint-hooks';

const e = endpoints.adjustments;

/** The adjustments of one investor in one project (admin), newest first; nothing until both are known. */
export function useAdjustments(userId: string | null, projectId: string | undefined) {
  return useEndpointQuery(
    e.list,
    { query: { userId: userId!, projectId: projectId! } },
    { select: (a) => a.data, enabled: !!userId && !!projectId },
  );
}

/**
 * Records an adjustment, dated today: income or capital, positive or negative, with its reason and the
 * entry it corrects. Every view of the investor's money reloads (the write's declared tables).
 */
export const useCreateAdjustment = (
  options?: EndpointMutationOptions<Answer<typeof e.create>, AdjustmentInput>,
) => useEndpointMutation(e.create, { mutationFn: (body) => call(e.create, { body }), ...options });
