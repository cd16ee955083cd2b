import { z } from 'zod';

/**
 * What the ledger's verification found (GET /api/admin/ledger/verify): whether the chain of money
 * entries is whole and matches the rows (apps/server/src/modules/ledger/README.md), how long it is, and
 * where it first breaks: the number of the first chain entry that does not hold (for a row missing from
 * the chain, the number it would have had: `entries + 1`), with a sentence naming the entry.
 */
export const ledgerVerification = z.object({
  ok: z.boolean(),
  entries: z.number().int().min(0),
  firstBrokenAt: z.number().int().min(1).optional(),
  problem: z.string().optional(),
});
export type LedgerVerification = z.infer<typeof ledgerVerification>;
