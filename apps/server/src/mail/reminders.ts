import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Mailer } from './mailer';

/**
 * The daily reminder (a scheduled job, once a day across every instance): when sign-ups wait for
 * activation or bookings for approval, every active admin is told how many. Answers how many were told.
 */
export async function queuePendingApprovalReminders(db: Db, mailer: Mailer): Promise<number> {
  const result = await db.execute(sql`
    select (select count(*)::int from users where not is_active and activated_at is null) as signups,
           (select count(*)::int from bookings where status = 'pending') as bookings`);
  const [counts] = (result as unknown as { rows: { signups: number; bookings: number }[] }).rows;
  if (!counts || (!counts.signups && !counts.bookings)) return 0;
  const admins = await db.execute(sql`select id from users where is_admin and is_active`);
  const ids = (admins as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (!ids.length) return 0;
  const { queued } = await db.transaction((tx) =>
    mailer.queueMany(
      tx,
      'pendingApprovals',
      { userIds: ids },
      { signups: counts.signups, bookings: counts.bookings },
    ),
  );
  return queued;
}
