import { and, desc, eq, exists, isNull, sql } from 'drizzle-orm';
import type { createUpdateInput, UpdateTranslations, updateUpdateInput } from '@portal/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { investments, projects, updateReads, updates, users } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';
import { notifyProjectInvestors } from '../notifications/notify';
import { assertProjectVisible } from '../access/project-access';
import type { UpdateWithReadState } from './presenter';
import { sanitizeUpdateHtml } from './sanitize';

type CreateInput = z.output<typeof createUpdateInput>;
type ChangeInput = z.output<typeof updateUpdateInput>;

/**
 * A project's updates, newest first, each with this viewer's read state and language (an investor reads
 * the admin's translation into theirs where there is one): two queries in all.
 */
export async function listUpdates(
  db: DbOrTx,
  viewer: AuthUser,
  projectId: string,
): Promise<UpdateWithReadState[]> {
  await assertProjectVisible(db, viewer, projectId);
  const rows = await db
    .select({
      update: updates,
      readAt: updateReads.readAt,
      locale: sql<string>`(select ${users.locale} from ${users} where ${users.id} = ${viewer.id})`,
    })
    .from(updates)
    .leftJoin(updateReads, and(eq(updateReads.updateId, updates.id), eq(updateReads.userId, viewer.id)))
    .where(eq(updates.projectId, projectId))
    .orderBy(desc(updates.date), desc(updates.createdAt));
  return rows.map((r) => ({
    update: r.update,
    isNew: r.readAt === null,
    ...(viewer.isAdmin ? { forAdmin: true } : { locale: r.locale }),
  }));
}

/** Each translation's content sanitized, as the update's own is. */
const sanitizeTranslations = (translations: UpdateTranslations): UpdateTranslations =>
  Object.fromEntries(
    Object.entries(translations).map(([l, t]) => [l, { ...t, content: sanitizeUpdateHtml(t.content) }]),
  );

/** Marks an update read for this viewer only. Reading it twice is not an error. */
export async function markRead(db: DbOrTx, viewer: AuthUser, updateId: string): Promise<void> {
  const visible = viewer.isAdmin
    ? sql`true`
    : exists(
        db
          .select({ one: sql`1` })
          .from(investments)
          .innerJoin(projects, and(eq(projects.id, investments.projectId), isNull(projects.archivedAt)))
          .where(and(eq(investments.projectId, updates.projectId), eq(investments.userId, viewer.id))),
      );
  const [row] = await db
    .select({ id: updates.id })
    .from(updates)
    .where(and(eq(updates.id, updateId), visible))
    .limit(1);
  if (!row) throw new NotFoundError('Update');
  await db.insert(updateReads).values({ updateId, userId: viewer.id }).onConflictDoNothing();
}

/** Publishes an update: sanitized, audited and announced to the project's investors, all or nothing. */
export async function createUpdate(
  db: DbOrTx,
  actor: AuthUser,
  input: CreateInput,
): Promise<UpdateWithReadState> {
  return db.transaction(async (tx) => {
    const project = await assertProjectVisible(tx, actor, input.projectId);
    const [row] = await tx
      .insert(updates)
      .values({
        projectId: input.projectId,
        title: input.title,
        category: input.category,
        excerpt: input.excerpt,
        content: sanitizeUpdateHtml(input.content),
        images: input.images,
        translations: sanitizeTranslations(input.translations),
        ...(input.date ? { date: new Date(input.date) } : {}),
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'create',
      entity: 'update',
      entityId: row!.id,
      details: { projectId: input.projectId, title: input.title },
    });
    await notifyProjectInvestors(tx, input.projectId, {
      title: `New update: ${input.title}`.slice(0, 200),
      message: (input.excerpt || `${project.name} posted a new update.`).slice(0, 500),
      notice: input.excerpt
        ? { key: 'newUpdateExcerpt', params: { title: input.title, excerpt: input.excerpt.slice(0, 500) } }
        : { key: 'newUpdate', params: { title: input.title, project: project.name } },
      type: 'info',
      link: `/updates?project=${input.projectId}`,
      createdBy: actor.id,
    });
    return { update: row!, isNew: true, forAdmin: true };
  });
}

/** Changes the fields sent; the content is sanitized again. */
export async function changeUpdate(
  db: DbOrTx,
  actor: AuthUser,
  updateId: string,
  input: ChangeInput,
): Promise<UpdateWithReadState> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(updates)
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.category !== undefined && { category: input.category }),
        ...(input.excerpt !== undefined && { excerpt: input.excerpt }),
        ...(input.content !== undefined && { content: sanitizeUpdateHtml(input.content) }),
        ...(input.images !== undefined && { images: input.images }),
        ...(input.translations !== undefined && { translations: sanitizeTranslations(input.translations) }),
        ...(input.date !== undefined && { date: new Date(input.date) }),
        updatedAt: new Date(),
      })
      .where(eq(updates.id, updateId))
      .returning();
    if (!row) throw new NotFoundError('Update');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'update',
      entity: 'update',
      entityId: row.id,
      details: {
        projectId: row.projectId,
        title: row.title,
        fields: Object.entries(input).flatMap(([k, v]) => (v === undefined ? [] : [k])),
      },
    });
    const [read] = await tx
      .select({ readAt: updateReads.readAt })
      .from(updateReads)
      .where(and(eq(updateReads.updateId, row.id), eq(updateReads.userId, actor.id)));
    return { update: row, isNew: !read, forAdmin: true };
  });
}

export async function deleteUpdate(db: DbOrTx, actor: AuthUser, updateId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(updates)
      .where(eq(updates.id, updateId))
      .returning({ id: updates.id, projectId: updates.projectId, title: updates.title });
    if (!row) throw new NotFoundError('Update');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entity: 'update',
      entityId: row.id,
      details: { projectId: row.projectId, title: row.title },
    });
  });
}
