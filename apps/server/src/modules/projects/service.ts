import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ProjectUpdateValues, ProjectValues } from '@portal/contracts';
import { toMoneyString } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { investments, monthlyReturns, projects } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';
import type { ProjectRow } from './presenter';

/** The viewer's stake in a project, with its monthly returns summed in SQL. */
export interface StakeRow {
  amount: string;
  returns: string;
  startDate: string | null;
  monthlySum: string | null;
  monthlyCount: number;
}

/** The viewer's monthly returns summed per project: one grouped subquery, whatever the number of projects. */
function monthlyTotals(db: DbOrTx, userId: string) {
  return db
    .select({
      projectId: monthlyReturns.projectId,
      sum: sql<string>`sum(${monthlyReturns.amount})`.as('monthly_sum'),
      count: sql<number>`count(*)::int`.as('monthly_count'),
    })
    .from(monthlyReturns)
    .where(eq(monthlyReturns.userId, userId))
    .groupBy(monthlyReturns.projectId)
    .as('mr');
}

/**
 * An admin sees every project; an investor only the projects they hold an investment in, each with
 * their own stake. One query either way.
 */
export async function listProjects(
  db: DbOrTx,
  viewer: AuthUser,
): Promise<{ project: ProjectRow; stake: StakeRow | null }[]> {
  if (viewer.isAdmin) {
    const rows = await db.select().from(projects).orderBy(asc(projects.name), asc(projects.id));
    return rows.map((project) => ({ project, stake: null }));
  }
  const mr = monthlyTotals(db, viewer.id);
  return db
    .select({
      project: projects,
      stake: {
        amount: investments.amount,
        returns: investments.returns,
        startDate: investments.startDate,
        monthlySum: mr.sum,
        monthlyCount: sql<number>`coalesce(${mr.count}, 0)`.mapWith(Number),
      },
    })
    .from(projects)
    .innerJoin(investments, and(eq(investments.projectId, projects.id), eq(investments.userId, viewer.id)))
    .leftJoin(mr, eq(mr.projectId, projects.id))
    .orderBy(asc(projects.name), asc(projects.id));
}

/**
 * One project. An investor gets it only when they hold an investment in it (otherwise it does not
 * exist for them: 404), with their returns month by month.
 */
export async function getProject(db: DbOrTx, viewer: AuthUser, id: string) {
  if (viewer.isAdmin) {
    const [project] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
    if (!project) throw new NotFoundError('Project');
    return { project, stake: null, monthly: [] };
  }
  const [[row], monthly] = await Promise.all([
    db
      .select({
        project: projects,
        amount: investments.amount,
        returns: investments.returns,
        startDate: investments.startDate,
      })
      .from(projects)
      .innerJoin(investments, and(eq(investments.projectId, projects.id), eq(investments.userId, viewer.id)))
      .where(eq(projects.id, id))
      .limit(1),
    db
      .select({ month: monthlyReturns.month, amount: monthlyReturns.amount })
      .from(monthlyReturns)
      .where(and(eq(monthlyReturns.userId, viewer.id), eq(monthlyReturns.projectId, id)))
      .orderBy(asc(monthlyReturns.month)),
  ]);
  if (!row) throw new NotFoundError('Project');
  return { project: row.project, stake: row, monthly };
}

/** Column values of the fields given; what is left out keeps the database default (create) or its value (update). */
function columns(input: ProjectUpdateValues) {
  const set: Partial<typeof projects.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.location !== undefined) set.location = input.location;
  if (input.status !== undefined) set.status = input.status;
  if (input.totalInvestment !== undefined) set.totalInvestment = toMoneyString(input.totalInvestment);
  if (input.totalReturned !== undefined) set.totalReturned = toMoneyString(input.totalReturned);
  if (input.annualROI !== undefined) set.annualROI = input.annualROI;
  if (input.investmentDate !== undefined) set.investmentDate = input.investmentDate;
  if (input.investmentPeriod !== undefined) set.investmentPeriod = input.investmentPeriod;
  if (input.expectedMonthlyReturn !== undefined)
    set.expectedMonthlyReturn = String(input.expectedMonthlyReturn);
  if (input.description !== undefined) set.description = input.description;
  if (input.expectedCompletion !== undefined) set.expectedCompletion = input.expectedCompletion;
  return set;
}

export async function createProject(db: DbOrTx, actorId: string, input: ProjectValues): Promise<ProjectRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projects)
      .values({ ...columns(input), name: input.name })
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'create',
      entity: 'project',
      entityId: row!.id,
      details: { name: row!.name },
    });
    return row!;
  });
}

export async function updateProject(
  db: DbOrTx,
  actorId: string,
  id: string,
  input: ProjectUpdateValues,
): Promise<ProjectRow> {
  const set = columns(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(projects)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(projects.id, id))
      .returning();
    if (!row) throw new NotFoundError('Project');
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entity: 'project',
      entityId: id,
      details: { name: row.name, fields: Object.keys(set) },
    });
    return row;
  });
}

/**
 * Deletes a project that no investor holds. A project with investments is refused: deleting it would
 * erase investors' investments and their whole returns history with it.
 */
export async function deleteProject(db: DbOrTx, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [project] = await tx
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(eq(projects.id, id))
      .for('update')
      .limit(1);
    if (!project) throw new NotFoundError('Project');
    const [held] = await tx.select({ n: count() }).from(investments).where(eq(investments.projectId, id));
    if (held && held.n > 0)
      throw new ConflictError(
        `This project has investments from ${held.n} investor${held.n === 1 ? '' : 's'}. Remove their investments before deleting the project.`,
      );
    await tx.delete(projects).where(eq(projects.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'delete',
      entity: 'project',
      entityId: id,
      details: { name: project.name },
    });
  });
}
