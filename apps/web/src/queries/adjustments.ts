import { useQuery } from '@tanstack/react-query';
import type { AdjustmentInput, Answer } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call, endpointQuery } from '@/lib/endpoint-client';
import { useWrite, type WriteCallbacks } from './write';

const e = endpoints.adjustments;

/** The adjustments of one investor in one project (admin), newest first; nothing until both are known. */
export function useAdjustments(userId: string | null, projectId: string | undefined) {
  return useQuery({
    ...endpointQuery(e.list, { query: { userId: userId!, projectId: projectId! } }, (a) => a.data),
    enabled: !!userId && !!projectId,
  });
}

/**
 * Records an adjustment, dated today: income or capital, positive or negative, with its reason and the
 * entry it corrects. Every view of the investor's money reloads (the write's declared tables).
 */
export const useCreateAdjustment = (cb?: WriteCallbacks<Answer<typeof e.create>, AdjustmentInput>) =>
  useWrite(e.create, (body) => call(e.create, { body }), cb);
