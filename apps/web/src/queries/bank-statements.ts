import { useEndpointQuery, useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { toFormData } from '@/lib/upload';

const e = endpoints.bankStatements;

/** Imports a camt.053 / camt.054 file: what it held, matched, left unmatched, and had seen before. */
export function useImportStatement({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.import, {
    failure,
    mutationFn: async (file: File) => (await call(e.import, { form: toFormData({}, file) })).data,
  });
}

/** Bank entries no rule matched, newest first. */
export function useUnmatchedTransactions() {
  return useEndpointQuery(e.unmatched, {}, { select: (a) => a.data });
}

/** Assigns an unmatched credit to a call line by hand. */
export function useAssignTransaction({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.assign, {
    failure,
    mutationFn: async ({ id, callLineId }: { id: string; callLineId: string }) =>
      (await call(e.assign, { params: { id }, body: { callLineId } })).data,
  });
}
