import crypto from 'node:crypto';
import { accessClaims, endpoints, endpointUrl, type EndpointDef } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { App } from '../app-types';
import { keyList, type Keys } from '../lib/secret-box';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_IDLE_TTL_MS, type TokenSigner } from '../lib/tokens';

/**
 * The page cookie (ADR 023): set beside the spec's localStorage tokens at sign-in and refresh, cleared at
 * sign-out, and read by one thing only: the server serving the HTML of the dashboard, which then embeds
 * the first-load answers of the signed-in investor. It never authorizes an API call (the API reads the
 * bearer header only), and it is HttpOnly and SameSite=Strict, so neither script nor another site can use it.
 */
export const PAGE_COOKIE = 'portal_page';
/** The id of the data block in the page (apps/web/src/lib/first-load.ts reads it). */
export const FIRST_LOAD_ID = 'portal-first-load';
const PAGE_TOKEN_TTL_SECONDS = Math.floor(REFRESH_IDLE_TTL_MS / 1000);

/**
 * What the dashboard and its shell read on their first load, in the order they are asked: the answers
 * of these, to the user of the cookie, are embedded in the page. Each is the API's own answer (asked
 * through the app with a bearer token for the cookie's sign-in), so it is exactly what the web app
 * would have been given.
 */
export const FIRST_LOAD_READS: readonly EndpointDef[] = [
  endpoints.users.me,
  endpoints.performance.get,
  endpoints.projects.list,
  endpoints.investments.payouts,
  endpoints.projects.currentOpportunity,
  endpoints.notifications.list,
  endpoints.support.contact,
];
/** The pages whose HTML carries the first-load answers: the investor dashboard (app/router.tsx). */
const FIRST_LOAD_PAGES = new Set(['/', '/dashboard', '/dashboard/']);

/** Who the cookie names: the user and the sign-in (the claims of the sign-in's access tokens). */
interface PageClaims {
  sub: string;
  sid: string;
  isAdmin: boolean;
}

/** Page cookies whose signature was checked, and bearer tokens made for the first-load reads. */
const MAX_KEPT = 10_000;
/** A bearer token made for the first-load reads is used again until this long before it expires. */
const BEARER_REUSE_MS = (ACCESS_TOKEN_TTL_SECONDS - 60) * 1000;

export interface PageSession {
  /**
   * Sets the cookie for a sign-in: its claims, or the access token the server has just signed for it
   * (read, not verified again: only the sign-in routes call this, with the token they are answering).
   */
  issue(request: FastifyRequest, reply: FastifyReply, session: PageClaims | string): Promise<void>;
  /** Removes the cookie (sign-out, or a cookie that no longer names a live sign-in). */
  clear(request: FastifyRequest, reply: FastifyReply): void;
  /**
   * The first-load answers for the page asked, as the JSON of the data block, when the request is
   * for a page that uses them and carries a page cookie of a live sign-in; null otherwise.
   */
  firstLoad(request: FastifyRequest, reply: FastifyReply): Promise<string | null>;
}

const READ_URLS = FIRST_LOAD_READS.map((e) => endpointUrl(e, {}));
const JSON_TYPE = /^application\/json\b/;

const HTML_UNSAFE = /[<\u2028\u2029]/g;
const HTML_SAFE: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
/**
 * JSON text with `<` written as `\u003c` (and U+2028/9 escaped), so that no text in an answer can end the
 * data block (`</script>`). Outside strings JSON has none of these, so the text means the same.
 */
export const escapeForHtml = (json: string) => json.replace(HTML_UNSAFE, (c) => HTML_SAFE[c]!);

