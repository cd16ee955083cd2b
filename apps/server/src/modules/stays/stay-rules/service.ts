import { eq } from 'drizzle-orm';
import type { StayRules, StayRulesInput } from '@portal/contracts';
import type { DbOrTx } from '../../../db/client';
import { stayRules } from '../../../db/schema';
import type { AuthUser } from '../../../plugins/auth';
import { recordAudit } from '../../audit/service';
import { assertProjectVisible, type Viewer } from '../../access/project-access';

/** A project's stay rules, or the defaults (no turnover, no last-minute stays, no seasons) when none are set. */
export async function rulesOf(db: DbOrTx, projectId: string): Promise<StayRules> {
  const [row] = await db.select().from(stayRules).where(eq(stayRules.projectId, projectId)).limit(1);
  return {
    projectId,
    turnoverDays: row?.turnoverDays ?? 0,
    lastMinuteDays: row?.lastMinuteDays ?? 0,
    seasons: row?.seasons ?? [],
  };
}

/** The rules of a project the viewer may see (404 otherwise). */
export async function getStayRules(db: DbOrTx, viewer: Viewer, projectId: string): Promise<StayRules> {
  await assertProjectVisible(db, viewer, projectId);
  return rulesOf(db, projectId);
}

/** Replaces a project's stay rules (admin); stays already requested are kept. */
export async function putStayRules(
  db: DbOrTx,
  actor: AuthUser,
  projectId: string,
  input: Required<StayRulesInput> & { seasons: StayRules['seasons'] },
): Promise<StayRules> {
  return db.transaction(async (tx) => {
    await assertProjectVisible(tx, actor, projectId);
    const values = {
      turnoverDays: input.turnoverDays,
      lastMinuteDays: input.lastMinuteDays,
      seasons: input.seasons,
      updatedAt: new Date(),
    };
    await tx
      .insert(stayRules)
      .values({ projectId, ...values })
      .onConflictDoUpdate({ target: stayRules.projectId, set: values });
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'stay_rules',
      action: 'update',
      entityId: projectId,
      details: {
        projectId,
        turnoverDays: input.turnoverDays,
        lastMinuteDays: input.lastMinuteDays,
        seasons: input.seasons.length,
      },
    });
    return rulesOf(tx, projectId);
  });
}
