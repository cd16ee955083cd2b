/** Formatting of spec section 9: euro with en-US grouping, percentages with one decimal, en-US dates. */

const LOCALE = 'en-US';
const euroWhole = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const euroCents = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

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
  return Number.isInteger(v) ? euroWhole.format(v) : euroCents.format(v);
}

/** 9.5% (one decimal). */
export function formatPercent(value: number | null | undefined): string {
  const v = roundDecimal(Number(value ?? 0) || 0, 1);
  return `${v.toFixed(1)}%`;
}

export type DateFormat = 'short' | 'long' | 'time' | 'full' | 'relative';

const formats: Record<Exclude<DateFormat, 'relative'>, Intl.DateTimeFormatOptions> = {
  short: { month: 'short', day: 'numeric', year: 'numeric' },
  long: { month: 'long', day: 'numeric', year: 'numeric' },
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
export function parseDate(input: string | number | Date | null | undefined): Date | null {
  if (input === null || input === undefined || input === '') return null;
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input;
  if (typeof input === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
    if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  }
  const d = new Date(input);
  return Number.isNaN(d.getTime()) ? null : d;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

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
  return new Intl.DateTimeFormat(LOCALE, formats[format]).format(date);
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
  return new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric' }).format(
    new Date(Number(m[1]), Number(m[2]) - 1, 1),
  );
}
