import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xirr, type CashFlow } from './xirr';

const flow = (date: string, amount: number): CashFlow => ({ date, amount });

const years = (flows: readonly CashFlow[], f: CashFlow) =>
  (Date.parse(f.date) - Date.parse(flows[0]!.date)) / 86_400_000 / 365;

/** The NPV computed here on its own (Actual/365 from the first flow), to check answers against. */
function npv(flows: readonly CashFlow[], rate: number): number {
  return flows.reduce((sum, f) => sum + f.amount / (1 + rate) ** years(flows, f), 0);
}

/**
 * The NPV relative to the size of its discounted terms: how close to zero a sum of doubles can get. Near
 * −100 % the terms reach 10^14 times the amounts, and an NPV of 1 is then as good as zero.
 */
function relativeNpv(flows: readonly CashFlow[], rate: number): number {
  const size = flows.reduce((sum, f) => sum + Math.abs(f.amount) / (1 + rate) ** years(flows, f), 0);
  return Math.abs(npv(flows, rate)) / size;
}

describe('xirr', () => {
  it("matches Excel's documented example", () => {
    // Microsoft's XIRR help page: these flows give 0.373362535 (37.34 %). A plain bisection in Python on
    // the same Actual/365 NPV gives 0.3733625335188; Excel stops within 1e-8, hence its last digit.
    const flows = [
      flow('2008-01-01', -10_000),
      flow('2008-03-01', 2_750),
      flow('2008-10-30', 4_250),
      flow('2009-02-15', 3_250),
      flow('2009-04-01', 2_750),
    ];
    expect(xirr(flows)).toBeCloseTo(0.373362535, 8);
    expect(xirr(flows)).toBeCloseTo(0.3733625335188, 11);
  });

  it('gives 10 % for 1,000 paid in and 1,100 paid back 365 days later', () => {
    // (1 + r)^1 = 1100 / 1000.
    expect(xirr([flow('2021-01-01', -1_000), flow('2022-01-01', 1_100)])).toBeCloseTo(0.1, 12);
  });

  it('annualizes a gain over part of a year by Actual/365', () => {
    // 182 days: (1 + r)^(182/365) = 1.05, so r = 1.05^(365/182) − 1 = 0.10279559542169903.
    expect(xirr([flow('2021-01-01', -1_000), flow('2021-07-02', 1_050)])).toBeCloseTo(
      0.10279559542169903,
      11,
    );
  });

  it('counts the leap day as a day (366 days is more than one year)', () => {
    // 2020 is a leap year: (1 + r)^(366/365) = 1.1, so r = 1.1^(365/366) − 1 = 0.09973954...
    expect(xirr([flow('2020-01-01', -1_000), flow('2021-01-01', 1_100)])).toBeCloseTo(
      1.1 ** (365 / 366) - 1,
      12,
    );
  });

  it('solves two yearly payments back: a quadratic in the discount factor', () => {
    // 600 v² + 600 v − 1000 = 0 with v = 1 / (1 + r): v = (−600 + √2,760,000) / 1200, so
    // r = 1200 / (√2,760,000 − 600) − 1 = 0.1306623862918075.
    const flows = [flow('2021-01-01', -1_000), flow('2022-01-01', 600), flow('2023-01-01', 600)];
    expect(xirr(flows)).toBeCloseTo(1200 / (Math.sqrt(2_760_000) - 600) - 1, 12);
  });

  it('gives a large negative rate when most of the money is lost', () => {
    // 730 days = 2 years: (1 + r)² = 10 / 1000, so r = −0.9; and (1 + r)² = 1 / 10000, r = −0.99.
    expect(xirr([flow('2021-01-01', -1_000), flow('2023-01-01', 10)])).toBeCloseTo(-0.9, 12);
    expect(xirr([flow('2021-01-01', -10_000), flow('2023-01-01', 1)])).toBeCloseTo(-0.99, 12);
    // 30 years, 0.1 % back: r = 0.001^(1/30) − 1 with 30 × 365 + 8 leap days; Newton from 10 % overshoots
    // past −100 % here and has to come back.
    const thirty = [flow('2000-01-01', -1_000), flow('2030-01-01', 1)];
    expect(xirr(thirty)).toBeCloseTo(0.001 ** (365 / (30 * 365 + 8)) - 1, 12);
  });

  it('falls back to bracketing where Newton from 10 % does not converge', () => {
    // Found by the property below with the fallback switched off. The NPV is zero near −99 % and again
    // only past 10^6 (a billion percent); Newton from 10 % heads for the far one and runs out of steps, and
    // the bracketing finds the near one.
    const flows = [
      flow('2015-01-01', -1),
      flow('2015-07-16', -582_626),
      flow('2015-03-19', 974_316),
      flow('2015-01-11', 262_081),
      flow('2015-01-10', 3_603_292),
      flow('2015-01-09', 19),
      flow('2015-12-16', 2),
    ];
    const rate = xirr(flows);
    expect(rate).toBeCloseTo(-0.99, 6);
    expect(relativeNpv(flows, rate!)).toBeLessThan(1e-8);
  });

  it('finds a root near −99 %, where the discounted terms are 10^14 times the amounts', () => {
    // Found by the property below: the NPV goes from +1.2e14 at −99.0 % to −3.7e14 at −98.9 %.
    const flows = [
      flow('2015-01-01', -1),
      flow('2023-02-11', 4),
      flow('2022-11-12', -16),
      flow('2022-06-21', 21),
      flow('2015-01-02', -1_093_048),
    ];
    const rate = xirr(flows);
    expect(rate).toBeGreaterThan(-0.99);
    expect(rate).toBeLessThan(-0.989);
    expect(relativeNpv(flows, rate!)).toBeLessThan(1e-8);
  });

  it('gives 0 % when exactly the money paid in comes back', () => {
    expect(xirr([flow('2021-01-01', -500), flow('2024-06-30', 200), flow('2025-06-30', 300)])).toBeCloseTo(
      0,
      12,
    );
  });

  it('does not depend on the order of the flows or on the unit of the amounts', () => {
    const inEuros = [flow('2008-03-01', 27.5), flow('2008-01-01', -100), flow('2009-04-01', 27.5)];
    const inCents = [flow('2008-01-01', -10_000), flow('2008-03-01', 2_750), flow('2009-04-01', 2_750)];
    expect(xirr(inEuros)).toBeCloseTo(xirr(inCents)!, 12);
  });

  it('answers null when there is no rate to give', () => {
    expect(xirr([])).toBeNull();
    expect(xirr([flow('2021-01-01', -1_000)])).toBeNull();
    // All paid in, nothing back: no rate makes the NPV zero.
    expect(xirr([flow('2021-01-01', -1_000), flow('2022-01-01', -500)])).toBeNull();
    expect(xirr([flow('2021-01-01', 1_000), flow('2022-01-01', 500)])).toBeNull();
    expect(xirr([flow('2021-01-01', -1_000), flow('2022-01-01', 0)])).toBeNull();
    // Paid in and back on the same day: every rate (or none) gives the same NPV.
    expect(xirr([flow('2021-01-01', -1_000), flow('2021-01-01', 1_000)])).toBeNull();
    expect(xirr([flow('2021-01-01', -1_000), flow('2021-01-01', 900)])).toBeNull();
  });

  it('answers null when the flows change sign but the NPV never reaches zero', () => {
    // With s = (1 + r)^(−1/2): 100 − 300 s + 250 s², whose discriminant 90,000 − 100,000 is negative, so
    // the NPV is positive at every rate.
    const flows = [flow('2021-01-01', 100), flow('2021-07-02', -300), flow('2021-12-31', 250)];
    // 182 and 364 days: close to half-years, and the NPV stays well above zero.
    expect(xirr(flows)).toBeNull();
  });

  it('refuses a date that is not a calendar date', () => {
    expect(() => xirr([flow('2021-02-30', -1), flow('2022-01-01', 2)])).toThrow(
      /Not a calendar date: 2021-02-30/,
    );
    expect(() => xirr([flow('1/1/2021', -1), flow('2022-01-01', 2)])).toThrow(/Not a calendar date/);
  });

  const day0 = Date.UTC(2015, 0, 1);
  const isoDay = (offset: number) => new Date(day0 + offset * 86_400_000).toISOString().slice(0, 10);
  const flowsArb = fc
    .tuple(
      fc.integer({ min: 1, max: 10_000_000 }),
      fc.array(
        fc.tuple(fc.integer({ min: 1, max: 3_650 }), fc.integer({ min: -2_000_000, max: 5_000_000 })),
        {
          minLength: 1,
          maxLength: 40,
        },
      ),
    )
    .map(([invested, later]) => [
      flow(isoDay(0), -invested),
      ...later.map(([day, amount]) => flow(isoDay(day), amount)),
    ]);

  it('answers a rate whose NPV is zero, whenever it answers one', () => {
    fc.assert(
      fc.property(flowsArb, (flows) => {
        const rate = xirr(flows);
        if (rate === null) return;
        expect(rate).toBeGreaterThan(-1);
        expect(relativeNpv(flows, rate)).toBeLessThan(1e-8);
      }),
      { numRuns: 400 },
    );
  });

  it('finds a rate whenever the NPV changes sign between −99 % and +1,000 %', () => {
    fc.assert(
      fc.property(flowsArb, (flows) => {
        const rates = Array.from({ length: 111 }, (_, i) => (i < 100 ? -0.99 + i * 0.01 : (i - 99) * 1));
        const values = rates.map((r) => npv(flows, r));
        const crosses = values.some((v, i) => i > 0 && Math.sign(v) * Math.sign(values[i - 1]!) < 0);
        if (crosses) expect(xirr(flows)).not.toBeNull();
      }),
      { numRuns: 400 },
    );
  });
});
