import { REFRESH_LEAD_SECONDS, REFRESH_MIN_DELAY_MS, type Answer, type TokenPair } from '@portal/contracts';
import { endpoints } from '@/lib/sign-in-endpoints';
import { forgetRotations, recordRotation, rotatedPair } from './rotations';

/**
 * The session: both tokens in localStorage (docs/product.md §4), the silent refresh timer, and a
 * single-flight refresh that parallel requests and other open tabs share.
 */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
const LOCK_NAME = 'investor-portal-token-refresh';

export const tokens = {
  get access(): string | null {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  },
  get refresh(): string | null {
    return localStorage.getItem(REFRESH_TOKEN_KEY);
  },
  set(pair: TokenPair) {
    localStorage.setItem(ACCESS_TOKEN_KEY, pair.accessToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, pair.refreshToken);
  },
  clear() {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
    void forgetRotations();
  },
};

/** The claims of a JWT (unverified: the server checks them), or null when they cannot be read. */
function tokenClaims(token: string | null): Record<string, unknown> | null {
  if (!token) return null;
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `exp` claim (seconds) of a JWT, or null when it cannot be read. */
export function tokenExpiry(token: string | null): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/** Whether an access token was given to an admin (its `isAdmin` claim). */
export function tokenIsAdmin(token: string | null): boolean {
  return tokenClaims(token)?.isAdmin === true;
}

/** Milliseconds until the silent refresh: 60 s before expiry, never sooner than 5 s from now. */
export function refreshDelay(token: string | null, now = Date.now()): number | null {
  const exp = tokenExpiry(token);
  if (exp === null) return null;
  return Math.max(exp * 1000 - REFRESH_LEAD_SECONDS * 1000 - now, REFRESH_MIN_DELAY_MS);
}

type SessionEvent =
  | { type: 'refreshed'; tokens: TokenPair }
  | { type: 'expired'; message: string }
  | { type: 'signed-out-elsewhere' };
const listeners = new Set<(e: SessionEvent) => void>();

export function onSessionEvent(listener: (e: SessionEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const emit = (e: SessionEvent) => listeners.forEach((l) => l(e));

let inflight: Promise<TokenPair> | null = null;

/**
 * The refresh call itself goes around the api client: a refusal here ends the session rather than
 * being refreshed and replayed, and its failures have their own messages.
 */
async function callRefreshEndpoint(refreshToken: string): Promise<TokenPair> {
  let res: Response;
  try {
    res = await fetch(endpoints.auth.refresh.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new Error('Failed to refresh token');
  }
  if (!res.ok) throw new Error('Failed to refresh token');
  // The envelope; the same fields at top level are accepted too.
  type Refreshed = Partial<Answer<typeof endpoints.auth.refresh>> & Partial<TokenPair>;
  const body = (await res.json().catch(() => null)) as Refreshed | null;
  const data: Partial<TokenPair> | undefined = body?.data ?? body ?? undefined;
  if (typeof data?.accessToken !== 'string' || typeof data?.refreshToken !== 'string') {
    throw new Error('Invalid response from refresh token endpoint');
  }
  return { accessToken: data.accessToken, refreshToken: data.refreshToken };
}

async function refreshOnce(): Promise<TokenPair> {
  const seen = tokens.refresh;
  const run = async (): Promise<TokenPair> => {
    // Re-read inside the lock: another tab may have refreshed while this one waited.
    const current = tokens.refresh;
    if (!current) throw new Error('No refresh token available');
    if (seen && current !== seen && tokens.access)
      return { accessToken: tokens.access, refreshToken: current };
    // This tab's copy of localStorage may not show another tab's refresh yet: the shared record does.
    const rotated = await rotatedPair(current);
    if (rotated) {
      tokens.set(rotated);
      return rotated;
    }
    const pair = await callRefreshEndpoint(current);
    tokens.set(pair);
    // Committed before the lock is released, so the next tab to hold it sees it.
    await recordRotation({ from: current, pair });
    return pair;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks?.request ? locks.request(LOCK_NAME, run) : run();
}

/** Refreshes the tokens; concurrent callers in this tab share one call, other tabs wait on a Web Lock. */
export function refreshSession(): Promise<TokenPair> {
  if (inflight) return inflight;
  const flight: Promise<TokenPair> = refreshOnce()
    .then((pair) => {
      emit({ type: 'refreshed', tokens: pair });
      return pair;
    })
    .finally(() => {
      if (inflight === flight) inflight = null;
    });
  inflight = flight;
  return flight;
}

/**
 * Ends the session on this side: tokens cleared, listeners told (they alert and go to /login). Parallel
 * requests that fail together each land here; only the first, which still finds the session's tokens,
 * tells the listeners, so the user sees one alert and one redirect.
 */
export function expireSession(message = SESSION_EXPIRED_MESSAGE) {
  cancelSilentRefresh();
  const hadSession = tokens.access !== null || tokens.refresh !== null;
  tokens.clear();
  if (hadSession) emit({ type: 'expired', message });
}

let timer: ReturnType<typeof setTimeout> | null = null;

export function scheduleSilentRefresh(now = Date.now()) {
  cancelSilentRefresh();
  const delay = refreshDelay(tokens.access, now);
  if (delay === null) return;
  timer = setTimeout(() => {
    timer = null;
    refreshSession().then(
      () => scheduleSilentRefresh(),
      () => expireSession(SESSION_EXPIRED_MESSAGE),
    );
  }, delay);
}

/** Stops the scheduled refresh; a refresh still on its way is no longer shared with the next caller. */
export function cancelSilentRefresh() {
  if (timer) clearTimeout(timer);
  timer = null;
  inflight = null;
}

/** Keeps tabs in step: a sign-out elsewhere signs this tab out; a refresh elsewhere reschedules here. */
export function watchOtherTabs(): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== ACCESS_TOKEN_KEY && e.key !== null) return;
    if (!tokens.access) {
      cancelSilentRefresh();
      emit({ type: 'signed-out-elsewhere' });
    } else if (timer) {
      scheduleSilentRefresh();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
