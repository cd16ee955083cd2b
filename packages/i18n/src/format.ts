import { INTL_LOCALE, type Locale } from './locale';

/**
 * The one formatting module of the portal (docs/product.md §19): money, numbers, percentages and dates
 * as each language writes them, for the web app, the emails and the PDFs alike. English is the spec's
 * (€1,234.50, 9.5%, Mar 5, 2025); German and Norwegian are Intl's (1.234,50 €, 9,5 %, 5. März 2025;
 * 1 234,50 €, 9,5 %, 5. mars 2025).
 */
export interface Format {
  readonly locale: Locale;
  /** Euros: whole euros without decimals (€14), otherwise two (€1,234.50); `cents` always shows two. */
  money(value: number | null | undefined, options?: { cents?: boolean }): string;
  /** Whole cents, exactly (a bigint or a safe integer): always two decimals. */
  cents(cents: number | bigint): string;
  /** One decimal: 9.5%. */
  percent(value: number | null | undefined): string;
  /** A number with the language's grouping, and at most `decimals` decimals (0 by default). */
  number(value: number, decimals?: number): string;
  date(input: DateInput, format?: DateFormat, now?: Date): string;
  /** 'YYYY-MM' -> 'Mar 2025'. */
  month(month: string): string;
  /** 'Just now', '5 minutes ago', 'Yesterday', '3 weeks ago'. */
  relative(date: Date, now?: Date, inSentence?: boolean): string;
  /** A file's size in bytes, in the largest unit it fills (1,024 bytes each): 900 B, 830 KB, 1.5 MB. */
  fileSize(bytes: number): string;
}

export type DateInput = string | number | Date | null | undefined;
/**
 * `relative` stands alone ('3 weeks ago', 'Yesterday'); `ago` is the same inside a sentence ('yesterday');
 * `moment` is a day and a time to the second, as a log shows it ('Mar 10, 2026, 08:00:05'), `seconds` that
 * time alone ('08:00:05').
 */
export type DateFormat = 'short' | 'long' | 'time' | 'full' | 'moment' | 'seconds' | 'relative' | 'ago';

