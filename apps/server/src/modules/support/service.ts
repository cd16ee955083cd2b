import { supportContact, type SupportContact } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { readSetting, writeSetting } from '../settings/store';

export const SUPPORT_CONTACT = 'supportContact';
const NONE: SupportContact = { whatsapp: null, email: null };

/** The support contact from the settings table; a missing or unreadable value is "not set". */
export function getSupportContact(db: DbOrTx): Promise<SupportContact> {
  return readSetting(db, SUPPORT_CONTACT, supportContact, NONE);
}

export function setSupportContact(db: DbOrTx, value: SupportContact, by: string) {
  return writeSetting(db, SUPPORT_CONTACT, value, by);
}
