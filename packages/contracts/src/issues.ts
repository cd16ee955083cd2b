/**
 * Validation problems in words. zod's own messages ("Too small: expected number to be >=0") and the
 * contracts' messages that start with a property name ("investmentPeriod must be …") are rewritten
 * with the field's label ("Total investment cannot be negative"); messages already written for people
 * ("Name is required") stay as they are. The server builds its 400 answers with these, and the web
 * forms show the same texts next to their fields.
 */

import { saidCode, says, type FieldCode } from './validation';

/** What this module needs of a zod issue (a `z.core.$ZodIssue`, or one rebuilt from Fastify's copy). */
export interface IssueLike {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  expected?: string;
  format?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
  divisor?: number;
}

/** Field errors by the field's path ('totalInvestment', 'address.city'), the first problem of each. */
export type FieldErrors = Record<string, string>;

const WORDS: Record<string, string> = {
  id: 'ID',
  ids: 'IDs',
  url: 'URL',
  roi: 'ROI',
  mfa: 'MFA',
  totp: 'TOTP',
};

/** A property name as words: 'totalInvestment' → 'Total investment', 'annualROI' → 'Annual ROI'. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? (/^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : w.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The key a field's problem is filed under: its path without list positions ('userIds.3' → 'userIds'). */
export function fieldKey(path: readonly PropertyKey[]): string {
  return path.filter((p) => typeof p === 'string').join('.');
}

/** The label of the property a problem is about (its last named step), or null for the whole input. */
function labelOf(path: readonly PropertyKey[]): string | null {
  const key = [...path].reverse().find((p): p is string => typeof p === 'string');
  return key ? fieldLabel(key) : null;
}

/** zod's built-in English messages: these carry no field name and read like a parser's report. */
const ZOD_DEFAULT =
  /^(Invalid input\b|Invalid (string|option|number|key|element|email address|UUID|GUID|URL|ISO \w+|base64\w*|hex|IPv[46]|CIDR\w*|E\.164|JWT|emoji|nanoid|cuid2?|ulid|xid|ksuid)\b|Too (small|big):|Unrecognized keys?\b)/;

const num = (v: number | bigint | undefined) => (v === undefined ? '' : Number(v).toLocaleString('en-US'));

