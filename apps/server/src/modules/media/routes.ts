import { endpoints, projectMediaFields, projectMediaUpdateFields } from '@portal/contracts';
import type { Module } from '../../app-types';
import { ForbiddenError, coded } from '../../lib/errors';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { assertTargetsExist, requireProjectId } from '../access/project-access';
import { downloadName, sendStoredFile } from '../files/send-file';
import { extensionFor, parseForm, readUpload, withUpload } from '../files/uploads';
import { createFileUrls } from '../../lib/file-urls';
import { presentPersonalMedia, presentProjectMedia } from './presenter';
import {
  createProjectMedia,
  deleteProjectMedia,
  findSignedFile,
  listAllMedia,
  listGallery,
  updateProjectMedia,
} from './service';

const e = endpoints.media;

/** Project media gallery (docs/product.md §12, §16) and the signed addresses of uploaded media files. */
export const mediaRoutes: Module = (app, { database: { db }, storage, config }) => {
  const urls = createFileUrls(config.jwtSecrets);

  route(app, e.list, async (request) => {
    const gallery = await listGallery(db, requireAuth(request), requireProjectId(request.query.projectId));
    const media = [
      ...gallery.project.map((m) => presentProjectMedia(m, urls)),
      ...gallery.personal.map((m) => presentPersonalMedia(m, urls)),
    ].sort((a, b) => b.priority - a.priority || b.date.localeCompare(a.date));
    return { success: true as const, media };
  });

  route(app, e.adminList, async (request) => ({
    success: true as const,
    media: (await listAllMedia(db, request.query.projectId)).map((m) => presentProjectMedia(m, urls)),
  }));

  // Writes take multipart (fields plus an optional `file`) or JSON, so the fields are parsed in the handler.
  route(app, e.create, async (request) => {
    const actorId = requireAuth(request).id;
    const { fields, file } = await readUpload(request, storage, {
      maxBytes: config.uploadMaxBytes,
      purpose: 'media',
    });
    const row = await withUpload(storage, file, async () => {
      const input = parseForm(projectMediaFields, fields);
      const projectId = requireProjectId(input.projectId);
      await assertTargetsExist(db, projectId, null);
      return createProjectMedia(db, actorId, { ...input, projectId }, file);
    });
    return { success: true as const, data: presentProjectMedia(row, urls), message: 'Media created' };
  });

  route(app, e.update, async (request) => {
    const actorId = requireAuth(request).id;
    const { fields, file } = await readUpload(request, storage, {
      maxBytes: config.uploadMaxBytes,
      purpose: 'media',
    });
    const row = await withUpload(storage, file, async () => {
      const input = parseForm(projectMediaUpdateFields, fields);
      if (input.projectId) await assertTargetsExist(db, input.projectId, null);
      return updateProjectMedia(db, storage, actorId, request.params.id, input, file);
    });
    return { success: true as const, data: presentProjectMedia(row, urls), message: 'Media updated' };
  });

  route(app, e.remove, async (request) => {
    await deleteProjectMedia(db, storage, requireAuth(request).id, request.params.id);
    return { success: true as const, message: 'Media deleted' };
  });

  // The address itself is the permission (signed, expiring): <img> and <video> cannot send a bearer token.
  route(app, e.file, async (request, reply) => {
    const { source, id } = request.params;
    const { exp, sig, download } = request.query;
    if (!urls.verify(source, id, exp, sig, download === '1'))
      throw new ForbiddenError(coded('media.link_expired'));
    const file = await findSignedFile(db, source, id);
    return sendStoredFile(request, reply, storage, {
      key: file.key,
      mime: file.mime,
      name: downloadName(file.name, extensionFor(file.mime)),
      disposition: download === '1' ? 'attachment' : 'inline',
      cacheControl: `private, max-age=${Math.min(3600, urls.secondsLeft(exp))}`,
    });
  });
};
