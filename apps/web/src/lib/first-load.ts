import { tokens } from './session';

/**
 * The first-load answers the server embeds in the dashboard's HTML when the page cookie names a live
 * sign-in (ADR 023): a `<script type="application/json">` block, never run, read here before the first
 * render so that the figures are drawn in the app's first frame without a round trip to the API.
 *
 * They are used only for the user whose tokens this browser holds (the access token's subject), each
 * answer once (a query made again later asks the API), and not at all once signed out.
 */
export const FIRST_LOAD_ID = 'portal-first-load';

interface FirstLoad {
  userId: string;
  /** When the server read the answers (ms since the epoch): their age for the query cache. */
  at: number;
  answers: Record<string, unknown>;
}

let loaded: FirstLoad | null | undefined;

/** The access token's subject, or null when it cannot be read. */
function tokenSubject(token: string | null): string | null {
  try {
    const payload = token?.split('.')[1];
    if (!payload) return null;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' ? json.sub : null;
  } catch {
    return null;
  }
}

function read(): FirstLoad | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  const block = typeof document === 'undefined' ? null : document.getElementById(FIRST_LOAD_ID);
  if (!block) return null;
  block.remove();
  try {
    const data = JSON.parse(block.textContent ?? '') as Partial<FirstLoad>;
    if (typeof data.userId === 'string' && typeof data.at === 'number' && data.answers)
      loaded = data as FirstLoad;
  } catch {
    // A damaged block is no data: the app asks the API.
  }
  return loaded;
}

/**
 * The embedded answer to a GET of `url`, if there is one for the signed-in user, with the time it was
 * read. `take` uses it up.
 */
export function firstLoadAnswer(url: string, opts: { take?: boolean } = {}) {
  const data = read();
  if (!data || !(url in data.answers) || tokenSubject(tokens.access) !== data.userId) return undefined;
  const answer = data.answers[url];
  if (opts.take) delete data.answers[url];
  return { answer, at: data.at };
}

/** Whether any embedded answer is left to use. */
export function hasFirstLoad(): boolean {
  const data = read();
  return !!data && Object.keys(data.answers).length > 0;
}

/** Drops whatever is left of the embedded answers (sign-in, sign-out). */
export function forgetFirstLoad() {
  read();
  loaded = null;
}