/** A sentence for one of zod's built-in problems about the field labelled `label`. */
function defaultText(issue: IssueLike, label: string): string {
  const received = /received (\w+)/.exec(issue.message)?.[1];
  switch (issue.code) {
    case 'invalid_type':
      if (received === 'undefined' || received === 'null') return `${label} is required`;
      switch (issue.expected) {
        case 'number':
        case 'int':
        case 'bigint':
          return `${label} must be a number`;
        case 'string':
          return `${label} must be text`;
        case 'boolean':
          return `${label} must be yes or no`;
        case 'array':
          return `${label} must be a list`;
        case 'date':
          return `${label} must be a date`;
        default:
          return `${label} is not valid`;
      }
    case 'too_small': {
      const min = Number(issue.minimum ?? 0);
      if (issue.origin === 'string')
        return min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? `${label} needs at least one item` : `${label} needs at least ${min} items`;
      if (min === 0)
        return issue.inclusive === false ? `${label} must be more than 0` : `${label} cannot be negative`;
      return issue.inclusive === false
        ? `${label} must be more than ${num(min)}`
        : `${label} must be at least ${num(min)}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum ?? 0);
      if (issue.origin === 'string') return `${label} must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} can have at most ${max} items`;
      if (max >= 1e9) return `${label} is too large`;
      return issue.inclusive === false
        ? `${label} must be less than ${num(max)}`
        : `${label} must be at most ${num(max)}`;
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return `${label} must be a valid email address`;
        case 'uuid':
        case 'guid':
          return `${label} must be a valid id`;
        case 'url':
          return `${label} must be a valid web address`;
        case 'date':
        case 'datetime':
          return `${label} must be a valid date`;
        default:
          return `${label} is not in the expected format`;
      }
    case 'invalid_value':
      return issue.values && issue.values.length > 0
        ? `${label} must be one of ${issue.values.map(String).join(', ')}`
        : `${label} is not valid`;
    case 'not_multiple_of':
      return issue.divisor === 0.01
        ? `${label} can have at most 2 decimals`
        : `${label} must be a multiple of ${issue.divisor}`;
    default:
      return `${label} is not valid`;
  }
}

/**
 * One problem as a sentence that names the field in words. `whole` names the input when the problem is
 * about all of it ('The request body').
 */
export function issueText(issue: IssueLike, whole = 'The input'): string {
  if (issue.code === 'unrecognized_keys' && issue.keys?.length)
    return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
  const label = labelOf(issue.path) ?? whole;
  const message = issue.message.trim();
  if (!message || ZOD_DEFAULT.test(message)) return defaultText(issue, label);
  // 'investmentPeriod must be …' / 'uploadDate: …' → the label in place of the property name.
  const key = [...issue.path].reverse().find((p): p is string => typeof p === 'string');
  if (key && (message.startsWith(`${key} `) || message.startsWith(`${key}:`))) {
    const rest = message.slice(key.length).replace(/^:\s*/, ' ').trimStart();
    return `${label} ${rest}`;
  }
  // A fragment ('must be a valid id') reads as a sentence after the label.
  if (/^[a-z]/.test(message)) return `${label} ${message}`;
  return message;
}

/** The code of one of zod's built-in problems, the same cases as `defaultText` (its words without the label). */
function defaultCode(issue: IssueLike): FieldCode {
  const received = /received (\w+)/.exec(issue.message)?.[1];
  switch (issue.code) {
    case 'invalid_type':
      if (received === 'undefined' || received === 'null') return { code: 'validation.required' };
      switch (issue.expected) {
        case 'number':
        case 'int':
        case 'bigint':
          return { code: 'validation.not_number' };
        case 'string':
          return { code: 'validation.not_text' };
        case 'boolean':
          return { code: 'validation.not_boolean' };
        case 'array':
          return { code: 'validation.not_list' };
        case 'date':
          return { code: 'validation.not_date' };
        default:
          return { code: 'validation.invalid' };
      }
    case 'too_small': {
      const min = Number(issue.minimum ?? 0);
      if (issue.origin === 'string')
        return min <= 1 ? { code: 'validation.required' } : { code: 'validation.too_short', params: { min } };
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1
          ? { code: 'validation.needs_item' }
          : { code: 'validation.needs_items', params: { min } };
      if (min === 0)
        return { code: issue.inclusive === false ? 'validation.positive' : 'validation.negative' };
      return {
        code: issue.inclusive === false ? 'validation.more_than' : 'validation.at_least',
        params: { min },
      };
    }
    case 'too_big': {
      const max = Number(issue.maximum ?? 0);
      if (issue.origin === 'string') return { code: 'validation.too_long', params: { max } };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { code: 'validation.too_many_items', params: { max } };
      if (max >= 1e9) return { code: 'validation.too_large' };
      return {
        code: issue.inclusive === false ? 'validation.less_than' : 'validation.at_most',
        params: { max },
      };
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return { code: 'validation.email' };
        case 'uuid':
        case 'guid':
          return { code: 'validation.id' };
        case 'url':
          return { code: 'validation.url' };
        case 'date':
        case 'datetime':
          return { code: 'validation.date' };
        default:
          return { code: 'validation.format' };
      }
    case 'invalid_value':
      return issue.values && issue.values.length > 0
        ? { code: 'validation.one_of', params: { values: issue.values.map(String).join(', ') } }
        : { code: 'validation.invalid' };
    case 'not_multiple_of':
      return issue.divisor === 0.01
        ? { code: 'validation.decimals' }
        : { code: 'validation.multiple_of', params: { divisor: Number(issue.divisor) } };
    default:
      return { code: 'validation.invalid' };
  }
}

/**
 * One problem's code (issue 33), which the web app words in the user's language: the code of a message a
 * schema said (`says`), else the code of zod's built-in problem; a text of no code is 'validation.invalid'.
 */
export function issueCode(issue: IssueLike): FieldCode {
  if (issue.code === 'unrecognized_keys' && issue.keys?.length)
    return { code: 'validation.unknown_fields', params: { keys: issue.keys.join(', ') } };
  const message = issue.message.trim();
  if (!message || ZOD_DEFAULT.test(message)) return defaultCode(issue);
  return saidCode(message) ?? { code: 'validation.invalid' };
}

/** Each field's problem by its code, the same problems as `fieldErrors` (`fieldCodes` of a 400 answer). */
export function fieldCodes(issues: readonly IssueLike[]): Record<string, FieldCode> {
  const out: Record<string, FieldCode> = {};
  for (const issue of issues) {
    const key = fieldKey(issue.path);
    if (!key || issue.code === 'unrecognized_keys' || key in out) continue;
    out[key] = issueCode(issue);
  }
  return out;
}

/** The problems by field, the first of each; problems about the whole input are left out. */
export function fieldErrors(issues: readonly IssueLike[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = fieldKey(issue.path);
    if (!key || issue.code === 'unrecognized_keys' || key in out) continue;
    out[key] = issueText(issue);
  }
  return out;
}

/**
 * The message of a refusal: the first problem in words (the forms answer their checks one at a time, in
 * its order); `fieldErrors` gives all of them.
 */
export function issuesMessage(issues: readonly IssueLike[], whole?: string): string {
  return issues[0] ? issueText(issues[0], whole) : 'The input is not valid';
}

/**
 * The problems of the U+0000 characters in a parsed input, one an affected string (or key), by its path.
 * No one types the character and PostgreSQL's text cannot hold it, so every text of every request is
 * refused with it, by field, whatever its schema says.
 */
export function nulIssues(value: unknown, path: PropertyKey[] = []): IssueLike[] {
  if (typeof value === 'string')
    return value.includes('\u0000')
      ? [{ code: 'custom', path, message: says('validation.null_character') }]
      : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => nulIssues(v, [...path, i]));
  if (value === null || typeof value !== 'object') return [];
  // Plain objects only (not a Date or a Buffer); a key with the character is a problem of its object.
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return [];
  return Object.entries(value).flatMap(([k, v]) => [...nulIssues(k, path), ...nulIssues(v, [...path, k])]);
}
