import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RentalIncomeInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call, refreshAfterWrite } from '@/lib/endpoint-client';

const e = endpoints.rentals;

/**
 * An admin records what an approved rental earned (recording again replaces it): the requests, the
 * investor's payouts, totals and usage reload.
 */
export function useRecordRentalIncome() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, input }: { bookingId: string; input: RentalIncomeInput }) =>
      call(e.record, { params: { id: bookingId }, body: input }),
    onSuccess: () => refreshAfterWrite(qc, e.record),
  });
}

/** An admin removes a rental's recorded income. */
export function useRemoveRentalIncome() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => call(e.remove, { params: { id: bookingId } }),
    onSuccess: () => refreshAfterWrite(qc, e.remove),
  });
}
