import type { z } from 'zod';

/**
 * The tables answers are made from. A read names the tables it reads, a write the tables it writes:
 * the server keeps an investor's answer while none of its tables changed (ADR 005), and the web app
 * reloads every view whose tables a write changed (ADR 013).
 */
export const TABLES = [
  'users',
  // How many users there are, kept by the database from users (read with it, never written by the app).
  'user_count',
  'refresh_tokens',
  'sign_ins',
  'passkeys',
  'webauthn_challenges',
  'projects',
  'investments',
  'monthly_returns',
  // Totals kept by the database from investments and monthly_returns (migration 0022; never written by the app).
  'project_investment_totals',
  'investor_count',
  'monthly_return_totals',
  'updates',
  'update_reads',
  'perks',
  'cabin_allowances',
  'bookings',
  'booking_nights',
  'documents',
  'project_media',
  'notifications',
  // How many notifications there are, kept by the database (migration 0022; never written by the app).
  'notification_count',
  'interest_registrations',
  'audit_log',
  // How many audit entries there are, kept by the database (migration 0024; never written by the app).
  'audit_count',
  'settings',
  'recovery_codes',
  'stream_tickets',
  'distributions',
  'distribution_allocations',
  'capital_returns',
  'mail_messages',
  'password_resets',
  'statement_publications',
  'statement_files',
  'cabins',
  'high_seasons',
  'stay_rules',
  'activity_requests',
  'swap_offers',
  'waitlist_entries',
  // Peak allocations (issue 35, ADR 029).
  'allocations',
  'allocation_stays',
  'allocation_preferences',
  'stay_reports',
  'rental_incomes',
  'adjustments',
  // The running hash over the money entries, appended by the database's triggers (migration 0029; never written by the app).
  'ledger_chain',
  'calendar_feeds',
  'allowance_reminders',
  // Money in (issue 34, ADR 028).
  'offerings',
  'data_room_downloads',
  'kyc_checks',
  'kyc_documents',
  'subscriptions',
  'signatures',
  'capital_calls',
  'capital_call_lines',
  'bank_imports',
  'bank_transactions',
  // Your data (issue 36): the archives of an investor's data they asked for.
  'data_exports',
  // Requests to erase an account (GDPR article 17, ADR 031).
  'erasure_requests',
  // Delegated access (issue 36, ADR 032).
  'delegations',
] as const;
export type Table = (typeof TABLES)[number];

/** Who may call an endpoint: anyone, a signed-in user, or an administrator. */
export type Access = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 416 | 429 | 503;

/** An answer that is a file: its bytes, one of these content types, with Range support where said. */
export interface FileAnswer {
  kind: 'file';
  types: readonly string[];
  ranges?: boolean;
}

/** An answer that is a stream of server-sent events, each event's data one of `event`. */
export interface EventStreamAnswer {
  kind: 'event-stream';
  event: z.ZodType;
}

/** A multipart/form-data body: its text fields and one file part, named `file` unless `fileField` says. */
export interface MultipartBody {
  fields: z.ZodType;
  file: 'required' | 'optional';
  /** The name of the file part, where the contract names it otherwise ('photo'). */
  fileField?: string;
  /** The same fields may also come as JSON, without a file. */
  json?: boolean;
  /** Fields the handler requires although `fields` lets them be left out (see `requiredQuery`). */
  required?: readonly string[];
}

/**
 * One endpoint of the API, declared once: the server registers its route from this, the web app calls
 * it through the typed client, and the OpenAPI document and the security tests are derived from it.
 */
export interface EndpointDef {
  /** 'resource.action': the OpenAPI operationId and the first part of the web app's query keys. */
  id: string;
  method: Method;
  path: `/api/${string}`;
  access: Access;
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /**
   * Query parameters the handler requires although `query` lets them be left out, so that a missing one
   * gets the handler's exact message ('Project ID is required'): the OpenAPI document marks them required.
   */
  requiredQuery?: readonly string[];
  body?: z.ZodType;
  multipart?: MultipartBody;
  /** The success status: 200 unless said. */
  status?: 200 | 201;
  answer: z.ZodType | FileAnswer | EventStreamAnswer;
  /** Error statuses beyond those the declaration implies (see `errorStatuses`). */
  errors?: readonly ErrorStatus[];
  /**
   * An error answer that carries more than the error envelope (`errorBody`), by status: the schema must
   * allow the plain envelope too, since any 400 of the endpoint may be a plain one.
   */
  errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>;
  /** The tables the answer is made from (reads), or that the call changes (writes). */
  reads?: readonly Table[];
  writes?: readonly Table[];
  /** An investor's answer may be kept by the server while none of `reads` changed (ADR 005). */
  cache?: boolean;
  /** Left out of the OpenAPI document (the document itself). */
  undocumented?: boolean;
}

