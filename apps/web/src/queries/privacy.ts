import { endpointUrl, type DataExport } from '@portal/contracts';
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
