import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { formatNight, nightBalance, todayIso } from '@portal/contracts';
import type { Db } from '../../../db/client';
import { allowanceReminders, bookingNights, cabinAllowances, projects, users } from '../../../db/schema';
import type { Mailer } from '../../../mail/mailer';
import { notifyUsers } from '../../notifications/notify';

/** Days before an allowance expires at which its holder is reminded of unused nights: the later first. */
const EXPIRY_REMINDER_DAYS = [14, 60] as const;
const DAY_MS = 86_400_000;

/**
 * Part of the daily reminder: every active holder of an allowance with unused nights (bonus included)
 * that expires within 60 days is told, in the bell and by email (category bookings), once at 60 days and
 * once at 14. When the 14-day one is due, the 60-day one is not sent any more. Each goes once, however
 * often and on however many instances the job runs: the reminder's row (allowance, expiry, days) is
 * written with its notification and email, and a second writer finds it there. Answers how many were sent.
 */
export async function queueExpiryReminders(db: Db, mailer: Mailer, today = todayIso()): Promise<number> {
  const horizon = new Date(Date.parse(`${today}T00:00:00Z`) + EXPIRY_REMINDER_DAYS.at(-1)! * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const due = await db
    .select({
      id: cabinAllowances.id,
      userId: cabinAllowances.userId,
      projectId: cabinAllowances.projectId,
      project: projects.name,
      totalNights: cabinAllowances.totalNights,
      bonusNights: cabinAllowances.bonusNights,
      expiresAt: cabinAllowances.expiresAt,
      booked: sql<number>`(select count(*)::int from ${bookingNights}
        where ${bookingNights.userId} = ${cabinAllowances.userId}
          and ${bookingNights.projectId} = ${cabinAllowances.projectId})`,
    })
    .from(cabinAllowances)
    .innerJoin(projects, eq(projects.id, cabinAllowances.projectId))
    .innerJoin(users, eq(users.id, cabinAllowances.userId))
    .where(
      and(
        eq(users.isActive, true),
        gte(cabinAllowances.expiresAt, today),
        lte(cabinAllowances.expiresAt, horizon),
      ),
    );
  let sent = 0;
  for (const a of due) {
    const nights = nightBalance(a.totalNights, a.bonusNights, Number(a.booked)).available;
    if (nights <= 0) continue;
    const daysLeft = Math.round(
      (Date.parse(`${a.expiresAt}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS,
    );
    const daysBefore = EXPIRY_REMINDER_DAYS.find((d) => daysLeft <= d)!;
    await db.transaction(async (tx) => {
      const [first] = await tx
        .insert(allowanceReminders)
        .values({ allowanceId: a.id, expiresAt: a.expiresAt, daysBefore })
        .onConflictDoNothing()
        .returning({ allowanceId: allowanceReminders.allowanceId });
      if (!first) return;
      await notifyUsers(tx, [a.userId], {
        title: 'Cabin nights expiring',
        message: `${unusedNightsText(nights)} at ${a.project} expire${nights === 1 ? 's' : ''} on ${formatNight(a.expiresAt)}.`,
        notice: {
          key: 'nightsExpiring',
          params: { count: nights, project: a.project, date: { date: a.expiresAt } },
        },
        type: 'warning',
        link: `/perks?project=${a.projectId}`,
      });
      await mailer.queue(tx, 'nightsExpiring', a.userId, {
        project: a.project,
        projectId: a.projectId,
        nights,
        expiresAt: a.expiresAt,
        daysLeft,
      });
      sent++;
    });
  }
  return sent;
}

const unusedNightsText = (n: number) => `${n} unused cabin night${n === 1 ? '' : 's'}`;
