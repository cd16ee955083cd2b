import type { FieldCode } from '@portal/contracts';
import { englishTranslator, errorKey, type ErrorCode } from '@portal/i18n';

/** The variables of an error's message (`params` of the answer). */
export type ErrorParams = Record<string, string | number>;

/**
 * An error with a stable code (docs/product.md §4): the answer carries the code and its params, which
 * the web app words in the user's language, and the English message for API users.
 */
export interface CodedError {
  code: ErrorCode;
  params?: ErrorParams;
}

/** `new ConflictError(coded('stays.nights_taken', { date }))`. */
export const coded = (code: ErrorCode, params?: ErrorParams): CodedError => ({ code, params });

let english: ReturnType<typeof englishTranslator> | undefined;
/** The English message of a coded error (a field's problem in `fields`, which stays English). */
export function englishMessage({ code, params }: CodedError): string {
  english ??= englishTranslator();
  // A key chosen at run time: typed as a string (the code's type already names an existing message).
  return (english.t as (key: string, params?: ErrorParams) => string)(errorKey(code), params);
}

/** Typed application errors; the error handler turns them into the envelope (docs/product.md §4). */
export class AppError extends Error {
  readonly code?: ErrorCode;
  readonly params?: ErrorParams;
  constructor(
    readonly statusCode: number,
    message: string | CodedError,
    readonly headers?: Record<string, string>,
  ) {
    super(typeof message === 'string' ? message : englishMessage(message));
    this.name = new.target.name;
    if (typeof message !== 'string') {
      this.code = message.code;
      this.params = message.params;
    }
  }
}

export class BadRequestError extends AppError {
  constructor(message: string | CodedError) {
    super(400, message);
  }
}
/**
 * A 400 from a schema: the readable message and each field's problem (`fields` of the answer), with its
 * code when a schema said it (`fieldCodes`, docs/product.md §4).
 */
export class ValidationError extends BadRequestError {
  constructor(
    message: string | CodedError,
    readonly fields: Record<string, string>,
    readonly fieldCodes?: Record<string, FieldCode>,
  ) {
    super(message);
  }
}
/** A 400 whose answer carries `data` besides its message (an import's rows, each with its problem). */
export class BadRequestWithDataError extends BadRequestError {
  constructor(
    message: string | CodedError,
    readonly data: unknown,
  ) {
    super(message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string | CodedError = 'Authentication required') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string | CodedError = 'You do not have permission to do this') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(what = 'Resource') {
    super(404, `${what} not found`);
  }
}
export class ConflictError extends AppError {
  constructor(message: string | CodedError) {
    super(409, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string | CodedError = 'The upload is too large') {
    super(413, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string | CodedError, retryAfterSeconds: number) {
    super(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
/** What a request that needed the database answers while it cannot be reached. */
export const DATABASE_UNAVAILABLE = 'The database is unavailable. Please try again shortly.';

export class ServiceUnavailableError extends AppError {
  constructor(
    message: string | CodedError = 'The service is temporarily unavailable. Please try again shortly.',
  ) {
    super(503, message, { 'retry-after': '5' });
  }
}

/** PostgreSQL error codes we translate instead of answering 500. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function pgConstraint(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';

/** A 400 on one field: the coded error, with its English message as that field's problem (`fields`). */
export const fieldError = (field: string, error: CodedError) =>
  new ValidationError(error, { [field]: englishMessage(error) });
