import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from './service';

/**
 * An admin's change of a setting, in one transaction: the value before (read as its getter reads it), the
 * write, and the audit row 'update settings {entityId}' with `{ before, after }`.
 */
export async function changeSetting<T>(
  db: Db,
  actorId: string,
  entityId: string,
  setting: { get: (db: DbOrTx) => Promise<T>; set: (db: DbOrTx, value: T, by: string) => Promise<void> },
  value: T,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await setting.get(tx);
    await setting.set(tx, value, actorId);
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entity: 'settings',
      entityId,
      details: { before, after: value },
    });
  });
}
