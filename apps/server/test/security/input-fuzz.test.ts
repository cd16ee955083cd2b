/**
 * Property-based input tests: every route of the route table, driven by its own zod schemas (turned into
 * JSON Schema), receives values that mostly fit the schema with hostile ones mixed in (huge, unicode and
 * control-character strings, SQL and HTML, wrong types, nested objects, arrays for scalars, negative,
 * huge and infinite numbers, prototype keys), as an investor and as an admin. Every answer must be a 2xx,
 * or a 4xx with a message that names the problem: never a 5xx, never internals.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  documentFields,
  documentWriteQuery,
  projectMediaFields,
  projectMediaUpdateFields,
  userMediaFields,
} from '@portal/contracts';
import type * as AuthModule from '../../src/plugins/auth';
import { bearer, buildTestApp, createUser, type TestContext } from '../helpers';
import type { RouteEntry } from './route-table';
import { buildWorld, routeKey, type World } from './support';

const table = vi.hoisted(() => [] as RouteEntry[]);
vi.mock('../../src/plugins/auth', async (importOriginal) =>
  (await import('./route-table')).recordingAuthModule(await importOriginal<typeof AuthModule>(), table),
);

/**
 * Fixed, so that a failure is reproduced by running the file again; runs per route and role. A longer
 * hunt: FUZZ_RUNS=100 FUZZ_SEED=<n>.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_707);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);

/**
 * Routes whose body is multipart or JSON and is parsed in the handler (the file streams while the fields
 * arrive), with the contracts schemas the handler uses.
 */
const withTarget = <T extends z.ZodObject>(fields: T) => fields.extend(documentWriteQuery.shape);
const HANDLER_BODIES: Record<string, z.ZodType> = {
  'POST /api/documents': withTarget(documentFields),
  'PUT /api/documents/:id': withTarget(documentFields),
  'POST /api/documents/media': withTarget(userMediaFields),
  'PUT /api/documents/media/:id': withTarget(userMediaFields),
  'POST /api/media': projectMediaFields,
  'PUT /api/media/:id': projectMediaUpdateFields,
};

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

const toJson = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Numbers JSON cannot spell, written into the body text in place of these markers. */
const INFINITY = '__FUZZ_INFINITY__';
const MINUS_INFINITY = '__FUZZ_MINUS_INFINITY__';

function nested(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\r\n\r\nX-Injected: 1',
    "' OR '1'='1' --",
    "'); DROP TABLE users; --",
    '1; select pg_sleep(5)',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '${7*7}{{7*7}}',
    '../../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '%00%2e%2e%2f',
    '\uFEFF\u202E\u200B',
    '\uD800',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '99999999999999999999999',
    '0x10',
    'true',
    'null',
    '2025-13-45',
    '9999-12-31T23:59:59Z',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '𝕳𝖊𝖑𝖑𝖔 👨‍👩‍👧‍👦',
  ),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(
    -1,
    -0,
    0,
    0.001,
    1.005,
    2 ** 31,
    2 ** 53 + 1,
    -(2 ** 63),
    1e308,
    Number.MIN_VALUE,
    INFINITY,
    MINUS_INFINITY,
  ),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null)), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.integer({ min: 5, max: 2_000 }).map(nested),
);

let ctx: TestContext;
let w: World;
let tokens: { investor: string; admin: string };
let idPool: string[];

/** A value that mostly fits the schema, so that requests reach the service behind the validation. */
function plausible(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => valueFor(b, depth)));
  if (s.allOf?.length) return valueFor(s.allOf[0]!, depth);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      if (depth > 3 || !s.properties)
        return fc.dictionary(fc.string({ maxLength: 6 }), fc.string(), { maxKeys: 2 });
      const model = Object.fromEntries(
        Object.entries(s.properties).map(([k, v]) => [k, valueFor(v, depth + 1)]),
      );
      const required = (s.required ?? []).filter((k) => k in model);
      return fc.record(model, { requiredKeys: required });
    }
    case 'array':
      return fc.array(valueFor(s.items ?? {}, depth + 1), {
        minLength: Math.min(s.minItems ?? 0, 3),
        maxLength: Math.min(s.maxItems ?? 4, 4),
      });
    case 'string':
      return plausibleString(s);
    case 'integer':
      return fc.integer({
        min: Math.max(s.minimum ?? -1_000, -1_000_000),
        max: Math.min(s.maximum ?? 100_000, 1_000_000_000),
      });
    case 'number': {
      const min = s.minimum ?? s.exclusiveMinimum ?? -1_000;
      const max = s.maximum ?? s.exclusiveMaximum ?? 1_000_000_000_000;
      return fc.oneof(
        fc.integer({ min: Math.ceil(Math.max(min, -1e9)), max: Math.floor(Math.min(max, 1e9)) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean());
  }
}

function plausibleString(s: JsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(s.maxLength ?? 60, 300);
  const minLength = Math.min(s.minLength ?? 0, maxLength);
  switch (s.format) {
    case 'uuid':
      return fc.oneof(fc.constantFrom(...idPool), fc.uuid());
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress();
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= Math.max(maxLength, 1));
    } catch {
      // A pattern fast-check cannot read: plain strings below.
    }
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, 40) }),
  );
}

/** Mostly the schema's own kind of value, sometimes a hostile one. */
const valueFor = (s: JsonSchema, depth: number): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 5, arbitrary: plausible(s, depth) }, { weight: 1, arbitrary: hostileValue });

/** Extra keys nobody asked for, prototype keys among them. */
const extraKeys = fc.dictionary(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'userId', 'id', '_id', 'role', 'zzz'),
  hostileValue,
  { maxKeys: 2 },
);

interface FuzzRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

