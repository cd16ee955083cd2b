import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  /** The admin who did it. */
  actorId: string;
  /** What was done: 'create' | 'update' | 'delete' | 'approve' | … */
  action: string;
  /** The kind of object: 'user', 'project', 'update', … */
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records an admin write. Call it with the transaction of the write itself, so that the record and the
 * change land together or not at all.
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
  });
}
