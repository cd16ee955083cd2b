import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  en,
  i18nOptions,
  isLocale,
  loadMessages,
  pickLocale,
  type Locale,
} from '@portal/i18n';

/**
 * The page's language (docs/product.md §19): the account's once signed in, before that the one picked
 * on the sign-in pages, else the first of the browser's languages the portal speaks. Kept under
 * `portal-locale` so the next visit opens in it; `<html lang>` follows it.
 */
const LOCALE_KEY = 'portal-locale';

function storedLocale(): Locale | null {
  try {
    const v = localStorage.getItem(LOCALE_KEY);
    return isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

/** The language a first visit opens in: the stored one, else the browser's. */
export const initialLocale = (): Locale => storedLocale() ?? pickLocale(navigator.languages);

void i18next.use(initReactI18next).init({
  ...i18nOptions,
  lng: DEFAULT_LOCALE,
  resources: { en },
  // German and Norwegian arrive as their own chunks (setLocale loads them).
  partialBundledLanguages: true,
  initAsync: false,
  react: { useSuspense: false },
});

export const currentLocale = (): Locale => (isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE);

/**
 * Shows the page in `locale`: loads its messages when they are not here yet, then switches every
 * translated text and format at once, and keeps it for the next visit.
 */
export async function setLocale(locale: Locale): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'common')) {
    const messages = await loadMessages(locale);
    for (const [ns, bundle] of Object.entries(messages))
      i18next.addResourceBundle(locale, ns, bundle, true, true);
  }
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // A browser that keeps nothing still shows the language for this visit.
  }
  document.documentElement.lang = locale;
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
}

const PICKED_KEY = 'portal-locale-picked';

/** A language picked on the sign-in pages: shown at once, and kept on the account at the next sign-in. */
export async function pickPageLocale(locale: Locale): Promise<void> {
  try {
    sessionStorage.setItem(PICKED_KEY, locale);
  } catch {
    // Shown for this page only.
  }
  await setLocale(locale);
}

/** The language picked on the sign-in pages during this visit, once (the sign-in that follows takes it). */
export function takePickedLocale(): Locale | null {
  try {
    const v = sessionStorage.getItem(PICKED_KEY);
    sessionStorage.removeItem(PICKED_KEY);
    return isLocale(v) ? v : null;
  } catch {
    return null;
  }
}
