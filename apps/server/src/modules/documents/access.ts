import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { investments, projects, users } from '../../db/schema';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/** The project id of a project-scoped call, with 'Project ID is required' when it is missing. */
export function requireProjectId(projectId: string | undefined): string {
  if (!projectId) throw new BadRequestError('Project ID is required');
  return projectId;
}

/**
 * An investor sees a project they hold an investment in and that is not archived; an admin sees every
 * project. Anything else is
 * "not found", so nobody learns which projects exist.
 */
export async function assertProjectVisible(db: DbOrTx, viewer: AuthUser, projectId: string): Promise<void> {
  const [row] = viewer.isAdmin
    ? await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1)
    : await db
        .select({ id: investments.projectId })
        .from(investments)
        .innerJoin(projects, eq(projects.id, investments.projectId))
        .where(
          and(
            eq(investments.userId, viewer.id),
            eq(investments.projectId, projectId),
            isNull(projects.archivedAt),
          ),
        )
        .limit(1);
  if (!row) throw new NotFoundError('Project');
}

/** The project and (when given) the user of an admin write exist. One query. */
export async function assertTargetsExist(db: DbOrTx, projectId: string, userId: string | null | undefined) {
  const [row] = await db
    .select({ project: projects.id, user: users.id })
    .from(projects)
    .leftJoin(users, userId ? eq(users.id, userId) : sql`false`)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) throw new NotFoundError('Project');
  if (userId && !row.user) throw new NotFoundError('User');
}

export async function assertUserExists(db: DbOrTx, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new NotFoundError('User');
}

/**
 * SQL that is true when the viewer may see an object of `projectId` owned by `ownerId` (null = shared
 * with the project's investors): an admin always, an investor when they hold the project, it is not
 * archived, and the object is shared or theirs.
 */
export function visibleTo(viewer: AuthUser, projectId: AnyColumn, ownerId: AnyColumn): SQL {
  if (viewer.isAdmin) return sql`true`;
  return sql`(exists (select 1 from ${investments} join ${projects} on ${projects.id} = ${investments.projectId} and ${projects.archivedAt} is null where ${investments.userId} = ${viewer.id} and ${investments.projectId} = ${projectId}) and (${ownerId} is null or ${ownerId} = ${viewer.id}))`;
}
