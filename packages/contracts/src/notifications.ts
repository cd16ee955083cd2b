import { z } from 'zod';
import { pageQuery, pagination, uuidString } from './common';
import { NOTIFICATION_TYPES } from './value-sets';
import { labelled, says } from './validation';

/** Schemas of the notifications API (docs/product.md §13, §16) and of its live stream. */

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_MESSAGE_MAX = 2000;
/** The bell shows the newest notifications; the unread count covers all of them. */
export const NOTIFICATION_LIST_LIMIT = 50;
/** An explicit recipient list is bounded; "everyone" is sent by leaving `userIds` out. */
export const NOTIFICATION_RECIPIENTS_MAX = 10_000;
export const NOTIFICATION_RECIPIENTS_MESSAGE = says('validation.choose_recipient');
export const NOTIFICATION_REQUIRED_MESSAGE = says('validation.notification_required');
export const NOTIFICATION_LINK_MAX = 500;
export const NOTIFICATION_LINK_MESSAGE = says('validation.notification_link');

/**
 * Is `link` a path of this app? It starts with one "/" (not "//", which a browser reads as another
 * host, nor "/\\", which it reads the same way), and holds no scheme, backslash, space or control
 * character. A path cannot hold a scheme before its first "/", so none can lead elsewhere.
 */
export function isAppPath(link: string): boolean {
  if (link.length > NOTIFICATION_LINK_MAX || !/^\/(?![/\\])/.test(link)) return false;
  // No backslash, whitespace or control character anywhere.
  return ![...link].some(
    (c) => c === '\\' || /\s/.test(c) || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f,
  );
}

/** An optional link of a notification: empty means none. */
export const notificationLink = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: NOTIFICATION_LINK_MESSAGE })
    .refine(isAppPath, { error: NOTIFICATION_LINK_MESSAGE })
    .optional(),
);

export const notificationType = z.enum(NOTIFICATION_TYPES, {
  error: says('validation.type_one_of', { values: NOTIFICATION_TYPES.join(', ') }),
});

export const notification = z.object({
  _id: uuidString,
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  read: z.boolean(),
  createdAt: z.string(),
  /** What it is about: a path in this app (the booking's perks page, the project's documents…). */
  link: z.string().optional(),
});
// Not `Notification`: that name is the browser's Notification API.
export type NotificationItem = z.infer<typeof notification>;

/** `GET /api/notifications`: `data.notifications`, newest first, and the count of all unread ones. */
export const notificationList = z.object({
  notifications: z.array(notification),
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationRead = z.object({ notification });
export const notificationsReadAll = z.object({ updated: z.number().int().min(0) });
export const notificationDeleted = z.object({ _id: uuidString });

const requiredText = (max: number, label: string) =>
  z
    .string({ error: NOTIFICATION_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: NOTIFICATION_REQUIRED_MESSAGE })
    .max(max, { error: labelled(label, 'validation.too_long', { max }) });

/** `POST /api/notifications/send`: `userIds` left out means every active user, the sender included. */
export const sendNotificationInput = z.object({
  title: requiredText(NOTIFICATION_TITLE_MAX, 'Title'),
  message: requiredText(NOTIFICATION_MESSAGE_MAX, 'Message'),
  type: notificationType.default('info'),
  link: notificationLink,
  userIds: z
    .array(z.uuid({ error: says('validation.userids_must_be_a_list_of_valid_user_ids') }), {
      error: says('validation.userids_must_be_a_list_of_valid_user_ids'),
    })
    .min(1, { error: NOTIFICATION_RECIPIENTS_MESSAGE })
    .max(NOTIFICATION_RECIPIENTS_MAX, {
      error: says('validation.too_many_recipients', { max: NOTIFICATION_RECIPIENTS_MAX }),
    })
    .optional(),
  /** Also send it by email (to the recipients who have not turned announcements off). */
  email: z.boolean().default(false),
});
export type SendNotificationInput = z.input<typeof sendNotificationInput>;

export const sendNotificationResult = z.object({
  /** Notifications written: one per active recipient. */
  sent: z.number().int().min(0),
  /** Chosen recipients whose accounts are inactive, so nothing was written for them. */
  skippedInactive: z.number().int().min(0),
  batchId: uuidString.nullable(),
  /** Emails queued (when sent by email): the outbox counts them as they go out. */
  emailed: z.number().int().min(0),
  /**
   * Emails not sent because the recipient turned announcements off: in the outbox as skipped, with
   * the reason.
   */
  emailSkipped: z.number().int().min(0),
});
export type SendNotificationResult = z.infer<typeof sendNotificationResult>;

export const notificationRecipient = z.object({ _id: uuidString, name: z.string(), email: z.string() });
export type NotificationRecipient = z.infer<typeof notificationRecipient>;

/** A sent notification as the admin list shows it: the recipient populated with name and email. */
export const adminNotification = notification.extend({ userId: notificationRecipient });
export type AdminNotification = z.infer<typeof adminNotification>;

export const adminNotificationsQuery = pageQuery;
export const adminNotificationList = z.object({
  notifications: z.array(adminNotification),
  pagination,
});
export type AdminNotificationList = z.infer<typeof adminNotificationList>;

/** Recipient search for the compose form; `activeCount` is how many "everyone" reaches (the asker too). */
export const recipientsQuery = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const recipientList = z.object({
  users: z.array(notificationRecipient),
  activeCount: z.number().int().min(0),
});
export type RecipientList = z.infer<typeof recipientList>;

/** `POST /api/notifications/stream/ticket`: a single-use ticket that opens the stream within `expiresIn` s. */
export const streamTicket = z.object({ ticket: z.string(), expiresIn: z.number().int() });
export type StreamTicket = z.infer<typeof streamTicket>;
export const streamQuery = z.object({
  ticket: z
    .string({ error: says('validation.ticket_is_required') })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: says('validation.ticket_is_malformed') }),
});

/**
 * Events of `GET /api/notifications/stream` (server-sent events):
 * - `ready`: the stream is live; the client reloads the list to catch anything sent while it was away;
 * - `notification`: a new notification (data: Notification);
 * - `sync`: the user's list changed elsewhere (read or deleted in another tab, by an admin): reload it;
 * - `bye`: the server is closing the stream: `shutdown` (restart), `expired` (the access token that
 *   opened it expired) or `ended` (its sign-in ended: signed out, password changed elsewhere, account
 *   deactivated or deleted); reconnect (which, after `ended`, finds the session over);
 * - `ping`: every STREAM_HEARTBEAT_MS. An event, not a comment, so the browser can tell a silently dead
 *   connection (sleep, network change) from a quiet one.
 */
export const STREAM_EVENTS = ['ready', 'notification', 'sync', 'bye', 'ping'] as const;
export const STREAM_HEARTBEAT_MS = 25_000;
export type StreamEventName = (typeof STREAM_EVENTS)[number];
export const streamReady = z.object({ expiresAt: z.string() });
export const streamBye = z.object({ reason: z.enum(['shutdown', 'expired', 'ended']) });
export type StreamByeReason = z.infer<typeof streamBye>['reason'];
