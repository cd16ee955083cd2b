import {
  endpointUrl,
  type DataExport,
  type ErasureRequestInput,
  type ErasureSettings,
} from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type FailureOption } from '@/lib/endpoint-hooks';
import { downloadFile } from '@/lib/files';

const e = endpoints.privacy;

/** How often the list is read again while an export is being made (the job runs in the background). */
const PENDING_POLL_MS = 3000;

/** The user's exports of their data, newest first; read again every few seconds while one is pending. */
export function useDataExports() {
  return useEndpointQuery(
    e.exports,
    {},
    {
      select: (a) => a.data,
      refetchInterval: (query) =>
        query.state.data?.some((x: DataExport) => x.status === 'pending') ? PENDING_POLL_MS : false,
    },
  );
}

/** Asks for a new export; the list shows it as pending at once. */
export function useRequestExport({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.requestExport, {
    failure,
    mutationFn: async () => (await call(e.requestExport)).data,
  });
}

/** Downloads a ready export's archive (the server names the file). */
export const downloadExport = (x: DataExport) =>
  downloadFile(endpointUrl(e.downloadExport, { params: { id: x._id } }), 'investor-portal-data.zip');

/** The caller's request to erase their account (pending or refused), or null. */
export const useErasureRequest = () => useEndpointQuery(e.erasure, {}, { select: (a) => a.data });

/** Asks for the caller's account to be erased. */
export const useRequestErasure = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.requestErasure, {
    failure,
    mutationFn: async (body: ErasureRequestInput) => (await call(e.requestErasure, { body })).data,
  });

/** Withdraws the caller's pending erasure request. */
export const useWithdrawErasure = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.withdrawErasure, {
    failure,
    mutationFn: async () => (await call(e.withdrawErasure)).data,
  });

/** Every erasure request (admin), pending first. */
export const useErasureRequests = () =>
  useEndpointQuery(e.adminErasureRequests, {}, { select: (a) => a.data });

/** Carries out a pending erasure request (admin). */
export const useCarryOutErasure = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.carryOutErasure, {
    failure,
    mutationFn: (id: string) => call(e.carryOutErasure, { params: { id } }),
  });

/** Refuses a pending erasure request with a legal reason (admin). */
export const useRefuseErasure = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.refuseErasure, {
    failure,
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      call(e.refuseErasure, { params: { id }, body: { reason } }),
  });

/** How many years an erased account's financial records are kept (admin setting). */
export const useErasureSettings = () => useEndpointQuery(e.erasureSettings, {}, { select: (a) => a.data });

export const useSaveErasureSettings = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.setErasureSettings, {
    failure,
    mutationFn: (body: ErasureSettings) => call(e.setErasureSettings, { body }),
  });
