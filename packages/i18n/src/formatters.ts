import type { i18n } from 'i18next';
import { formatFor } from './format';
import { DEFAULT_LOCALE, INTL_LOCALE, isLocale, type Locale } from './locale';

/** How a list of days ends in each language: 'A, B and C', 'A, B, … and 3 more'. */
const LIST_WORDS: Record<Locale, { and: string; more: (n: number) => string }> = {
  en: { and: 'and', more: (n) => `and ${n} more` },
  de: { and: 'und', more: (n) => `und ${n} weitere` },
  nb: { and: 'og', more: (n) => `og ${n} til` },
};

/** A country's name ('DE' -> 'Germany'), as Intl names it in the language; the code when it has none. */
function countryName(code: string, locale: Locale): string {
  try {
    return (
      new Intl.DisplayNames([locale === 'en' ? 'en' : INTL_LOCALE[locale]], { type: 'region' }).of(code) ??
      code
    );
  } catch {
    return code;
  }
}

const localeOf = (lng: string | undefined): Locale => (isLocale(lng) ? lng : DEFAULT_LOCALE);

/**
 * Days ('YYYY-MM-DD', comma-separated) as a sentence lists them, at most `max` of them:
 * 'Feb 12, 2026 and Feb 13, 2026', 'Feb 12, 2026, Feb 13, 2026, Feb 14, 2026 and 3 more'.
 */
export function listDays(days: readonly string[], locale: Locale, max = 3): string {
  const f = formatFor(locale);
  const words = LIST_WORDS[locale];
  const shown = days.slice(0, max).map((d) => f.date(d, 'short'));
  const rest = days.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} ${words.more(rest)}`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} ${words.and} ${shown.at(-1)}`;
}

const DAY_MS = 86_400_000;
const utcDay = (night: string) => new Date(`${night}T00:00:00Z`);
const dayAfter = (night: string) => new Date(utcDay(night).getTime() + DAY_MS).toISOString().slice(0, 10);

/**
 * A stay's nights ('YYYY-MM-DD') as check-in → check-out, each run of nights apart, as the stays pages
 * write them (contracts' `stayDates`): 'Dec 14 → Dec 17, 2026', '14. Dez. → 17. Dez. 2026'.
 */
export function stayText(nights: readonly string[], locale: Locale): string {
  const f = formatFor(locale);
  const monthDay = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const runs: [string, string][] = [];
  for (const night of [...new Set(nights)].sort()) {
    const last = runs.at(-1);
    if (last && dayAfter(last[1]) === night) last[1] = night;
    else runs.push([night, night]);
  }
  return runs
    .map(([first, last]) => {
      const out = dayAfter(last);
      const checkIn = first.slice(0, 4) === out.slice(0, 4) ? monthDay.format(utcDay(first)) : f.date(first);
      return `${checkIn} → ${f.date(out)}`;
    })
    .join('; ');
}

/** Weekdays by number (0 = Sunday … 6 = Saturday, comma-separated) as alternatives: 'Saturday or Sunday'. */
function weekdayNames(days: readonly number[], locale: Locale): string {
  const intl = locale === 'en' ? 'en' : INTL_LOCALE[locale];
  const name = new Intl.DateTimeFormat(intl, { weekday: 'long', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  const names = days.map((d) => name.format(new Date(Date.UTC(2023, 0, 1 + d))));
  return new Intl.ListFormat(intl, { type: 'disjunction' }).format(names);
}

/**
 * The formatters every i18next instance of the portal registers (the web app's and the server's
 * translator alike), so that a message's params stay raw values worded in the reader's language:
 * - `{{date, day}}`: a day 'YYYY-MM-DD' -> 'Feb 12, 2026' / '12. Feb. 2026';
 * - `{{nights, days}}`, `{{nights, days(max: 5)}}`: comma-separated days as a list (`listDays`);
 * - `{{nights, stay}}`: a stay's comma-separated nights as check-in → check-out (`stayText`);
 * - `{{month, month}}`: 'YYYY-MM' -> 'Mar 2025';
 * - `{{amount, money}}`: euros -> '€1,234.50' / '1.234,50 €' (whole euros without decimals; with
 *   `money(cents: true)` always two decimals);
 * - `{{country, country}}`: a region code -> 'Germany' / 'Deutschland' / 'Tyskland';
 * - `{{weekdays, weekdays}}`: weekday numbers '6,0' -> 'Saturday or Sunday' (`weekdayNames`);
 * - `{{name, lowercase}}`: a name inside a sentence where the language writes it in lower case.
 */
export function addFormatters(instance: i18n): void {
  const formatter = instance.services.formatter;
  if (!formatter) return;
  formatter.add('day', (value: unknown, lng?: string) =>
    formatFor(localeOf(lng)).date(String(value), 'short'),
  );
  formatter.add('days', (value: unknown, lng?: string, options?: Record<string, unknown>) =>
    listDays(String(value).split(',').filter(Boolean), localeOf(lng), Number(options?.max) || 3),
  );
  formatter.add('money', (value: unknown, lng?: string, options?: Record<string, unknown>) =>
    formatFor(localeOf(lng)).money(Number(value), { cents: String(options?.cents) === 'true' }),
  );
  formatter.add('country', (value: unknown, lng?: string) => countryName(String(value), localeOf(lng)));
  formatter.add('stay', (value: unknown, lng?: string) =>
    stayText(String(value).split(',').filter(Boolean), localeOf(lng)),
  );
  formatter.add('month', (value: unknown, lng?: string) => formatFor(localeOf(lng)).month(String(value)));
  formatter.add('weekdays', (value: unknown, lng?: string) =>
    weekdayNames(String(value).split(',').filter(Boolean).map(Number), localeOf(lng)),
  );
  formatter.add('lowercase', (value: unknown, lng?: string) => String(value).toLocaleLowerCase(lng));
}
