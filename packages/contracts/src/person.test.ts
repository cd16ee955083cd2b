import { describe, expect, it } from 'vitest';
import { fieldErrors } from './issues';
import { birthDateBounds, checkBirthDate, isPhoneNumber, phoneInput } from './person';
import { profileInput, updateUserInput } from './users';
import { interestInput } from './interest';

describe('phone numbers', () => {
  it.each([
    '+4712345678',
    '+47 123 45 678',
    '(040) 123-4567',
    '040 123 4567',
    '0401234567',
    '+1 (555) 010-9999',
  ])('takes %j', (phone) => {
    expect(isPhoneNumber(phone)).toBe(true);
    expect(phoneInput.parse(` ${phone} `)).toBe(phone);
  });

  it.each(['call me maybe', '12345', '+47 abc 45678', '1'.repeat(16), '++4712345678', '12345678x9'])(
    'refuses %j, saying what a phone number looks like',
    (phone) => {
      const res = profileInput.safeParse({ name: 'A', phone });
      expect(res.success).toBe(false);
      expect(fieldErrors(res.error!.issues)).toEqual({
        phone: expect.stringMatching(
          /^Phone must be a phone number in international form \(\+4712345678\) or national form/,
        ),
      });
    },
  );

  it('is refused the same way in Edit User and the interest form; blank is no phone', () => {
    expect(updateUserInput.safeParse({ phone: 'call me maybe' }).success).toBe(false);
    expect(interestInput.safeParse({ name: 'A', email: 'a@b.co', phone: 'call me maybe' }).success).toBe(
      false,
    );
    expect(profileInput.parse({ name: 'A', phone: '  ' }).phone).toBeNull();
  });
});

describe('dates of birth', () => {
  const today = new Date('2026-11-27T12:00:00Z');

  it('are allowed from 100 years ago to 18 years ago, both included', () => {
    expect(birthDateBounds(today)).toEqual({ min: '1926-11-27', max: '2008-11-27' });
    expect(checkBirthDate('1926-11-27', today)).toBeNull();
    expect(checkBirthDate('2008-11-27T00:00:00.000Z', today)).toBeNull();
    expect(checkBirthDate('2008-11-28', today)).toMatch(
      /^Date of birth must be between 1926-11-27 and 2008-11-27/,
    );
    expect(checkBirthDate('1926-11-26', today)).toMatch(/age 18 to 100/);
  });

  it('counts 29 February as 28 February in a year without it', () => {
    expect(birthDateBounds(new Date('2028-02-29T00:00:00Z'))).toEqual({
      min: '1928-02-29',
      max: '2010-02-28',
    });
  });

  it.each(['2031-05-05', '1800-01-01', '2040-01-01', '2040-01-01T00:00:00.000Z'])(
    'refuses %j in the profile and in Edit User, by field',
    (dateOfBirth) => {
      for (const schema of [profileInput, updateUserInput]) {
        const res = schema.safeParse({ name: 'A', dateOfBirth });
        expect(res.success).toBe(false);
        expect(fieldErrors(res.error!.issues).dateOfBirth).toMatch(
          /^Date of birth must be between \d{4}-\d\d-\d\d and/,
        );
      }
    },
  );

  it('works out the bounds when checking, not when loaded', () => {
    const { max } = birthDateBounds();
    expect(profileInput.parse({ name: 'A', dateOfBirth: max }).dateOfBirth).toBe(max);
    expect(profileInput.parse({ name: 'A', dateOfBirth: '' }).dateOfBirth).toBeNull();
    expect(updateUserInput.parse({ dateOfBirth: '' }).dateOfBirth).toBeNull();
    expect(updateUserInput.parse({}).dateOfBirth).toBeUndefined();
  });
});

describe('the intended investment amount', () => {
  it.each(['-5', -5, 0, '-5000'])(
    '%j is refused as not positive, not as not a number',
    (investmentAmount) => {
      const res = interestInput.safeParse({ name: 'A', email: 'a@b.co', investmentAmount });
      expect(res.success).toBe(false);
      expect(fieldErrors(res.error!.issues)).toEqual({
        investmentAmount: 'Intended Investment Amount must be a positive amount',
      });
    },
  );
});
