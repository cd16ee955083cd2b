import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BadRequestError } from './errors';
import { maskIban } from '@portal/contracts';
import { normalizeIban, parseBic, parseIban } from './iban';

/** Real-format IBANs: the examples of the SWIFT IBAN registry (FI, DE, GB, NO), whose check digits are right. */
const valid = {
  FI: 'FI2112345600000785',
  DE: 'DE89370400440532013000',
  GB: 'GB29NWBK60161331926819',
  NO: 'NO9386011117947',
};

describe('normalizeIban', () => {
  it('drops every kind of space and capitalizes', () => {
    expect(normalizeIban(' fi21 1234 5600 0007 85 ')).toBe('FI2112345600000785');
    expect(normalizeIban('DE89\u00a03704\t0044 0532 0130 00')).toBe('DE89370400440532013000');
  });
});

describe('parseIban', () => {
  it.each(Object.entries(valid))(
    'accepts a valid %s IBAN, with or without spaces and in any case',
    (_, iban) => {
      expect(parseIban(iban)).toBe(iban);
      const printed = iban.toLowerCase().replace(/(.{4})/g, '$1 ');
      expect(parseIban(printed)).toBe(iban);
    },
  );

  it.each([
    ['FI2112345600000786', /check digits do not match/],
    ['DE88370400440532013000', /check digits do not match/],
    ['GB28NWBK60161331926819', /check digits do not match/],
    ['NO9386011117948', /check digits do not match/],
  ])('refuses %s, whose check digits are wrong', (iban, message) => {
    expect(() => parseIban(iban)).toThrow(message);
    expect(() => parseIban(iban)).toThrow(BadRequestError);
  });

  it('says what is wrong: missing, unknown country, length, format', () => {
    expect(() => parseIban('  ')).toThrow('Enter an IBAN');
    expect(() => parseIban('ZZ2112345600000785')).toThrow(/starts with a country code/);
    expect(() => parseIban('FI21123456000007')).toThrow(
      expect.objectContaining({
        message: 'An IBAN from Finland has 18 characters; this one has 16',
        code: 'investments.iban_length',
        params: { country: 'FI', expected: 18, actual: 16 },
      }),
    );
    expect(() => parseIban('DE89 3704 0044 0532 0130 0A')).toThrow(/not the format of an IBAN from Germany/);
    expect(() => parseIban('FI21-1234-5600-0007-85')).toThrow(BadRequestError);
  });

  it('refuses an account outside the SEPA area, which the transfer file could not pay', () => {
    expect(() => parseIban('BR1800360305000010009795493C1')).toThrow(
      'Accounts in Brazil cannot receive SEPA transfers: please give an account in the SEPA area',
    );
  });

  it('catches any one character typed wrong', () => {
    // Mod 97 detects every single substitution; a case-only change is not an error, so it is skipped.
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(valid)),
        fc.nat(),
        fc.constantFrom(...alphabet),
        (iban, at, char) => {
          const i = 2 + (at % (iban.length - 2));
          fc.pre(iban[i] !== char);
          const typo = iban.slice(0, i) + char + iban.slice(i + 1);
          expect(() => parseIban(typo)).toThrow(BadRequestError);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('parseBic', () => {
  it('accepts 8- and 11-character BICs, normalized', () => {
    expect(parseBic('NDEAFIHH')).toBe('NDEAFIHH');
    expect(parseBic('deut de ff 500')).toBe('DEUTDEFF500');
    expect(parseBic('NWBKGB2L')).toBe('NWBKGB2L');
  });

  it('refuses a wrong length, an unknown country and an empty one', () => {
    expect(() => parseBic('NWBKGB2LX')).toThrow(
      'NWBKGB2LX is not a BIC: a BIC has 8 or 11 letters and digits',
    );
    expect(() => parseBic('NDEAZZHH')).toThrow('The BIC NDEAZZHH names no known country (letters 5 and 6)');
    expect(() => parseBic('')).toThrow('Enter a BIC');
    expect(() => parseBic('NOPE')).toThrow('NOPE is not a BIC');
  });
});

describe('maskIban', () => {
  it('shows only the last four characters, in the same shape for every country', () => {
    expect(maskIban(valid.FI)).toBe('•••• •••• •••• 0785');
    expect(maskIban(valid.GB)).toBe('•••• •••• •••• 6819');
    expect(maskIban('no93 8601 1117 947')).toBe('•••• •••• •••• 7947');
    for (const iban of Object.values(valid)) {
      const masked = maskIban(iban);
      expect(masked).toHaveLength(19);
      expect(masked.replace(/[• ]/g, '')).toBe(iban.slice(-4));
    }
  });
});
