import { endpointUrl, type KycAnswersInput, type KycStatus } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type FailureOption } from '@/lib/endpoint-hooks';
import { downloadFile } from '@/lib/files';
import { uploadTo } from '@/lib/upload';

const e = endpoints.kyc;

/** The signed-in investor's identity check. */
export const useKyc = () => useEndpointQuery(e.get, {}, { select: (a) => a.data });

/** Saves the answers of the identity check. */
export const useSaveKycAnswers = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.answer, {
    failure,
    mutationFn: (body: KycAnswersInput) => call(e.answer, { body }),
  });

/** Uploads an identity document or a proof of address. */
export const useUploadKycDocument = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.upload, {
    failure,
    mutationFn: ({ kind, file }: { kind: 'identity' | 'address'; file: File }) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', file, file.name);
      return uploadTo(e.upload, { form });
    },
  });

/** Downloads an identity document (its owner's, or any for an admin). */
export const downloadKycDocument = (doc: { _id: string; fileName: string }) =>
  downloadFile(endpointUrl(e.file, { params: { id: doc._id } }), doc.fileName);

/** The identity checks (admin), filtered by status. */
export const useKycQueue = (status: KycStatus | undefined) =>
  useEndpointQuery(e.adminList, { query: { status } }, { select: (a) => a.data });

/** Verifies a submitted check (admin). */
export const useVerifyKyc = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.verify, {
    failure,
    mutationFn: (userId: string) => call(e.verify, { params: { userId } }),
  });

/** Rejects a submitted check with a reason the investor sees (admin). */
export const useRejectKyc = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.reject, {
    failure,
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      call(e.reject, { params: { userId }, body: { reason } }),
  });