function requestFor(route: RouteEntry): fc.Arbitrary<FuzzRequest> {
  const paramNames = route.url
    .split('/')
    .filter((p) => p.startsWith(':'))
    .map((p) => p.slice(1));
  const params =
    paramNames.length === 0
      ? fc.constant({})
      : fc.record(
          Object.fromEntries(
            paramNames.map((name) => {
              const own = route.schema.params ? toJson(route.schema.params).properties?.[name] : undefined;
              return [
                name,
                fc.oneof({ weight: 4, arbitrary: plausible(own ?? { format: 'uuid' }, 1) }, hostileString),
              ];
            }),
          ),
        );
  const query = route.schema.querystring
    ? fc
        .tuple(plausible(toJson(route.schema.querystring), 0), extraKeys)
        .map(([q, extra]) => ({ ...(q as object), ...extra }))
    : extraKeys;
  const bodySchema = route.schema.body ?? HANDLER_BODIES[routeKey(route)];
  const body =
    route.method === 'GET' || route.method === 'DELETE'
      ? fc.constant(undefined)
      : bodySchema
        ? fc.oneof(
            {
              weight: 6,
              arbitrary: fc
                .tuple(plausible(toJson(bodySchema), 0), extraKeys)
                .map(([b, e]) => ({ ...(b as object), ...e })),
            },
            { weight: 1, arbitrary: hostileValue },
          )
        : fc.oneof(fc.constant(undefined), extraKeys, hostileValue);
  return fc.record({ params, query, body });
}

function segment(v: unknown): string {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: sent as the malformed UTF-8 it would be on the wire.
    return `${encodeURIComponent(text.replace(/\p{Cs}/gu, ''))}%ED%A0%80`;
  }
}

function urlOf(route: RouteEntry, req: FuzzRequest): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => segment(req.params[name]) || 'x');
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query)) {
    if (v === undefined) continue;
    // Arrays become repeated keys: an array where the schema wants one value.
    if (Array.isArray(v))
      for (const item of v) qs.append(k, typeof item === 'string' ? item : JSON.stringify(item));
    else qs.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const q = qs.toString();
  return q ? `${path}?${q}` : path;
}

/** JSON text of the body; '__proto__' survives as an own key, and the infinity markers become 1e999. */
function bodyText(body: unknown): string {
  return JSON.stringify(body)
    .replaceAll(`"${INFINITY}"`, '1e999')
    .replaceAll(`"${MINUS_INFINITY}"`, '-1e999');
}

/** What is wrong with an answer, or null when it is a 2xx or a 4xx with a message. */
function problem(status: number, body: string): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 500) return `status ${status}`;
  if (status < 400) return null;
  let parsed: { success?: unknown; message?: unknown; error?: unknown };
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${status} without a JSON body`;
  }
  if (parsed.success !== false || typeof parsed.message !== 'string' || !parsed.message.trim())
    return `${status} without a message`;
  if (parsed.message !== parsed.error) return `${status}: message and error differ`;
  if (
    /\bat .+:\d+:\d+|node_modules|\bselect\b.+\bfrom\b|insert into|violates|syntax error|ZodError/i.test(
      parsed.message,
    )
  )
    return `${status} shows internals: ${parsed.message.slice(0, 200)}`;
  return null;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  w = await buildWorld(ctx);
  // Fuzzed admin writes delete and deactivate users: give them someone who is neither caller.
  const victim = await createUser(ctx.db);
  tokens = { investor: w.tokens.b, admin: w.tokens.admin };
  idPool = [
    ...Object.values(w.projects).map((p) => p.id),
    ...Object.values(w.objects),
    victim.id,
    crypto.randomUUID(),
  ];
});
afterAll(() => ctx.close());

describe('every route, random and hostile input', () => {
  it('answers 2xx or a 4xx with a message, never a 5xx, as an investor and as an admin', async () => {
    const routes = table.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        // Streams stay open: their input is tested in the notifications tests.
        r.url !== '/api/notifications/stream',
    );
    expect(routes.length).toBeGreaterThan(80);
    const failures: string[] = [];
    let sent = 0;
    const started = Date.now();
    for (const route of routes) {
      // Logout with a caller's token would end that caller's sign-in for the routes after it.
      const roles: (keyof typeof tokens | 'anonymous')[] =
        route.access === 'public'
          ? ['anonymous']
          : route.access === 'admin'
            ? ['admin']
            : ['investor', 'admin'];
      for (const role of roles) {
        const token = role === 'anonymous' ? undefined : tokens[role];
        const result = await fc.check(
          fc.asyncProperty(requestFor(route), async (req) => {
            const url = urlOf(route, req);
            const res = await ctx.app.inject({
              method: route.method as 'GET',
              url,
              headers: {
                ...(token ? bearer(token) : {}),
                ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(req.body !== undefined ? { payload: bodyText(req.body) } : {}),
            });
            sent++;
            const wrong = problem(res.statusCode, res.body);
            if (wrong)
              throw new Error(`${wrong} for ${route.method} ${url.slice(0, 300)}: ${res.body.slice(0, 300)}`);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
        if (result.failed)
          failures.push(`${role} ${routeKey(route)}: ${String(result.errorInstance).slice(0, 600)}`);
      }
    }
    // The callers' sign-ins survived the run: the later routes were really reached as them.
    for (const token of Object.values(tokens))
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode,
      ).toBe(200);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * RUNS);
    console.info(`input fuzz: ${sent} requests in ${Date.now() - started} ms`);
  }, 300_000);

  it('leaves Object.prototype as it was', () => {
    const probe = {} as Record<string, unknown>;
    for (const key of ['polluted', 'isAdmin', 'x', 'a']) expect(probe[key], key).toBeUndefined();
  });
});
