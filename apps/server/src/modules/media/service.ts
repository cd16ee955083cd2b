import { and, desc, eq } from 'drizzle-orm';
import { DEFAULT_MEDIA_PRIORITY, type ProjectMediaFields } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { documents, projectMedia } from '../../db/schema';
import { BadRequestError, NotFoundError, coded } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import type { FileStorage } from '../../storage/file-storage';
import { recordAudit } from '../audit/service';
import { assertProjectVisible } from '../access/project-access';
import type { StoredUpload } from '../files/uploads';
import type { FileSource } from '../../lib/file-urls';

const byPriorityThenDate = [desc(projectMedia.priority), desc(projectMedia.date), desc(projectMedia.id)];

/**
 * The gallery of a project: its active media, plus the viewer's own per-user media of the project (an
 * admin has none). Two queries after the visibility check, whatever the number of items.
 */
export async function listGallery(db: DbOrTx, viewer: AuthUser, projectId: string) {
  await assertProjectVisible(db, viewer, projectId);
  const [project, personal] = await Promise.all([
    db
      .select()
      .from(projectMedia)
      .where(and(eq(projectMedia.projectId, projectId), eq(projectMedia.status, 'active')))
      .orderBy(...byPriorityThenDate),
    viewer.isAdmin
      ? Promise.resolve([])
      : db
          .select()
          .from(documents)
          .where(
            and(
              eq(documents.projectId, projectId),
              eq(documents.userId, viewer.id),
              eq(documents.kind, 'media'),
            ),
          )
          .orderBy(desc(documents.uploadDate)),
  ]);
  return { project, personal };
}

/** Every media item of a project (or of all projects), whatever its status: the admin list. */
export async function listAllMedia(db: DbOrTx, projectId: string | undefined) {
  return db
    .select()
    .from(projectMedia)
    .where(projectId ? eq(projectMedia.projectId, projectId) : undefined)
    .orderBy(...byPriorityThenDate);
}

/** Photos must be images and videos videos; behind-the-scenes items may be either. */
function checkFileFitsType(type: string | undefined, file: StoredUpload | null) {
  if (!file || !type) return;
  if (type === 'photo' && file.kind !== 'image') throw new BadRequestError(coded('media.file_is_video'));
  if (type === 'video' && file.kind !== 'video') throw new BadRequestError(coded('media.file_is_photo'));
}

function values(fields: Partial<ProjectMediaFields>, file: StoredUpload | null) {
  return {
    ...(fields.projectId !== undefined && { projectId: fields.projectId }),
    ...(fields.title !== undefined && { title: fields.title }),
    ...(fields.type !== undefined && { type: fields.type }),
    ...(fields.description !== undefined && { description: fields.description }),
    ...(fields.thumbnail !== undefined && { thumbnail: fields.thumbnail }),
    ...(fields.url !== undefined && { url: fields.url }),
    ...(fields.status !== undefined && { status: fields.status }),
    ...(fields.priority !== undefined && { priority: fields.priority }),
    ...(fields.duration !== undefined && { duration: fields.duration }),
    ...(fields.date !== undefined && { date: new Date(fields.date) }),
    ...(file && { fileKey: file.key, fileName: file.originalName, fileMime: file.mime, fileSize: file.size }),
  };
}

/** Creates a project media item and its audit record in one transaction. */
export async function createProjectMedia(
  db: Db,
  actorId: string,
  fields: ProjectMediaFields & { projectId: string },
  file: StoredUpload | null,
) {
  checkFileFitsType(fields.type, file);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projectMedia)
      .values({
        ...values(fields, file),
        projectId: fields.projectId,
        title: fields.title,
        type: fields.type,
        priority: fields.priority ?? DEFAULT_MEDIA_PRIORITY,
      })
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'create',
      entity: 'project-media',
      entityId: row!.id,
      details: { title: row!.title, projectId: row!.projectId, fileSize: row!.fileSize },
    });
    return row!;
  });
}

/** Updates a project media item; a replaced file is removed after the commit. */
export async function updateProjectMedia(
  db: Db,
  storage: FileStorage,
  actorId: string,
  id: string,
  fields: Partial<ProjectMediaFields>,
  file: StoredUpload | null,
) {
  const { row, oldKey } = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ type: projectMedia.type, fileKey: projectMedia.fileKey, fileMime: projectMedia.fileMime })
      .from(projectMedia)
      .where(eq(projectMedia.id, id))
      .for('update')
      .limit(1);
    if (!before) throw new NotFoundError('Media item');
    const type = fields.type ?? before.type;
    if (file) checkFileFitsType(type, file);
    else if (before.fileKey && before.fileMime)
      checkFileFitsType(type, {
        kind: before.fileMime.startsWith('video/') ? 'video' : 'image',
      } as StoredUpload);
    const [row] = await tx
      .update(projectMedia)
      .set({ ...values(fields, file), updatedAt: new Date() })
      .where(eq(projectMedia.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entity: 'project-media',
      entityId: id,
      details: {
        title: row!.title,
        projectId: row!.projectId,
        fields: Object.keys(fields),
        fileReplaced: !!file,
      },
    });
    return { row: row!, oldKey: file ? before.fileKey : null };
  });
  if (oldKey) await storage.delete(oldKey).catch(() => undefined);
  return row;
}

export async function deleteProjectMedia(db: Db, storage: FileStorage, actorId: string, id: string) {
  const row = await db.transaction(async (tx) => {
    const [row] = await tx.delete(projectMedia).where(eq(projectMedia.id, id)).returning({
      id: projectMedia.id,
      title: projectMedia.title,
      projectId: projectMedia.projectId,
      fileKey: projectMedia.fileKey,
    });
    if (!row) throw new NotFoundError('Media item');
    await recordAudit(tx, {
      actorId,
      action: 'delete',
      entity: 'project-media',
      entityId: id,
      details: { title: row.title, projectId: row.projectId },
    });
    return row;
  });
  if (row.fileKey) await storage.delete(row.fileKey).catch(() => undefined);
}

/** The stored file behind a signed address, or "not found" when the item or its file is gone. */
export async function findSignedFile(db: DbOrTx, source: FileSource, id: string) {
  const [row] =
    source === 'p'
      ? await db
          .select({ key: projectMedia.fileKey, mime: projectMedia.fileMime, name: projectMedia.title })
          .from(projectMedia)
          .where(eq(projectMedia.id, id))
          .limit(1)
      : await db
          .select({ key: documents.fileKey, mime: documents.fileMime, name: documents.name })
          .from(documents)
          .where(and(eq(documents.id, id), eq(documents.kind, 'media')))
          .limit(1);
  if (!row?.key || !row.mime) throw new NotFoundError('File');
  return { key: row.key, mime: row.mime, name: row.name };
}
