import { useEndpointQuery, useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import { useQuery } from '@tanstack/react-query';
import type { SwapOffer, SwapOfferInput, SwapStay } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call, endpointQuery } from '@/lib/endpoint-client';
import { useOrFallback } from './fallback';

const e = endpoints.swaps;
const NO_OFFERS: SwapOffer[] = [];

/** The swap offers the investor made or received in a project, newest first; a failed load reads as none. */
export function useSwapOffers(projectId: string | undefined) {
  return useOrFallback(
    useEndpointQuery(
      e.list,
      { query: { projectId: projectId! } },
      { select: (a) => a.data, enabled: !!projectId },
    ),
    NO_OFFERS,
  );
}

/** Other investors' approved stays in a project from today on (dates only), loaded while `enabled`. */
export function useSwapStays(projectId: string | undefined, enabled = true) {
  return useQuery<SwapStay[]>({
    ...endpointQuery(e.stays, { query: { projectId: projectId! } }, (a) => a.data),
    enabled: !!projectId && enabled,
  });
}

/** Offers one of the investor's approved stays for another investor's. */
export function useCreateSwapOffer({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.create, {
    failure,
    mutationFn: async (input: SwapOfferInput) => (await call(e.create, { body: input })).data,
  });
}

export type SwapDecision = 'accept' | 'decline' | 'withdraw';

/**
 * Accepts, declines or withdraws an offer. Accepting exchanges the stays, so the bookings, the nights
 * and the calendars reload with the offers (the endpoint's declared writes).
 */
export function useDecideSwapOffer({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.accept, {
    failure,
    invalidates: [e.accept, e.decline, e.withdraw],
    mutationFn: async ({ id, action }: { id: string; action: SwapDecision }) =>
      (await call(e[action], { params: { id } })).data,
  });
}
