import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { setLocale } from '@/lib/i18n';
import { queueLabel } from './labels';

/** The server's queues, read from where they are declared (the web app does not import the server). */
const source = readFileSync(join(import.meta.dirname, '../../../../../server/src/db/job-schema.ts'), 'utf8');
const block = /export const QUEUES = \{([\s\S]*?)\n\} as const;/.exec(source)?.[1] ?? '';
const QUEUES = [...block.matchAll(/^ {2}'?([\w-]+)'?: \{/gm)].map((m) => m[1]!);

describe("the admin's names of the job queues", () => {
  afterEach(() => setLocale('en'));

  it('name every queue of the server in words, in each language', async () => {
    expect(QUEUES).toEqual(expect.arrayContaining(['mail', 'statements', 'call-notices', 'exports']));
    for (const locale of ['en', 'de', 'nb'] as const) {
      await setLocale(locale);
      const t = i18next.getFixedT(locale, 'admin');
      const names = QUEUES.map((q) => queueLabel(t, q));
      // A queue without words would show as its code name ('Call notices'); German and Norwegian
      // words are never that.
      const codeName = (q: string) => q.charAt(0).toUpperCase() + q.slice(1).replaceAll('-', ' ');
      for (const [i, q] of QUEUES.entries()) {
        expect(names[i], `${locale} ${q}`).not.toMatch(/^queue\./);
        if (locale !== 'en') expect(names[i], `${locale} ${q}`).not.toBe(codeName(q));
      }
      expect(new Set(names).size, locale).toBe(QUEUES.length);
    }
    expect(queueLabel(i18next.getFixedT('en', 'admin'), 'call-notices')).toBe('Capital call notices');
    expect(queueLabel(i18next.getFixedT('nb', 'admin'), 'statements')).toBe('Kontoutskrifter');
  });
});
