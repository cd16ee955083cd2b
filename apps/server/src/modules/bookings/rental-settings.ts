import { eq } from 'drizzle-orm';
import { DEFAULT_RENTAL_PRICE_CAP, rentalSettingsInput, type RentalSettings } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

const RENTAL_SETTINGS = 'rentalSettings';

/** The rental price cap from the settings table; a missing or unreadable value is the default (€10,000). */
export async function getRentalSettings(db: DbOrTx): Promise<RentalSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, RENTAL_SETTINGS));
  const parsed = rentalSettingsInput.safeParse(row?.value);
  return parsed.success ? parsed.data : { rentalPriceCap: DEFAULT_RENTAL_PRICE_CAP };
}

export async function setRentalSettings(db: DbOrTx, value: RentalSettings, by: string) {
  await db
    .insert(settings)
    .values({ key: RENTAL_SETTINGS, value, updatedBy: by })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: by, updatedAt: new Date() } });
}
