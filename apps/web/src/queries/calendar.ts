import { useEndpointQuery, useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';

const e = endpoints.calendar;

/** The address of the caller's calendar of approved stays (it needs no sign-in: it is a secret). */
export function useCalendarFeed() {
  return useEndpointQuery(e.feed, {}, { select: (a) => a.data.url });
}

/** A new address in place of the old one, which stops working; the shown address reloads. */
export function useRegenerateCalendarFeed({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.regenerate, {
    failure,
    mutationFn: async () => (await call(e.regenerate)).data.url,
  });
}
