import { endpointUrl } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type FailureOption } from '@/lib/endpoint-hooks';
import { downloadFile } from '@/lib/files';

const e = endpoints.subscriptions;

/** The signed-in investor's subscriptions, newest first. */
export const useMySubscriptions = () => useEndpointQuery(e.list, {}, { select: (a) => a.data });

/** Subscribes to an open offering. */
export const useSubscribe = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.create, {
    failure,
    mutationFn: async ({ offeringId, amount }: { offeringId: string; amount: number }) =>
      (await call(e.create, { params: { id: offeringId }, body: { amount } })).data,
  });

/** Cancels one's subscription (until it is accepted). */
export const useCancelSubscription = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.cancel, {
    failure,
    mutationFn: async (id: string) => (await call(e.cancel, { params: { id } })).data,
  });

/** An offering's subscriptions (admin). */
export const useOfferingSubscriptions = (offeringId: string | null) =>
  useEndpointQuery(
    e.adminList,
    { params: { id: offeringId ?? '' } },
    { select: (a) => a.data, enabled: Boolean(offeringId) },
  );

/** Downloads an offering's subscriptions as CSV (admin). */
export const downloadSubscriptionsCsv = (offeringId: string) =>
  downloadFile(
    endpointUrl(e.export, { params: { id: offeringId } }),
    `subscriptions-${offeringId.slice(0, 8)}.csv`,
  );

/** Accepts (countersigns) a signed subscription (admin). */
export const useAcceptSubscription = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.accept, {
    failure,
    mutationFn: async (id: string) => (await call(e.accept, { params: { id } })).data,
  });

/** Rejects a signed subscription with a reason (admin). */
export const useRejectSubscription = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.reject, {
    failure,
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      (await call(e.reject, { params: { id }, body: { reason } })).data,
  });
