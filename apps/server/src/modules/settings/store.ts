import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

/**
 * One setting's JSON value from the settings table, read with its schema; a missing value, or one the
 * schema no longer accepts (written by an older version), is the fallback rather than an error, so that a
 * page that shows the setting always loads.
 */
export async function readSetting<S extends z.ZodType, F>(
  db: DbOrTx,
  key: string,
  schema: S,
  fallback: F,
): Promise<z.output<S> | F> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  const parsed = schema.safeParse(row?.value);
  return parsed.success ? parsed.data : fallback;
}

/** Writes a setting's value (inserted the first time), with who set it and when. */
export async function writeSetting(db: DbOrTx, key: string, value: unknown, by: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: by, updatedAt: new Date() } });
}
