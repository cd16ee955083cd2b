import { describe, expect, it } from 'vitest';
import {
  createUserInput,
  monthLabel,
  moneyAmount,
  nextReturnMonth,
  returnInput,
  updateUserInput,
  validateNewUser,
} from './admin';
import { generateInvestorId } from './investor-id';
import { INVESTOR_ID_PATTERN } from './constants';

describe('validateNewUser', () => {
  const ok = { name: 'Nora', email: 'nora@example.com', password: 'secret', investorId: 'INV-2026-ABCDEF' };
  it('answers the first failing check in the fixed order', () => {
    expect(validateNewUser({ name: ' ', email: '', password: '', investorId: '' })).toBe('Name is required');
    expect(validateNewUser({ ...ok, email: ' ', password: '' })).toBe('Email is required');
    expect(validateNewUser({ ...ok, email: 'nora@example', password: '' })).toBe('Invalid email format');
    expect(validateNewUser({ ...ok, email: 'no ra@example.com' })).toBe('Invalid email format');
    expect(validateNewUser({ ...ok, password: '12345', investorId: '' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateNewUser({ ...ok, investorId: '  ' })).toBe('Investor ID is required');
    expect(validateNewUser(ok)).toBeNull();
  });

  it('agrees with the server schema', () => {
    expect(createUserInput.safeParse(ok).success).toBe(true);
    expect(createUserInput.safeParse({ ...ok, email: 'nora@example' }).error?.issues[0]?.message).toBe(
      'Invalid email format',
    );
  });
});

describe('generateInvestorId', () => {
  it('makes INV-{year}-{6 uppercase alphanumerics}', () => {
    for (let i = 0; i < 50; i++) expect(generateInvestorId()).toMatch(INVESTOR_ID_PATTERN);
    expect(generateInvestorId(2030, () => new Uint8Array([0, 1, 25, 26, 35, 36]))).toBe('INV-2030-ABZ09A');
  });
});

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

describe('updateUserInput and returnInput', () => {
  it('accepts a project as an id or as the { _id } object of the investor summary', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const parsed = updateUserInput.parse({ investments: [{ projectId: { _id: id, name: 'x' }, amount: 5 }] });
    expect(parsed.investments?.[0]?.projectId).toBe(id);
  });
  it('requires a YYYY-MM month', () => {
    const base = { projectId: '0f8fad5b-d9cb-469f-a165-70867728950e', amount: 1 };
    expect(returnInput.safeParse({ ...base, month: '2025-1' }).success).toBe(false);
    expect(returnInput.safeParse({ ...base, month: '2025-12' }).success).toBe(true);
  });
});

describe('monthLabel and nextReturnMonth', () => {
  const now = new Date(2026, 10, 25); // 25 Nov 2026
  it('writes a month the way the screens do', () => {
    expect(monthLabel('2026-10')).toBe('Oct 2026');
    expect(monthLabel('2025-01')).toBe('Jan 2025');
    expect(monthLabel('2025-13')).toBe('2025-13');
  });
  it('proposes the month after the latest recorded one, never after the current month', () => {
    expect(nextReturnMonth(['2026-09', '2026-10'], now)).toBe('2026-11');
    expect(nextReturnMonth(['2025-11', '2025-12'], now)).toBe('2026-01');
    expect(nextReturnMonth(['2026-10', '2026-11'], now)).toBe('2026-09');
    expect(nextReturnMonth(['2026-09', '2026-11'], now)).toBe('2026-10');
  });
  it('proposes the month before the current one when nothing is recorded', () => {
    expect(nextReturnMonth([], now)).toBe('2026-10');
    expect(nextReturnMonth([], new Date(2026, 0, 5))).toBe('2025-12');
  });
});
