import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';
import type { Notice } from './notices';
import { notifyUsers } from './notify';

/** An admin's answer to an investor's request (a stay, an activity). */
export type Decision = 'approved' | 'declined';

/**
 * What follows an admin's decision on an investor's request, in the decision's transaction: the audit
 * row (`approve` or `decline` of `entity`), and the investor's notification, "Your {what} was approved."
 * with the admin's note after it, titled by `titles`. Answers who asked, for the admin's list.
 */
export async function announceDecision(
  tx: DbOrTx,
  d: {
    actor: AuthUser;
    decision: Decision;
    note: string | undefined;
    request: { id: string; userId: string; projectId: string };
    entity: 'booking' | 'activity_request';
    details: Record<string, unknown>;
    titles: Record<Decision, string>;
    /** The request in words: "Personal stay request for 3 nights (…) at Aurora". */
    what: string;
    /** The notification by name, for its reader's language (the note is added to its values). */
    notices?: Record<Decision, Notice>;
  },
) {
  const { actor, decision, note, request: r } = d;
  await recordAudit(tx, {
    actorId: actor.id,
    action: decision === 'approved' ? 'approve' : 'decline',
    entity: d.entity,
    entityId: r.id,
    details: { projectId: r.projectId, userId: r.userId, ...d.details },
  });
  await notifyUsers(tx, [r.userId], {
    title: d.titles[decision],
    message: `Your ${d.what} was ${decision}.${note ? ` ${note}` : ''}`.slice(0, 1000),
    ...(d.notices
      ? {
          notice: {
            ...d.notices[decision],
            params: { ...d.notices[decision].params, note: note ? ` ${note}` : '' },
          },
        }
      : {}),
    type: decision === 'approved' ? 'success' : 'warning',
    link: `/perks?project=${r.projectId}`,
    createdBy: actor.id,
  });
  const [user] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, r.userId));
  return user!;
}