export function createPageSession(app: App, deps: { secrets: Keys; signer: TokenSigner }): PageSession {
  // Keys of their own, derived from the secrets: a page token can never pass for an access token, nor one
  // for it. Signed with the newest; one signed with an older secret (JWT_SECRETS) still verifies.
  const keys = keyList(deps.secrets).map((s) =>
    crypto.createHmac('sha256', s).update('portal page cookie').digest(),
  );
  const key = keys[0]!;
  const verifyWithAny = async (token: string) => {
    for (const k of keys.slice(0, -1))
      try {
        return await jwtVerify(token, k, { algorithms: ['HS256'] });
      } catch {
        // the next key
      }
    return jwtVerify(token, keys.at(-1)!, { algorithms: ['HS256'] });
  };
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
  });

  // A cookie's signature and claims never change: each is verified once, its expiry checked on every use
  // (as the signer does for access tokens).
  const verified = new LRUCache<string, PageClaims & { exp: number }>({ max: MAX_KEPT });
  async function verify(token: string): Promise<PageClaims | null> {
    const known = verified.get(token);
    if (known) {
      if (known.exp > Date.now() / 1000) return known;
      verified.delete(token);
      return null;
    }
    try {
      const { payload } = await verifyWithAny(token);
      const { typ, sub, sid, isAdmin, exp } = payload;
      if (
        typ !== 'page' ||
        typeof sub !== 'string' ||
        typeof sid !== 'string' ||
        typeof isAdmin !== 'boolean' ||
        typeof exp !== 'number'
      )
        return null;
      const claims = { sub, sid, isAdmin, exp };
      verified.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }

  // The bearer token of the first-load reads, one per sign-in, used again for its next pages: no
  // signing, and no verifying by the API (its signer keeps the tokens it has checked), on each load.
  const bearers = new LRUCache<string, string>({ max: MAX_KEPT, ttl: BEARER_REUSE_MS });
  async function bearerFor({ sub, sid, isAdmin }: PageClaims): Promise<string> {
    const id = `${sub}:${sid}:${isAdmin}`;
    let token = bearers.get(id);
    if (!token) {
      token = await deps.signer.signAccess({ sub, sid, isAdmin });
      bearers.set(id, token);
    }
    return token;
  }

  /** The claims of an access token the server has just signed: read, since its signature is its own. */
  function claimsOfIssued(accessToken: string): PageClaims | null {
    try {
      const parsed = accessClaims.safeParse(decodeJwt(accessToken));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  return {
    async issue(request, reply, session) {
      const claims = typeof session === 'string' ? claimsOfIssued(session) : session;
      if (!claims) return;
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ typ: 'page', sid: claims.sid, isAdmin: claims.isAdmin })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + PAGE_TOKEN_TTL_SECONDS)
        .sign(key);
      void reply.setCookie(PAGE_COOKIE, token, { ...cookieOptions(request), maxAge: PAGE_TOKEN_TTL_SECONDS });
    },

    clear(request, reply) {
      void reply.clearCookie(PAGE_COOKIE, cookieOptions(request));
    },

    async firstLoad(request, reply) {
      const cookie = request.cookies[PAGE_COOKIE];
      if (!cookie || !FIRST_LOAD_PAGES.has(request.url.split('?')[0]!)) return null;
      const claims = await verify(cookie);
      if (!claims) {
        this.clear(request, reply);
        return null;
      }
      // The API's own answers, all asked at once: the same routes, access checks, kept answers and
      // presenters.
      const authorization = `Bearer ${await bearerFor(claims)}`;
      const answers = await Promise.all(
        READ_URLS.map(async (url) => {
          const res = await app.inject({ method: 'GET', url, headers: { authorization } });
          return { url, status: res.statusCode, body: res.body, type: res.headers['content-type'] };
        }),
      );
      // The sign-in has ended (signed out, deactivated, password changed): no data, and no cookie.
      if (answers[0]!.status !== 200) {
        this.clear(request, reply);
        return null;
      }
      // The answers' JSON as the API wrote it, put together rather than parsed and written again.
      const embedded = answers
        .filter((a) => a.status === 200 && JSON_TYPE.test(String(a.type)) && a.body)
        .map((a) => `${JSON.stringify(a.url)}:${a.body}`);
      return escapeForHtml(
        `{"userId":${JSON.stringify(claims.sub)},"at":${Date.now()},"answers":{${embedded.join(',')}}}`,
      );
    },
  };
}
