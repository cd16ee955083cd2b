/**
 * Property-based input tests driven by the API's OpenAPI document, as the server serves it: every operation,
 * from the JSON Schemas of its parameters and body, receives values that mostly fit the schema with hostile ones mixed in (huge, unicode and
 * control-character strings, SQL and HTML, wrong types, nested objects, arrays for scalars, negative,
 * huge and infinite numbers, prototype keys), as an investor and as an admin. Every answer must be a 2xx,
 * or a 4xx with a message that names the problem: never a 5xx, never internals.
 *
 * The upload routes (and the returns import) also get multipart forms, written byte by byte as a client could send them:
 * hostile field values (repeated fields, prototype names, over-long values), and file parts with hostile
 * names and declared types, empty, random, disguised, over-size and several files, in either order, some
 * forms cut off half-way. Besides the answer, a refused form must leave the uploads folder and the
 * database as they were.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { documents, kycDocuments, projectMedia, stayReports } from '../../src/db/schema';
import {
  createDocumentRow,
  createMediaRow,
  sampleDocx,
  sampleHtml,
  sampleJpeg,
  samplePdf,
  samplePng,
  sampleSvg,
  sampleWebm,
} from '../../src/modules/documents/test-support';
import { createBooking, isoDay } from '../content-factories';
import { bearer, createUser, useTestApp } from '../helpers';
import { documentChecker, documentRoutes, type DocumentRoute, type OpenApiDocument } from './openapi-check';
import { buildWorld, filesUnder, fingerprint, routeKey, uploadsDir, type World } from './support';
import { camtFile } from '../../src/modules/bank-statements/camt-fixture';

/**
 * Fixed, so that a failure is reproduced by running the file again; runs per route and role. A longer
 * hunt: FUZZ_RUNS=100 FUZZ_SEED=<n>.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_707);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);

/** The import of returns from a CSV file: multipart too, its file read whole and never stored. */
const RETURNS_IMPORT = 'POST /api/returns/import';
/** The import of a bank statement file (camt.053/054): read whole, never stored. */
const BANK_IMPORT = 'POST /api/admin/bank-statements';

/** The upload routes: their body is multipart (or JSON without a file), read field by field. */
const UPLOAD_ROUTES = [
  'POST /api/documents',
  'POST /api/documents/media',
  'POST /api/media',
  'PUT /api/documents/:id',
  'PUT /api/documents/media/:id',
  'PUT /api/media/:id',
  RETURNS_IMPORT,
  BANK_IMPORT,
  // An identity document of the caller's own check (issue 34): stored like other uploads.
  'POST /api/kyc/documents',
  // A problem report from the caller's own stay, its photo the part named `photo` (issue 35).
  'POST /api/stays/:id/reports',
];

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
  contentMediaType?: string;
}

/** An operation of the document, with the JSON Schemas of its inputs gathered as the fuzzer uses them. */
interface FuzzRoute extends DocumentRoute {
  /** The name of the file part of its form. */
  file: string;
  json: { params?: JsonSchema; query?: JsonSchema; body?: JsonSchema; form?: JsonSchema };
}

/** The parameters of one place (path or query) as one object schema. */
function parametersSchema(route: DocumentRoute, where: 'path' | 'query'): JsonSchema | undefined {
  const list = (route.operation.parameters ?? []).filter((p) => p.in === where);
  if (!list.length) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(list.map((p) => [p.name, p.schema as JsonSchema])),
    required: list.filter((p) => p.required).map((p) => p.name),
  };
}

/** The name of a form's file part: the property that is bytes ('file' unless the endpoint names it). */
const fileFieldOf = (form: JsonSchema | undefined) =>
  Object.entries(form?.properties ?? {}).find(([, s]) => s.contentMediaType)?.[0] ?? 'file';

function fuzzRoute(route: DocumentRoute): FuzzRoute {
  const content = route.operation.requestBody?.content ?? {};
  const form = content['multipart/form-data']?.schema as JsonSchema | undefined;
  const file = fileFieldOf(form);
  const fields = form && {
    ...form,
    properties: Object.fromEntries(Object.entries(form.properties ?? {}).filter(([k]) => k !== file)),
    required: form.required?.filter((k) => k !== file),
  };
  return {
    ...route,
    file,
    json: {
      params: parametersSchema(route, 'path'),
      query: parametersSchema(route, 'query'),
      body: (content['application/json']?.schema as JsonSchema | undefined) ?? fields,
      form: fields,
    },
  };
}

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

