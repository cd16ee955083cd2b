import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(import.meta.dirname, 'index.css'), 'utf8');
/** The declarations of the first rule whose selector is exactly `selector`. */
const rule = (selector: string) =>
  new RegExp(`(?:^|[}\\s])${selector}\\s*\\{([^}]*)\\}`, 'm').exec(css)?.[1] ?? '';

describe('the global text rules (index.css)', () => {
  it('wraps a long word or URL anywhere in the page, so it never widens a column or the page', () => {
    expect(rule('body')).toMatch(/overflow-wrap:\s*anywhere/);
  });

  it('keeps whole words in table columns (a table scrolls in its own box)', () => {
    expect(rule('table')).toMatch(/overflow-wrap:\s*break-word/);
  });
});
