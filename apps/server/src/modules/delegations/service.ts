import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DelegationInput, DelegationRole, DelegationStatus } from '@portal/contracts';
import { localeOf } from '../../lib/translator';
import type { Db, DbOrTx } from '../../db/client';
import { delegations, users } from '../../db/schema';
import { AppError, BadRequestError, coded, ConflictError, ForbiddenError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { recordAudit } from '../audit/service';
import { notifyUsers } from '../notifications/notify';

/** A delegation as read for its list: the row, its status now, and the other person. */
export interface DelegationRow {
  id: string;
  role: DelegationRole;
  expiresOn: string | null;
  status: DelegationStatus;
  createdAt: Date;
  revokedAt: Date | null;
  person: { id: string | null; name: string | null; email: string };
}

/**
 * The account a delegation is for: its delegate once known, else an active account holding the invited
 * email (which becomes the delegate when it first uses it: an address that registers later counts).
 */
const delegateOf = sql<
  string | null
>`coalesce(${delegations.delegateId}, (select u.id from users u where lower(u.email) = lower(${delegations.invitedEmail}) and u.is_active order by u.created_at limit 1))`;

/** What a delegation is now, from the database's clock (a last day is good through its end). */
const statusOf = sql<DelegationStatus>`case
  when ${delegations.revokedAt} is not null then 'revoked'
  when ${delegations.expiresOn} is not null and ${delegations.expiresOn} < current_date then 'expired'
  when ${delegateOf} is null then 'invited'
  else 'active' end`;

/** In force: neither revoked nor past its last day. */
const inForce = sql`(${delegations.revokedAt} is null and (${delegations.expiresOn} is null or ${delegations.expiresOn} >= current_date))`;

/** The delegations `user` received: theirs by id, or by their email while no delegate is known. */
const receivedBy = (user: { id: string; email: string }): SQL =>
  or(
    eq(delegations.delegateId, user.id),
    and(isNull(delegations.delegateId), sql`lower(${delegations.invitedEmail}) = lower(${user.email})`),
  )!;

const other = alias(users, 'other_person');

const columns = {
  id: delegations.id,
  role: delegations.role,
  expiresOn: delegations.expiresOn,
  status: statusOf,
  createdAt: delegations.createdAt,
  revokedAt: delegations.revokedAt,
  principalId: delegations.principalId,
  invitedEmail: delegations.invitedEmail,
  otherId: other.id,
  otherName: other.name,
  otherEmail: other.email,
};

async function account(db: DbOrTx, userId: string) {
  const [me] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      isAdmin: users.isAdmin,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!me) throw new AppError(404, coded('profile.delegation_not_found'));
  return me;
}

type Read = Awaited<ReturnType<typeof readGiven>>[number];
const asRow = (r: Read, side: 'given' | 'received'): DelegationRow => ({
  id: r.id,
  role: r.role,
  expiresOn: r.expiresOn,
  status: r.status,
  createdAt: r.createdAt,
  revokedAt: r.revokedAt,
  person:
    side === 'given'
      ? { id: r.otherId, name: r.otherName, email: r.otherEmail ?? r.invitedEmail }
      : { id: r.otherId, name: r.otherName, email: r.otherEmail ?? '' },
});

const readGiven = (db: DbOrTx, principalId: string, id?: string) =>
  db
    .select(columns)
    .from(delegations)
    .leftJoin(other, sql`${other.id} = ${delegateOf}`)
    .where(and(eq(delegations.principalId, principalId), id ? eq(delegations.id, id) : undefined))
    .orderBy(desc(delegations.createdAt));

/** What the caller gave (as the principal) and received (as the delegate), newest first. */
export async function listDelegations(db: Db, userId: string) {
  const me = await account(db, userId);
  const [given, received] = await Promise.all([
    readGiven(db, userId),
    db
      .select(columns)
      .from(delegations)
      .innerJoin(other, eq(other.id, delegations.principalId))
      .where(receivedBy(me))
      .orderBy(desc(delegations.createdAt)),
  ]);
  return {
    given: given.map((r) => asRow(r, 'given')),
    received: received.map((r) => asRow(r, 'received')),
  };
}

