import { idParams } from '../common';
import { endpoint } from '../endpoint';
import { swapOfferAnswer, swapOfferInput, swapOffersAnswer, swapStaysAnswer, swapsQuery } from '../swaps';

/** Whether the caller may see the project: their own projects for an investor. */
const visibility = ['projects', 'investments'] as const;
/** Accepting exchanges the stays: the bookings, their nights and the offer change together. */
const exchange = ['swap_offers', 'bookings', 'booking_nights', 'notifications', 'audit_log'] as const;
const decision = (action: 'accept' | 'decline' | 'withdraw', summary: string) =>
  endpoint({
    id: `swaps.${action}`,
    method: 'PUT',
    path: `/api/swaps/:id/${action}`,
    access: 'user',
    summary,
    params: idParams,
    answer: swapOfferAnswer,
    errors: [404, 409],
    writes: action === 'accept' ? exchange : ['swap_offers', 'notifications'],
  });

export const swapEndpoints = {
  list: endpoint({
    id: 'swaps.list',
    method: 'GET',
    path: '/api/swaps',
    access: 'user',
    summary: 'Swap offers the caller made or received in a project, newest first',
    query: swapsQuery,
    requiredQuery: ['projectId'],
    answer: swapOffersAnswer,
    errors: [404],
    reads: [...visibility, 'swap_offers', 'bookings'],
  }),
  stays: endpoint({
    id: 'swaps.stays',
    method: 'GET',
    path: '/api/swaps/stays',
    access: 'user',
    summary: "Other investors' approved stays in a project from today on (their dates only), to ask for",
    query: swapsQuery,
    requiredQuery: ['projectId'],
    answer: swapStaysAnswer,
    errors: [404],
    reads: [...visibility, 'bookings'],
  }),
  create: endpoint({
    id: 'swaps.create',
    method: 'POST',
    path: '/api/swaps',
    access: 'user',
    summary: "Offers one of the caller's approved stays for another investor's approved stay in the project",
    description:
      'Both stays must be approved and still ahead; the other investor is told the dates only. ' +
      'A second pending offer for the same two stays is a 409.',
    body: swapOfferInput,
    status: 201,
    answer: swapOfferAnswer,
    errors: [404, 409],
    writes: ['swap_offers', 'notifications'],
  }),
  accept: decision(
    'accept',
    'The investor offered a swap accepts it: both stays change hands in one transaction, after the ' +
      'nights, expiry and high-season limits of both investors are checked again',
  ),
  decline: decision('decline', 'The investor offered a swap declines it'),
  withdraw: decision('withdraw', 'The investor who made a swap offer withdraws it'),
};
