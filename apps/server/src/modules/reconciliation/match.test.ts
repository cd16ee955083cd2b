import { describe, expect, it } from 'vitest';
import { creditorReference } from '../../lib/creditor-reference';
import { matchTransactions, type MatchableTransaction } from './match';

const A = creditorReference('1001');
const B = creditorReference('1002');
const lines = [
  { lineId: 'line-a', reference: A, owedCents: 10_000_00, paidCents: 0 },
  { lineId: 'line-b', reference: B, owedCents: 5_000_00, paidCents: 4_000_00 },
];
const payouts = [{ payoutId: 'payout-1', endToEndId: 'DIST-9-1', amountCents: 250_00 }];

let n = 0;
const tx = (over: Partial<MatchableTransaction>): MatchableTransaction => ({
  key: `k${++n}`,
  direction: 'credit',
  amountCents: 100_00,
  currency: 'EUR',
  booked: true,
  reversal: false,
  references: [],
  endToEndId: null,
  returnReason: null,
  ...over,
});

describe('matching a bank file', () => {
  it('pays a call line by its reference; partial payments add up, and an overpayment is counted once', () => {
    const decisions = matchTransactions(
      [
        tx({ references: [A], amountCents: 6_000_00 }),
        tx({ references: [A], amountCents: 4_000_00 }),
        tx({ references: [B], amountCents: 1_500_00 }),
        tx({ references: [B], amountCents: 100_00 }),
      ],
      lines,
      payouts,
    );
    expect(decisions).toEqual([
      { kind: 'call_payment', lineId: 'line-a', amountCents: 6_000_00, overpaidCents: 0 },
      { kind: 'call_payment', lineId: 'line-a', amountCents: 4_000_00, overpaidCents: 0 },
      // line b owed 1,000 more: 500 over, then another 100 over.
      { kind: 'call_payment', lineId: 'line-b', amountCents: 1_500_00, overpaidCents: 500_00 },
      { kind: 'call_payment', lineId: 'line-b', amountCents: 100_00, overpaidCents: 100_00 },
    ]);
    // The caller's lines are not changed.
    expect(lines[0]!.paidCents).toBe(0);
  });

  it('takes the first known reference of several, and lists a credit without a known one', () => {
    expect(
      matchTransactions(
        [
          tx({ references: [creditorReference('999'), B] }),
          tx({ references: [creditorReference('999')] }),
          tx({}),
        ],
        lines,
        payouts,
      ),
    ).toEqual([
      { kind: 'call_payment', lineId: 'line-b', amountCents: 100_00, overpaidCents: 0 },
      { kind: 'unmatched', why: 'unknown_reference' },
      { kind: 'unmatched', why: 'no_reference' },
    ]);
  });

  it('confirms a payout the bank booked, and a returned one with its reason', () => {
    expect(
      matchTransactions(
        [
          tx({ direction: 'debit', endToEndId: 'DIST-9-1', amountCents: 250_00 }),
          tx({ direction: 'credit', endToEndId: 'DIST-9-1', amountCents: 250_00, returnReason: 'AC04' }),
          tx({ direction: 'debit', endToEndId: 'DIST-9-1', amountCents: 249_99 }),
          tx({ direction: 'debit', endToEndId: 'OTHER' }),
        ],
        lines,
        payouts,
      ),
    ).toEqual([
      { kind: 'payout_booked', payoutId: 'payout-1' },
      { kind: 'payout_returned', payoutId: 'payout-1', reason: 'AC04' },
      { kind: 'unmatched', why: 'payout_amount_differs' },
      { kind: 'unmatched', why: 'unknown_debit' },
    ]);
  });

  it('applies nothing that is not booked euro money', () => {
    expect(
      matchTransactions(
        [
          tx({ references: [A], booked: false }),
          tx({ references: [A], currency: 'NOK' }),
          tx({ references: [A], reversal: true }),
        ],
        lines,
        payouts,
      ),
    ).toEqual([
      { kind: 'not_booked' },
      { kind: 'unmatched', why: 'not_euro' },
      { kind: 'unmatched', why: 'reversal' },
    ]);
  });
});
