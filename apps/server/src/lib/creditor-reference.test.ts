import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditorReference, isCreditorReference, printedReference, referencesIn } from './creditor-reference';

describe('creditor references (ISO 11649)', () => {
  it('gives the standard’s own example its check digits', () => {
    // ISO 11649's example: the body 539007547034 has the check digits 18.
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    expect(creditorReference('5390 0754 7034')).toBe('RF18539007547034');
    expect(printedReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
  });

  it('takes letters as numbers (A = 10 … Z = 35), so check digits below 10 keep their zero', () => {
    const r = creditorReference('G72UUR');
    expect(r).toBe('RF45G72UUR');
    expect(isCreditorReference('rf45 g72u ur')).toBe(true);
    // Some body has check digits 02 .. 09: they are written with their leading zero.
    const small = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C']
      .map(creditorReference)
      .filter((x) => Number(x.slice(2, 4)) < 10);
    for (const x of small) expect(x).toMatch(/^RF0\d/);
  });

  it('refuses a body that is empty, too long or not letters and digits', () => {
    expect(() => creditorReference('')).toThrow(RangeError);
    expect(() => creditorReference('X'.repeat(22))).toThrow(RangeError);
    expect(() => creditorReference('AB-12')).toThrow(RangeError);
  });

  it('finds any single changed character or swapped neighbours', () => {
    const r = 'RF18539007547034';
    for (let i = 2; i < r.length; i++) {
      const changed = r.slice(0, i) + (r[i] === '0' ? '1' : '0') + r.slice(i + 1);
      expect(isCreditorReference(changed), changed).toBe(false);
    }
    expect(isCreditorReference('RF18539007547043')).toBe(false);
    expect(isCreditorReference('RF1')).toBe(false);
    expect(isCreditorReference('DE18539007547034')).toBe(false);
  });

  it('makes a valid reference of every body, which validation accepts', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{1,21}$/), (body) => {
        const r = creditorReference(body);
        expect(isCreditorReference(r)).toBe(true);
        expect(r.slice(4)).toBe(body);
      }),
    );
  });

  it('reads the references a payer typed into free text, and only valid ones', () => {
    expect(referencesIn('Capital call RF18 5390 0754 7034 Tatra Ridge')).toEqual(['RF18539007547034']);
    expect(referencesIn('rf45g72uur / RF45G72UUR, RF18539007547035')).toEqual(['RF45G72UUR']);
    expect(referencesIn('Invoice 2026-11, thank you')).toEqual([]);
  });
});

describe('references in free text', () => {
  it('does not swallow the short word after a printed reference', () => {
    expect(referencesIn('RF45 G72U UR TAX')).toEqual(['RF45G72UUR']);
    expect(referencesIn('Ref:RF45G72UUR.')).toEqual(['RF45G72UUR']);
  });
});
