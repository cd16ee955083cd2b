import { payerAccount, type PayerAccount, type PayerAccountInput } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../audit/service';
import { readSetting, writeSetting } from '../settings/store';
import { onField, parseBic, parseIban } from '../../lib/iban';

const PAYER_ACCOUNT = 'payerAccount';

/** The company account that pays the distributions, or null until an admin sets it. */
export function getPayerAccount(db: DbOrTx): Promise<PayerAccount | null> {
  return readSetting(db, PAYER_ACCOUNT, payerAccount, null);
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
    await writeSetting(tx, PAYER_ACCOUNT, value, actorId);
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
