import { desc, eq } from 'drizzle-orm';
import { toCents, type UnmatchedTransaction } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { bankImports, bankTransactions } from '../../db/schema';

/** Imported bank entries no rule matched (and nobody assigned yet), newest first. */
export async function unmatchedTransactions(db: DbOrTx): Promise<UnmatchedTransaction[]> {
  const rows = await db
    .select({ t: bankTransactions, importedAt: bankImports.importedAt })
    .from(bankTransactions)
    .innerJoin(bankImports, eq(bankImports.id, bankTransactions.importId))
    .where(eq(bankTransactions.outcome, 'unmatched'))
    .orderBy(desc(bankTransactions.createdAt), desc(bankTransactions.bookedOn))
    .limit(500);
  return rows.map(({ t, importedAt }) => ({
    _id: t.id,
    direction: t.direction,
    amount: (t.direction === 'debit' ? -1 : 1) * (toCents(t.amount) / 100),
    reference: t.reference,
    remittance: t.remittance,
    counterparty: t.counterparty,
    bookedOn: t.bookedOn,
    why: t.unmatchedWhy,
    importedAt: importedAt.toISOString(),
  }));
}
