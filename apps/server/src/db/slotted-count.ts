import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import type { SlottedCount } from './schema';

/** A count the database keeps in slots (notification_count, audit_count): their sum, 0 before any row. */
export async function readSlottedCount(db: DbOrTx, table: SlottedCount): Promise<number> {
  const [kept] = await db.select({ n: sql<string | null>`sum(${table.n})` }).from(table);
  return Number(kept?.n ?? 0);
}
