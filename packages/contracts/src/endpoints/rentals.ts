import { idParams, okMessage } from '../common';
import { endpoint } from '../endpoint';
import { rentalIncomeAnswer, rentalIncomeInput } from '../rentals';

/** Rental income is an investor's income: their payouts, totals and usage summary read it. */
const rentalWrite = ['rental_incomes', 'audit_log', 'notifications'] as const;

export const rentalEndpoints = {
  record: endpoint({
    id: 'rentals.record',
    method: 'PUT',
    path: '/api/bookings/:id/rental-income',
    access: 'admin',
    summary: "Records what an approved rental earned; the investor's share is paid as income on the date",
    description:
      "The investor's share is the gross income × the project's rental share ÷ 100, rounded half up to " +
      'the cent. One record a booking: recording again replaces it. Only an approved rental can have ' +
      'one (409 otherwise); more nights than the request holds are a 400. A record paid in a period whose ' +
      'statements are published is not replaced, nor is one moved into such a period (409 saying why: ' +
      'correct it with an adjustment); `locked` says so, with the reason.',
    params: idParams,
    body: rentalIncomeInput,
    answer: rentalIncomeAnswer,
    errors: [409],
    writes: rentalWrite,
  }),
  remove: endpoint({
    id: 'rentals.remove',
    method: 'DELETE',
    path: '/api/bookings/:id/rental-income',
    access: 'admin',
    summary: "Removes a booking's recorded rental income (404 when there is none)",
    description: 'Rental income paid in a period whose statements are published is not removed (409).',
    params: idParams,
    answer: okMessage,
    errors: [409],
    writes: ['rental_incomes', 'audit_log'],
  }),
};
