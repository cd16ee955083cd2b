import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  fieldCodes,
  fieldErrors,
  issuesMessage,
  nulIssues,
  saidCode,
  type FieldCode,
  type FieldErrors,
  type IssueLike,
} from '@portal/contracts';
import { statusErrorCode, VALIDATION_ERROR, type ErrorCode } from '@portal/i18n';
import {
  AppError,
  BadRequestWithDataError,
  DATABASE_UNAVAILABLE,
  ValidationError,
  pgErrorCode,
  type ErrorParams,
} from '../lib/errors';
import { API_ANSWER_HEADERS } from './security';

interface Answer {
  status: number;
  message: string;
  /** The error's own code, when it has one (else one by its status, `errorCode`). */
  code?: ErrorCode;
  params?: ErrorParams;
  headers?: Record<string, string>;
  /** A 400 from a schema: each field's problem in words. */
  fields?: FieldErrors;
  /** A 400 from a schema: each field's problem by its code and params (docs/product.md §4). */
  fieldCodes?: Record<string, FieldCode>;
  /** What the answer carries besides the message (see BadRequestWithDataError). */
  data?: unknown;
}

/** What a problem about the whole of a request part is called. */
const WHOLE: Record<string, string> = {
  body: 'The request body',
  querystring: 'The address',
  params: 'The address',
  headers: 'The request headers',
};

/** The 400 of a parsed request part holding U+0000 in a text (`nulIssues`), by field; null without one. */
export function nulRefusal(value: unknown, part = 'body'): ValidationError | null {
  const issues = nulIssues(value);
  return issues.length
    ? new ValidationError(issuesMessage(issues, WHOLE[part]), fieldErrors(issues), fieldCodes(issues))
    : null;
}

/** Parses each request part with its zod schema, then refuses a text holding U+0000 (`nulRefusal`). */
export const requestValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const result = validate(data);
    const refused =
      typeof result === 'object' && 'value' in result ? nulRefusal(result.value, route.httpPart) : null;
    return refused ? { error: refused } : result;
  };
};

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|is not queryable|PGlite is clos(ed|ing)/i;

/**
 * True when the database could not be reached or went away. Drivers' errors arrive wrapped (drizzle's
 * DrizzleQueryError keeps the driver's error as `cause`; a refused connection to a host with several
 * addresses is an AggregateError), so the whole chain is searched.
 */
function databaseUnavailable(err: unknown): boolean {
  const queue = [err];
  for (let i = 0; i < queue.length && i < 16; i++) {
    const e = queue[i] as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | null;
    if (!e || typeof e !== 'object') continue;
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    queue.push(e.cause);
    if (Array.isArray(e.errors)) queue.push(...e.errors);
  }
  return false;
}

/**
 * The codes of a refusal's field problems a service wrote with a contracts message ('The rental price
 * can be at most €250 a night'), when it named none itself; undefined when no problem has one.
 */
function saidFieldCodes(fields: FieldErrors): Record<string, FieldCode> | undefined {
  const codes = Object.entries(fields).flatMap(([name, text]) => {
    const said = saidCode(text);
    return said ? [[name, said] as const] : [];
  });
  return codes.length ? Object.fromEntries(codes) : undefined;
}

