import crypto from 'node:crypto';
import { endpoints, endpointUrl, type EndpointDef } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { App } from '../app-types';
import { REFRESH_IDLE_TTL_MS, type TokenSigner } from '../lib/tokens';

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
  endpoints.investments.performance,
  endpoints.projects.list,
  endpoints.investments.payouts,
  endpoints.projects.currentOpportunity,
  endpoints.notifications.list,
  endpoints.support.contact,
];
/** The pages whose HTML carries the first-load answers: the investor dashboard (app/router.tsx). */
const FIRST_LOAD_PAGES = new Set(['/', '/dashboard', '/dashboard/']);

interface PageClaims {
  sub: string;
  sid: string;
  isAdmin: boolean;
}

export interface PageSession {
  /** Sets the cookie for the sign-in an access token was just issued for. */
  issue(request: FastifyRequest, reply: FastifyReply, accessToken: string): Promise<void>;
  /** Removes the cookie (sign-out, or a cookie that no longer names a live sign-in). */
  clear(request: FastifyRequest, reply: FastifyReply): void;
  /**
   * The first-load answers for the page asked, as the JSON of the data block, when the request is
   * for a page that uses them and carries a page cookie of a live sign-in; null otherwise.
   */
  firstLoad(request: FastifyRequest, reply: FastifyReply): Promise<string | null>;
}

/** `<` written as `\u003c`, so that no text in an answer can end the data block (`</script>`). */
export const jsonForHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function createPageSession(app: App, deps: { secret: string; signer: TokenSigner }): PageSession {
  // A key of its own, derived from the secret: a page token can never pass for an access token, nor one for it.
  const key = crypto.createHmac('sha256', deps.secret).update('portal page cookie').digest();
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
  });

  async function verify(token: string): Promise<PageClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const { typ, sub, sid, isAdmin } = payload;
      if (
        typ !== 'page' ||
        typeof sub !== 'string' ||
        typeof sid !== 'string' ||
        typeof isAdmin !== 'boolean'
      )
        return null;
      return { sub, sid, isAdmin };
    } catch {
      return null;
    }
  }

  return {
    async issue(request, reply, accessToken) {
      const claims = await deps.signer.verifyAccess(accessToken);
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
      // The API's own answers: the same routes, access checks, kept answers and presenters.
      const authorization = `Bearer ${await deps.signer.signAccess(claims)}`;
      const answers = await Promise.all(
        FIRST_LOAD_READS.map(async (e) => {
          const url = endpointUrl(e, {});
          const res = await app.inject({ method: 'GET', url, headers: { authorization } });
          return { url, status: res.statusCode, body: res.body };
        }),
      );
      // The sign-in has ended (signed out, deactivated, password changed): no data, and no cookie.
      if (answers[0]!.status !== 200) {
        this.clear(request, reply);
        return null;
      }
      const embedded: Record<string, unknown> = {};
      for (const a of answers) if (a.status === 200) embedded[a.url] = JSON.parse(a.body);
      return jsonForHtml({ userId: claims.sub, at: Date.now(), answers: embedded });
    },
  };
}
