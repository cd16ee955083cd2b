import { endpointUrl, type SignInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type FailureOption } from '@/lib/endpoint-hooks';
import { downloadFile } from '@/lib/files';

const e = endpoints.signatures;

/** Downloads the unsigned subscription agreement. */
export const downloadAgreement = (id: string) =>
  downloadFile(endpointUrl(e.agreement, { params: { id } }), 'subscription-agreement.pdf');

/** Signs a subscription. */
export const useSignSubscription = (id: string, { failure }: FailureOption = {}) =>
  useEndpointMutation(e.sign, {
    failure,
    mutationFn: (body: SignInput) => call(e.sign, { params: { id }, body }),
  });

/** Who signed the document with this SHA-256, and when (none while `sha256` is empty). */
export const useSignatureCheck = (sha256: string | null) =>
  useEndpointQuery(
    e.verify,
    { query: { sha256: sha256 ?? '' } },
    { select: (a) => a.data, enabled: !!sha256, retry: false },
  );
