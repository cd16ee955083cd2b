import { eq } from 'drizzle-orm';
import { payerAccount, type PayerAccount, type PayerAccountInput } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';
import { recordAudit } from '../audit/service';
import { onField, parseBic, parseIban } from './iban';

const PAYER_ACCOUNT = 'payerAccount';

/** The company account that pays the distributions, or null until an admin sets it. */
export async function getPayerAccount(db: DbOrTx): Promise<PayerAccount | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, PAYER_ACCOUNT));
  const parsed = payerAccount.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/** Sets it: the IBAN and BIC checked as an investor's are (a 400 named on its field), audited. */
export async function setPayerAccount(
  db: Db,
  actorId: string,
  input: PayerAccountInput,
): Promise<PayerAccount> {
  const value: PayerAccount = {
    name: input.name.trim(),
    iban: onField('iban', () => parseIban(input.iban)),
    bic: input.bic ? onField('bic', () => parseBic(input.bic!)) : null,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: PAYER_ACCOUNT, value, updatedBy: actorId })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value, updatedBy: actorId, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entity: 'settings',
      entityId: PAYER_ACCOUNT,
      details: value,
    });
  });
  return value;
}
