import { idParams, okMessage } from '../common';
import { endpoint } from '../endpoint';
import { joinWaitlistInput, waitlistAnswer, waitlistEntryAnswer } from '../waitlist';

export const waitlistEndpoints = {
  list: endpoint({
    id: 'waitlist.list',
    method: 'GET',
    path: '/api/waitlist',
    access: 'user',
    summary: "The caller's waitlist entries whose first night is still ahead, oldest first",
    answer: waitlistAnswer,
    // An entry turns into a request when a stay frees: a change of the bookings refreshes the list.
    reads: ['waitlist_entries', 'bookings', 'booking_nights', 'cabins'],
  }),
  join: endpoint({
    id: 'waitlist.join',
    method: 'POST',
    path: '/api/waitlist',
    access: 'user',
    summary: 'Joins the waitlist for exactly one stay whose nights are full (the shape of a booking request)',
    description:
      'At most 2 entries per investor and project (409); a stay that is free now (request it instead) and ' +
      'the same stay twice are a 409; past nights are a 400.',
    body: joinWaitlistInput,
    status: 201,
    answer: waitlistEntryAnswer,
    errors: [404, 409],
    writes: ['waitlist_entries'],
  }),
  leave: endpoint({
    id: 'waitlist.leave',
    method: 'DELETE',
    path: '/api/waitlist/:id',
    access: 'user',
    summary: "Leaves one of the caller's waitlist entries (another investor's is a 404)",
    params: idParams,
    answer: okMessage,
    errors: [404],
    writes: ['waitlist_entries'],
  }),
};
