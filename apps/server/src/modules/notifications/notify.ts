import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationType } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { investments, notifications, users } from '../../db/schema';

export interface NotificationInput {
  title: string;
  message: string;
  type?: NotificationType;
  createdBy?: string | null;
}

/**
 * Notifies the given users (only active ones) with one set-based insert. Call it inside the transaction
 * of the change that causes it. Live delivery to open browsers is added by the notifications module.
 */
export async function notifyUsers(
  db: DbOrTx,
  userIds: readonly string[],
  n: NotificationInput,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const batchId = crypto.randomUUID();
  const rows = await db
    .insert(notifications)
    .select(
      db
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          userId: users.id,
          title: sql<string>`${n.title}`.as('title'),
          message: sql<string>`${n.message}`.as('message'),
          type: sql<NotificationType>`${n.type ?? 'info'}`.as('type'),
          read: sql<boolean>`false`.as('read'),
          batchId: sql<string>`${batchId}::uuid`.as('batch_id'),
          createdBy: sql<string | null>`${n.createdBy ?? null}::uuid`.as('created_by'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(users)
        .where(and(inArray(users.id, [...userIds]), eq(users.isActive, true))),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Notifies every active investor who holds an investment in the project. */
export async function notifyProjectInvestors(
  db: DbOrTx,
  projectId: string,
  n: NotificationInput,
): Promise<number> {
  const holders = await db
    .select({ userId: investments.userId })
    .from(investments)
    .where(eq(investments.projectId, projectId));
  return notifyUsers(
    db,
    holders.map((h) => h.userId),
    n,
  );
}
