import { describe, expect, it } from 'vitest';
import { moneyAmount } from './money';

describe('moneyAmount', () => {
  const amount = moneyAmount('amount');
  it('takes numbers with at most two decimals, exactly', () => {
    expect(amount.parse(0.1)).toBe(0.1);
    expect(amount.parse(1234567.89)).toBe(1234567.89);
    expect(amount.safeParse(1.005).error?.issues[0]?.message).toBe('amount must have at most 2 decimals');
    expect(amount.safeParse(-0.01).error?.issues[0]?.message).toBe('amount must not be negative');
    expect(amount.safeParse('12').success).toBe(false);
    expect(amount.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });
});
