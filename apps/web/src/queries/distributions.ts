import { t } from 'i18next';
import { useMutation } from '@tanstack/react-query';
import type { Answer, DistributionInput, PayerAccountInput, ReversalInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { saveBlob } from '@/lib/api';
import { call, callFile } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type EndpointMutationOptions } from '@/lib/endpoint-hooks';

const e = endpoints.distributions;

/**
 * Distribution runs (`GET /api/distributions`), newest period first: of one project when given, of
 * every project otherwise. `enabled: false` while the screen does not know which yet.
 */
export function useDistributions(projectId?: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useEndpointQuery(e.list, { query: { projectId } }, { select: (a) => a.data, enabled });
}

/** One run with each investor's allocation (`GET /api/distributions/{id}`); nothing while `id` is null. */
export function useDistribution(id: string | null) {
  return useEndpointQuery(e.get, { params: { id: id! } }, { select: (a) => a.data, enabled: !!id });
}

type RunAnswer = Answer<typeof e.create>;

/** Drafts a run: its allocations are computed by the server. */
export const useCreateDistribution = (cb?: EndpointMutationOptions<RunAnswer, DistributionInput>) =>
  useEndpointMutation(e.create, { mutationFn: (body) => call(e.create, { body }), ...cb });

/** Changes a draft; the server computes its allocations again (a final run answers 409). */
export const useUpdateDistribution = (
  cb?: EndpointMutationOptions<RunAnswer, { id: string; input: DistributionInput }>,
) =>
  useEndpointMutation(e.update, {
    mutationFn: ({ id, input }) => call(e.update, { params: { id }, body: input }),
    ...cb,
  });

/** Deletes a draft (a final run answers 409). */
export const useDeleteDistribution = (cb?: EndpointMutationOptions<Answer<typeof e.remove>, string>) =>
  useEndpointMutation(e.remove, { mutationFn: (id) => call(e.remove, { params: { id } }), ...cb });

/**
 * Makes a draft final: the investors' amounts written and each of them notified, at once. An investor
 * who already has a return for that month, or a run made final already, answers 409 with the reason.
 */
export const useFinalizeDistribution = (cb?: EndpointMutationOptions<RunAnswer, string>) =>
  useEndpointMutation(e.finalize, {
    mutationFn: (id) => call(e.finalize, { params: { id } }),
    failure: () => t('distributions:page.failedFinal'),
    ...cb,
  });

/**
 * Reverses a final run as a whole: each investor paid gets an adjustment of minus their amount, dated
 * today; the run stays as it was, marked reversed. A draft or a run reversed already answers 409.
 */
export const useReverseDistribution = (
  cb?: EndpointMutationOptions<RunAnswer, { id: string; input: ReversalInput }>,
) =>
  useEndpointMutation(e.reverse, {
    mutationFn: ({ id, input }) => call(e.reverse, { params: { id }, body: input }),
    ...cb,
  });

/** Downloads a run's payments as CSV (`GET /api/distributions/{id}/payments.csv`). */
export function useDownloadPayments() {
  return useMutation({
    meta: { failure: () => t('distributions:page.failedDownload') },
    mutationFn: async ({ id, period }: { id: string; period: string }) => {
      const { blob, filename } = await callFile(e.payments, { params: { id } });
      saveBlob(blob, filename ?? `distribution-${period}.csv`);
    },
  });
}

/**
 * Downloads a final run as a SEPA credit transfer file (`GET /api/distributions/{id}/sepa.xml`). A draft,
 * no payer account, or nobody with a bank account answers 409 with the reason. The file leaves out the
 * investors without a bank account: the run's `missingBankAccounts` counts them (the download does not
 * expose the response's `x-missing-bank-accounts` header).
 */
export function useDownloadSepa() {
  return useMutation({
    meta: { failure: () => t('distributions:page.failedSepa') },
    mutationFn: async ({ id, period }: { id: string; period: string }) => {
      const { blob, filename } = await callFile(e.sepa, { params: { id } });
      saveBlob(blob, filename ?? `sepa-${period}.xml`);
    },
  });
}

/** The company account that pays the distributions (`GET /api/admin/settings/payer`); null until set. */
export const usePayerAccount = () => useEndpointQuery(e.payer, {}, { select: (a) => a.data });

/** Sets the payer account; a bad IBAN or BIC is a 400 named on its field. */
export const useSetPayerAccount = (
  cb?: EndpointMutationOptions<Answer<typeof e.setPayer>, PayerAccountInput>,
) => useEndpointMutation(e.setPayer, { mutationFn: (body) => call(e.setPayer, { body }), ...cb });
