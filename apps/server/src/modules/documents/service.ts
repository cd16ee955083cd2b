import { and, asc, desc, eq, isNull, or } from 'drizzle-orm';
import { DEFAULT_DOCUMENT_CATEGORY, DEFAULT_DOCUMENT_TYPE } from '@portal/contracts';
import type { DocumentFields, UserMediaFields } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { documents, projects } from '../../db/schema';
import { BadRequestError, NotFoundError, coded } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import type { FileStorage } from '../../storage/file-storage';
import { recordAudit } from '../audit/service';
import { notifyProjectInvestors, notifyUsers, type NotificationInput } from '../notifications/notify';
import { assertProjectVisible, assertTargetsExist, visibleTo } from '../access/project-access';
import type { DocumentRow } from './presenter';
import type { StoredUpload } from '../files/uploads';

export type DocumentKind = 'document' | 'media';

const ENTITY: Record<DocumentKind, 'document' | 'user-media'> = { document: 'document', media: 'user-media' };
const WHAT: Record<DocumentKind, string> = { document: 'Document', media: 'Media item' };

/**
 * `GET /api/documents`: the project must be visible to the viewer; an admin may name a user (who must
 * exist) to get that user's documents and media of the project.
 */
export async function getVault(db: DbOrTx, viewer: AuthUser, projectId: string, userId?: string) {
  const forUser = viewer.isAdmin ? userId : undefined;
  if (forUser) await assertTargetsExist(db, projectId, forUser);
  else await assertProjectVisible(db, viewer, projectId);
  return listDocuments(db, viewer, projectId, forUser);
}

/**
 * The vault of a project. An investor gets the project's shared documents and their own; an admin gets
 * every document of the project, or with `userId` that user's documents and media. The caller has
 * checked that the project is visible.
 */
async function listDocuments(
  db: DbOrTx,
  viewer: AuthUser,
  projectId: string,
  userId?: string,
): Promise<{ documents: DocumentRow[]; media?: DocumentRow[] }> {
  const order = [desc(documents.uploadDate), asc(documents.name)];
  if (viewer.isAdmin && userId) {
    const rows = await db
      .select()
      .from(documents)
      .where(and(eq(documents.projectId, projectId), eq(documents.userId, userId)))
      .orderBy(...order);
    return {
      documents: rows.filter((r) => r.kind === 'document'),
      media: rows.filter((r) => r.kind === 'media'),
    };
  }
  const owner = viewer.isAdmin ? undefined : or(isNull(documents.userId), eq(documents.userId, viewer.id));
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.projectId, projectId), eq(documents.kind, 'document'), owner))
    .orderBy(...order);
  return { documents: rows };
}

/** A document (or per-user media item) the viewer may open; anything else is "not found". One query. */
export async function findVisible(db: DbOrTx, viewer: AuthUser, id: string, kind: DocumentKind) {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.id, id),
        eq(documents.kind, kind),
        visibleTo(viewer, documents.projectId, documents.userId),
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError(WHAT[kind]);
  return row;
}

const fileColumns = (file: StoredUpload) => ({
  fileKey: file.key,
  fileName: file.originalName,
  fileMime: file.mime,
  fileSize: file.size,
});

/** The row values of a document from its form; the file supplies a name and a type when they are blank. */
function documentValues(fields: DocumentFields, file: StoredUpload | null, creating: boolean) {
  const fallbackName = file ? file.originalName.replace(/\.[^.]+$/, '') : undefined;
  const name = fields.name || (creating ? fallbackName : undefined);
  if ((creating && !name) || (!creating && fields.name === ''))
    throw new BadRequestError(coded('documents.name_required'));
  return {
    ...(name !== undefined && { name }),
    ...((fields.category !== undefined || creating) && {
      category: fields.category || DEFAULT_DOCUMENT_CATEGORY,
    }),
    ...((fields.type !== undefined || file || creating) && {
      type: fields.type || file?.label || DEFAULT_DOCUMENT_TYPE,
    }),
    ...(fields.description !== undefined && { description: fields.description }),
    ...(fields.isNew !== undefined && { isNew: fields.isNew }),
    ...(fields.uploadDate !== undefined && { uploadDate: new Date(fields.uploadDate) }),
    ...(file && fileColumns(file)),
  };
}

/** The row values of a per-user media item; the type follows the file when it is not given. */
function mediaValues(fields: UserMediaFields, file: StoredUpload | null, creating: boolean) {
  if ((creating && !fields.title) || fields.title === '')
    throw new BadRequestError(coded('documents.title_required'));
  const fileType = file ? (file.kind === 'video' ? 'video' : 'photo') : undefined;
  if (file && fields.type && fields.type !== fileType)
    throw new BadRequestError(
      coded(fileType === 'video' ? 'documents.file_video_type_photo' : 'documents.file_photo_type_video'),
    );
  const type = fields.type ?? fileType;
  if (creating && !type) throw new BadRequestError(coded('documents.type_required'));
  return {
    ...(fields.title !== undefined && { name: fields.title }),
    ...(type !== undefined && { type }),
    ...(fields.description !== undefined && { description: fields.description }),
    ...(fields.thumbnail !== undefined && { thumbnail: fields.thumbnail }),
    ...(fields.url !== undefined && { url: fields.url }),
    ...(fields.duration !== undefined && { duration: fields.duration }),
    ...(fields.date !== undefined && { uploadDate: new Date(fields.date) }),
    ...(file && fileColumns(file)),
  };
}

