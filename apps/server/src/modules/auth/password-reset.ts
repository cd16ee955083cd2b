import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PASSWORD_RESET_MINUTES } from '@portal/contracts';
import type { Db } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { BadRequestError, coded } from '../../lib/errors';
import { assertNewPasswordAllowed } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import type { Mailer } from '../../mail/mailer';
import { revokeAllSessions } from '../access/sessions';

/** Reset links one account may be sent per hour; more requests get the same answer and no email. */
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/**
 * Sends a reset link to the account with this address, if there is an active one. The answer never says
 * whether there is: the caller answers the same either way.
 */
export async function requestPasswordReset(db: Db, mailer: Mailer, email: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isActive, true)))
    .limit(1);
  if (!user) return;
  const token = crypto.randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    // One request at a time per account, so that the count below holds.
    await tx.execute(sql`select 1 from users where id = ${user.id} for update`);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(passwordResets)
      .where(
        and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, sql`now() - interval '1 hour'`)),
      );
    if ((recent?.n ?? 0) >= RESETS_PER_ACCOUNT_PER_HOUR) return;
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(mins => ${PASSWORD_RESET_MINUTES})`,
    });
    await mailer.queue(tx, 'passwordReset', user.id, { minutes: PASSWORD_RESET_MINUTES }, token);
  });
}

/**
 * Sets a new password with a reset token: the token is spent (with every other open one of the account),
 * every session of the account ends, and the owner gets a security notice. A used, expired or unknown
 * token changes nothing.
 */
export async function confirmPasswordReset(db: Db, mailer: Mailer, token: string, password: string) {
  assertNewPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!spent) return false;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(users.id, spent.userId), eq(users.isActive, true)))
      .returning({ id: users.id });
    if (!user) return false;
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await revokeAllSessions(tx, user.id);
    await mailer.queue(tx, 'passwordChanged', user.id, {});
    return true;
  });
  if (!done) throw new BadRequestError(coded('auth.reset_link_invalid'));
}
