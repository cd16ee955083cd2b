import { describe, expect, it } from 'vitest';
import { createUserInput, updateUserInput, validateNewUser } from './users';

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

describe('updateUserInput', () => {
  it('accepts a project as an id or as the { _id } object of the investor summary', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const parsed = updateUserInput.parse({ investments: [{ projectId: { _id: id, name: 'x' }, amount: 5 }] });
    expect(parsed.investments?.[0]?.projectId).toBe(id);
  });
});
