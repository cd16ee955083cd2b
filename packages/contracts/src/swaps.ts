import { z } from 'zod';
import { id, projectIdQuery, text, uuidString } from './common';
import { SWAP_STATUSES } from './value-sets';

/** A stay as a swap shows it: its dates only (never who holds it or in which cabin). */
export const swapStay = z.object({
  bookingId: uuidString,
  /** The nights, 'YYYY-MM-DD', ascending. */
  nights: z.array(z.string()),
  nightCount: z.number().int(),
});
export type SwapStay = z.infer<typeof swapStay>;

/** An offer to exchange two approved stays, as either investor sees it. */
export const swapOffer = z.object({
  _id: uuidString,
  projectId: uuidString,
  /** 'sent' when the caller made the offer, 'received' when it was made to them. */
  direction: z.enum(['sent', 'received']),
  /** Void when either stay changed after the offer was made. */
  status: z.enum(SWAP_STATUSES),
  /** The stay of the investor who made the offer. */
  offered: swapStay,
  /** The stay asked for in exchange. */
  requested: swapStay,
  note: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type SwapOffer = z.infer<typeof swapOffer>;

export const swapOfferAnswer = z.object({
  success: z.literal(true),
  data: swapOffer,
  message: z.string().optional(),
});
export const swapOffersAnswer = z.object({ success: z.literal(true), data: z.array(swapOffer) });

/** `GET /api/swaps/stays?projectId=`: other investors' approved stays from today on, to ask for. */
export const swapStaysAnswer = z.object({ success: z.literal(true), data: z.array(swapStay) });

export const swapsQuery = projectIdQuery;

/** `POST /api/swaps` */
export const swapOfferInput = z.object({
  offeredBookingId: id,
  requestedBookingId: id,
  note: text(500).default(''),
});
export type SwapOfferInput = z.input<typeof swapOfferInput>;

/** 'Swap offer sent', … the toasts of the swap actions. */
export const SWAP_MESSAGES = {
  offered: 'Swap offer sent',
  accepted: 'Swap accepted: the stays have been exchanged',
  declined: 'Swap offer declined',
  withdrawn: 'Swap offer withdrawn',
} as const;
