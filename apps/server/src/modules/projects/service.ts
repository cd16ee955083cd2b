import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import type { OpportunityValues, ProjectUpdateValues, ProjectValues } from '@portal/contracts';
import { toMoneyString } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { investments, monthlyReturns, projects } from '../../db/schema';
import { incomePaidSql, monthlyReturnsTotal } from '../../db/investment-returns';
import { ConflictError, NotFoundError, isUniqueViolation, coded } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';

export type ProjectRow = typeof projects.$inferSelect;

/** The viewer's stake in a project, with its paid monthly returns summed in SQL (null when none is paid). */
export interface StakeRow {
  amount: string;
  returns: string;
  startDate: string | null;
  monthlyTotal: string | null;
}

/**
 * An admin sees every project (archived ones too); an investor only the projects they hold an
 * investment in and that are not archived, each with their own stake. One query either way.
 */
export async function listProjects(
  db: DbOrTx,
  viewer: AuthUser,
): Promise<{ project: ProjectRow; stake: StakeRow | null }[]> {
  if (viewer.isAdmin) {
    const rows = await db.select().from(projects).orderBy(asc(projects.name), asc(projects.id));
    return rows.map((project) => ({ project, stake: null }));
  }
  return db
    .select({
      project: projects,
      stake: {
        amount: investments.amount,
        returns: investments.returns,
        startDate: investments.startDate,
        monthlyTotal: monthlyReturnsTotal,
      },
    })
    .from(projects)
    .innerJoin(investments, and(eq(investments.projectId, projects.id), eq(investments.userId, viewer.id)))
    .where(isNull(projects.archivedAt))
    .orderBy(asc(projects.name), asc(projects.id));
}

/**
 * One project. An investor gets it only when they hold an investment in it and it is not archived
 * (otherwise it does not exist for them: 404), with their returns month by month (those paid so far).
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
      .where(and(eq(projects.id, id), isNull(projects.archivedAt)))
      .limit(1),
    db
      .select({ month: monthlyReturns.month, amount: monthlyReturns.amount })
      .from(monthlyReturns)
      .where(and(eq(monthlyReturns.userId, viewer.id), eq(monthlyReturns.projectId, id), incomePaidSql))
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
  if (input.rentalSharePercent !== undefined) set.rentalSharePercent = input.rentalSharePercent.toFixed(2);
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
 * Deletes a project that no investor holds. A project with investments is refused (409, saying to
 * archive it): deleting it would erase investors' investments and their whole returns history.
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
    if (held && held.n > 0) throw new ConflictError(coded('projects.has_investments', { count: held.n }));
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

/**
 * Archives (`archived = true`) or restores a project. An archived project is hidden from every
 * investor read but their money (Portfolio Summary, Payout Timeline) and kept with its history; it is
 * no longer open for interest. Archiving or restoring twice changes nothing and records nothing.
 */
export async function setArchived(
  db: DbOrTx,
  actorId: string,
  id: string,
  archived: boolean,
): Promise<ProjectRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(projects).where(eq(projects.id, id)).for('update').limit(1);
    if (!current) throw new NotFoundError('Project');
    if (!!current.archivedAt === archived) return current;
    const [row] = await tx
      .update(projects)
      .set(
        archived
          ? { archivedAt: new Date(), openForInterest: false, updatedAt: new Date() }
          : { archivedAt: null, updatedAt: new Date() },
      )
      .where(eq(projects.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: archived ? 'archive' : 'restore',
      entity: 'project',
      entityId: id,
      details: { name: row!.name },
    });
    return row!;
  });
}

/**
 * Sets a project's opportunity (admin). At most one project is open for interest, and an archived
 * one cannot be: both answer 409 naming the reason.
 */
export async function updateOpportunity(
  db: DbOrTx,
  actorId: string,
  id: string,
  input: OpportunityValues,
): Promise<ProjectRow> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: projects.id, archivedAt: projects.archivedAt })
        .from(projects)
        .where(eq(projects.id, id))
        .for('update')
        .limit(1);
      if (!current) throw new NotFoundError('Project');
      if (input.openForInterest) {
        if (current.archivedAt) throw new ConflictError(coded('projects.archived_not_open'));
        const [other] = await tx
          .select({ name: projects.name })
          .from(projects)
          .where(and(eq(projects.openForInterest, true), ne(projects.id, id)))
          .limit(1);
        if (other) throw new ConflictError(coded('projects.already_open', { name: other.name }));
      }
      const [row] = await tx
        .update(projects)
        .set({
          openForInterest: input.openForInterest,
          interestTarget: toMoneyString(input.targetAmount),
          interestCommitments: toMoneyString(input.currentCommitments),
          interestMinimum: toMoneyString(input.minimumInvestment),
          interestMaximum: toMoneyString(input.maximumInvestment),
          projectedROI: String(input.projectedAnnualROI),
          expectedLaunch: input.expectedLaunch,
          features: input.features,
          updatedAt: new Date(),
        })
        .where(eq(projects.id, id))
        .returning();
      await recordAudit(tx, {
        actorId,
        action: 'update',
        entity: 'project',
        entityId: id,
        details: { name: row!.name, fields: ['opportunity'], openForInterest: input.openForInterest },
      });
      return row!;
    });
  } catch (err) {
    // Two admins opening two projects at once: the partial unique index lets one through.
    if (isUniqueViolation(err)) {
      const [other] = await db
        .select({ name: projects.name })
        .from(projects)
        .where(eq(projects.openForInterest, true))
        .limit(1);
      throw new ConflictError(
        other ? coded('projects.already_open', { name: other.name }) : coded('projects.another_open'),
      );
    }
    throw err;
  }
}
