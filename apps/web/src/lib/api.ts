import i18next from 'i18next';
import { API_TIMEOUT_MS } from '@portal/contracts';
import { errorKey, statusErrorCode, type ErrorCode } from '@portal/i18n';
import { SESSION_EXPIRED_MESSAGE, expireSession, refreshSession, tokens } from './session';

/**
 * A failed call: the server's `error` (else `message`), or the transport's message, with the answer's
 * stable `code` (docs/product.md §4; the transport's own when no answer came) and its `params`.
 */
export class ApiError extends Error {
  readonly code: string;
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
    const b = body as { code?: unknown } | undefined;
    this.code = code ?? (typeof b?.code === 'string' ? b.code : statusErrorCode(status));
  }

  get params(): Record<string, unknown> | undefined {
    const p = (this.body as { params?: unknown } | undefined)?.params;
    return p && typeof p === 'object' ? (p as Record<string, unknown>) : undefined;
  }
}

/**
 * What a failed call says, in the page's language: in English the server's own message; in another,
 * the words of its code with its params, else those of its kind of error (a code the page has no
 * words for, say of a namespace not loaded here, is still told in the page's language).
 */
export function errorText(err: ApiError): string {
  if (i18next.language === 'en') return err.message;
  for (const code of [err.code, statusErrorCode(err.status)]) {
    const key = errorKey(code);
    if (i18next.exists(key, err.params))
      return (i18next.t as (k: string, p?: object) => string)(key, err.params);
  }
  return err.message;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body. */
  json?: unknown;
  /** A multipart body. */
  form?: FormData;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** false: a 401/403 fails at once, without the refresh-and-replay (and without expiring the session). */
  refresh?: boolean;
}

/** Calls that must never trigger the refresh-and-replay: they are the session machinery itself. */
const NO_RETRY = /^\/api\/auth\/(refresh|login|logout|register)\b/;

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function send(url: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokens.access;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), opts.timeoutMs ?? API_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
  try {
    return await fetch(url, { method: opts.method ?? 'GET', headers, body, signal, credentials: 'include' });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new ApiError(
      timeout.signal.aborted ? 'The request timed out' : 'Network error: the server could not be reached',
      0,
      undefined,
      timeout.signal.aborted ? 'common.timeout' : 'common.network',
    );
  } finally {
    clearTimeout(timer);
  }
}

async function errorFrom(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    const text = await res.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const b = body as { error?: unknown; message?: unknown } | undefined;
  const message =
    (typeof b?.error === 'string' && b.error) ||
    (typeof b?.message === 'string' && b.message) ||
    `Request failed with status ${res.status}`;
  return new ApiError(message, res.status, body);
}

/**
 * Sends a request with the bearer token. On 401/403 it refreshes the session once and replays; when
 * the refresh fails the session is expired ('Session expired. Please log in again.').
 */
export async function request(path: string, opts: RequestOptions = {}): Promise<Response> {
  const url = buildUrl(path, opts.query);
  const res = await send(url, opts);
  if ((res.status === 401 || res.status === 403) && opts.refresh !== false && !NO_RETRY.test(path)) {
    try {
      await refreshSession();
    } catch {
      expireSession(SESSION_EXPIRED_MESSAGE);
      throw new ApiError(SESSION_EXPIRED_MESSAGE, 401, undefined, 'common.session_expired');
    }
    const replay = await send(url, opts);
    if (!replay.ok) throw await errorFrom(replay);
    return replay;
  }
  if (!res.ok) throw await errorFrom(res);
  return res;
}

/** A JSON call; answers the parsed body. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await request(path, opts);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** A file: the blob and the name from Content-Disposition. A JSON error inside a blob is read too. */
export async function apiBlob(
  path: string,
  opts: RequestOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const res = await request(path, opts);
  const blob = await res.blob();
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  const plain = /filename="?([^";]+)"?/i.exec(cd);
  const filename = star ? decodeURIComponent(star[1]!) : (plain?.[1] ?? null);
  return { blob, filename };
}

/** Saves a blob as a download. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
