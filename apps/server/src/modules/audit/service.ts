import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { presentAuditEntry } from './presenter';

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

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  actorId?: string;
  page: number;
  pageSize: number;
}

/** Newest first, with the admin who did it (null once that account is deleted). */
export async function listAudit(db: DbOrTx, f: AuditFilter) {
  const where = and(
    f.entity ? eq(auditLog.entity, f.entity) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
  );
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(auditLog).where(where),
    db
      .select({
        entry: auditLog,
        actor: { id: users.id, name: users.name, email: users.email },
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
  ]);
  const total = counted?.n ?? 0;
  return {
    data: rows.map(presentAuditEntry),
    pagination: {
      page: f.page,
      pageSize: f.pageSize,
      total,
      totalPages: Math.max(1, Math.ceil(total / f.pageSize)),
    },
  };
}
