import { envelope, idParams, okMessage } from '../common';
import { endpoint } from '../endpoint';
import {
  mediaAnswer,
  mediaItem,
  mediaQuery,
  projectMediaFields,
  projectMediaUpdateFields,
  signedFileParams,
  signedFileQuery,
} from '../media';
import { MEDIA_FILE_TYPES } from './documents';

const adminWrite = { access: 'admin', writes: ['project_media', 'audit_log'] } as const;

export const mediaEndpoints = {
  list: endpoint({
    id: 'media.list',
    method: 'GET',
    path: '/api/media',
    access: 'user',
    summary: "A project's gallery: its active media and the investor's own media of the project",
    description:
      'projectId is required. Uploaded files come with signed addresses that last two to three hours.',
    query: mediaQuery,
    requiredQuery: ['projectId'],
    answer: mediaAnswer,
    errors: [404],
    reads: ['projects', 'investments', 'project_media', 'documents'],
  }),
  adminList: endpoint({
    id: 'media.adminList',
    method: 'GET',
    path: '/api/media/admin',
    access: 'admin',
    summary: 'Every media item of a project (or of all projects), whatever its status',
    query: mediaQuery,
    answer: mediaAnswer,
    reads: ['project_media'],
  }),
  create: endpoint({
    id: 'media.create',
    method: 'POST',
    path: '/api/media',
    ...adminWrite,
    summary: "Adds a media item to a project's gallery, with an uploaded file or a same-site address",
    errors: [404],
    multipart: { fields: projectMediaFields, file: 'optional', json: true, required: ['projectId'] },
    status: 201,
    answer: envelope(mediaItem),
  }),
  update: endpoint({
    id: 'media.update',
    method: 'PUT',
    path: '/api/media/:id',
    ...adminWrite,
    summary: 'Changes a media item, or replaces its file',
    params: idParams,
    multipart: { fields: projectMediaUpdateFields, file: 'optional', json: true },
    answer: envelope(mediaItem),
  }),
  remove: endpoint({
    id: 'media.remove',
    method: 'DELETE',
    path: '/api/media/:id',
    ...adminWrite,
    summary: 'Deletes a media item and its file',
    params: idParams,
    answer: okMessage,
  }),
  file: endpoint({
    id: 'media.file',
    method: 'GET',
    path: '/api/media/files/:source/:id',
    access: 'public',
    summary: 'An uploaded media file by its signed, expiring address (p: project media, u: per-user media)',
    description:
      'The address itself is the permission: <img> and <video> cannot send a bearer token. An expired or forged signature is a 403.',
    params: signedFileParams,
    query: signedFileQuery,
    answer: { kind: 'file', types: MEDIA_FILE_TYPES, ranges: true },
    errors: [403],
    reads: ['project_media', 'documents'],
  }),
};
