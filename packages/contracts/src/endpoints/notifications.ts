import { z } from 'zod';
import { envelope, idParams } from '../common';
import { endpoint } from '../endpoint';
import {
  adminNotificationList,
  adminNotificationsQuery,
  notification,
  notificationDeleted,
  notificationList,
  notificationRead,
  notificationsReadAll,
  recipientList,
  recipientsQuery,
  sendNotificationInput,
  sendNotificationResult,
  streamBye,
  streamQuery,
  streamReady,
  streamTicket,
} from '../notifications';

const own = { access: 'user', writes: ['notifications'] } as const;
const admin = { access: 'admin', writes: ['notifications', 'audit_log'] } as const;

export const notificationEndpoints = {
  list: endpoint({
    id: 'notifications.list',
    method: 'GET',
    path: '/api/notifications',
    access: 'user',
    summary: "The signed-in user's newest notifications and the count of unread ones",
    answer: envelope(notificationList),
    reads: ['notifications'],
  }),
  readAll: endpoint({
    id: 'notifications.readAll',
    method: 'PUT',
    path: '/api/notifications/read-all',
    ...own,
    summary: "Marks all the signed-in user's notifications read",
    answer: envelope(notificationsReadAll),
  }),
  read: endpoint({
    id: 'notifications.read',
    method: 'PUT',
    path: '/api/notifications/:id/read',
    ...own,
    summary: 'Marks one of the signed-in user’s notifications read',
    params: idParams,
    answer: envelope(notificationRead),
  }),
  remove: endpoint({
    id: 'notifications.remove',
    method: 'DELETE',
    path: '/api/notifications/:id',
    ...own,
    summary: 'Deletes one of the signed-in user’s notifications',
    params: idParams,
    answer: envelope(notificationDeleted),
  }),
  send: endpoint({
    id: 'notifications.send',
    method: 'POST',
    path: '/api/notifications/send',
    ...admin,
    writes: [...admin.writes, 'mail_messages'],
    summary:
      'Sends a notification to chosen users, or to every active user when none are chosen, and by email if asked',
    body: sendNotificationInput,
    answer: envelope(sendNotificationResult),
  }),
  adminList: endpoint({
    id: 'notifications.adminList',
    method: 'GET',
    path: '/api/notifications/admin/all',
    access: 'admin',
    summary: 'Every sent notification, newest first, a page at a time, with its recipient',
    query: adminNotificationsQuery,
    answer: envelope(adminNotificationList),
    reads: ['notifications', 'users'],
  }),
  recipients: endpoint({
    id: 'notifications.recipients',
    method: 'GET',
    path: '/api/notifications/admin/recipients',
    access: 'admin',
    summary: 'Active users matching a search, for the compose form, and how many "everyone" reaches',
    query: recipientsQuery,
    answer: envelope(recipientList),
    reads: ['users'],
  }),
  adminRemove: endpoint({
    id: 'notifications.adminRemove',
    method: 'DELETE',
    path: '/api/notifications/admin/:id',
    ...admin,
    summary: "Deletes any user's notification",
    params: idParams,
    answer: envelope(notificationDeleted),
  }),
  streamTicket: endpoint({
    id: 'notifications.streamTicket',
    method: 'POST',
    path: '/api/notifications/stream/ticket',
    access: 'user',
    summary: 'A single-use ticket that opens the notification stream within `expiresIn` seconds',
    answer: envelope(streamTicket),
    errors: [429],
    writes: ['stream_tickets'],
  }),
  stream: endpoint({
    id: 'notifications.stream',
    method: 'GET',
    path: '/api/notifications/stream',
    access: 'public',
    summary: "The signed-in user's live notifications (server-sent events); a stream ticket authenticates",
    description:
      'Events: `ready` (the stream is live: reload the list), `notification` (a new one), `sync` (the list ' +
      'changed elsewhere: reload it), `bye` (the server closes the stream: reconnect) and `ping`.',
    query: streamQuery,
    answer: {
      kind: 'event-stream',
      // ready, notification, bye; sync and ping carry an empty object.
      event: z.union([streamReady, notification, streamBye, z.object({})]),
    },
    errors: [401, 429],
    reads: ['notifications'],
    writes: ['stream_tickets'],
  }),
};
