import type { AuditEntry } from '@portal/contracts';
import type { auditLog } from '../../db/schema';
import { iso } from '../../lib/format';

export interface AuditRow {
  entry: typeof auditLog.$inferSelect;
  actor: { id: string; name: string; email: string } | null;
}

export function presentAuditEntry({ entry, actor }: AuditRow): AuditEntry {
  return {
    _id: String(entry.id),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    details: entry.details ?? null,
    createdAt: iso(entry.createdAt)!,
    actor: actor ? { _id: actor.id, name: actor.name, email: actor.email } : null,
  };
}
