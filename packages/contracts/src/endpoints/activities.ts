import { idParams, projectIdQuery } from '../common';
import { endpoint } from '../endpoint';
import {
  activityRequestAnswer,
  activityRequestsAnswer,
  adminActivityRequestAnswer,
  adminActivityRequestsAnswer,
  adminActivityRequestsQuery,
  createActivityRequestInput,
} from '../activities';
import { bookingDecisionInput } from '../bookings';

/** An activity request never touches cabin nights: only its own table changes. */
const requestWrite = ['activity_requests'] as const;
const decision = (action: 'approve' | 'decline', summary: string) =>
  endpoint({
    id: `activities.${action}`,
    method: 'PUT',
    path: `/api/perks/activity-requests/:id/${action}`,
    access: 'admin',
    summary,
    params: idParams,
    body: bookingDecisionInput,
    answer: adminActivityRequestAnswer,
    errors: [409],
    writes: [...requestWrite, 'audit_log', 'notifications', 'mail_messages'],
  });

export const activityEndpoints = {
  list: endpoint({
    id: 'activities.list',
    method: 'GET',
    path: '/api/perks/activity-requests',
    access: 'user',
    summary: "The caller's own activity requests in a project, newest first",
    query: projectIdQuery,
    requiredQuery: ['projectId'],
    answer: activityRequestsAnswer,
    errors: [404],
    reads: ['projects', 'investments', 'activity_requests', 'perks'],
  }),
  create: endpoint({
    id: 'activities.create',
    method: 'POST',
    path: '/api/perks/activity-requests',
    access: 'user',
    summary: 'Requests a partner activity (a perk that is not a cabin) on one day; the request is pending',
    description:
      'Uses no cabin nights. A perk that cannot be booked, a cabin perk and a past date are refused ' +
      '(400); a perk the caller cannot see is a 404; the same perk and day already pending or approved ' +
      'is a 409.',
    body: createActivityRequestInput,
    status: 201,
    answer: activityRequestAnswer,
    errors: [404, 409],
    writes: requestWrite,
  }),
  cancel: endpoint({
    id: 'activities.cancel',
    method: 'PUT',
    path: '/api/perks/activity-requests/:id/cancel',
    access: 'user',
    summary: 'Withdraws a pending activity request of the caller',
    params: idParams,
    answer: activityRequestAnswer,
    errors: [409],
    writes: requestWrite,
  }),
  adminList: endpoint({
    id: 'activities.adminList',
    method: 'GET',
    path: '/api/perks/activity-requests/admin',
    access: 'admin',
    summary: "A project's activity requests with who made them, newest first, optionally of one status",
    query: adminActivityRequestsQuery,
    requiredQuery: ['projectId'],
    answer: adminActivityRequestsAnswer,
    errors: [404],
    reads: ['projects', 'activity_requests', 'perks', 'users'],
  }),
  approve: decision('approve', 'Approves a pending activity request; the investor is told'),
  decline: decision('decline', 'Declines a pending activity request; the investor is told'),
};
