import { describe, expect, it } from 'vitest';
import { INVESTOR_ID_PATTERN } from './constants';
import { generateInvestorId } from './investor-id';

describe('generateInvestorId', () => {
  it('makes INV-{year}-{6 uppercase alphanumerics}', () => {
    for (let i = 0; i < 50; i++) expect(generateInvestorId()).toMatch(INVESTOR_ID_PATTERN);
    expect(generateInvestorId(2030, () => new Uint8Array([0, 1, 25, 26, 35, 36]))).toBe('INV-2030-ABZ09A');
  });
});
