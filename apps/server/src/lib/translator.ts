import { sql, type SQL } from 'drizzle-orm';
import {
  createTranslator,
  DEFAULT_LOCALE,
  formatFor,
  isLocale,
  LOCALES,
  type Format,
  type Locale,
} from '@portal/i18n';
import type { i18n } from 'i18next';

let instance: Promise<i18n> | undefined;

/**
 * The server's one i18next instance, holding every language (the emails and the PDFs are written in
 * their recipient's language): made on first use and shared by the whole process.
 */
export const translator = (): Promise<i18n> => (instance ??= createTranslator());

/** A stored language (`users.locale`) as a language of the portal: English for anything else. */
export const localeOf = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/**
 * An SQL expression choosing by a recipient's language (`column`, a `users.locale`) the text written in
 * it, for the rows a statement writes to many users at once (an outbox's subjects, notifications).
 */
export function byLocale(column: SQL, write: (locale: Locale) => SQL | string): SQL {
  const others = LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => sql`when ${l} then ${write(l)} `);
  return sql`(case ${column} ${sql.join(others, sql``)}else ${write(DEFAULT_LOCALE)} end)`;
}

/**
 * A numeric column of euros (not negative) written in SQL as `formatFor(locale).cents` writes it:
 * €1,234.50, 1.234,50 €, 1 234,50 €. The language's separators and the sign's place are read from the
 * formatter, so the database writes what the formatter would.
 */
export function sqlEuros(locale: Locale | Format, amount: SQL): SQL {
  const written = (typeof locale === 'string' ? formatFor(locale) : locale).cents(123456789);
  const first = written.indexOf('1');
  const last = written.lastIndexOf('9');
  const digits = written.slice(first, last + 1); // '1,234,567.89'
  const [group, decimal] = [digits[1]!, digits[digits.length - 3]!];
  return sql`(${written.slice(0, first)}::text || translate(to_char(${amount}, 'FM999,999,999,999,990.00'), ',.', ${group + decimal}) || ${written.slice(last + 1)}::text)`;
}
