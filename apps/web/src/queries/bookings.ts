import { t } from 'i18next';
import type {
  Answer,
  Booking,
  BookingStatus,
  CreateBookingInput,
  RentalSettingsInput,
} from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useOrFallback } from './fallback';
import {
  useEndpointMutation,
  useEndpointQuery,
  type EndpointMutationOptions,
  type FailureOption,
} from '@/lib/endpoint-hooks';

const e = endpoints.bookings;
const NONE: Booking[] = [];

/** The investor's own booking requests in a project; a failed load reads as none. */
export function useBookings(projectId: string | undefined) {
  return useOrFallback(
    useEndpointQuery(
      e.list,
      { query: { projectId: projectId! } },
      { select: (a) => a.data ?? [], enabled: !!projectId },
    ),
    NONE,
  );
}

/** A request changes the nights, the usage and the requests: every view of them reloads. */
export function useCreateBooking({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.create, {
    failure,
    mutationFn: async (input: CreateBookingInput) => (await call(e.create, { body: input })).data,
  });
}

export function useCancelBooking({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.cancel, {
    failure,
    mutationFn: async (id: string) => (await call(e.cancel, { params: { id } })).data,
  });
}

/** Booking requests of a project (admin), of one status or all. */
export function useProjectBookings(projectId: string | undefined, status: BookingStatus | undefined) {
  return useEndpointQuery(
    e.adminList,
    { query: { projectId, status } },
    { select: (a) => a.data, enabled: !!projectId },
  );
}

/** An admin approves or declines a pending request, with an optional note for the investor. */
export function useDecideBooking({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.approve, {
    failure,
    invalidates: [e.approve, e.decline],
    mutationFn: ({ id, decision, note }: { id: string; decision: 'approve' | 'decline'; note?: string }) =>
      call(decision === 'approve' ? e.approve : e.decline, { params: { id }, body: note ? { note } : {} }),
  });
}

/** The rental price cap (admin setting): the highest price a night an investor may ask. */
export function useRentalSettings() {
  return useEndpointQuery(e.rentalSettings, {}, { select: (a) => a.data });
}

export const useSetRentalSettings = (
  options?: EndpointMutationOptions<Answer<typeof e.setRentalSettings>, RentalSettingsInput>,
) =>
  useEndpointMutation(e.setRentalSettings, {
    mutationFn: (body) => call(e.setRentalSettings, { body }),
    failure: () => ({ fallback: t('stays:admin.cap.saveFailed') }),
    ...options,
  });
