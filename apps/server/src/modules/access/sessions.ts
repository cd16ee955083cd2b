import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens } from '../../db/schema';

/** Ends every sign-in of a user (deactivation, deletion, password change). */
export async function revokeAllSessions(db: DbOrTx, userId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
