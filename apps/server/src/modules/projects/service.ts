import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { investments, projects } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';

/** An admin sees every project; an investor only the projects they hold an investment in. */
export async function listProjects(db: DbOrTx, viewer: AuthUser) {
  if (viewer.isAdmin) return db.select().from(projects).orderBy(asc(projects.name));
  return db
    .select({ project: projects })
    .from(projects)
    .innerJoin(investments, eq(investments.projectId, projects.id))
    .where(eq(investments.userId, viewer.id))
    .orderBy(asc(projects.name))
    .then((rows) => rows.map((r) => r.project));
}
