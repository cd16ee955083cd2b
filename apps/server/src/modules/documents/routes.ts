import type { FastifyRequest } from 'fastify';
import { documentFields, documentWriteQuery, endpoints, userMediaFields } from '@portal/contracts';
import type { Module } from '../../app-types';
import { BadRequestError, NotFoundError, coded } from '../../lib/errors';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { createFileUrls } from '../../lib/file-urls';
import { assertTargetsExist, assertUserExists, requireProjectId } from '../access/project-access';
import { presentDocument, presentUserMedia } from './presenter';
import { downloadName, sendStoredFile } from '../files/send-file';
import { createDocument, deleteDocument, findVisible, getVault, updateDocument } from './service';
import { extensionFor, parseForm, readUpload, withUpload, type UploadPurpose } from '../files/uploads';

const e = endpoints.documents;

/** Document vault (docs/product.md §11, §15.7) and the per-user media of the admin documents screen. */
export const documentRoutes: Module = (app, { database: { db }, storage, config, mailer }) => {
  const urls = createFileUrls(config.jwtSecrets);
  const upload = (request: FastifyRequest, purpose: UploadPurpose) =>
    readUpload(request, storage, { maxBytes: config.uploadMaxBytes, purpose });

  /** The project and owner of a write: from the query string, else from the form's fields. */
  const targetOf = (query: { projectId?: string; userId?: string }, fields: Record<string, unknown>) =>
    parseForm(documentWriteQuery, {
      projectId: query.projectId ?? fields.projectId,
      userId: query.userId ?? fields.userId,
    });

  route(app, e.list, async (request) => {
    const { projectId, userId } = request.query;
    const vault = await getVault(db, requireAuth(request), requireProjectId(projectId), userId);
    return {
      success: true as const,
      documents: vault.documents.map(presentDocument),
      ...(vault.media && { media: vault.media.map((m) => presentUserMedia(m, urls)) }),
    };
  });

  for (const [endpoint, kind, disposition] of [
    [e.download, 'document', 'attachment'],
    [e.preview, 'document', 'inline'],
    [e.mediaDownload, 'media', 'attachment'],
    [e.mediaPreview, 'media', 'inline'],
  ] as const)
    route(app, endpoint, async (request, reply) => {
      const row = await findVisible(db, requireAuth(request), request.params.id, kind);
      if (!row.fileKey || !row.fileMime) throw new NotFoundError('File');
      return sendStoredFile(request, reply, storage, {
        key: row.fileKey,
        mime: row.fileMime,
        name: downloadName(row.name, extensionFor(row.fileMime)),
        disposition,
      });
    });

  // Admin writes. Bodies are multipart (or JSON without a file), so the fields are parsed in the handler.
  route(app, e.create, async (request) => {
    const actorId = requireAuth(request).id;
    const { fields, file } = await upload(request, 'document');
    const row = await withUpload(storage, file, async () => {
      const target = targetOf(request.query, fields);
      const projectId = requireProjectId(target.projectId);
      await assertTargetsExist(db, projectId, target.userId);
      const input = parseForm(documentFields, fields);
      return createDocument(db, mailer, 'document', {
        actorId,
        projectId,
        userId: target.userId ?? null,
        fields: input,
        file,
      });
    });
    return { success: true as const, data: presentDocument(row), message: 'Document uploaded' };
  });

  route(app, e.update, async (request) => {
    const actorId = requireAuth(request).id;
    const { fields, file } = await upload(request, 'document');
    const row = await withUpload(storage, file, async () => {
      const target = targetOf(request.query, fields);
      if (target.projectId) await assertTargetsExist(db, target.projectId, target.userId);
      else if (target.userId) await assertUserExists(db, target.userId);
      return updateDocument(db, storage, 'document', request.params.id, {
        actorId,
        projectId: target.projectId,
        userId: target.userId,
        fields: parseForm(documentFields, fields),
        file,
      });
    });
    return { success: true as const, data: presentDocument(row), message: 'Document updated' };
  });

  route(app, e.remove, async (request) => {
    await deleteDocument(db, storage, 'document', request.params.id, requireAuth(request).id);
    return { success: true as const, message: 'Document deleted' };
  });

  route(app, e.createMedia, async (request) => {
    const actorId = requireAuth(request).id;
    const { fields, file } = await upload(request, 'media');
    const row = await withUpload(storage, file, async () => {
      const target = targetOf(request.query, fields);
      const projectId = requireProjectId(target.projectId);
      if (!target.userId) throw new BadRequestError(coded('documents.user_id_required'));
      await assertTargetsExist(db, projectId, target.userId);
      return createDocument(db, mailer, 'media', {
        actorId,
        projectId,
        userId: target.userId,
        fields: parseForm(userMediaFields, fields),
        file,
      });
    });
    return { success: true as const, data: presentUserMedia(row, urls), message: 'Media uploaded' };
  });

  route(app, e.updateMedia, async (request) => {
    const actorId = requireAuth(request).id;
    const { fields, file } = await upload(request, 'media');
    const row = await withUpload(storage, file, async () => {
      const target = targetOf(request.query, fields);
      if (target.projectId) await assertTargetsExist(db, target.projectId, target.userId);
      else if (target.userId) await assertUserExists(db, target.userId);
      return updateDocument(db, storage, 'media', request.params.id, {
        actorId,
        projectId: target.projectId,
        userId: target.userId,
        fields: parseForm(userMediaFields, fields),
        file,
      });
    });
    return { success: true as const, data: presentUserMedia(row, urls), message: 'Media updated' };
  });

  route(app, e.removeMedia, async (request) => {
    await deleteDocument(db, storage, 'media', request.params.id, requireAuth(request).id);
    return { success: true as const, message: 'Media deleted' };
  });
};
