import type { AuditEntry, AuditList } from '@portal/contracts';
import type { auditLog } from '../../db/schema';
import { iso } from '../../lib/format';

interface AdminRow {
  id: string;
  name: string;
  email: string;
}

export interface AuditRow {
  entry: typeof auditLog.$inferSelect;
  actor: (AdminRow & { isAdmin: boolean }) | null;
  subject: { id: string; name: string } | null;
  project: { id: string; name: string } | null;
}

export function presentAuditEntry({ entry, actor, subject, project }: AuditRow): AuditEntry {
  return {
    _id: String(entry.id),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    details: entry.details ?? null,
    createdAt: iso(entry.createdAt)!,
    actor: actor
      ? { _id: actor.id, name: actor.name, email: actor.email, role: actor.isAdmin ? 'admin' : 'investor' }
      : null,
    subject: subject ? { _id: subject.id, name: subject.name } : null,
    project: project ? { _id: project.id, name: project.name } : null,
  };
}

/** Every entry of an export as the list answers it, one at a time as they are read. */
export async function* presentAuditEntries(rows: AsyncIterable<AuditRow>): AsyncGenerator<AuditEntry> {
  for await (const r of rows) yield presentAuditEntry(r);
}

/** An admin account as the audit list's filter by admin reads it. */
export const presentAuditAdmin = (a: AdminRow): AuditList['admins'][number] => ({
  _id: a.id,
  name: a.name,
  email: a.email,
});
