import {
  adminNotificationList,
  adminNotificationsQuery,
  envelope,
  idParams,
  notificationDeleted,
  notificationList,
  notificationRead,
  notificationsReadAll,
  recipientList,
  recipientsQuery,
  sendNotificationInput,
  sendNotificationResult,
  streamQuery,
  streamTicket,
} from '@portal/contracts';
import type { Module } from '../../app-types';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import { bearerToken, requireAuth } from '../../plugins/auth';
import { NotificationHub } from './hub';
import {
  deleteAny,
  deleteOwn,
  findRecipients,
  issueTicket,
  listAll,
  listForUser,
  markAllRead,
  markRead,
  redeemTicket,
  send,
  TICKET_TTL_SECONDS,
} from './service';
import { EventStream, MAX_STREAMS_PER_USER } from './stream';

/** Notifications: the user's own, the admin's sending and list, and the live stream. */
export const notificationRoutes: Module = (app, { database, signer, listener, changes }) => {
  const { db } = database;
  const hub = new NotificationHub(database, listener, changes, app.log);
  const streams = new Set<EventStream>();

  // Open streams would hold the server open; end them first, then stop listening.
  app.addHook('preClose', async () => {
    for (const s of [...streams]) s.end('shutdown');
    hub.close();
  });

  app.get(
    '/api/notifications',
    { schema: { response: { 200: envelope(notificationList) } } },
    async (request) => ({ success: true as const, data: await listForUser(db, requireAuth(request).id) }),
  );

  app.put(
    '/api/notifications/read-all',
    { schema: { response: { 200: envelope(notificationsReadAll) } } },
    async (request) => ({
      success: true as const,
      data: { updated: await markAllRead(db, requireAuth(request).id) },
      message: 'All notifications marked as read',
    }),
  );

  app.put(
    '/api/notifications/:id/read',
    { schema: { params: idParams, response: { 200: envelope(notificationRead) } } },
    async (request) => ({
      success: true as const,
      data: { notification: await markRead(db, requireAuth(request).id, request.params.id) },
      message: 'Notification marked as read',
    }),
  );

  app.delete(
    '/api/notifications/:id',
    { schema: { params: idParams, response: { 200: envelope(notificationDeleted) } } },
    async (request) => {
      await deleteOwn(db, requireAuth(request).id, request.params.id);
      return { success: true as const, data: { _id: request.params.id }, message: 'Notification deleted' };
    },
  );

  app.post(
    '/api/notifications/send',
    {
      config: { access: 'admin' },
      schema: { body: sendNotificationInput, response: { 200: envelope(sendNotificationResult) } },
    },
    async (request) => ({
      success: true as const,
      data: await send(db, requireAuth(request).id, request.body),
      message: 'Notification sent successfully!',
    }),
  );

  app.get(
    '/api/notifications/admin/all',
    {
      config: { access: 'admin' },
      schema: { querystring: adminNotificationsQuery, response: { 200: envelope(adminNotificationList) } },
    },
    async (request) => ({ success: true as const, data: await listAll(db, request.query) }),
  );

  app.get(
    '/api/notifications/admin/recipients',
    {
      config: { access: 'admin' },
      schema: { querystring: recipientsQuery, response: { 200: envelope(recipientList) } },
    },
    async (request) => ({
      success: true as const,
      data: await findRecipients(db, request.query.q, request.query.limit),
    }),
  );

  app.delete(
    '/api/notifications/admin/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 200: envelope(notificationDeleted) } },
    },
    async (request) => {
      await deleteAny(db, requireAuth(request).id, request.params.id);
      return { success: true as const, data: { _id: request.params.id }, message: 'Notification deleted' };
    },
  );

  app.post(
    '/api/notifications/stream/ticket',
    {
      config: {
        // Per user, not per address: a whole office behind one address reconnects at once after a restart.
        rateLimit: {
          max: 30,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request) => `stream-ticket:${request.auth?.id ?? request.ip}`,
        },
      },
      schema: { response: { 200: envelope(streamTicket) } },
    },
    async (request) => {
      const auth = requireAuth(request);
      // The auth hook has verified the token; its expiry bounds the stream's life.
      const claims = await signer.verifyAccess(bearerToken(request) ?? '');
      if (!claims) throw new UnauthorizedError('Invalid or expired token');
      const ticket = await issueTicket(db, auth, new Date(claims.exp * 1000));
      return { success: true as const, data: { ticket, expiresIn: TICKET_TTL_SECONDS } };
    },
  );

  // EventSource cannot send headers: the single-use ticket authenticates instead of the bearer token.
  app.get(
    '/api/notifications/stream',
    {
      // Public (the ticket authenticates), so bounded per address; generous, since an office behind one
      // address reconnects all at once after a restart.
      config: { access: 'public', rateLimit: { max: 300, timeWindow: 60_000 } },
      schema: { querystring: streamQuery },
    },
    async (request, reply) => {
      // Taken before the sign-in is checked: a change signalled after it is checked again once the
      // stream is registered (a logout committing between the two is not missed).
      const checkedAt = changes.now();
      const session = await redeemTicket(db, request.query.ticket);
      if (hub.countFor(session.userId) >= MAX_STREAMS_PER_USER)
        throw new TooManyRequestsError('Too many open notification streams. Close a tab and try again.', 30);
      const stream = new EventStream(session.userId, session.familyId, reply, (s) => streams.delete(s));
      streams.add(stream);
      try {
        await stream.open(hub, session.sessionExpiresAt, checkedAt);
      } catch (err) {
        streams.delete(stream);
        throw err;
      }
      return reply;
    },
  );
};
