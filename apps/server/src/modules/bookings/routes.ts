import {
  adminBookingAnswer,
  adminBookingsAnswer,
  adminBookingsQuery,
  bookingAnswer,
  bookingDecisionInput,
  bookingsAnswer,
  bookingsQuery,
  bookingSubmittedMessage,
  createBookingInput,
  earliestTodayIso,
  idParams,
} from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { requireProjectId } from '../access/project-access';
import { cancelBooking, createBooking, decideBooking, listOwnBookings, listProjectBookings } from './service';

/** Cabin-night booking requests: investors make and cancel them, admins approve or decline them. */
export const bookingRoutes: Module = (app, { database: { db } }) => {
  app.get(
    '/api/bookings',
    { schema: { querystring: bookingsQuery, response: { 200: bookingsAnswer } } },
    async (request) => ({
      success: true as const,
      data: await listOwnBookings(db, requireAuth(request), requireProjectId(request.query.projectId)),
    }),
  );

  app.post(
    '/api/bookings',
    { schema: { body: createBookingInput, response: { 201: bookingAnswer } } },
    async (request, reply) => {
      // Past means past in every time zone, so that a calendar west of UTC is not refused its today.
      const data = await createBooking(db, requireAuth(request), request.body, earliestTodayIso());
      return reply
        .status(201)
        .send({ success: true as const, data, message: bookingSubmittedMessage(data.type) });
    },
  );

  app.put(
    '/api/bookings/:id/cancel',
    { schema: { params: idParams, response: { 200: bookingAnswer } } },
    async (request) => ({
      success: true as const,
      data: await cancelBooking(db, requireAuth(request), request.params.id),
      message: 'Booking request cancelled',
    }),
  );

  app.get(
    '/api/bookings/admin',
    {
      config: { access: 'admin' },
      schema: { querystring: adminBookingsQuery, response: { 200: adminBookingsAnswer } },
    },
    async (request) => ({
      success: true as const,
      data: await listProjectBookings(
        db,
        requireAuth(request),
        requireProjectId(request.query.projectId),
        request.query.status,
      ),
    }),
  );

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['decline', 'declined'],
  ] as const) {
    app.put(
      `/api/bookings/:id/${action}`,
      {
        config: { access: 'admin' },
        schema: { params: idParams, body: bookingDecisionInput, response: { 200: adminBookingAnswer } },
      },
      async (request) => ({
        success: true as const,
        data: await decideBooking(db, requireAuth(request), request.params.id, decision, request.body.note),
        message: decision === 'approved' ? 'Booking approved' : 'Booking declined',
      }),
    );
  }
};
