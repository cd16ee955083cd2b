import { projectIdQuery } from '../common';
import { endpoint } from '../endpoint';
import { calendarFeedAnswer, calendarTokenParams } from '../calendar';

/** What a feed is made from: the stays with their cabins, who made them, and the project's name. */
const feedTables = ['calendar_feeds', 'bookings', 'booking_nights', 'cabins', 'users', 'projects'] as const;

export const calendarEndpoints = {
  feed: endpoint({
    id: 'calendar.feed',
    method: 'GET',
    path: '/api/calendar/feed',
    access: 'user',
    summary:
      "The address of the caller's calendar of approved stays (an admin's with a project: its occupancy)",
    description:
      'The address carries a signed token and needs no sign-in, so a calendar app can subscribe to it. ' +
      'A project id is for admins only (404 otherwise, and for a project that does not exist).',
    query: projectIdQuery,
    answer: calendarFeedAnswer,
    errors: [404],
    reads: ['calendar_feeds', 'projects'],
  }),
  regenerate: endpoint({
    id: 'calendar.regenerate',
    method: 'POST',
    path: '/api/calendar/feed/regenerate',
    access: 'user',
    summary: 'Gives the caller a new calendar address; every address they had before stops working',
    query: projectIdQuery,
    answer: calendarFeedAnswer,
    errors: [404],
    writes: ['calendar_feeds'],
  }),
  ics: endpoint({
    id: 'calendar.ics',
    method: 'GET',
    path: '/api/calendar/:token.ics',
    access: 'public',
    summary:
      'A calendar (iCalendar): its owner’s approved stays, or with a project id an admin’s occupancy feed',
    description:
      'One all-day event per stay (a run of consecutive nights), from check-in to check-out. With ' +
      '`projectId` and an admin’s token: every pending and approved stay of the project with the cabin and ' +
      'the investor. A malformed, forged or replaced token, an inactive account, or a project id with an ' +
      'investor’s token answers 404.',
    params: calendarTokenParams,
    query: projectIdQuery,
    answer: { kind: 'file', types: ['text/calendar'] },
    errors: [429],
    reads: feedTables,
  }),
};
