import { DEFAULT_RENTAL_PRICE_CAP, rentalSettingsInput, type RentalSettings } from '@portal/contracts';
import type { DbOrTx } from '../../../db/client';
import { readSetting, writeSetting } from '../../settings/store';

const RENTAL_SETTINGS = 'rentalSettings';

/** The rental price cap from the settings table; a missing or unreadable value is the default (€10,000). */
export function getRentalSettings(db: DbOrTx): Promise<RentalSettings> {
  return readSetting(db, RENTAL_SETTINGS, rentalSettingsInput, { rentalPriceCap: DEFAULT_RENTAL_PRICE_CAP });
}

export function setRentalSettings(db: DbOrTx, value: RentalSettings, by: string) {
  return writeSetting(db, RENTAL_SETTINGS, value, by);
}
