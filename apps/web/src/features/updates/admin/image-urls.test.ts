import { describe, expect, it } from 'vitest';
import { parseImageUrls } from './image-urls';

describe('parseImageUrls', () => {
  it('trims the comma-separated entries and drops the empty ones', () => {
    expect(parseImageUrls(' /a.jpg , ,https://x.test/b.png,, ')).toEqual(['/a.jpg', 'https://x.test/b.png']);
    expect(parseImageUrls('')).toEqual([]);
  });
});
