import { sql } from 'drizzle-orm';
import type { SecuritySettings } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

const REQUIRE_ADMIN_TOTP = 'requireAdminTotp';

/** The policy as a SQL expression, so that the per-request auth check reads it in the same query. */
export const requireAdminTotpSql = sql<boolean>`coalesce((select (${settings.value})::text = 'true' from ${settings} where ${settings.key} = ${REQUIRE_ADMIN_TOTP}), false)`;

export async function getSecuritySettings(db: DbOrTx): Promise<SecuritySettings> {
  const [row] = await db.select({ v: requireAdminTotpSql }).from(sql`(select 1) as one`);
  return { requireAdminTotp: !!row?.v };
}

export async function setSecuritySettings(db: DbOrTx, value: SecuritySettings, by: string) {
  await db
    .insert(settings)
    .values({ key: REQUIRE_ADMIN_TOTP, value: value.requireAdminTotp, updatedBy: by })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: value.requireAdminTotp, updatedBy: by, updatedAt: new Date() },
    });
}