export interface WriteInput<F> {
  actorId: string;
  projectId: string;
  userId: string | null;
  fields: F;
  file: StoredUpload | null;
}

/** Creates a document or per-user media item with its audit record, in one transaction. */
export async function createDocument(
  db: Db,
  mailer: Mailer,
  kind: DocumentKind,
  input: WriteInput<DocumentFields | UserMediaFields>,
): Promise<DocumentRow> {
  const values =
    kind === 'document'
      ? documentValues(input.fields as DocumentFields, input.file, true)
      : mediaValues(input.fields as UserMediaFields, input.file, true);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documents)
      .values({
        ...values,
        name: values.name!,
        kind,
        projectId: input.projectId,
        userId: input.userId,
      })
      .returning();
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'create',
      entity: ENTITY[kind],
      entityId: row!.id,
      details: { name: row!.name, projectId: row!.projectId, userId: row!.userId, fileSize: row!.fileSize },
    });
    if (kind === 'document') {
      // The investors who can see it are told, with a link to the project's vault.
      const n: NotificationInput = {
        title: `New document: ${row!.name}`.slice(0, 200),
        message: 'A new document is in your Document Vault.',
        notice: { key: 'newDocument', params: { name: row!.name } },
        type: 'info',
        link: `/documents?project=${input.projectId}`,
        createdBy: input.actorId,
      };
      if (input.userId) {
        await notifyUsers(tx, [input.userId], n);
        // A document for one investor also goes by email (unless they turned those off).
        const [project] = await tx
          .select({ name: projects.name })
          .from(projects)
          .where(eq(projects.id, input.projectId));
        await mailer.queue(tx, 'document', input.userId, {
          title: row!.name,
          project: project?.name ?? null,
        });
      } else await notifyProjectInvestors(tx, input.projectId, n);
    }
    return row!;
  });
}

/**
 * Updates a document or per-user media item; `projectId`/`userId` move it when given (userId null makes a
 * document shared). A replaced file is removed once the new row is committed.
 */
export async function updateDocument(
  db: Db,
  storage: FileStorage,
  kind: DocumentKind,
  id: string,
  input: Omit<WriteInput<DocumentFields | UserMediaFields>, 'projectId' | 'userId'> & {
    projectId?: string;
    userId?: string | null;
  },
): Promise<DocumentRow> {
  const values =
    kind === 'document'
      ? documentValues(input.fields as DocumentFields, input.file, false)
      : mediaValues(input.fields as UserMediaFields, input.file, false);
  const { row, oldKey } = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ fileKey: documents.fileKey, type: documents.type })
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.kind, kind)))
      .for('update')
      .limit(1);
    if (!before) throw new NotFoundError(WHAT[kind]);
    if (kind === 'media' && !input.file && 'type' in values && values.type !== before.type && before.fileKey)
      throw new BadRequestError(coded('documents.type_must_match_file'));
    const [row] = await tx
      .update(documents)
      .set({
        ...values,
        ...(input.projectId !== undefined && { projectId: input.projectId }),
        ...(input.userId !== undefined && { userId: input.userId }),
        updatedAt: new Date(),
      })
      .where(eq(documents.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'update',
      entity: ENTITY[kind],
      entityId: id,
      details: {
        name: row!.name,
        projectId: row!.projectId,
        userId: row!.userId,
        fields: Object.keys(values),
        fileReplaced: !!input.file,
      },
    });
    return { row: row!, oldKey: input.file ? before.fileKey : null };
  });
  if (oldKey) await storage.delete(oldKey).catch(() => undefined);
  return row;
}

/** Deletes a document or per-user media item and then its file. */
export async function deleteDocument(
  db: Db,
  storage: FileStorage,
  kind: DocumentKind,
  id: string,
  actorId: string,
): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(documents)
      .where(and(eq(documents.id, id), eq(documents.kind, kind)))
      .returning({ id: documents.id, name: documents.name, fileKey: documents.fileKey });
    if (!row) throw new NotFoundError(WHAT[kind]);
    await recordAudit(tx, {
      actorId,
      action: 'delete',
      entity: ENTITY[kind],
      entityId: id,
      details: { name: row.name },
    });
    return row;
  });
  // After the commit: a file left behind by a failed removal is harmless, a row without its file is not.
  if (row.fileKey) await storage.delete(row.fileKey).catch(() => undefined);
}
