import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BadRequestError } from './errors';
import { allocateProRata, type Holding } from './allocate';

const holding = (investorId: string, investedCents: number): Holding => ({ investorId, investedCents });
const amounts = (allocations: { amountCents: number }[]) => allocations.map((a) => a.amountCents);
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('allocateProRata', () => {
  it('splits €1,000.00 over three equal holders, the extra cent to the lowest investor ID', () => {
    // Each exact share is 33,333.33… cents; the three floors leave one cent, and the three remainders are
    // equal, so the tie goes to INV-001, the smallest ID, wherever it stands in the input.
    const result = allocateProRata(100_000, [
      holding('INV-003', 500_000),
      holding('INV-001', 500_000),
      holding('INV-002', 500_000),
    ]);
    expect(result).toEqual([
      { investorId: 'INV-003', amountCents: 33_333 },
      { investorId: 'INV-001', amountCents: 33_334 },
      { investorId: 'INV-002', amountCents: 33_333 },
    ]);
  });

  it('gives the leftover cents to the largest remainders before breaking ties', () => {
    // 100 cents over 1:1:1:3 (total 6): exact shares 16.67, 16.67, 16.67, 50. Floors 16+16+16+50 = 98;
    // remainders 4/6, 4/6, 4/6, 0: the two cents go to A and B (tie among the three, by ID), not to D.
    const result = allocateProRata(100, [holding('C', 1), holding('B', 1), holding('A', 1), holding('D', 3)]);
    expect(amounts(result)).toEqual([16, 17, 17, 50]);
  });

  it('breaks ties by code-unit order, not by locale (uppercase sorts before lowercase)', () => {
    const result = allocateProRata(1, [holding('b', 10), holding('B', 10)]);
    expect(result).toEqual([
      { investorId: 'b', amountCents: 0 },
      { investorId: 'B', amountCents: 1 },
    ]);
  });

  it('pays €0.01 over many holders to exactly one of them, the largest holder', () => {
    const holders = Array.from({ length: 500 }, (_, i) =>
      holding(`INV-${String(i).padStart(4, '0')}`, 1_000),
    );
    holders[321] = holding('INV-0321', 1_001);
    const result = allocateProRata(1, holders);
    expect(sum(amounts(result))).toBe(1);
    expect(result.filter((a) => a.amountCents === 1)).toEqual([{ investorId: 'INV-0321', amountCents: 1 }]);
  });

  it('pays €0.01 over equal holders to the lowest ID', () => {
    const holders = ['m', 'z', 'a', 'q'].map((id) => holding(id, 250));
    expect(allocateProRata(1, holders).find((a) => a.amountCents === 1)?.investorId).toBe('a');
  });

  it('gives nothing to a holder with nothing invested, even when cents are left over', () => {
    const result = allocateProRata(10, [holding('A', 0), holding('B', 1), holding('C', 2)]);
    // Exact shares 0, 3.33, 6.67: C's remainder is the largest, so C gets the one cent left over.
    expect(amounts(result)).toEqual([0, 3, 7]);
  });

  it('is exact where doubles are not: €10bn over holders of 10^12 cents', () => {
    // amount × invested = 10^24, past 2^53: in doubles the floors would drift.
    const amount = 1_000_000_000_000;
    const result = allocateProRata(amount, [
      holding('A', 1_000_000_000_000),
      holding('B', 1_000_000_000_000),
      holding('C', 1_000_000_000_001),
    ]);
    // Total 3,000,000,000,001. A and B: 10^24 / total = 333,333,333,333.2222…, C: 333,333,333,333.5555….
    // Floors sum to 999,999,999,999, so the one cent left goes to C.
    expect(amounts(result)).toEqual([333_333_333_333, 333_333_333_333, 333_333_333_334]);
  });

  it('splits zero into zeros', () => {
    expect(amounts(allocateProRata(0, [holding('A', 5), holding('B', 7)]))).toEqual([0, 0]);
  });

  it('refuses no holders, all-zero holdings, duplicates and amounts that are not whole cents', () => {
    expect(() => allocateProRata(100, [])).toThrow(/Nobody holds this project/);
    expect(() => allocateProRata(100, [holding('A', 0), holding('B', 0)])).toThrow(
      /Nobody has money invested/,
    );
    expect(() => allocateProRata(100, [holding('A', 1), holding('A', 2)])).toThrow(
      expect.objectContaining({ code: 'distributions.investor_twice', params: { investor: 'A' } }),
    );
    expect(() => allocateProRata(10.5, [holding('A', 1)])).toThrow(/whole, non-negative number of cents/);
    expect(() => allocateProRata(-1, [holding('A', 1)])).toThrow(BadRequestError);
    expect(() => allocateProRata(1, [holding('A', -5), holding('B', 10)])).toThrow(/invested by A/);
    expect(() => allocateProRata(2 ** 53, [holding('A', 1)])).toThrow(BadRequestError);
  });

  const holdingsArb = fc.uniqueArray(
    fc.record({
      investorId: fc.string({ minLength: 1, maxLength: 8 }),
      investedCents: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.maxSafeNat()),
    }),
    { minLength: 1, maxLength: 60, selector: (h) => h.investorId },
  );
  const amountArb = fc.oneof(
    fc.integer({ min: 0, max: 1_000 }),
    fc.integer({ min: 0, max: 1_000_000_000_000 }),
  );

  it('always adds up to the amount exactly, each allocation within one cent of its exact share', () => {
    fc.assert(
      fc.property(amountArb, holdingsArb, (amount, holdings) => {
        fc.pre(holdings.some((h) => h.investedCents > 0));
        const result = allocateProRata(amount, holdings);
        expect(result.map((a) => a.investorId)).toEqual(holdings.map((h) => h.investorId));
        expect(sum(amounts(result))).toBe(amount);
        const total = holdings.reduce((s, h) => s + BigInt(h.investedCents), 0n);
        result.forEach((a, i) => {
          // |allocation − amount × invested / total| < 1, compared without division.
          const diff = BigInt(a.amountCents) * total - BigInt(amount) * BigInt(holdings[i]!.investedCents);
          expect(diff < total && -diff < total).toBe(true);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same split whatever the order of the holders', () => {
    fc.assert(
      fc.property(amountArb, holdingsArb, fc.infiniteStream(fc.nat()), (amount, holdings, seeds) => {
        fc.pre(holdings.some((h) => h.investedCents > 0));
        const shuffled = [...holdings];
        const stream = seeds[Symbol.iterator]();
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = stream.next().value % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        const byId = (allocations: { investorId: string; amountCents: number }[]) =>
          Object.fromEntries(allocations.map((a) => [a.investorId, a.amountCents]));
        expect(byId(allocateProRata(amount, shuffled))).toEqual(byId(allocateProRata(amount, holdings)));
      }),
      { numRuns: 200 },
    );
  });

  it('splits over 10,000 holders exactly and fast', () => {
    const holders = Array.from({ length: 10_000 }, (_, i) =>
      holding(`INV-${String(i).padStart(5, '0')}`, 100_000 + ((i * 7_919) % 5_000_000)),
    );
    const started = performance.now();
    const result = allocateProRata(98_765_432_109, holders);
    const elapsed = performance.now() - started;
    expect(sum(amounts(result))).toBe(98_765_432_109);
    // Tens of milliseconds on a busy machine; a quadratic slip would take seconds.
    expect(elapsed).toBeLessThan(1_000);
  });
});
