import { endpointUrl, type Answer, type CallInput, type EndpointDef } from '@portal/contracts';
import { ApiError } from './api';
import { SESSION_EXPIRED_MESSAGE, expireSession, refreshSession, tokens } from './session';

/** Uploads may be large: they get longer than the 10 s of ordinary calls. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

interface UploadOptions {
  method?: 'POST' | 'PUT';
  query?: Record<string, string | null | undefined>;
  /** Called with 0..100 as the body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

interface Sent {
  status: number;
  body: unknown;
}

function send(url: string, form: FormData, opts: UploadOptions): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('accept', 'application/json');
    const token = tokens.access;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () =>
      reject(new ApiError('Network error: the server could not be reached', 0, undefined, 'common.network'));
    xhr.ontimeout = () => reject(new ApiError('The upload timed out', 0, undefined, 'common.upload_timeout'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function failure({ status, body }: Sent): ApiError {
  const b = body as { error?: unknown; message?: unknown } | undefined;
  const message =
    (typeof b?.error === 'string' && b.error) ||
    (typeof b?.message === 'string' && b.message) ||
    `Request failed with status ${status}`;
  return new ApiError(message, status, body);
}

/**
 * A multipart request with upload progress (fetch cannot report it). Like `api()`, it sends the bearer
 * token, refreshes the session once on 401/403 and replays, and fails with the server's `error`.
 */
async function uploadForm<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v) params.set(k, v);
  const url = params.size ? `${path}?${params}` : path;
  opts.onProgress?.(0);
  let res = await send(url, form, opts);
  if (res.status === 401 || res.status === 403) {
    try {
      await refreshSession();
    } catch {
      expireSession(SESSION_EXPIRED_MESSAGE);
      throw new ApiError(SESSION_EXPIRED_MESSAGE, 401, undefined, 'common.session_expired');
    }
    res = await send(url, form, opts);
  }
  if (res.status < 200 || res.status > 299) throw failure(res);
  opts.onProgress?.(100);
  return res.body as T;
}

/**
 * An upload to an endpoint of the registry: its address and method come from the declaration, its
 * answer's type from the declared schema.
 */
export function uploadTo<E extends EndpointDef>(
  e: E,
  input: CallInput<E> & { form: FormData },
  opts: Pick<UploadOptions, 'onProgress' | 'signal'> = {},
): Promise<Answer<E>> {
  const url = endpointUrl(e, input as { params?: Record<string, unknown>; query?: Record<string, unknown> });
  return uploadForm<Answer<E>>(url, input.form, { ...opts, method: e.method === 'PUT' ? 'PUT' : 'POST' });
}

/** A form's fields as multipart text, the file last (fields first lets the server read them as it streams). */
export function toFormData(
  fields: Record<string, string | number | boolean | null | undefined>,
  file?: File | null,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.append(k, String(v));
  if (file) form.append('file', file, file.name);
  return form;
}
