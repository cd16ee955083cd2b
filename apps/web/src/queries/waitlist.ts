import type { CreateBookingInput, WaitlistEntry } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type FailureOption } from '@/lib/endpoint-hooks';
import { useOrFallback } from './fallback';

const e = endpoints.waitlist;
const NONE: WaitlistEntry[] = [];

/**
 * The investor's waitlist entries still ahead. The endpoint reads the bookings too, so an entry that
 * turns into a request (another investor's cancellation) refreshes the list live (ADR 010).
 */
export function useWaitlist() {
  return useOrFallback(useEndpointQuery(e.list, {}, { select: (a) => a.data }), NONE);
}

/** Joins the waitlist for exactly the stay a full request asked for. */
export function useJoinWaitlist({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.join, {
    failure,
    mutationFn: async (input: CreateBookingInput) => (await call(e.join, { body: input })).data,
  });
}

export function useLeaveWaitlist({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.leave, {
    failure,
    mutationFn: async (id: string) => call(e.leave, { params: { id } }),
  });
}
