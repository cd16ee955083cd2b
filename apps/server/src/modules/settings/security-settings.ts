import { sql } from 'drizzle-orm';
import type { SecuritySettings } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';
import { writeSetting } from './store';

const REQUIRE_ADMIN_TOTP = 'requireAdminTotp';

/** The policy as a SQL expression, so that the per-request auth check reads it in the same query. */
export const requireAdminTotpSql = sql<boolean>`coalesce((select (${settings.value})::text = 'true' from ${settings} where ${settings.key} = ${REQUIRE_ADMIN_TOTP}), false)`;

/** Read through the same expression as the auth check (not readSetting), so the two cannot disagree. */
export async function getSecuritySettings(db: DbOrTx): Promise<SecuritySettings> {
  const [row] = await db.select({ v: requireAdminTotpSql }).from(sql`(select 1) as one`);
  return { requireAdminTotp: !!row?.v };
}

export function setSecuritySettings(db: DbOrTx, value: SecuritySettings, by: string) {
  return writeSetting(db, REQUIRE_ADMIN_TOTP, value.requireAdminTotp, by);
}
