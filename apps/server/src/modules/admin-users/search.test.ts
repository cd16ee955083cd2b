import { describe, expect, it } from 'vitest';
import { searchTerms } from './service';

describe('searchTerms', () => {
  it('turns words into a prefix query and drops every text-search operator', () => {
    expect(searchTerms('  Emma  lind ')).toBe('emma:* & lind:*');
    expect(searchTerms("o'brien & | ! :* (x)")).toBe('o:* & brien:* & x:*');
    expect(searchTerms('nora@example.com')).toBe('nora:* & example:* & com:*');
    expect(searchTerms('Jänis Öberg')).toBe('jänis:* & öberg:*');
    expect(searchTerms('  ')).toBeNull();
    expect(searchTerms(undefined)).toBeNull();
    expect(searchTerms('a b c d e f g h i j')!.split(' & ')).toHaveLength(8);
  });
});
