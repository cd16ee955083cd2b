import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { classify } from './errors';

/** The database going away is a 503 however the driver's error arrives; other failures stay what they are. */
const UNAVAILABLE = 'The database is unavailable. Please try again shortly.';
const sysError = (code: string, message = code) => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('classify: database unavailable', () => {
  it.each([
    ['a refused connection, wrapped by drizzle', wrapped(sysError('ECONNREFUSED'))],
    [
      'a refused connection to several addresses (AggregateError)',
      wrapped(new AggregateError([sysError('ECONNREFUSED'), sysError('ECONNREFUSED')], 'connect failed')),
    ],
    [
      'a session ended by the server shutting down (57P01)',
      wrapped(sysError('57P01', 'terminating connection')),
    ],
    ['the server starting up (57P03)', sysError('57P03', 'the database system is starting up')],
    ['a statement cut off by statement_timeout (57014)', wrapped(sysError('57014', 'canceling statement'))],
    ['no answer within query_timeout', wrapped(new Error('Query read timeout'))],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['a lost connection', wrapped(new Error('Connection terminated unexpectedly'))],
    [
      'a connection that broke earlier',
      wrapped(new Error('Client has encountered a connection error and is not queryable')),
    ],
    // A request still running when the embedded database closes (shutdown past its grace) is a 503 too.
    ['the embedded database closing', wrapped(new Error('PGlite is closing'))],
    ['the embedded database closed', wrapped(new Error('PGlite is closed'))],
  ])('%s -> 503 with Retry-After', (_what, err) => {
    expect(classify(err)).toEqual({ status: 503, message: UNAVAILABLE, headers: { 'retry-after': '5' } });
  });

  it('leaves other errors alone', () => {
    expect(classify(wrapped(sysError('23505', 'duplicate key'))).status).toBe(409);
    expect(classify(wrapped(new Error('syntax error at or near "selec"')))).toEqual({
      status: 500,
      message: 'Internal server error',
    });
    expect(classify(new Error('boom')).status).toBe(500);
  });
});