/** Rounds half away from zero on the decimal value people read (9.45 -> 9.5), not on the binary double. */
export function roundDecimal(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0;
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${decimals}`);
  return sign * Number(`${Math.round(shifted)}e-${decimals}`);
}

/** Parses ISO strings; a date-only 'YYYY-MM-DD' is a calendar day in local time (no timezone shift). */
export function parseDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input;
  if (typeof input === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
    if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  }
  const d = new Date(input);
  return Number.isNaN(d.getTime()) ? null : d;
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

/** What a formatter says that Intl has no word for. */
const WORDS: Record<Locale, { invalidDate: string; justNow: string }> = {
  en: { invalidDate: 'Invalid date', justNow: 'Just now' },
  de: { invalidDate: 'Ungültiges Datum', justNow: 'Gerade eben' },
  nb: { invalidDate: 'Ugyldig dato', justNow: 'Akkurat nå' },
};

/** Whole cents as the exact decimal string Intl formats without going through a double: -123456 -> '-1234.56'. */
function centsDecimal(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

type SizeUnit = 'byte' | 'kilobyte' | 'megabyte';

/** A size in the largest unit it fills: whole bytes and kilobytes, megabytes with one decimal. */
function sizeIn(bytes: number): { value: number; unit: SizeUnit; decimals: 0 | 1 } {
  if (bytes < 1024) return { value: Math.round(bytes), unit: 'byte', decimals: 0 };
  if (bytes < 1024 * 1024) return { value: Math.round(bytes / 1024), unit: 'kilobyte', decimals: 0 };
  return { value: roundDecimal(bytes / (1024 * 1024), 1), unit: 'megabyte', decimals: 1 };
}

const toCents = (value: number | null | undefined): bigint =>
  BigInt(Math.round(roundDecimal(Number(value ?? 0) || 0, 2) * 100));

const DATE_OPTIONS: Record<Exclude<DateFormat, 'relative' | 'ago'>, Intl.DateTimeFormatOptions> = {
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  moment: {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  },
  seconds: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  full: {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
};

/** Intl's formatters for one language, each built on first use: building one costs far more than using it. */
function intlFormat(locale: Locale): Format {
  const tag = INTL_LOCALE[locale];
  const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
  const once = <T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
    key: string,
    make: () => T,
  ): T => {
    let f = made.get(key) as T | undefined;
    if (!f) made.set(key, (f = make()));
    return f;
  };
  const euros = (decimals: 0 | 2) =>
    once(
      `eur${decimals}`,
      () =>
        new Intl.NumberFormat(tag, {
          style: 'currency',
          currency: 'EUR',
          minimumFractionDigits: decimals,
          maximumFractionDigits: 2,
        }),
    );
  const dateWith = (format: Exclude<DateFormat, 'relative' | 'ago'>) =>
    once(`date-${format}`, () => new Intl.DateTimeFormat(tag, DATE_OPTIONS[format]));
  // Format's strings are exact decimals (ES2023): Intl.NumberFormat reads them without a double.
  const formatExact = (f: Intl.NumberFormat, decimal: string) => f.format(decimal as unknown as number);
  const self: Format = {
    locale,
    money(value, options) {
      const cents = toCents(value);
      return formatExact(euros(options?.cents || cents % 100n !== 0n ? 2 : 0), centsDecimal(cents));
    },
    cents: (cents) => formatExact(euros(2), centsDecimal(BigInt(cents))),
    percent(value) {
      const v = roundDecimal(Number(value ?? 0) || 0, 1);
      return once(
        'pct',
        () =>
          new Intl.NumberFormat(tag, {
            style: 'percent',
            minimumFractionDigits: 1,
            maximumFractionDigits: 1,
          }),
      ).format(v / 100);
    },
    number: (value, decimals = 0) =>
      once(`num${decimals}`, () => new Intl.NumberFormat(tag, { maximumFractionDigits: decimals })).format(
        roundDecimal(value, decimals),
      ),
    date(input, format = 'short', now) {
      const date = parseDate(input);
      if (!date) return WORDS[locale].invalidDate;
      if (format === 'relative' || format === 'ago') return self.relative(date, now, format === 'ago');
      return dateWith(format).format(date);
    },
    month(month) {
      const m = /^(\d{4})-(\d{2})$/.exec(month);
      if (!m) return month;
      return once('month', () => new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric' })).format(
        new Date(Number(m[1]), Number(m[2]) - 1, 1),
      );
    },
    fileSize(bytes) {
      const { value, unit, decimals } = sizeIn(bytes);
      return once(
        `size-${unit}`,
        () =>
          new Intl.NumberFormat(tag, {
            style: 'unit',
            unit,
            minimumFractionDigits: decimals,
            maximumFractionDigits: decimals,
          }),
      ).format(value);
    },
    relative(date, now = new Date(), inSentence = false) {
      // Standing alone it starts with a capital, as a label does; inside a sentence as the language writes it.
      const start = (text: string) =>
        (inSentence ? text.charAt(0).toLocaleLowerCase(tag) : text.charAt(0).toLocaleUpperCase(tag)) +
        text.slice(1);
      const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
      if (seconds < 60) return start(WORDS[locale].justNow);
      const rtf = (numeric: 'auto' | 'always') =>
        once(`rel-${numeric}`, () => new Intl.RelativeTimeFormat(tag, { numeric }));
      const ago = (n: number, unit: Intl.RelativeTimeFormatUnit, numeric: 'auto' | 'always' = 'always') => {
        return start(rtf(numeric).format(-n, unit));
      };
      const minutes = Math.floor(seconds / 60);
      if (minutes < 60) return ago(minutes, 'minute');
      const hours = Math.floor(minutes / 60);
      if (hours < 24) return ago(hours, 'hour');
      const days = Math.floor(hours / 24);
      if (days === 1) return ago(1, 'day', 'auto');
      if (days < 7) return ago(days, 'day');
      if (days < 30) return ago(Math.floor(days / 7), 'week');
      if (days < 365) return ago(Math.floor(days / 30), 'month');
      return ago(Math.floor(days / 365), 'year');
    },
  };
  return self;
}

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
/** 1234567n -> '1,234,567' (a whole, non-negative number). */
const groupThousands = (whole: bigint) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** English file sizes name their units as the portal always has (Intl's en-US writes 'kB' and 'byte'). */
const ENGLISH_SIZE_UNIT: Record<SizeUnit, string> = { byte: 'B', kilobyte: 'KB', megabyte: 'MB' };

/**
 * English money, days and months written by hand: the first Intl currency or date formatter of a page
 * costs tens of milliseconds (locale data), right when the dashboard first renders. The output is
 * Intl's en-US output (format.test.ts compares them); the rarer formats use Intl. File sizes keep the
 * portal's English units (KB, not Intl's kB).
 */
function englishFormat(): Format {
  const intl = intlFormat('en');
  const euros = (cents: bigint, withCents: boolean) => {
    const abs = cents < 0n ? -cents : cents;
    const whole = groupThousands(abs / 100n);
    const text = withCents ? `${whole}.${String(abs % 100n).padStart(2, '0')}` : whole;
    return `${cents < 0n ? '-' : ''}€${text}`;
  };
  return {
    ...intl,
    money(value, options) {
      const cents = toCents(value);
      return euros(cents, Boolean(options?.cents) || cents % 100n !== 0n);
    },
    cents: (cents) => euros(BigInt(cents), true),
    percent(value) {
      const [whole, tenths] = roundDecimal(Number(value ?? 0) || 0, 1)
        .toFixed(1)
        .split('.');
      const negative = whole!.startsWith('-');
      return `${negative ? '-' : ''}${groupThousands(BigInt(whole!.replace('-', '')))}.${tenths}%`;
    },
    date(input, format = 'short', now) {
      const date = parseDate(input);
      if (!date) return WORDS.en.invalidDate;
      if (format === 'short') return `${shortMonth(date)} ${date.getDate()}, ${date.getFullYear()}`;
      if (format === 'long') return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
      return intl.date(date, format, now);
    },
    month(month) {
      const m = /^(\d{4})-(\d{2})$/.exec(month);
      if (!m) return month;
      return `${MONTHS[Number(m[2]) - 1]!.slice(0, 3)} ${Number(m[1])}`;
    },
    fileSize(bytes) {
      const { value, unit, decimals } = sizeIn(bytes);
      const [whole, fraction] = value.toFixed(decimals).split('.');
      return `${groupThousands(BigInt(whole!))}${fraction ? `.${fraction}` : ''} ${ENGLISH_SIZE_UNIT[unit]}`;
    },
  };
}

const formats = new Map<Locale, Format>();

/** The formatter of a language, made once. */
export function formatFor(locale: Locale): Format {
  let f = formats.get(locale);
  if (!f) formats.set(locale, (f = locale === 'en' ? englishFormat() : intlFormat(locale)));
  return f;
}
