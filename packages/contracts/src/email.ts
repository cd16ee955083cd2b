import { z } from 'zod';
import { says } from './validation';

/**
 * The one email schema of every route that takes an email. Beyond the shape (`a@b.c`), it refuses
 * addresses that can pass for another one: invisible characters (a zero-width space, a soft hyphen,
 * a direction mark…), control characters, and letters of different scripts mixed in the local part or
 * in one label of the domain (`іnvestor` with a Cyrillic "і", `exаmple` with a Cyrillic "а").
 * A part written wholly in one script (`иван@пример.рф`, `ivan@пример.рф`) is fine.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_INVISIBLE_MESSAGE = says('validation.email_invisible');
export const EMAIL_MIXED_SCRIPT_MESSAGE = says('validation.email_mixed_scripts');

/**
 * Control (Cc), format (Cf: zero-width space and joiners, soft hyphen, direction marks, BOM),
 * private-use, surrogate and separator characters, and every default-ignorable code point (such as
 * the Hangul filler): none is visible in an address, so none belongs in one.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** Scripts told apart; a letter of any other script counts as one more script of its own kind. */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
  'Coptic',
  'Glagolitic',
  'Runic',
  'Ogham',
  'Canadian_Aboriginal',
  'Tifinagh',
  'Vai',
  'Lisu',
] as const;

/** Mixtures that are one writing system (UTS #39, "highly restrictive"): Japanese, Chinese, Korean. */
const ALLOWED_MIXES: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

let scriptPatterns: Array<[string, RegExp]> | undefined;
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

function scriptOf(char: string): string | null {
  if (SHARED.test(char)) return null;
  scriptPatterns ??= SCRIPTS.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')]);
  for (const [name, pattern] of scriptPatterns) if (pattern.test(char)) return name;
  return 'Other';
}

function isSingleScript(part: string): boolean {
  const scripts = new Set<string>();
  for (const char of part) {
    const script = scriptOf(char);
    if (script) scripts.add(script);
  }
  if (scripts.size <= 1) return true;
  if (scripts.has('Other')) return false;
  return ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.has(s)));
}

/** Whether an email has an invisible or control character. */
export function hasInvisibleCharacter(email: string): boolean {
  return INVISIBLE.test(email);
}

/** Whether the local part, or one label of the domain, mixes scripts. */
export function mixesScripts(email: string): boolean {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const labels = at < 0 ? [] : email.slice(at + 1).split('.');
  return !isSingleScript(local) || labels.some((label) => !isSingleScript(label));
}

/** Why an email cannot be an account's address (the checks of `emailAddress`, for forms), or null. */
export function emailProblem(value: string, { format = true } = {}): string | null {
  const email = value.trim();
  if (!email) return 'Email is required';
  if (email.length > 254) return 'Email must be at most 254 characters';
  if (hasInvisibleCharacter(email)) return EMAIL_INVISIBLE_MESSAGE;
  if (format && !EMAIL_PATTERN.test(email)) return 'Invalid email format';
  if (mixesScripts(email)) return EMAIL_MIXED_SCRIPT_MESSAGE;
  return null;
}

/** Adds the lookalike checks to a string schema (after its own trim and length checks). */
export const withLookalikeChecks = <T extends z.ZodString>(schema: T) =>
  schema
    .refine((v) => !hasInvisibleCharacter(v), { error: EMAIL_INVISIBLE_MESSAGE, abort: true })
    .refine((v) => !mixesScripts(v), { error: EMAIL_MIXED_SCRIPT_MESSAGE });

const emailText = () =>
  z
    .string({ error: says('validation.email_is_required') })
    .trim()
    .min(1, { error: says('validation.email_is_required'), abort: true })
    .max(254, { error: says('validation.email_must_be_at_most_254_characters'), abort: true })
    .refine((v) => !hasInvisibleCharacter(v), { error: EMAIL_INVISIBLE_MESSAGE, abort: true });

/**
 * An email that becomes or names an account (sign-up, the admin's user form, the interest form):
 * required, at most 254 characters, no invisible characters, `a@b.c`, one script per part.
 */
export const emailAddress = () =>
  emailText()
    .regex(EMAIL_PATTERN, { error: says('validation.invalid_email_format'), abort: true })
    .refine((v) => !mixesScripts(v), { error: EMAIL_MIXED_SCRIPT_MESSAGE });

/**
 * The sign-in email: the same lookalike checks, without the shape check (a malformed address is
 * simply an unknown account there, as before).
 */
export const signInEmail = () =>
  emailText().refine((v) => !mixesScripts(v), { error: EMAIL_MIXED_SCRIPT_MESSAGE });
