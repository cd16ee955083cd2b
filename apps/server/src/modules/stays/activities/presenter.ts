import type { ActivityRequest, AdminActivityRequest } from '@portal/contracts';
import type { activityRequests } from '../../../db/schema';
import { iso } from '../../../lib/format';

/** An activity request row with the name of its perk, as the service calls return it. */
export interface ActivityRequestRow {
  request: typeof activityRequests.$inferSelect;
  perkName: string;
}

/** The only way an activity request row becomes JSON. */
export function presentActivityRequest({ request: r, perkName }: ActivityRequestRow): ActivityRequest {
  return {
    _id: r.id,
    perkId: r.perkId,
    perkName,
    projectId: r.projectId,
    userId: r.userId,
    date: r.date,
    partySize: r.partySize,
    note: r.note,
    status: r.status,
    decisionNote: r.decisionNote,
    decidedAt: iso(r.decidedAt),
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
  };
}

/** With who made it, for the admin. */
export interface AdminActivityRequestRow extends ActivityRequestRow {
  user: { id: string; name: string; email: string };
}

export function presentAdminActivityRequest(row: AdminActivityRequestRow): AdminActivityRequest {
  const { user } = row;
  return { ...presentActivityRequest(row), user: { _id: user.id, name: user.name, email: user.email } };
}