const ctx = useTestApp();
let w: World;
let tokens: { investor: string; admin: string };
let idPool: string[];
let table: FuzzRoute[];
let checkAnswer: ReturnType<typeof documentChecker>;

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
      // Only a stated maxLength bounds what the pattern makes: 60 is a default for free text, and a
      // pattern of a fixed longer length (a SHA-256's 64) would otherwise never pass the filter.
      const matching = fc.stringMatching(new RegExp(s.pattern));
      return s.maxLength === undefined
        ? matching
        : matching.filter((v) => v.length <= Math.max(maxLength, 1));
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

const paramNamesOf = (route: FuzzRoute) =>
  route.url
    .split('/')
    .filter((p) => p.startsWith(':'))
    .map((p) => p.slice(1));

/** The route's query string: mostly what its schema asks for, with extra and prototype keys. */
const queryFor = (route: FuzzRoute): fc.Arbitrary<Record<string, unknown>> =>
  route.json.query
    ? fc
        .tuple(plausible(route.json.query, 0), extraKeys)
        .map(([q, extra]) => ({ ...(q as object), ...extra }))
    : extraKeys;

function requestFor(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const paramNames = paramNamesOf(route);
  const params =
    paramNames.length === 0
      ? fc.constant({})
      : fc.record(
          Object.fromEntries(
            paramNames.map((name) => {
              const own = route.json.params?.properties?.[name];
              return [
                name,
                fc.oneof({ weight: 4, arbitrary: plausible(own ?? { format: 'uuid' }, 1) }, hostileString),
              ];
            }),
          ),
        );
  const query = queryFor(route);
  const bodySchema = route.json.body;
  const body =
    route.method === 'GET' || route.method === 'DELETE'
      ? fc.constant(undefined)
      : bodySchema
        ? fc.oneof(
            {
              weight: 6,
              arbitrary: fc
                .tuple(plausible(bodySchema, 0), extraKeys)
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

function urlOf(route: FuzzRoute, req: FuzzRequest): string {
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
  const served = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(served.statusCode).toBe(200);
  const doc = served.json<OpenApiDocument>();
  table = documentRoutes(doc).map(fuzzRoute);
  checkAnswer = documentChecker(doc);
});

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
            const wrong =
              problem(res.statusCode, res.body) ??
              checkAnswer(route, res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
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

/* ------------------------------------------------------------------------------- multipart uploads */

interface FilePart {
  /** The form field the part is sent in (the routes read `file`). */
  field: string;
  /** The file name in Content-Disposition, or none at all. */
  name: string | null;
  /** The declared Content-Type, or no header. */
  type: string | null;
  bytes: Buffer;
}

interface Form {
  fields: [string, string][];
  files: FilePart[];
  filesFirst: boolean;
  /** The body ends half-way, without its closing boundary. */
  cut: boolean;
}

const BOUNDARY = '----PortalFuzzBoundary7MA4YWxkTrZu0gW';
const CRLF = Buffer.from('\r\n');

/** A multipart body as it goes on the wire; names are written raw, quotes and line breaks included. */
function encodeForm(form: Form): { payload: Buffer; headers: Record<string, string> } {
  const head = (lines: string[]) => Buffer.from(`--${BOUNDARY}\r\n${lines.join('\r\n')}\r\n\r\n`, 'utf8');
  const fieldParts = form.fields.map(([name, value]) =>
    Buffer.concat([
      head([`Content-Disposition: form-data; name="${name}"`]),
      Buffer.from(value, 'utf8'),
      CRLF,
    ]),
  );
  const fileParts = form.files.map((f) =>
    Buffer.concat([
      head([
        `Content-Disposition: form-data; name="${f.field}"${f.name === null ? '' : `; filename="${f.name}"`}`,
        ...(f.type === null ? [] : [`Content-Type: ${f.type}`]),
      ]),
      f.bytes,
      CRLF,
    ]),
  );
  const parts = form.filesFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  const body = Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
  return {
    payload: form.cut ? body.subarray(0, Math.floor(body.length * 0.6)) : body,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** A form field's text: strings as they are, anything else as JSON (infinities as 1e999). */
const fieldText = (v: unknown) => (typeof v === 'string' ? v : bodyText(v));

/** Field name and value pairs; an array becomes the same field repeated. */
function fieldPairs(values: Record<string, unknown>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) pairs.push([k, fieldText(item)]);
    else pairs.push([k, fieldText(v)]);
  }
  return pairs;
}

/** File contents: the kinds the routes accept, and what they must refuse. Filled in before the run. */
const SAMPLES: Partial<Record<(typeof SAMPLE_NAMES)[number] | 'returnsCsv' | 'camt', Buffer>> = {};

async function loadSamples(maxBytes: number) {
  const pdf = await samplePdf('Fuzzed upload');
  Object.assign(SAMPLES, {
    pdf,
    png: samplePng(),
    jpeg: sampleJpeg(),
    webm: sampleWebm(),
    docx: sampleDocx(),
    html: sampleHtml(),
    svg: sampleSvg(),
    text: Buffer.from('month,amount\n2026-01,12.50\n'),
    // Markup behind a PDF's first bytes, and a PDF cut short.
    htmlAfterPdfMagic: Buffer.concat([Buffer.from('%PDF-1.7\n'), sampleHtml()]),
    cutPdf: pdf.subarray(0, 40),
    nul: Buffer.alloc(64),
    overLimit: Buffer.concat([samplePng(), Buffer.alloc(maxBytes + 1 - samplePng().length)]),
  });
}

const fileName = fc.oneof(
  fc.constantFrom(
    'report.pdf',
    'photo.png',
    'photo.jpg',
    'clip.webm',
    'notes.txt',
    'data.csv',
    'letter.docx',
    'image.svg',
    'index.html',
    'report.pdf.html',
    '.pdf',
    'noext',
    '',
    '../../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '/absolute/report.pdf',
    'a"b.pdf',
    "a'; filename*=UTF-8''evil.html",
    'r\r\nContent-Type: text/html\r\n\r\n<script>alert(1)</script>.pdf',
    'nul\u0000byte.pdf',
    'invoice\u202Efdp.exe',
    'Åland — “Q3” 📈.pdf',
    `${'x'.repeat(400)}.png`,
    'con',
  ),
  hostileString,
);

const declaredType = fc.oneof(
  fc.constantFrom(
    'application/pdf',
    'image/png',
    'image/jpeg',
    'video/webm',
    'text/plain',
    'text/csv',
    'text/html',
    'image/svg+xml',
    'application/octet-stream',
    'application/json',
    'multipart/form-data',
    'image/png; charset=evil',
    '',
    'x'.repeat(500),
  ),
  fc.constant(null),
  hostileString.map((t) => t.replace(/[\r\n]/g, ' ')),
);

/** The samples' names; their bytes are looked up when a value is drawn, after `loadSamples`. */
const SAMPLE_NAMES = [
  'pdf',
  'png',
  'jpeg',
  'webm',
  'docx',
  'html',
  'svg',
  'text',
  'htmlAfterPdfMagic',
  'cutPdf',
  'nul',
  'overLimit',
] as const;

const fileBytes = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...SAMPLE_NAMES).map((k) => SAMPLES[k]!) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 3_000 }).map((a) => Buffer.from(a)) },
  { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
);

