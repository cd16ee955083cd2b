import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { ActAsAnswer } from '@portal/contracts';
import type { Db } from '../../db/client';
import { delegations, users } from '../../db/schema';
import { AppError, coded, ForbiddenError } from '../../lib/errors';
import type { TokenSigner } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';

/**
 * `POST /api/auth/act-as` (ADR 032): an access token of the caller's own sign-in that answers for a
 * principal who gave them a delegation in force, in its role. A delegation to the caller's email made
 * before they had an account becomes theirs here. Called with an act-as token, it acts for the delegate
 * behind it (a renewal, or a switch to another portfolio they were given).
 */
export async function actAs(
  db: Db,
  signer: TokenSigner,
  auth: AuthUser,
  principalId: string,
): Promise<ActAsAnswer> {
  const actorId = auth.delegation?.actorId ?? auth.id;
  if (auth.isAdmin) throw new ForbiddenError(coded('auth.delegate_no_admin'));
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, actorId)).limit(1);
  if (!me) throw new AppError(404, coded('auth.delegation_not_found'));
  const [row] = await db
    .select({
      id: delegations.id,
      role: delegations.role,
      delegateId: delegations.delegateId,
      name: users.name,
    })
    .from(delegations)
    .innerJoin(users, eq(users.id, delegations.principalId))
    .where(
      and(
        eq(delegations.principalId, principalId),
        sql`${delegations.revokedAt} is null and (${delegations.expiresOn} is null or ${delegations.expiresOn} >= current_date)`,
        eq(users.isActive, true),
        eq(users.isAdmin, false),
        or(
          eq(delegations.delegateId, actorId),
          and(isNull(delegations.delegateId), sql`lower(${delegations.invitedEmail}) = lower(${me.email})`),
        ),
      ),
    )
    .orderBy(desc(delegations.createdAt))
    .limit(1);
  if (!row) throw new AppError(404, coded('auth.delegation_not_found'));
  if (!row.delegateId)
    await db
      .update(delegations)
      .set({ delegateId: actorId })
      .where(and(eq(delegations.id, row.id), isNull(delegations.delegateId)));
  const accessToken = await signer.signAccess({
    sub: actorId,
    sid: auth.sid,
    isAdmin: false,
    act: { delegationId: row.id, principalId, role: row.role },
  });
  return { accessToken, principal: { _id: principalId, name: row.name }, role: row.role };
}
