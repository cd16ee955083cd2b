import type { AdminNotification, NotificationItem, NotificationRecipient } from '@portal/contracts';
import type { notifications } from '../../db/schema';

export type NotificationRow = Pick<
  typeof notifications.$inferSelect,
  'id' | 'title' | 'message' | 'type' | 'read'
> & { link?: string | null } & { createdAt: Date | string };

/** Raw SQL answers timestamps as PostgreSQL text; the query builder as Date. */
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The only way a notification row becomes JSON. */
export function presentNotification(row: NotificationRow): NotificationItem {
  return {
    _id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    read: row.read,
    createdAt: iso(row.createdAt),
    ...(row.link ? { link: row.link } : {}),
  };
}

export interface RecipientRow {
  id: string;
  name: string;
  email: string;
}

export const presentRecipient = (u: RecipientRow): NotificationRecipient => ({
  _id: u.id,
  name: u.name,
  email: u.email,
});

/** A sent notification for the admin list: `userId` populated with the recipient's name and email. */
export const presentAdminNotification = (row: NotificationRow, user: RecipientRow): AdminNotification => ({
  ...presentNotification(row),
  userId: presentRecipient(user),
});
