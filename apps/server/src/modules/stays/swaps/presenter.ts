import type { SwapOffer, SwapStay } from '@portal/contracts';
import { iso } from '../../../lib/format';
import { effectiveStatus, type SwapView } from './service';

type Stay = { id: string; nights: string[] };

export const presentStay = (b: Stay): SwapStay => ({
  bookingId: b.id,
  nights: b.nights,
  nightCount: b.nights.length,
});

/**
 * The only way an offer becomes JSON: dates only, never the other investor or the cabins. The dates are
 * those of the stays when the offer was made, kept with it: they read the same once the stays changed
 * (a void offer) or were exchanged (an accepted one).
 */
export function presentSwap(v: SwapView, today: string): SwapOffer {
  return {
    _id: v.offer.id,
    projectId: v.offer.projectId,
    direction: v.offer.fromUserId === v.viewerId ? 'sent' : 'received',
    status: effectiveStatus(v, today),
    offered: presentStay({ id: v.offered.id, nights: v.offer.offeredNights }),
    requested: presentStay({ id: v.requested.id, nights: v.offer.requestedNights }),
    note: v.offer.note,
    createdAt: iso(v.offer.createdAt)!,
    decidedAt: iso(v.offer.decidedAt),
  };
}
