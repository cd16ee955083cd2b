import { endpointUrl, type OfferingInput, type OfferingUpdateInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type FailureOption } from '@/lib/endpoint-hooks';
import { downloadFile } from '@/lib/files';

const e = endpoints.offerings;

/** The open offerings, with the amount subscribed so far. */
export const useOpenOfferings = () => useEndpointQuery(e.list, {}, { select: (a) => a.data });

/** Every offering with its funnel (admin). */
export const useAdminOfferings = () => useEndpointQuery(e.adminList, {}, { select: (a) => a.data });

/** An open offering's data room. */
export const useDataRoom = (id: string) =>
  useEndpointQuery(e.documents, { params: { id } }, { select: (a) => a.data });

/** Downloads a document of an offering's data room (the download is recorded). */
export const downloadDataRoomDocument = (offeringId: string, doc: { _id: string; name: string }) =>
  downloadFile(endpointUrl(e.documentFile, { params: { id: offeringId, documentId: doc._id } }), doc.name);

/** Opens a project for subscription (admin). */
export const useCreateOffering = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.create, {
    failure,
    mutationFn: async (body: OfferingInput) => (await call(e.create, { body })).data,
  });

/** Changes an open offering (admin). */
export const useUpdateOffering = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.update, {
    failure,
    mutationFn: async ({ id, body }: { id: string; body: OfferingUpdateInput }) =>
      (await call(e.update, { params: { id }, body })).data,
  });

/** Closes an open offering (admin). */
export const useCloseOffering = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.close, {
    failure,
    mutationFn: async (id: string) => (await call(e.close, { params: { id } })).data,
  });
