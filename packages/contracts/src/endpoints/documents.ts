import { envelope, idParams, okMessage } from '../common';
import {
  documentFields,
  documentItem,
  documentsAnswer,
  documentsQuery,
  documentWriteQuery,
  userMediaFields,
  userMediaItem,
} from '../documents';
import { endpoint } from '../endpoint';

/**
 * The types a stored document can have (the server identifies them from the file's bytes). Text types
 * are sent with '; charset=utf-8'.
 */
export const DOCUMENT_FILE_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'text/plain',
  'text/csv',
] as const;

/** The types a stored media file (a photo or a video) can have. */
export const MEDIA_FILE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
  'video/quicktime',
] as const;

/** A visible document's or media file's bytes: whether it may be seen is decided by its project. */
const fileOf = (kind: 'document' | 'media', action: 'download' | 'preview') =>
  ({
    method: 'GET',
    access: 'user',
    params: idParams,
    answer: {
      kind: 'file',
      types: kind === 'document' ? DOCUMENT_FILE_TYPES : MEDIA_FILE_TYPES,
      ranges: true,
    },
    description:
      action === 'preview'
        ? 'Shown inline where a browser can show the type safely (PDF, images, text, video), else as an attachment.'
        : 'Sent as an attachment under its name.',
    reads: ['documents', 'investments'],
  }) as const;

const documentWrite = {
  access: 'admin',
  query: documentWriteQuery,
  // A project or user named in the query or the form that does not exist.
  errors: [404],
  writes: ['documents', 'notifications', 'audit_log'],
} as const;
const mediaWrite = { ...documentWrite, writes: ['documents', 'audit_log'] } as const;

export const documentEndpoints = {
  list: endpoint({
    id: 'documents.list',
    method: 'GET',
    path: '/api/documents',
    access: 'user',
    summary: "A project's document vault: its shared documents and the investor's own",
    description:
      "projectId is required. An admin gets every document of the project, or with userId that user's documents and media.",
    query: documentsQuery,
    requiredQuery: ['projectId'],
    answer: documentsAnswer,
    errors: [404],
    reads: ['projects', 'investments', 'documents'],
    cache: true,
  }),
  download: endpoint({
    id: 'documents.download',
    path: '/api/documents/:id/download',
    summary: "Downloads a document's file",
    ...fileOf('document', 'download'),
  }),
  preview: endpoint({
    id: 'documents.preview',
    path: '/api/documents/:id/preview',
    summary: "Shows a document's file",
    ...fileOf('document', 'preview'),
  }),
  mediaDownload: endpoint({
    id: 'documents.mediaDownload',
    path: '/api/documents/media/:id/download',
    summary: "Downloads a per-user media item's file",
    ...fileOf('media', 'download'),
  }),
  mediaPreview: endpoint({
    id: 'documents.mediaPreview',
    path: '/api/documents/media/:id/preview',
    summary: "Shows a per-user media item's file",
    ...fileOf('media', 'preview'),
  }),
  create: endpoint({
    id: 'documents.create',
    method: 'POST',
    path: '/api/documents',
    ...documentWrite,
    // A document for one investor is also emailed to them.
    writes: [...documentWrite.writes, 'mail_messages'],
    summary: "Adds a document to a project's vault (shared, or one user's), with or without a file",
    description:
      'The project and user come from the query string, else from the form; the project is required in one or the other.',
    multipart: { fields: documentFields, file: 'optional', json: true },
    status: 201,
    answer: envelope(documentItem),
  }),
  update: endpoint({
    id: 'documents.update',
    method: 'PUT',
    path: '/api/documents/:id',
    ...documentWrite,
    writes: ['documents', 'audit_log'],
    summary: 'Changes a document, or replaces its file',
    params: idParams,
    multipart: { fields: documentFields, file: 'optional', json: true },
    answer: envelope(documentItem),
  }),
  remove: endpoint({
    id: 'documents.remove',
    method: 'DELETE',
    path: '/api/documents/:id',
    access: 'admin',
    summary: 'Deletes a document and its file',
    params: idParams,
    answer: okMessage,
    writes: ['documents', 'audit_log'],
  }),
  createMedia: endpoint({
    id: 'documents.createMedia',
    method: 'POST',
    path: '/api/documents/media',
    ...mediaWrite,
    summary: "Adds a media item (a photo or a video) to one user's files of a project",
    description:
      'The project and user come from the query string, else from the form; both are required in one or the other.',
    multipart: { fields: userMediaFields, file: 'optional', json: true },
    status: 201,
    answer: envelope(userMediaItem),
  }),
  updateMedia: endpoint({
    id: 'documents.updateMedia',
    method: 'PUT',
    path: '/api/documents/media/:id',
    ...mediaWrite,
    summary: "Changes a user's media item, or replaces its file",
    params: idParams,
    multipart: { fields: userMediaFields, file: 'optional', json: true },
    answer: envelope(userMediaItem),
  }),
  removeMedia: endpoint({
    id: 'documents.removeMedia',
    method: 'DELETE',
    path: '/api/documents/media/:id',
    access: 'admin',
    summary: "Deletes a user's media item and its file",
    params: idParams,
    answer: okMessage,
    writes: ['documents', 'audit_log'],
  }),
};
