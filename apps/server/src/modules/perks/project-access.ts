import { and, eq, isNull } from 'drizzle-orm';
import { PROJECT_ID_REQUIRED } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { investments, projects } from '../../db/schema';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The project id of a path or query string: missing gets 'Project ID is required'. */
export function parseProjectId(raw: string | undefined | null): string {
  const v = raw?.trim();
  if (!v) throw new BadRequestError(PROJECT_ID_REQUIRED);
  if (!UUID.test(v)) throw new BadRequestError('Project ID must be a valid id');
  return v.toLowerCase();
}

/** Any other path id: a malformed one is simply not found. */
export function parseId(raw: string, what: string): string {
  if (!UUID.test(raw)) throw new NotFoundError(what);
  return raw.toLowerCase();
}

/**
 * An admin sees every project; an investor only the projects they hold an investment in and that are
 * not archived. Anything else
 * answers 404, so that another investor's project is indistinguishable from one that does not exist.
 * Answers the project's name (for notification texts).
 */
export async function assertProjectVisible(
  db: DbOrTx,
  viewer: AuthUser,
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
