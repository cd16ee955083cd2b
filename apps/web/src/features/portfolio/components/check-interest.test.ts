import { describe, expect, it } from 'vitest';
import { checkInterest } from './interest-form';

const form = { name: '', email: '', phone: '', investmentAmount: '', message: '' };

describe('checkInterest', () => {
  it('asks for Full Name and Email with the messages the server uses', () => {
    expect(checkInterest(form).errors).toEqual({ name: 'Full Name is required', email: 'Email is required' });
    expect(checkInterest({ ...form, name: 'A', email: 'nope' }).errors).toEqual({
      email: 'Invalid email format',
    });
  });

  it('holds the amount, when given, to 25,000-500,000', () => {
    const base = { ...form, name: 'A', email: 'a@b.co' };
    const msg = 'Intended Investment Amount must be between €25,000 and €500,000';
    expect(checkInterest({ ...base, investmentAmount: '24999' }).errors).toEqual({ investmentAmount: msg });
    expect(checkInterest({ ...base, investmentAmount: '500001' }).errors).toEqual({ investmentAmount: msg });
    expect(checkInterest({ ...base, investmentAmount: '25000' }).payload).toMatchObject({
      investmentAmount: 25000,
    });
  });

  it('sends empty optional fields as null', () => {
    expect(checkInterest({ ...form, name: ' A ', email: 'a@b.co' }).payload).toEqual({
      name: 'A',
      email: 'a@b.co',
      phone: null,
      investmentAmount: null,
      message: null,
    });
  });
});
