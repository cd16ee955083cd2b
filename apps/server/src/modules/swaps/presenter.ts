import type { SwapOffer, SwapStay } from '@portal/contracts';
import { iso } from '../../lib/format';
import { effectiveStatus, type SwapView } from './service';

type Stay = { id: string; nights: string[] };

export const presentStay = (b: Stay): SwapStay => ({
  bookingId: b.id,
  nights: b.nights,
  nightCount: b.nights.length,
});

/**
 * The only way an offer becomes JSON: dates only, never the other investor or the cabins. Once accepted,
 * the two requests hold each other's former dates, so the offer shows them the other way round: as
 * they were offered.
 */
export function presentSwap(v: SwapView, today: string): SwapOffer {
  const done = v.offer.status === 'accepted';
  const offered = presentStay({ id: v.offered.id, nights: (done ? v.requested : v.offered).nights });
  const requested = presentStay({ id: v.requested.id, nights: (done ? v.offered : v.requested).nights });
  return {
    _id: v.offer.id,
    projectId: v.offer.projectId,
    direction: v.offer.fromUserId === v.viewerId ? 'sent' : 'received',
    status: effectiveStatus(v, today),
    offered,
    requested,
    note: v.offer.note,
    createdAt: iso(v.offer.createdAt)!,
    decidedAt: iso(v.offer.decidedAt),
  };
}
