import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { projectIdQuery, projectIdValue } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { investments, projects, users } from '../../db/schema';
import { BadRequestError, coded, NotFoundError } from '../../lib/errors';

/**
 * Who may see which project, and how a project id is read: the one place for both. An admin sees every
 * project; an investor only the projects they hold an investment in and that are not archived. Anything
 * else answers 404, so that another investor's project is indistinguishable from one that does not exist.
 */

/** The signed-in user as far as access is concerned (the auth plugin's AuthUser is one). */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** 'Project ID is required' (400), for every route that needs a project and has none. */
export const PROJECT_ID_REQUIRED = coded('projects.project_id_required');
const PROJECT_ID_INVALID = coded('projects.project_id_invalid');

/**
 * The project id of a path, or of a query string already read by `projectIdQuery`: a missing or blank
 * one gets 'Project ID is required', a malformed one 'Project ID must be a valid id'.
 */
export function requireProjectId(raw: string | undefined | null): string {
  const parsed = projectIdQuery.safeParse({ projectId: raw ?? undefined });
  if (!parsed.success) throw new BadRequestError(PROJECT_ID_INVALID);
  if (!parsed.data.projectId) throw new BadRequestError(PROJECT_ID_REQUIRED);
  return parsed.data.projectId;
}

/** Any other path id: a malformed one is simply not found. */
export function parseId(raw: string, what: string): string {
  const parsed = projectIdValue.safeParse(raw);
  if (!parsed.success || !parsed.data) throw new NotFoundError(what);
  return parsed.data;
}

/** Answers the project's name (for notification texts); 404 when the viewer may not see it. */
export async function assertProjectVisible(
  db: DbOrTx,
  viewer: Viewer,
  projectId: string,
): Promise<{ name: string }> {
  const [row] = viewer.isAdmin
    ? await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId)).limit(1)
    : await db
        .select({ name: projects.name })
        .from(investments)
        .innerJoin(projects, eq(projects.id, investments.projectId))
        .where(
          and(
            eq(investments.projectId, projectId),
            eq(investments.userId, viewer.id),
            isNull(projects.archivedAt),
          ),
        )
        .limit(1);
  if (!row) throw new NotFoundError('Project');
  return row;
}

/**
 * SQL that is true when the viewer may see an object of `projectId` owned by `ownerId` (null = shared
 * with the project's investors): an admin always, an investor when the object is theirs (a signed
 * subscription agreement is theirs before they hold the project, ADR 028), or shared and they may see
 * the project.
 */
export function visibleTo(viewer: Viewer, projectId: AnyColumn, ownerId: AnyColumn): SQL {
  if (viewer.isAdmin) return sql`true`;
  return sql`(${ownerId} = ${viewer.id} or (${ownerId} is null and exists (select 1 from ${investments} join ${projects} on ${projects.id} = ${investments.projectId} and ${projects.archivedAt} is null where ${investments.userId} = ${viewer.id} and ${investments.projectId} = ${projectId})))`;
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

/** The project open for interest, if any (not archived), as investors see it. */
export async function currentOpportunity(db: DbOrTx): Promise<typeof projects.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.openForInterest, true), isNull(projects.archivedAt)))
    .limit(1);
  return row ?? null;
}
