import type { Messages } from './resources';

/** A message key without its plural form ('delayed_minutes_other' -> 'delayed_minutes'). */
type Singular<K> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;

type CodesOf<NS extends keyof Messages> = Messages[NS] extends { errors: infer E }
  ? `${NS & string}.${Singular<keyof E & string>}`
  : never;

/**
 * A stable code of an API error (`code` of the error answer, docs/product.md §4): `<namespace>.<name>`,
 * worded in every language by the message `<namespace>:errors.<name>`, with the answer's `params` as its
 * variables. The English message is the answer's `message`.
 */
export type ErrorCode = { [NS in keyof Messages]: CodesOf<NS> }[keyof Messages];

/** The message key of an error code: 'stays.nights_taken' -> 'stays:errors.nights_taken'. */
export const errorKey = (code: string): string => code.replace('.', ':errors.');

/** The code of an error that has none of its own, by its status. */
export function statusErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'common.bad_request';
    case 401:
      return 'common.unauthorized';
    case 403:
      return 'common.forbidden';
    case 404:
      return 'common.not_found';
    case 409:
      return 'common.conflict';
    case 413:
      return 'common.payload_too_large';
    case 415:
      return 'common.unsupported_media_type';
    case 429:
      return 'common.too_many_requests';
    case 503:
      return 'common.unavailable';
    default:
      return status >= 500 ? 'common.internal' : 'common.bad_request';
  }
}

/** A 400 whose fields each have their problem (`fields` of the answer). */
export const VALIDATION_ERROR: ErrorCode = 'common.validation';
