/**
 * The matching rules of a bank file (ADR 028), as a pure function: what each transaction pays or
 * confirms, given the open call lines (by their creditor reference) and the payouts of final
 * distributions (by their end-to-end id). The importer reads those from the database, applies the
 * decisions in one transaction and records every transaction, matched or not.
 */

/** What the rules need of a transaction (see camt.ts). */
export interface MatchableTransaction {
  key: string;
  direction: 'credit' | 'debit';
  amountCents: number;
  currency: string;
  booked: boolean;
  reversal: boolean;
  references: readonly string[];
  endToEndId: string | null;
  returnReason: string | null;
}

export interface OpenCallLine {
  lineId: string;
  reference: string;
  owedCents: number;
  /** What earlier imports already paid on it. */
  paidCents: number;
}

export interface KnownPayout {
  payoutId: string;
  endToEndId: string;
  amountCents: number;
}

export type Decision =
  /** Pays (part of) a call line; `overpaidCents` is what it pays beyond what the line still owed. */
  | { kind: 'call_payment'; lineId: string; amountCents: number; overpaidCents: number }
  /** The bank booked a payout of a final distribution. */
  | { kind: 'payout_booked'; payoutId: string }
  /** A payout came back, with the bank's reason code (`null` when the file gives none). */
  | { kind: 'payout_returned'; payoutId: string; reason: string | null }
  /** Nothing known: listed for the admin to assign by hand, with why. */
  | { kind: 'unmatched'; why: UnmatchedWhy }
  /** Not money yet (pending or information only): listed, not applied. */
  | { kind: 'not_booked' };

type UnmatchedWhy =
  'no_reference' | 'unknown_reference' | 'not_euro' | 'reversal' | 'payout_amount_differs' | 'unknown_debit';

/**
 * Decides what each transaction does, in file order. Payments on one line within the file add up with
 * what earlier imports paid, so that a partial payment followed by the rest is recognised, and an
 * overpayment is counted once, on the transaction that went past the amount owed.
 */
export function matchTransactions(
  transactions: readonly MatchableTransaction[],
  lines: readonly OpenCallLine[],
  payouts: readonly KnownPayout[],
): Decision[] {
  const byReference = new Map(lines.map((l) => [l.reference, { ...l }]));
  const byEndToEnd = new Map(payouts.map((p) => [p.endToEndId, p]));

  return transactions.map((tx): Decision => {
    if (!tx.booked) return { kind: 'not_booked' };
    if (tx.reversal) return { kind: 'unmatched', why: 'reversal' };
    if (tx.currency !== 'EUR') return { kind: 'unmatched', why: 'not_euro' };
    const payout = tx.endToEndId ? byEndToEnd.get(tx.endToEndId) : undefined;

    if (tx.direction === 'debit') {
      if (!payout) return { kind: 'unmatched', why: 'unknown_debit' };
      if (payout.amountCents !== tx.amountCents) return { kind: 'unmatched', why: 'payout_amount_differs' };
      return { kind: 'payout_booked', payoutId: payout.payoutId };
    }

    // A credit carrying one of our payouts' end-to-end ids is that payout coming back.
    if (payout) return { kind: 'payout_returned', payoutId: payout.payoutId, reason: tx.returnReason };
    if (tx.references.length === 0) return { kind: 'unmatched', why: 'no_reference' };
    const line = tx.references.map((r) => byReference.get(r)).find((l) => l !== undefined);
    if (!line) return { kind: 'unmatched', why: 'unknown_reference' };
    const before = Math.max(0, line.paidCents - line.owedCents);
    line.paidCents += tx.amountCents;
    const after = Math.max(0, line.paidCents - line.owedCents);
    return {
      kind: 'call_payment',
      lineId: line.lineId,
      amountCents: tx.amountCents,
      overpaidCents: after - before,
    };
  });
}
