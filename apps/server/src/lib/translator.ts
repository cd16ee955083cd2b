import { createTranslator, DEFAULT_LOCALE, isLocale, type Locale } from '@portal/i18n';
import type { i18n } from 'i18next';

let instance: Promise<i18n> | undefined;

/**
 * The server's one i18next instance, holding every language (the emails and the PDFs are written in
 * their recipient's language): made on first use and shared by the whole process.
 */
export const translator = (): Promise<i18n> => (instance ??= createTranslator());

/** A stored language (`users.locale`) as a language of the portal: English for anything else. */
export const localeOf = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);
