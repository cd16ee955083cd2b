/**
 * Formatting in the page's language (docs/product.md §19): the shared formatters of `@portal/i18n`
 * (€1,234.50 / 1.234,50 € / 1 234,50 €; Mar 5, 2026 / 5. März 2026), bound to the current language.
 */
import { formatFor, type DateFormat, type DateInput } from '@portal/i18n';
import { currentLocale } from './i18n';

export { initials, type DateFormat } from '@portal/i18n';

const format = () => formatFor(currentLocale());

/** €14, €1,234.50: whole euros without decimals, otherwise two decimals. */
export const formatMoney = (value: number | null | undefined): string => format().money(value);

/** 9.5% (one decimal). */
export const formatPercent = (value: number | null | undefined): string => format().percent(value);

/** 1,250 (the language's grouping). */
export const formatNumber = (value: number, decimals = 0): string => format().number(value, decimals);

export const formatDate = (input: DateInput, dateFormat: DateFormat = 'short', now?: Date): string =>
  format().date(input, dateFormat, now);

/** 'YYYY-MM' -> 'Mar 2025'. */
export const formatMonth = (month: string): string => format().month(month);

/** '900 B', '830 KB', '1.2 MB' (2,5 MB in German); null when the size is unknown. */
export const formatFileSize = (bytes: number | null | undefined): string | null =>
  bytes == null || !Number.isFinite(bytes) ? null : format().fileSize(bytes);

let pluralRules: Intl.PluralRules | undefined;

/**
 * A count with its English noun, singular or plural: 1 month, 2 months, 1,250 investors; `many` names
 * an irregular plural (1 person, 3 people). A translated screen says this with a plural message instead.
 */
export function formatCount(n: number, one: string, many = `${one}s`): string {
  pluralRules ??= new Intl.PluralRules('en-US');
  return `${Number.isInteger(n) ? formatFor('en').number(n) : String(n)} ${pluralRules.select(n) === 'one' ? one : many}`;
}
