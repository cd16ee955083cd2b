import { useMutation, useQuery } from '@tanstack/react-query';
import type { Answer, DistributionInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { saveBlob } from '@/lib/api';
import { call, callFile, endpointQuery } from '@/lib/endpoint-client';
import { useWrite, type WriteCallbacks } from './write';

const e = endpoints.distributions;

/**
 * Distribution runs (`GET /api/distributions`), newest period first: of one project when given, of
 * every project otherwise. `enabled: false` while the screen does not know which yet.
 */
export function useDistributions(projectId?: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...endpointQuery(e.list, { query: { projectId } }, (a) => a.data),
    enabled,
  });
}

/** One run with each investor's allocation (`GET /api/distributions/{id}`); nothing while `id` is null. */
export function useDistribution(id: string | null) {
  return useQuery({
    ...endpointQuery(e.get, { params: { id: id! } }, (a) => a.data),
    enabled: !!id,
  });
}

type RunAnswer = Answer<typeof e.create>;

/** Drafts a run: its allocations are computed by the server. */
export const useCreateDistribution = (cb?: WriteCallbacks<RunAnswer, DistributionInput>) =>
  useWrite(e.create, (body) => call(e.create, { body }), cb);

/** Changes a draft; the server computes its allocations again (a final run answers 409). */
export const useUpdateDistribution = (
  cb?: WriteCallbacks<RunAnswer, { id: string; input: DistributionInput }>,
) => useWrite(e.update, ({ id, input }) => call(e.update, { params: { id }, body: input }), cb);

/** Deletes a draft (a final run answers 409). */
export const useDeleteDistribution = (cb?: WriteCallbacks<Answer<typeof e.remove>, string>) =>
  useWrite(e.remove, (id) => call(e.remove, { params: { id } }), cb);

/**
 * Makes a draft final: the investors' amounts written and each of them notified, at once. An investor
 * who already has a return for that month, or a run made final already, answers 409 with the reason.
 */
export const useFinalizeDistribution = (cb?: WriteCallbacks<RunAnswer, string>) =>
  useWrite(e.finalize, (id) => call(e.finalize, { params: { id } }), cb);

/** Downloads a run's payments as CSV (`GET /api/distributions/{id}/payments.csv`). */
export function useDownloadPayments() {
  return useMutation({
    mutationFn: async ({ id, period }: { id: string; period: string }) => {
      const { blob, filename } = await callFile(e.payments, { params: { id } });
      saveBlob(blob, filename ?? `distribution-${period}.csv`);
    },
  });
}
