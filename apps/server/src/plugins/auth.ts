import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refreshTokens, users } from '../db/schema';
import { requireAdminTotpSql } from '../modules/auth/security-settings';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import type { TokenSigner } from '../lib/tokens';

/** Who may call a route. Every /api route is 'user' unless it says otherwise. */
export type Access = 'public' | 'user' | 'admin';

export interface AuthUser {
  id: string;
  isAdmin: boolean;
  /** The sign-in (refresh-token family) this access token belongs to. */
  sid: string;
  /** Admins must turn on two-factor sign-in before using admin routes, when that is required. */
  adminNeedsTotp?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

export const ADMIN_TOTP_REQUIRED =
  'Two-factor sign-in is required for admin accounts. Turn it on under Edit Profile.';

export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/**
 * Verifies the bearer token and re-checks on every request that the user still exists, is active and
 * that the sign-in has not been revoked (logout, deletion, password change).
 */
export async function authenticate(db: Db, signer: TokenSigner, request: FastifyRequest): Promise<AuthUser> {
  const token = bearerToken(request);
  if (!token) throw new UnauthorizedError('Authentication required');
  const claims = await signer.verifyAccess(token);
  if (!claims) throw new UnauthorizedError('Invalid or expired token');
  const [row] = await db
    .select({
      id: users.id,
      isAdmin: users.isAdmin,
      isActive: users.isActive,
      totpEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
      requireAdminTotp: requireAdminTotpSql,
      revoked: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, claims.sid), isNotNull(refreshTokens.revokedAt)))})`,
    })
    .from(users)
    .where(eq(users.id, claims.sub))
    .limit(1);
  if (!row || !row.isActive || row.revoked)
    throw new UnauthorizedError('Your session has ended. Please sign in again.');
  return {
    id: row.id,
    isAdmin: row.isAdmin,
    sid: claims.sid,
    adminNeedsTotp: row.isAdmin && !!row.requireAdminTotp && !row.totpEnabled,
  };
}

/** The single place where authentication and admin rights are enforced, decided by the route's config. */
export function authPlugin(app: FastifyInstance, deps: { db: Db; signer: TokenSigner }) {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access: Access = route.config?.access ?? 'user';
    if (access === 'public') return;
    const hooks = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [
      async (request) => {
        request.auth = await authenticate(deps.db, deps.signer, request);
        if (access === 'admin' && !request.auth.isAdmin) throw new ForbiddenError('Admin access required');
        if (access === 'admin' && request.auth.adminNeedsTotp) throw new ForbiddenError(ADMIN_TOTP_REQUIRED);
      },
      ...hooks,
    ];
  });
}

/** The signed-in user of a route that is not public. */
export function requireAuth(request: FastifyRequest): AuthUser {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}
