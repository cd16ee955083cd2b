import { describe, expect, it } from 'vitest';
import { rentalIncomeInput, rentalShareCents } from './rentals';

describe('rentalShareCents', () => {
  it('is the gross × the share ÷ 100 in whole cents, a half cent rounded up', () => {
    expect(rentalShareCents('1234.55', '70.00')).toBe(86419); // 864.185 → 864.19
    expect(rentalShareCents(1234.55, 70)).toBe(86419);
    expect(rentalShareCents('0.01', '50')).toBe(1); // 0.005 → 0.01
    expect(rentalShareCents('0.01', '49.99')).toBe(0); // 0.004999 → 0.00
    expect(rentalShareCents('0.10', '70')).toBe(7);
    expect(rentalShareCents('0.30', '33.33')).toBe(10); // 0.09999 → 0.10
    expect(rentalShareCents('100.05', '12.5')).toBe(1251); // 12.50625 → 12.51
    expect(rentalShareCents('999.99', '66.67')).toBe(66669); // 666.693333 → 666.69
    expect(rentalShareCents('1000', '100')).toBe(100000);
    expect(rentalShareCents('1000', '0')).toBe(0);
    expect(rentalShareCents('0', '70')).toBe(0);
  });

  it('stays exact beyond the floats (the largest gross at an odd share)', () => {
    // 999,999,999,999.99 × 33.33 % = 333,299,999,999.996667 → 333,300,000,000.00
    expect(rentalShareCents('999999999999.99', '33.33')).toBe(33_330_000_000_000);
    // 0.5 cent steps over a range: each half rounds up, never down.
    for (let cents = 1; cents < 400; cents += 2)
      expect(rentalShareCents(cents / 100, 50)).toBe((cents + 1) / 2);
  });
});

describe('rentalIncomeInput', () => {
  it('takes whole nights, money with at most two decimals and a calendar day', () => {
    expect(
      rentalIncomeInput.parse({ nightsRented: '3', grossIncome: '1234.55', paymentDate: '2026-03-31' }),
    ).toEqual({ nightsRented: 3, grossIncome: 1234.55, paymentDate: '2026-03-31' });
    expect(
      rentalIncomeInput.safeParse({ nightsRented: 0, grossIncome: 0, paymentDate: '2026-03-31' }).success,
    ).toBe(true);
    for (const bad of [
      { nightsRented: -1, grossIncome: 1, paymentDate: '2026-03-31' },
      { nightsRented: 1.5, grossIncome: 1, paymentDate: '2026-03-31' },
      { nightsRented: 1, grossIncome: 1.005, paymentDate: '2026-03-31' },
      { nightsRented: 1, grossIncome: -0.01, paymentDate: '2026-03-31' },
      { nightsRented: 1, grossIncome: 1, paymentDate: '2026-02-30' },
      { nightsRented: 1, grossIncome: 1, paymentDate: '31/03/2026' },
    ])
      expect(rentalIncomeInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
