import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import {
  delegationAllows,
  type AccessClaims,
  type AuditAction,
  type AuditEntity,
  type DelegationRole,
  type EndpointDef,
} from '@portal/contracts';
import type { ChangeFeed } from '../db/changes';
import type { Db } from '../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, delegations, refreshTokens, users } from '../db/schema';
import { requireAdminTotpSql } from '../modules/settings/security-settings';
import { coded, ForbiddenError, UnauthorizedError, type CodedError } from '../lib/errors';
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
  /**
   * An act-as token's delegation (ADR 032): `id` above is then the principal's (every investor endpoint
   * answers for them), `actorId` the delegate who signed in and acts, `sid` the delegate's sign-in.
   */
  delegation?: { id: string; role: DelegationRole; actorId: string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

const ADMIN_TOTP_REQUIRED = coded('auth.two_factor_required_admin');

export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

const SESSION_ENDED = coded('auth.session_ended');

/** What decides whether an access token's sign-in may still act, read on every request. */
async function readSignIn(db: Db, claims: AccessClaims) {
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
  if (!row || !row.isActive || row.revoked) return null;
  return {
    id: row.id,
    isAdmin: row.isAdmin,
    sid: claims.sid,
    adminNeedsTotp: row.isAdmin && !!row.requireAdminTotp && !row.totpEnabled,
  };
}

const DELEGATION_ENDED = coded('auth.delegation_ended');
const principals = alias(users, 'principal');

/**
 * An act-as token's check, read on every request (never kept): the delegate's sign-in as above, and the
 * delegation it carries still in force — not revoked, not past its last day, its principal still an
 * active investor. A revocation refuses the very next call (ADR 032).
 */
async function readDelegatedSignIn(db: Db, claims: AccessClaims): Promise<AuthUser> {
  const [row] = await db
    .select({
      isActive: users.isActive,
      revoked: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, claims.sid), isNotNull(refreshTokens.revokedAt)))})`,
      delegationId: delegations.id,
      role: delegations.role,
      principalId: delegations.principalId,
      inForce: sql<boolean>`(${delegations.revokedAt} is null and (${delegations.expiresOn} is null or ${delegations.expiresOn} >= current_date))`,
      principalActive: principals.isActive,
      principalAdmin: principals.isAdmin,
    })
    .from(users)
    .leftJoin(
      delegations,
      and(
        eq(delegations.id, claims.dlg!),
        eq(delegations.principalId, claims.prn!),
        eq(delegations.delegateId, users.id),
      ),
    )
    .leftJoin(principals, eq(principals.id, delegations.principalId))
    .where(eq(users.id, claims.sub))
    .limit(1);
  if (!row || !row.isActive || row.revoked) throw new UnauthorizedError(SESSION_ENDED);
  if (
    !row.delegationId ||
    !row.role ||
    !row.principalId ||
    !row.inForce ||
    !row.principalActive ||
    row.principalAdmin
  )
    throw new UnauthorizedError(DELEGATION_ENDED);
  return {
    id: row.principalId,
    isAdmin: false,
    sid: claims.sid,
    delegation: { id: row.delegationId, role: row.role, actorId: claims.sub },
  };
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
  if (claims.dlg) return readDelegatedSignIn(db, claims);
  const user = await readSignIn(db, claims);
  if (!user) throw new UnauthorizedError(SESSION_ENDED);
  return user;
}

/** Besides the user's own rows (account, sign-ins), a sign-in's check reads the settings. */
const AUTH_TABLES = ['settings'] as const;

/** Sign-ins checked recently, by user and sign-in; more than this and the least recently used are forgotten. */
const MAX_KNOWN_SIGN_INS = 50_000;

/**
 * `authenticate` that remembers each sign-in's check until the database signals a change to the user's
 * rows (their account, their sign-ins) or to the settings: a deactivation, deletion, logout or password
 * change is seen by the next request (on another instance, as soon as the signal arrives). Without
 * usable change signals every request reads the database.
 */
export function cachedAuthenticate(deps: { db: Db; signer: TokenSigner; changes: ChangeFeed }) {
  const { db, signer, changes } = deps;
  const known = new LRUCache<string, { user: AuthUser; at: number }>({ max: MAX_KNOWN_SIGN_INS });
  changes.onReset(() => known.clear());
  return async (request: FastifyRequest): Promise<AuthUser> => {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError('Authentication required');
    const claims = await signer.verifyAccess(token);
    if (!claims) throw new UnauthorizedError('Invalid or expired token');
    // An act-as token is checked against the database on every request (ADR 032).
    if (claims.dlg) return readDelegatedSignIn(db, claims);
    if (!changes.usable || !(await changes.settle())) {
      const user = await readSignIn(db, claims);
      if (!user) throw new UnauthorizedError(SESSION_ENDED);
      return user;
    }
    const key = `${claims.sub} ${claims.sid}`;
    const seen = known.get(key);
    if (seen && changes.unchangedSince(seen.at, AUTH_TABLES, claims.sub)) return seen.user;
    const at = changes.now();
    const user = await readSignIn(db, claims);
    if (!user) {
      known.delete(key);
      throw new UnauthorizedError(SESSION_ENDED);
    }
    if (changes.unchangedSince(at, AUTH_TABLES, claims.sub)) known.set(key, { user, at });
    return user;
  };
}

/** The message of a call a delegate's role does not allow: it names the role (ADR 032). */
function refusalOf(role: DelegationRole, refusal: 'change' | 'see'): CodedError {
  if (role === 'viewer')
    return coded(refusal === 'change' ? 'auth.delegate_viewer_change' : 'auth.delegate_viewer_see');
  return coded(role === 'accountant' ? 'auth.delegate_accountant' : 'auth.delegate_co_owner');
}

/**
 * Whether an act-as token's role allows the route (the rules of `@portal/contracts`' DELEGATION_RULES):
 * admin routes never; a route outside the registry never.
 */
function checkDelegate(auth: AuthUser, access: Access, e: EndpointDef | undefined, method: string) {
  const d = auth.delegation;
  if (!d) return;
  if (access === 'admin') throw new ForbiddenError(coded('auth.delegate_no_admin'));
  const verdict = e
    ? delegationAllows(e, d.role)
    : { allowed: false as const, refusal: method === 'GET' ? ('see' as const) : ('change' as const) };
  if (!verdict.allowed) throw new ForbiddenError(refusalOf(d.role, verdict.refusal));
}

const asList = <T>(h: T | T[] | undefined): T[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);

/** The single place where authentication and admin rights are enforced, decided by the route's config. */
export function authPlugin(app: FastifyInstance, deps: { db: Db; signer: TokenSigner; changes: ChangeFeed }) {
  const check = cachedAuthenticate(deps);
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access: Access = route.config?.access ?? 'user';
    if (access === 'public') return;
    const endpoint = route.config?.endpoint;
    route.onRequest = [
      async (request) => {
        request.auth = await check(request);
        checkDelegate(request.auth, access, endpoint, request.method);
        if (access === 'admin' && !request.auth.isAdmin) throw new ForbiddenError(coded('auth.admin_only'));
        if (access === 'admin' && request.auth.adminNeedsTotp) throw new ForbiddenError(ADMIN_TOTP_REQUIRED);
      },
      ...asList(route.onRequest),
    ];
    // Every successful write made with an act-as token is audited with both people, before it is answered.
    if (route.method === 'GET' || route.method === 'HEAD') return;
    route.onSend = [
      ...asList(route.onSend),
      async (request, reply, payload) => {
        const d = request.auth?.delegation;
        if (!d || reply.statusCode >= 400) return payload;
        // The audit module's recordAudit, written out: the audit module's routes use this folder.
        await deps.db.insert(auditLog).values({
          actorId: d.actorId,
          action: 'act' satisfies AuditAction<'delegation'>,
          entity: 'delegation' satisfies AuditEntity,
          entityId: d.id,
          details: {
            userId: request.auth!.id,
            role: d.role,
            endpoint: endpoint?.id ?? null,
            call: `${request.method} ${request.url.split('?')[0]}`,
          },
        });
        return payload;
      },
    ];
  });
}

/** The signed-in user of a route that is not public. */
export function requireAuth(request: FastifyRequest): AuthUser {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}
