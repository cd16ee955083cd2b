import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locale';
import { NAMESPACES } from './namespaces';
import { loadMessages } from './load';
import { en } from './resources';
import { createTranslator } from './translator';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

type Tree = { [key: string]: string | Tree };
/** 'a.b.c' -> the message, for every message of a namespace. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A message's variables: {{name}} and {{count}}, as a sorted list. */
const variables = (message: string) =>
  [...new Set([...message.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!))].sort();

/** Every message key of a language, as `namespace:key`, with its message. */
async function keysOf(locale: (typeof LOCALES)[number]) {
  const messages = (await loadMessages(locale)) as unknown as Record<string, Tree>;
  const out = new Map<string, string>();
  for (const ns of NAMESPACES) for (const [k, v] of flatten(messages[ns] ?? {})) out.set(`${ns}:${k}`, v);
  return out;
}

/** The source files whose texts are translated: the web app, the server, and the shared packages. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('the message files', () => {
  it('hold a file for every namespace in every language', () => {
    for (const l of LOCALES)
      for (const ns of NAMESPACES)
        expect(fs.existsSync(path.join(here, 'messages', l, `${ns}.json`)), `${l}/${ns}`).toBe(true);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    'give %s every English key, with the same variables, and no key English lacks',
    async (locale) => {
      const english = await keysOf('en');
      const other = await keysOf(locale);
      // A plural's forms follow the language's rules; what must exist is its `_other` form.
      const base = (k: string) => k.replace(PLURAL, '');
      const englishBases = new Set([...english.keys()].map(base));
      const otherBases = new Set([...other.keys()].map(base));
      expect(
        [...englishBases].filter((k) => !otherBases.has(k)),
        `missing in ${locale}`,
      ).toEqual([]);
      expect(
        [...otherBases].filter((k) => !englishBases.has(k)),
        `only in ${locale}`,
      ).toEqual([]);
      const mismatched = [...other].filter(([k, v]) => {
        const en = english.get(k) ?? english.get(`${base(k)}_other`) ?? '';
        return (
          variables(v).join() !== variables(en).join() &&
          !(
            PLURAL.test(k) &&
            variables(v).join() ===
              variables(en)
                .filter((x) => x !== 'count')
                .join()
          )
        );
      });
      expect(
        mismatched.map(([k]) => k),
        `variables differ in ${locale}`,
      ).toEqual([]);
      const empty = [...other].filter(([, v]) => v.trim() === '');
      expect(
        empty.map(([k]) => k),
        `empty in ${locale}`,
      ).toEqual([]);
    },
  );

  it('hold no key that no code uses', async () => {
    const code = ['apps/web/src', 'apps/server/src', 'packages/contracts/src', 'packages/i18n/src']
      .flatMap((d) => sourceFiles(path.join(root, d)))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    const literals = new Set([...code.matchAll(/(['"`])([\w.:-]+)\1/g)].map((m) => m[2]!));
    const unused = [...(await keysOf('en')).keys()].filter((key) => {
      const [ns, k] = key.split(':') as [string, string];
      const plain = k.replace(PLURAL, '');
      // An API error's message is named by its code, `<namespace>.<name>` (errors.ts).
      const code = plain.startsWith('errors.') ? `${ns}.${plain.slice('errors.'.length)}` : null;
      return ![key, k, `${ns}:${plain}`, plain, code].some((x) => x && literals.has(x));
    });
    expect(unused, 'keys no code names (a key chosen at run time is named in a list in the code)').toEqual(
      [],
    );
  });

  it('translate with plurals and variables in each language', async () => {
    const i18n = await createTranslator();
    expect(Object.keys(en)).toEqual([...NAMESPACES]);
    for (const l of LOCALES) expect(i18n.hasResourceBundle(l, 'common')).toBe(true);
  });
});