/** Turns any error into a status and a message written for the user; 5xx never carry internals. */
export function classify(err: unknown): Answer {
  if (err instanceof ValidationError)
    return {
      status: 400,
      message: err.message,
      code: err.code,
      params: err.params,
      fields: err.fields,
      fieldCodes: err.fieldCodes ?? (err.code ? undefined : saidFieldCodes(err.fields)),
    };
  if (err instanceof BadRequestWithDataError)
    return { status: 400, message: err.message, code: err.code, params: err.params, data: err.data };
  if (err instanceof AppError)
    return {
      status: err.statusCode,
      message: err.message,
      code: err.code,
      params: err.params,
      headers: err.headers,
    };
  const e = err as FastifyError & { validationContext?: string };
  if (hasZodFastifySchemaValidationErrors(err)) {
    // fastify-type-provider-zod keeps each zod issue's code, path and details; rebuilt, they are worded
    // with the field's label ("Total investment cannot be negative"), the same texts the forms show.
    const issues: IssueLike[] = err.validation.map((v) => ({
      ...(v.params as Omit<IssueLike, 'code' | 'path' | 'message'>),
      code: v.keyword,
      path: v.instancePath
        .split('/')
        .filter(Boolean)
        .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      message: v.message ?? '',
    }));
    const whole = WHOLE[e.validationContext ?? ''] ?? 'The input';
    return {
      status: 400,
      message: issuesMessage(issues, whole),
      fields: fieldErrors(issues),
      fieldCodes: fieldCodes(issues),
    };
  }
  if (isResponseSerializationError(err)) return { status: 500, message: 'Internal server error' };
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
      return { status: 413, message: 'The request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Unsupported content type' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'The request body is empty' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: 'The request body is not valid JSON' };
    case 'FST_ERR_BAD_URL':
      return { status: 400, message: 'The address is not valid' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, message: 'A part of the address is too long' };
  }
  if (err instanceof SyntaxError) return { status: 400, message: 'The request body is not valid JSON' };
  const pg = pgErrorCode(err);
  if (pg) {
    if (pg === '23505') return { status: 409, message: 'This record already exists' };
    if (pg === '23503') return { status: 400, message: 'A referenced record does not exist' };
    if (pg === '23514' || pg.startsWith('22'))
      return { status: 400, message: 'A value is out of range or malformed' };
    // Connection failures, the server shutting down or starting, too many connections, and a statement
    // cut off by statement_timeout (the database is too slow to answer in time).
    if (pg.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '57014'].includes(pg))
      return {
        status: 503,
        message: DATABASE_UNAVAILABLE,
        headers: { 'retry-after': '5' },
      };
  }
  if (databaseUnavailable(err))
    return {
      status: 503,
      message: DATABASE_UNAVAILABLE,
      headers: { 'retry-after': '5' },
    };
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500)
    return { status: e.statusCode, message: e.message };
  return { status: 500, message: 'Internal server error' };
}

/** The stable code of an answer (docs/product.md §4): its own, else the one of its kind. */
const errorCode = (answer: Answer): ErrorCode =>
  answer.code ?? (answer.fields ? VALIDATION_ERROR : statusErrorCode(answer.status));

/** Answers an error in the envelope; also used for what the router refuses before any route is found. */
export function sendError(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = classify(err);
  // Our own refusals (including a 503 while shutting down) are expected; a failure we did not foresee
  // is an error, and a database outage a warning.
  if (answer.status >= 500 && !(err instanceof AppError)) {
    if (answer.status === 503) request.log.warn({ err }, 'database unavailable');
    else request.log.error({ err }, 'request failed');
  } else request.log.info({ status: answer.status, msg: answer.message }, 'request refused');
  if (answer.headers) void reply.headers(answer.headers);
  return reply.status(answer.status).send({
    success: false,
    message: answer.message,
    error: answer.message,
    code: errorCode(answer),
    ...(answer.params ? { params: answer.params } : {}),
    ...(answer.fields ? { fields: answer.fields } : {}),
    ...(answer.fieldCodes ? { fieldCodes: answer.fieldCodes } : {}),
    ...(answer.data !== undefined ? { data: answer.data } : {}),
  });
}

export function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler(sendError);
}

/** What Node's HTTP parser refuses before Fastify sees a request, by its error code. */
function clientErrorAnswer(code: string | undefined): Answer {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, message: 'The request took too long to arrive' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'The request headers are too large' };
  if (code && /HEADER/.test(code))
    return { status: 400, message: 'A request header is not valid: it holds a character not allowed there' };
  if (code && /CONTENT_LENGTH|TRANSFER_ENCODING|CHUNK/.test(code))
    return { status: 400, message: 'The length of the request body is not stated correctly' };
  if (code === 'HPE_INVALID_METHOD') return { status: 400, message: 'The request method is not valid' };
  if (code === 'HPE_INVALID_URL') return { status: 400, message: 'The address is not valid' };
  return { status: 400, message: 'The request is not valid HTTP' };
}

/**
 * A request Node's parser refuses (a header with a control character, a bad length, headers too large,
 * too slow to arrive) is answered here, on the socket, in the API's envelope and with its headers:
 * Fastify's own answer is `{"error":"Bad Request","message":"Client Error"}`. The connection then closes.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection is gone: there is no one to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = clientErrorAnswer(err.code);
  this.log.debug({ err, status: answer.status }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify({
      success: false,
      message: answer.message,
      error: answer.message,
      code: errorCode(answer),
    });
    const headers = {
      ...API_ANSWER_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
    socket.write(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${head.join('')}\r\n${body}`);
  }
  socket.destroy(err);
}
