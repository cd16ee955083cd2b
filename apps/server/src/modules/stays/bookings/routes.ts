import { bookingSubmittedMessage, earliestTodayIso, endpoints } from '@portal/contracts';
import type { Module } from '../../../app-types';
import { route } from '../../../plugins/route';
import { requireAuth } from '../../../plugins/auth';
import { requireProjectId } from '../../access/project-access';
import { presentAdminBooking, presentBooking } from './presenter';
import { changeSetting } from '../../audit/setting-change';
import { getRentalSettings, setRentalSettings } from './rental-settings';
import { cancelBooking, createBooking, decideBooking, listOwnBookings, listProjectBookings } from './service';

const e = endpoints.bookings;

/** Cabin-night booking requests: investors make and cancel them, admins approve or decline them. */
export const bookingRoutes: Module = (app, { database: { db }, mailer }) => {
  route(app, e.list, async (request) => {
    const rows = await listOwnBookings(db, requireAuth(request), requireProjectId(request.query.projectId));
    return { success: true as const, data: rows.map((b) => presentBooking(b)) };
  });

  route(app, e.create, async (request) => {
    // Past means past in every time zone, so that a calendar west of UTC is not refused its today.
    const row = await createBooking(db, requireAuth(request), request.body, earliestTodayIso());
    return { success: true as const, data: presentBooking(row), message: bookingSubmittedMessage(row.type) };
  });

  route(app, e.cancel, async (request) => ({
    success: true as const,
    data: presentBooking(await cancelBooking(db, requireAuth(request), request.params.id)),
    message: 'Booking request cancelled',
  }));

  route(app, e.adminList, async (request) => {
    const rows = await listProjectBookings(
      db,
      requireAuth(request),
      requireProjectId(request.query.projectId),
      request.query.status,
    );
    return { success: true as const, data: rows.map(presentAdminBooking) };
  });

  route(app, e.rentalSettings, async () => ({ success: true as const, data: await getRentalSettings(db) }));

  route(app, e.setRentalSettings, async (request) => {
    const auth = requireAuth(request);
    const value = { rentalPriceCap: request.body.rentalPriceCap };
    await changeSetting(db, auth.id, 'rentals', { get: getRentalSettings, set: setRentalSettings }, value);
    return { success: true as const, data: value, message: 'Updated' };
  });

  for (const [endpoint, decision, message] of [
    [e.approve, 'approved', 'Booking approved'],
    [e.decline, 'declined', 'Booking declined'],
  ] as const)
    route(app, endpoint, async (request) => ({
      success: true as const,
      data: presentAdminBooking(
        await decideBooking(db, mailer, requireAuth(request), request.params.id, decision, request.body.note),
      ),
      message,
    }));
};
