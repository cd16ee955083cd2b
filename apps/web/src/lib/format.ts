/** Formatting (docs/product.md §19): euro with en-US grouping, percentages with one decimal, en-US dates. */

const LOCALE = 'en-US';
// Money, days and months are written here rather than with Intl: the first Intl currency or date
// formatter of a page costs tens of milliseconds (locale data), right when the dashboard first renders.
// The output is Intl's en-US output; the rarer time formats below still use Intl.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const shortMonth = (d: Date) => MONTHS[d.getMonth()]!.slice(0, 3);

/** 1234567 -> '1,234,567' (a whole, non-negative number). */
const groupThousands = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Rounds half away from zero on the decimal value people read (9.45 -> 9.5), not on the binary double. */
export function roundDecimal(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0;
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${decimals}`);
  return sign * Number(`${Math.round(shifted)}e-${decimals}`);
}

/** €14, €1,234.50: whole euros without decimals, otherwise two decimals. */
export function formatMoney(value: number | null | undefined): string {
  const v = roundDecimal(Number(value ?? 0) || 0, 2);
  const cents = Math.round(Math.abs(v) * 100);
  const whole = groupThousands(Math.floor(cents / 100));
  const text = Number.isInteger(v) ? whole : `${whole}.${String(cents % 100).padStart(2, '0')}`;
  return `${v < 0 || Object.is(v, -0) ? '-' : ''}€${text}`;
}

/** 9.5% (one decimal). */
export function formatPercent(value: number | null | undefined): string {
  const v = roundDecimal(Number(value ?? 0) || 0, 1);
  return `${v.toFixed(1)}%`;
}

export type DateFormat = 'short' | 'long' | 'time' | 'full' | 'relative';

const formats: Record<'time' | 'full', Intl.DateTimeFormatOptions> = {
  time: { hour: 'numeric', minute: '2-digit' },
  full: {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
};

/** Parses ISO strings; a date-only 'YYYY-MM-DD' is a calendar day in local time (no timezone shift). */
function parseDate(input: string | number | Date | null | undefined): Date | null {
  if (input === null || input === undefined || input === '') return null;
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input;
  if (typeof input === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
    if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  }
  const d = new Date(input);
  return Number.isNaN(d.getTime()) ? null : d;
}

// Building an Intl formatter costs far more than using one: one per format, made on first use.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = dateFormatters.get(key);
  if (!f) dateFormatters.set(key, (f = new Intl.DateTimeFormat(LOCALE, options)));
  return f;
}

let pluralRules: Intl.PluralRules | undefined;

/**
 * A count with its noun, singular or plural by the locale's rules: 1 month, 2 months, 0 statements,
 * 1,250 investors; `many` names an irregular plural (1 person, 3 people).
 */
export function formatCount(n: number, one: string, many = `${one}s`): string {
  pluralRules ??= new Intl.PluralRules(LOCALE);
  const whole = Math.abs(n);
  const text = Number.isInteger(whole) ? groupThousands(whole) : String(whole);
  return `${n < 0 ? '-' : ''}${text} ${pluralRules.select(n) === 'one' ? one : many}`;
}

const plural = (n: number, unit: string) => `${formatCount(n, unit)} ago`;

export function formatRelative(date: Date, now: Date = new Date()): string {
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days === 1) return 'Yesterday';
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  if (days < 365) return plural(Math.floor(days / 30), 'month');
  return plural(Math.floor(days / 365), 'year');
}

export function formatDate(
  input: string | number | Date | null | undefined,
  format: DateFormat = 'short',
  now?: Date,
): string {
  const date = parseDate(input);
  if (!date) return 'Invalid date';
  if (format === 'relative') return formatRelative(date, now);
  if (format === 'short') return `${shortMonth(date)} ${date.getDate()}, ${date.getFullYear()}`;
  if (format === 'long') return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
  return dateFormatter(format, formats[format]).format(date);
}

/** 'Emma Lindqvist' -> 'EL': first letters of up to two words. */
export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** 'YYYY-MM' -> 'Mar 2025'. */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return `${shortMonth(new Date(Number(m[1]), Number(m[2]) - 1, 1))} ${Number(m[1])}`;
}