const filePart: fc.Arbitrary<FilePart> = fc.record({
  field: fc.oneof(
    { weight: 8, arbitrary: fc.constant('file') },
    { weight: 1, arbitrary: fc.constantFrom('document', 'files[]', '', '__proto__', 'name') },
  ),
  name: fc.oneof({ weight: 8, arbitrary: fileName }, { weight: 1, arbitrary: fc.constant(null) }),
  type: declaredType,
  bytes: fileBytes,
});

/** The fields a valid form of each upload route needs (besides its project). */
const WELL_FORMED_FIELDS: Record<string, Record<string, string>> = {
  'POST /api/documents': { name: 'Fuzzed statement' },
  'PUT /api/documents/:id': { name: 'Fuzzed statement' },
  'POST /api/documents/media': { title: 'Fuzzed photo', type: 'photo' },
  'PUT /api/documents/media/:id': { title: 'Fuzzed photo' },
  'POST /api/media': { title: 'Fuzzed photo', type: 'photo', description: 'A fuzzed upload' },
  'PUT /api/media/:id': { description: 'A fuzzed upload' },
  'POST /api/stays/:id/reports': { text: 'A fuzzed report' },
  [RETURNS_IMPORT]: {},
  [BANK_IMPORT]: {},
};
/** Samples each kind of upload route stores. */
const ACCEPTED_SAMPLES = {
  document: ['pdf', 'png', 'jpeg', 'docx', 'text'],
  media: ['png', 'jpeg', 'webm'],
  csv: ['returnsCsv'],
  camt: ['camt'],
  photo: ['png', 'jpeg'],
} as const;

interface UploadTargets {
  /** Rows the update routes can really change, by route. */
  existing: Record<string, string>;
  projects: string[];
  users: string[];
}

interface MultipartRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  form: Form;
}

/**
 * A multipart request to an upload route. Ids mostly name rows that exist (so that forms get past the
 * look-ups to the writes), sometimes anything the schemas allow, sometimes hostile.
 */