/** The UTC day today, 'YYYY-MM-DD'. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * An investor invites someone by email (ADR 032). Refused: an administrator giving one, the caller's
 * own email, an administrator's, a last day in the past, and a second delegation in force to the same
 * email. The invitee is emailed (in their language, or the inviter's when they have no account), the
 * investor notified and emailed, and the gift audited, all with the row or not at all.
 */
export async function createDelegation(
  db: Db,
  mailer: Mailer,
  principalId: string,
  input: DelegationInput,
): Promise<DelegationRow> {
  const email = input.email.trim();
  const principal = await account(db, principalId);
  if (principal.isAdmin) throw new ForbiddenError(coded('profile.delegation_investors_only'));
  if (email.toLowerCase() === principal.email.toLowerCase())
    throw new BadRequestError(coded('profile.delegation_self'));
  if (input.expiresOn && input.expiresOn < today())
    throw new BadRequestError(coded('profile.delegation_past'));
  const [invitee] = await db
    .select({ id: users.id, isAdmin: users.isAdmin, locale: users.locale })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  if (invitee?.isAdmin) throw new BadRequestError(coded('profile.delegation_admin'));

  const id = await db.transaction(async (tx) => {
    // One invitation of a principal at a time: two at once to the same email cannot both pass the check.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, principalId)).for('update');
    const [taken] = await tx
      .select({ id: delegations.id })
      .from(delegations)
      .where(
        and(
          eq(delegations.principalId, principalId),
          sql`lower(${delegations.invitedEmail}) = lower(${email})`,
          inForce,
        ),
      )
      .limit(1);
    if (taken) throw new ConflictError(coded('profile.delegation_duplicate', { email }));
    const [row] = await tx
      .insert(delegations)
      .values({
        principalId,
        invitedEmail: email,
        delegateId: invitee?.id ?? null,
        role: input.role,
        expiresOn: input.expiresOn ?? null,
      })
      .returning({ id: delegations.id });
    const expiresOn = input.expiresOn ?? null;
    await recordAudit(tx, {
      actorId: principalId,
      action: 'create',
      entity: 'delegation',
      entityId: row!.id,
      details: { userId: principalId, email, role: input.role, expiresOn },
    });
    await notifyUsers(tx, [principalId], {
      title: 'New delegate',
      message: `${email} was invited to your portfolio as ${input.role}.`,
      notice: {
        key: 'delegateAdded',
        params: { email, role: { word: `delegationRole.${input.role}` } },
      },
      type: 'info',
      link: '/profile',
      createdBy: principalId,
    });
    await mailer.queue(tx, 'delegateAdded', principalId, { email, role: input.role, expiresOn });
    const invitation = { principal: principal.name, role: input.role, expiresOn };
    if (invitee) await mailer.queue(tx, 'delegationInvite', invitee.id, { ...invitation, hasAccount: true });
    else
      await mailer.queueToAddress(
        tx,
        'delegationInvite',
        { address: email, locale: localeOf(principal.locale) },
        { ...invitation, hasAccount: false },
      );
    return row!.id;
  });
  const [created] = await readGiven(db, principalId, id);
  return asRow(created!, 'given');
}

/**
 * Ends a delegation at once: its principal revokes it, or its delegate gives it up. Anyone else's is a
 * 404; one already ended stays as it was.
 */
export async function revokeDelegation(db: Db, userId: string, id: string): Promise<'revoked' | 'given-up'> {
  const me = await account(db, userId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: delegations.id,
        principalId: delegations.principalId,
        invitedEmail: delegations.invitedEmail,
        role: delegations.role,
        revokedAt: delegations.revokedAt,
      })
      .from(delegations)
      .where(and(eq(delegations.id, id), or(eq(delegations.principalId, userId), receivedBy(me))))
      .for('update')
      .limit(1);
    if (!row) throw new AppError(404, coded('profile.delegation_not_found'));
    const byPrincipal = row.principalId === userId;
    if (row.revokedAt) return byPrincipal ? 'revoked' : 'given-up';
    await tx
      .update(delegations)
      .set({ revokedAt: new Date(), revokedBy: userId })
      .where(eq(delegations.id, id));
    await recordAudit(tx, {
      actorId: userId,
      action: byPrincipal ? 'revoke' : 'give-up',
      entity: 'delegation',
      entityId: id,
      details: { userId: row.principalId, email: row.invitedEmail, role: row.role },
    });
    return byPrincipal ? 'revoked' : 'given-up';
  });
}
