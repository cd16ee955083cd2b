import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { TooManyRequestsError, UnauthorizedError, coded } from '../../lib/errors';
import { pagination } from '../../lib/format';
import { route } from '../../plugins/route';
import { bearerToken, requireAuth } from '../../plugins/auth';
import { NotificationHub } from './hub';
import { presentAdminNotification, presentNotification, presentRecipient } from './presenter';
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

const e = endpoints.notifications;

/** Notifications: the user's own, the admin's sending and list, and the live stream. */
export const notificationRoutes: Module = (app, { database, signer, listener, changes, mailer, metrics }) => {
  const { db } = database;
  const hub = new NotificationHub(database, listener, changes, app.log);
  const streams = new Set<EventStream>();
  metrics.gauge(
    'portal_notification_streams_open',
    'Notification streams open on this instance.',
    () => streams.size,
  );

  // Open streams would hold the server open; end them first, then stop listening.
  app.addHook('preClose', async () => {
    for (const s of [...streams]) s.end('shutdown');
    hub.close();
  });

  route(app, e.list, async (request) => {
    const { rows, unreadCount } = await listForUser(db, requireAuth(request).id);
    return { success: true as const, data: { notifications: rows.map(presentNotification), unreadCount } };
  });

  route(app, e.readAll, async (request) => ({
    success: true as const,
    data: { updated: await markAllRead(db, requireAuth(request).id) },
    message: 'All notifications marked as read',
  }));

  route(app, e.read, async (request) => ({
    success: true as const,
    data: {
      notification: presentNotification(await markRead(db, requireAuth(request).id, request.params.id)),
    },
    message: 'Notification marked as read',
  }));

  route(app, e.remove, async (request) => {
    await deleteOwn(db, requireAuth(request).id, request.params.id);
    return { success: true as const, data: { _id: request.params.id }, message: 'Notification deleted' };
  });

  route(app, e.send, async (request) => ({
    success: true as const,
    data: await send(db, mailer, requireAuth(request).id, request.body),
    message: 'Notification sent successfully!',
  }));

  route(app, e.adminList, async (request) => {
    const { page, pageSize } = request.query;
    const { rows, total } = await listAll(db, { page, pageSize });
    return {
      success: true as const,
      data: {
        notifications: rows.map((r) => presentAdminNotification(r, r.user)),
        pagination: pagination(page, pageSize, total),
      },
    };
  });

  route(app, e.recipients, async (request) => {
    const { users, activeCount } = await findRecipients(db, request.query.q, request.query.limit);
    return { success: true as const, data: { users: users.map(presentRecipient), activeCount } };
  });

  route(app, e.adminRemove, async (request) => {
    await deleteAny(db, requireAuth(request).id, request.params.id);
    return { success: true as const, data: { _id: request.params.id }, message: 'Notification deleted' };
  });

  route(
    app,
    e.streamTicket,
    async (request) => {
      const auth = requireAuth(request);
      // The auth hook has verified the token; its expiry bounds the stream's life.
      const claims = await signer.verifyAccess(bearerToken(request) ?? '');
      if (!claims) throw new UnauthorizedError('Invalid or expired token');
      const ticket = await issueTicket(db, auth, new Date(claims.exp * 1000));
      return { success: true as const, data: { ticket, expiresIn: TICKET_TTL_SECONDS } };
    },
    {
      // Per user, not per address: a whole office behind one address reconnects at once after a restart.
      rateLimit: {
        max: 30,
        timeWindow: 60_000,
        hook: 'preHandler',
        keyGenerator: (request) => `stream-ticket:${request.auth?.id ?? request.ip}`,
      },
    },
  );

  // EventSource cannot send headers: the single-use ticket authenticates instead of the bearer token.
  route(
    app,
    e.stream,
    async (request, reply) => {
      // Taken before the sign-in is checked: a change signalled after it is checked again once the
      // stream is registered (a logout committing between the two is not missed).
      const checkedAt = changes.now();
      const session = await redeemTicket(db, request.query.ticket);
      if (hub.countFor(session.userId) >= MAX_STREAMS_PER_USER)
        throw new TooManyRequestsError(coded('notifications.too_many_streams'), 30);
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
    // Public (the ticket authenticates), so bounded per address; generous, since an office behind one
    // address reconnects all at once after a restart.
    { rateLimit: { max: 300, timeWindow: 60_000 } },
  );
};
