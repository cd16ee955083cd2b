import { createInstance, type i18n, type InitOptions } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale';
import { NAMESPACES } from './namespaces';
import { en, type Messages } from './resources';
import { loadMessages } from './load';
import { addFormatters } from './formatters';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Messages;
  }
}

/**
 * The options every i18next instance of the portal shares: plurals by each language's rules (`key_one`,
 * `key_other`), variables as `{{name}}`, English where a language lacks a key (CI forbids that, but a
 * page never shows a raw key). Values are not escaped here: React escapes what it renders, and the
 * emails escape what they put in HTML.
 */
export const i18nOptions: InitOptions = {
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
};

/**
 * An i18next instance holding every language, for the server's emails and PDFs (and for tests): each
 * message is sent in its recipient's language, so all of them are loaded once at start.
 */
export async function createTranslator(): Promise<i18n> {
  const resources = Object.fromEntries(
    await Promise.all(LOCALES.map(async (l) => [l, await loadMessages(l)] as const)),
  ) as Record<Locale, Messages>;
  const instance = createInstance();
  await instance.init({ ...i18nOptions, lng: DEFAULT_LOCALE, resources, initAsync: false });
  addFormatters(instance);
  return instance;
}

export { en };

/** English alone, ready at once: the API's English error messages (`errorKey`). */
export function englishTranslator(): i18n {
  const instance = createInstance();
  void instance.init({ ...i18nOptions, lng: DEFAULT_LOCALE, resources: { en }, initAsync: false });
  addFormatters(instance);
  return instance;
}
