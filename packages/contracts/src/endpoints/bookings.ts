import { envelope, idParams } from '../common';
import { endpoint } from '../endpoint';
import {
  adminBookingAnswer,
  adminBookingsAnswer,
  adminBookingsQuery,
  bookingAnswer,
  bookingDecisionInput,
  bookingsAnswer,
  bookingsQuery,
  createBookingInput,
  rentalSettings,
  rentalSettingsInput,
} from '../bookings';

/** A request holds its nights while pending or approved: both tables change together. */
const requestWrite = ['bookings', 'booking_nights'] as const;
const decision = (action: 'approve' | 'decline', summary: string) =>
  endpoint({
    id: `bookings.${action}`,
    method: 'PUT',
    path: `/api/bookings/:id/${action}`,
    access: 'admin',
    summary,
    params: idParams,
    body: bookingDecisionInput,
    answer: adminBookingAnswer,
    errors: [409],
    writes: [...requestWrite, 'audit_log', 'notifications', 'mail_messages'],
  });

export const bookingEndpoints = {
  list: endpoint({
    id: 'bookings.list',
    method: 'GET',
    path: '/api/bookings',
    access: 'user',
    summary: "The caller's own booking requests in a project, newest first",
    query: bookingsQuery,
    requiredQuery: ['projectId'],
    answer: bookingsAnswer,
    errors: [404],
    reads: ['projects', 'investments', 'bookings', 'booking_nights', 'cabins', 'rental_incomes'],
  }),
  create: endpoint({
    id: 'bookings.create',
    method: 'POST',
    path: '/api/bookings',
    access: 'user',
    summary: 'Requests cabin nights (a personal stay, a gift or a rental); the request is pending',
    description:
      "Past dates, dates after the allowance expires, more nights than remain, a gift to the caller's own " +
      'email and a rental price above the cap (the admin setting) are refused (400); a date already ' +
      'requested is a 409.',
    body: createBookingInput,
    status: 201,
    answer: bookingAnswer,
    errors: [404, 409],
    writes: requestWrite,
  }),
  cancel: endpoint({
    id: 'bookings.cancel',
    method: 'PUT',
    path: '/api/bookings/:id/cancel',
    access: 'user',
    summary: 'Withdraws a pending request of the caller; its nights become free again',
    params: idParams,
    answer: bookingAnswer,
    errors: [409],
    writes: requestWrite,
  }),
  adminList: endpoint({
    id: 'bookings.adminList',
    method: 'GET',
    path: '/api/bookings/admin',
    access: 'admin',
    summary: "A project's booking requests with who made them, newest first, optionally of one status",
    query: adminBookingsQuery,
    requiredQuery: ['projectId'],
    answer: adminBookingsAnswer,
    errors: [404],
    // A published period locks the rental income paid in it.
    reads: [
      'projects',
      'bookings',
      'booking_nights',
      'cabins',
      'users',
      'rental_incomes',
      'statement_publications',
    ],
  }),
  rentalSettings: endpoint({
    id: 'bookings.rentalSettings',
    method: 'GET',
    path: '/api/admin/settings/rentals',
    access: 'admin',
    summary: 'The rental price cap: the highest price a night an investor may ask for rented-out nights',
    answer: envelope(rentalSettings),
    reads: ['settings'],
  }),
  setRentalSettings: endpoint({
    id: 'bookings.setRentalSettings',
    method: 'PUT',
    path: '/api/admin/settings/rentals',
    access: 'admin',
    summary: 'Sets the rental price cap (more than 0, at most 1,000,000 euro a night)',
    body: rentalSettingsInput,
    answer: envelope(rentalSettings),
    writes: ['settings', 'audit_log'],
  }),
  approve: decision('approve', 'Approves a pending request; the investor is told'),
  decline: decision('decline', 'Declines a pending request, freeing its nights; the investor is told'),
};
