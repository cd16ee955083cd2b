import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  addFormatters,
  APP_NAMESPACES,
  DEFAULT_LOCALE,
  i18nOptions,
  isLocale,
  loadBundle,
  pickLocale,
  SIGN_IN_NAMESPACES,
  type PAGE_NAMESPACES,
  type Locale,
  type Namespace,
} from '@portal/i18n';
import auth from '@portal/i18n/messages/en/auth.json';
import common from '@portal/i18n/messages/en/common.json';

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
  // What the sign-in pages say in English comes with the entry; the rest, and every other language,
  // arrives in chunks when first needed (ensureMessages).
  resources: { en: { common, auth } },
  partialBundledLanguages: true,
  initAsync: false,
  react: { useSuspense: false },
});

// The shared formatters ({{date, day}}, {{nights, days}}, {{month, month}}, {{name, lowercase}}), as the
// server's translator has them: an error's params are worded here as the server words them in English.
addFormatters(i18next);

export const currentLocale = (): Locale => (isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE);

/** Whether the signed-in pages' messages are wanted: once the shell has been asked for, they are. */
let signedIn = false;

/** The change of language under way, if any. */
let switching: Promise<unknown> = Promise.resolve();

/** The namespaces pages have loaded themselves (PAGE_NAMESPACES): kept in every language switched to. */
const pageNamespaces = new Set<(typeof PAGE_NAMESPACES)[number]>();

/** Loads the namespaces of `locale` not here yet (a chunk per language and part, vite.config.ts). */
async function ensureMessages(locale: Locale, namespaces: readonly Namespace[]): Promise<void> {
  const missing = namespaces.filter((ns) => !i18next.hasResourceBundle(locale, ns));
  const bundles = await Promise.all(missing.map((ns) => loadBundle(locale, ns)));
  missing.forEach((ns, i) => i18next.addResourceBundle(locale, ns, bundles[i], true, true));
}

/**
 * The signed-in pages' messages, in the page's language and in any it changes to from now on: the
 * router asks for them with the shell's code, so a page never renders before what it says has arrived.
 */
export async function loadSignedInMessages(): Promise<void> {
  signedIn = true;
  // A change of language under way loads them itself, in the language it changes to.
  await switching;
  await ensureMessages(currentLocale(), APP_NAMESPACES);
}

/**
 * What a page readable signed in or out says beyond the sign-in pages (the privacy page), in the page's
 * language and any it changes to: its route's loader waits for it, so it never renders without it.
 */
export async function loadPageMessages(
  namespaces: readonly (typeof PAGE_NAMESPACES)[number][],
): Promise<void> {
  namespaces.forEach((ns) => pageNamespaces.add(ns));
  await switching;
  await ensureMessages(currentLocale(), namespaces);
}

/**
 * Shows the page in `locale`: loads its messages when they are not here yet, then switches every
 * translated text and format at once, and keeps it for the next visit.
 */
export function setLocale(locale: Locale): Promise<void> {
  const done = switchTo(locale);
  switching = done.catch(() => undefined);
  return done;
}

async function switchTo(locale: Locale): Promise<void> {
  await ensureMessages(locale, SIGN_IN_NAMESPACES);
  if (signedIn) await ensureMessages(locale, APP_NAMESPACES);
  await ensureMessages(locale, [...pageNamespaces]);
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