function multipartRequestFor(route: FuzzRoute, targets: UploadTargets): fc.Arbitrary<MultipartRequest> {
  const key = routeKey(route);
  const bodySchema = route.json.form!;
  const params = fc.record(
    Object.fromEntries(
      paramNamesOf(route).map((name) => [
        name,
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(targets.existing[key]!) },
          { weight: 1, arbitrary: plausible({ format: 'uuid' }, 1) },
          { weight: 1, arbitrary: hostileString },
        ),
      ]),
    ),
  );
  const target = fc.record(
    { projectId: fc.constantFrom(...targets.projects), userId: fc.constantFrom(...targets.users) },
    { requiredKeys: ['projectId'] },
  );
  // The import reads no project or user from its query, only `dryRun`.
  const query =
    route.json.query && key !== RETURNS_IMPORT
      ? fc.oneof({ weight: 3, arbitrary: target }, { weight: 1, arbitrary: queryFor(route) })
      : queryFor(route);
  const hostileFields = fc
    .tuple(
      plausible(bodySchema, 0),
      fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'file', 'fileKey', 'id', '_id'),
        hostileValue,
        { maxKeys: 2 },
      ),
      fc.option(target, { nil: undefined }),
    )
    .map(([values, extra, where]) => fieldPairs({ ...(values as object), ...extra, ...where }));
  // A form an admin's browser would send, with a file the route takes under a hostile name and type:
  // these get past the checks to the writes, so the storing side is fuzzed as well.
  const purpose =
    key === RETURNS_IMPORT
      ? 'csv'
      : key === BANK_IMPORT
        ? 'camt'
        : /\/media\b/.test(route.url)
          ? 'media'
          : route.file === 'photo'
            ? 'photo'
            : 'document';
  const wellFormed = fc.record({
    fields: target.map((where) => fieldPairs({ ...WELL_FORMED_FIELDS[key], ...where })),
    files: fc
      .record({
        field: fc.constant(route.file),
        name: fileName,
        type: declaredType,
        bytes: fc.constantFrom(...ACCEPTED_SAMPLES[purpose]).map((k) => SAMPLES[k]!),
      })
      .map((f) => [f]),
    filesFirst: fc.boolean(),
    cut: fc.constant(false),
  });
  const form = fc.oneof(
    { weight: 1, arbitrary: wellFormed },
    {
      weight: 2,
      arbitrary: fc.record({
        fields: hostileFields,
        files: fc.oneof(
          { weight: 2, arbitrary: fc.constant<FilePart[]>([]) },
          { weight: 6, arbitrary: filePart.map((f) => [f]) },
          { weight: 1, arbitrary: fc.array(filePart, { minLength: 2, maxLength: 3 }) },
        ),
        filesFirst: fc.boolean(),
        cut: fc.oneof(
          { weight: 8, arbitrary: fc.constant(false) },
          { weight: 1, arbitrary: fc.constant(true) },
        ),
      }),
    },
  );
  return fc.record({ params, query, form });
}

/** A form in a failure message: the fields, and each file part without its bytes. */
const describeForm = (form: Form | undefined) =>
  form
    ? JSON.stringify({
        fields: form.fields.map(([k, v]) => [k, v.slice(0, 80)]),
        files: form.files.map((f) => ({
          ...f,
          bytes: `${f.bytes.length} bytes ${f.bytes.subarray(0, 8).toString('hex')}`,
        })),
        filesFirst: form.filesFirst,
        cut: form.cut,
      }).slice(0, 1500)
    : 'none';

/** Every stored file key that a document, per-user media or project media row points at. */
async function referencedKeys(): Promise<Set<string>> {
  const [docs, media, identity, reports] = await Promise.all([
    ctx.db.select({ key: documents.fileKey }).from(documents),
    ctx.db.select({ key: projectMedia.fileKey }).from(projectMedia),
    ctx.db.select({ key: kycDocuments.fileKey }).from(kycDocuments),
    ctx.db.select({ key: stayReports.photoKey }).from(stayReports),
  ]);
  return new Set(
    [...docs, ...media, ...identity, ...reports].map((r) => r.key).filter((k): k is string => !!k),
  );
}

