import { useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import type { RentalIncomeInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';

const e = endpoints.rentals;

/**
 * An admin records what an approved rental earned (recording again replaces it): the requests, the
 * investor's payouts, totals and usage reload.
 */
export function useRecordRentalIncome({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.record, {
    failure,
    mutationFn: ({ bookingId, input }: { bookingId: string; input: RentalIncomeInput }) =>
      call(e.record, { params: { id: bookingId }, body: input }),
  });
}

/** An admin removes a rental's recorded income. */
export function useRemoveRentalIncome({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.remove, {
    failure,
    mutationFn: (bookingId: string) => call(e.remove, { params: { id: bookingId } }),
  });
}