/** The JSON schema of an endpoint's answer, or null when it answers a file or an event stream. */
export const jsonAnswer = (e: EndpointDef): z.ZodType | null =>
  'kind' in e.answer && (e.answer.kind === 'file' || e.answer.kind === 'event-stream')
    ? null
    : (e.answer as z.ZodType);
const fileAnswer = (e: EndpointDef): FileAnswer | null =>
  !jsonAnswer(e) && (e.answer as FileAnswer).kind === 'file' ? (e.answer as FileAnswer) : null;

/** Declares an endpoint, keeping its literal types for the server's handler and the web client. */
export const endpoint = <const E extends EndpointDef>(e: E): E => e;

export type JsonAnswer<E extends EndpointDef> = E['answer'] extends z.ZodType ? E['answer'] : never;
/** What the server's handler returns for a JSON endpoint (before the schema serializes it). */
export type AnswerInput<E extends EndpointDef> = E['answer'] extends z.ZodType ? z.input<E['answer']> : never;
/** What the client receives from a JSON endpoint. */
export type Answer<E extends EndpointDef> = E['answer'] extends z.ZodType ? z.output<E['answer']> : never;

type In<S> = S extends z.ZodType ? z.input<S> : never;
type Out<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller gives: path params, query and body, each present exactly when the endpoint has one. */
export type CallInput<E extends EndpointDef> = (E extends { params: z.ZodType }
  ? { params: In<E['params']> }
  : object) &
  (E extends { query: z.ZodType } ? { query?: In<E['query']> } : object) &
  (E extends { body: z.ZodType } ? { body: In<E['body']> } : object) &
  (E extends { multipart: MultipartBody } ? { form: FormData } : object);

/** What a handler reads, after the schemas have parsed the request. */
export interface HandlerInput<E extends EndpointDef> {
  params: E extends { params: z.ZodType } ? Out<E['params']> : Record<string, never>;
  query: E extends { query: z.ZodType } ? Out<E['query']> : Record<string, never>;
  body: E extends { body: z.ZodType } ? Out<E['body']> : undefined;
}

const bodyMethods = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every error status an endpoint can answer: a bad input (400), no or a bad sign-in (401), not an
 * admin or a delegate's role that does not allow it (403), an id that names nothing (404), a body too large (413) or of another type (415), and the
 * database or the server being unavailable (503); plus what the declaration adds.
 */
export function errorStatuses(e: EndpointDef): ErrorStatus[] {
  const s = new Set<ErrorStatus>(e.errors ?? []);
  if (e.params || e.query || e.body || e.multipart || bodyMethods.has(e.method)) s.add(400);
  if (e.access !== 'public') s.add(401);
  // Not an admin; for an investor's endpoint, a delegate's role that does not allow it (ADR 032).
  if (e.access !== 'public') s.add(403);
  // An id that names nothing; a path part too long to be one.
  if (e.path.includes(':')) s.add(404).add(414);
  if (e.body || e.multipart || bodyMethods.has(e.method)) s.add(413).add(415);
  if (fileAnswer(e)?.ranges) s.add(416);
  s.add(503);
  return [...s].sort((a, b) => a - b);
}

/** The success statuses: the declared one, and 206 for a part of a file that supports ranges. */
export function successStatuses(e: EndpointDef): number[] {
  return [e.status ?? 200, ...(fileAnswer(e)?.ranges ? [206] : [])];
}

/** The address of a call: the path with its params filled in, and the query string. */
export function endpointUrl(
  e: EndpointDef,
  input: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {},
): string {
  const path = e.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = input.params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`${e.id}: the path needs ${name}`);
    return encodeURIComponent(String(v));
  });
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {}))
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const q = qs.toString();
  return q ? `${path}?${q}` : path;
}

/** Whether a write changes what a read is made from (the web app reloads that read). */
export const writeAffects = (write: Pick<EndpointDef, 'writes'>, read: Pick<EndpointDef, 'reads'>) =>
  !!write.writes?.some((t) => read.reads?.includes(t));