describe('the upload routes, random and hostile multipart forms', () => {
  it('answer 2xx or a 4xx with a message, never a 5xx; a refusal leaves no file and no row', async () => {
    await loadSamples(ctx.deps.config.uploadMaxBytes);
    // Rows the world's investors can be paid: the import's well-formed file.
    SAMPLES.returnsCsv = Buffer.from(
      `investor,project,month,amount,kind\n${w.a.email},${w.projects.shared.id},2025-03,12.50,income\n` +
        `${w.b.email},${w.projects.shared.name},2025-03,7,capital\n`,
    );
    // A bank file that pays nothing known: read, stored as an unmatched entry (a second time a duplicate).
    SAMPLES.camt = Buffer.from(camtFile({ entries: [{ amount: '12.50', text: ['Fuzzed payment'] }] }));
    const routes = table.filter((r) => r.json.form);
    expect(routes.map(routeKey).sort()).toEqual([...UPLOAD_ROUTES].sort());
    // Rows of their own, so that the update routes have something to change whatever ran before.
    const project = w.projects.shared.id;
    const storedPdf = { data: SAMPLES.pdf!, mime: 'application/pdf', name: 'before.pdf' };
    const doc = await createDocumentRow(ctx.db, ctx.deps.storage, { projectId: project }, storedPdf);
    const userMedia = await createDocumentRow(
      ctx.db,
      ctx.deps.storage,
      { projectId: project, userId: w.b.id, kind: 'media', type: 'photo' },
      { data: SAMPLES.png!, mime: 'image/png', name: 'before.png' },
    );
    const media = await createMediaRow(ctx.db, { projectId: project });
    // The admin's own approved stay, so that a report on it gets past the look-ups to the write.
    const stay = await createBooking(ctx.db, w.admin.id, project, [isoDay(120)], { status: 'approved' });
    const targets: UploadTargets = {
      existing: {
        'PUT /api/documents/:id': doc.id,
        'PUT /api/documents/media/:id': userMedia.id,
        'PUT /api/media/:id': media.id,
        'POST /api/stays/:id/reports': stay.id,
      },
      projects: Object.values(w.projects).map((p) => p.id),
      users: [w.a.id, w.b.id],
    };
    const uploads = uploadsDir(ctx);
    const failures: string[] = [];
    const outcomes = { accepted: 0, refused: 0 };
    for (const route of routes) {
      const result = await fc.check(
        fc.asyncProperty(multipartRequestFor(route, targets), async (req) => {
          const url = urlOf(route, { ...req, body: undefined });
          const filesBefore = filesUnder(uploads);
          const rowsBefore = await fingerprint(ctx.db);
          const form = encodeForm(req.form);
          const res = await ctx.app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...bearer(tokens.admin), ...form.headers },
            payload: form.payload,
          });
          const what = `${route.method} ${url.slice(0, 200)} with ${req.form.files.length} file(s)`;
          const wrong = problem(res.statusCode, res.body);
          if (wrong) throw new Error(`${wrong} for ${what}: ${res.body.slice(0, 300)}`);
          const filesAfter = filesUnder(uploads);
          const halfWritten = filesAfter.filter((f) => f.endsWith('.part'));
          if (halfWritten.length) throw new Error(`half-written files left by ${what}: ${halfWritten}`);
          if (res.statusCode >= 400) {
            outcomes.refused++;
            const added = filesAfter.filter((f) => !filesBefore.includes(f));
            const removed = filesBefore.filter((f) => !filesAfter.includes(f));
            if (added.length || removed.length)
              throw new Error(
                `${res.statusCode} for ${what} changed the uploads: +${added.join(',')} -${removed.join(',')}`,
              );
            const rowsAfter = await fingerprint(ctx.db);
            const changed = Object.keys(rowsAfter).filter((t) => rowsAfter[t] !== rowsBefore[t]);
            if (changed.length)
              throw new Error(`${res.statusCode} for ${what} changed ${changed.join(', ')}`);
          } else {
            outcomes.accepted++;
            // A stored file always belongs to the row that was written.
            const keys = await referencedKeys();
            const orphans = filesAfter
              .filter((f) => !filesBefore.includes(f))
              .filter((f) => !keys.has(f.split('/').at(-1)!));
            if (orphans.length) throw new Error(`${what} stored files no row points at: ${orphans}`);
          }
        }),
        { seed: SEED, numRuns: RUNS * 2, endOnFailure: true },
      );
      if (result.failed)
        failures.push(
          `${routeKey(route)}: ${String(result.errorInstance).slice(0, 800)}\n  form: ${describeForm(result.counterexample?.[0]?.form)}`,
        );
    }
    expect(failures).toEqual([]);
    // Both sides were reached: forms were stored, and forms were refused.
    expect(outcomes.accepted).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
    console.info(`multipart fuzz: ${outcomes.accepted} accepted, ${outcomes.refused} refused`);
  }, 300_000);
});
