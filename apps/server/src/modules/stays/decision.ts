import { coded, ConflictError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import type { Decision } from '../notifications/decision';

/** A request an admin decides (a stay, an activity) is decided once: one no longer pending is a 409. */
export function assertPending(request: { status: string }): void {
  if (request.status !== 'pending')
    throw new ConflictError(coded('stays.request_decided', { status: request.status }));
}

/** The columns an admin's decision sets on a request: its status, when, by whom and the note. */
export function decisionColumns(actor: AuthUser, decision: Decision, note: string | undefined) {
  const now = new Date();
  return {
    status: decision,
    decidedAt: now,
    decidedBy: actor.id,
    decisionNote: note || null,
    updatedAt: now,
  };
}
