import { z } from 'zod';
import { LOCALES } from '@portal/i18n/locale';
import { says } from './validation';

/* A person's phone number and date of birth, as the profile and the admin's Edit User take them. */

export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;

export const PHONE_MESSAGE = says('validation.phone', { min: PHONE_MIN_DIGITS, max: PHONE_MAX_DIGITS });

/** E.164 (+4712345678) or a national form: digits, spaces, dashes, dots and parentheses, an optional leading +. */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/** A phone number as typed (trimmed), or null when left out or blank. */
export const phoneInput = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(40, { error: PHONE_MESSAGE })
  .refine((v) => v === '' || isPhoneNumber(v), { error: PHONE_MESSAGE })
  .nullish()
  .transform((v) => (v ? v : null));

export const MIN_AGE_YEARS = 18;
export const MAX_AGE_YEARS = 100;

/** 'YYYY-MM-DD' of the day `years` years before `today` (UTC; 29 February falls back to 28). */
function yearsBefore(today: Date, years: number): string {
  const y = today.getUTCFullYear() - years;
  const m = today.getUTCMonth();
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = Math.min(today.getUTCDate(), last);
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The dates of birth allowed on `today`: 100 years ago to 18 years ago, both included. */
export function birthDateBounds(today: Date = new Date()): { min: string; max: string } {
  return { min: yearsBefore(today, MAX_AGE_YEARS), max: yearsBefore(today, MIN_AGE_YEARS) };
}

/** Why a date of birth ('YYYY-MM-DD' or an ISO timestamp) is not allowed on `today`, or null. */
export function checkBirthDate(value: string, today: Date = new Date()): string | null {
  const day = value.slice(0, 10);
  const { min, max } = birthDateBounds(today);
  if (day < min || day > max)
    return `Date of birth must be between ${min} and ${max} (age ${MIN_AGE_YEARS} to ${MAX_AGE_YEARS})`;
  return null;
}

/**
 * A date of birth: an ISO timestamp or date, between 100 and 18 years before today. The bounds are worked
 * out when a value is checked, not when the module loads, so a long-running server keeps them current.
 */
export const birthDateInput = (formatMessage: string) =>
  z.iso
    .datetime({ offset: true, error: formatMessage })
    .or(z.iso.date({ error: formatMessage }))
    .superRefine((v, ctx) => {
      const problem = checkBirthDate(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** A language of the portal: 'en', 'de' or 'nb'. */
export const localeInput = z.enum(LOCALES, {
  error: says('validation.locale_one_of', { values: LOCALES.join(', ') }),
});
