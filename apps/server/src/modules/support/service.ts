import { eq } from 'drizzle-orm';
import { supportContact, type SupportContact } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

export const SUPPORT_CONTACT = 'supportContact';
const NONE: SupportContact = { whatsapp: null, email: null };

/** The support contact from the settings table; a missing or unreadable value is "not set". */
export async function getSupportContact(db: DbOrTx): Promise<SupportContact> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SUPPORT_CONTACT));
  const parsed = supportContact.safeParse(row?.value);
  return parsed.success ? parsed.data : NONE;
}

export async function setSupportContact(db: DbOrTx, value: SupportContact, by: string) {
  await db
    .insert(settings)
    .values({ key: SUPPORT_CONTACT, value, updatedBy: by })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: by, updatedAt: new Date() } });
}
