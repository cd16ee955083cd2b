/** The languages of the portal (docs/product.md §19): English is the default and holds the spec's texts. */
export const LOCALES = ['en', 'de', 'nb'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's own name, as a language picker lists it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', nb: 'Norsk bokmål' };

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The Intl locale a language formats with: English as the spec writes it (en-US grouping and dates),
 * German as Germany writes it, Norwegian as Norway does.
 */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', de: 'de-DE', nb: 'nb-NO' };

/**
 * The first of a browser's languages (`navigator.languages`, or an Accept-Language header's tags in
 * order) that the portal speaks: `de-AT` is German, `no` and `nn` are read as Bokmål, the written
 * Norwegian of most Norwegians; none of them is English.
 */
export function pickLocale(languages: readonly string[] | undefined | null): Locale {
  for (const tag of languages ?? []) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (base === 'no' || base === 'nn') return 'nb';
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}
