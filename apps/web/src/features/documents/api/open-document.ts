import type { DocumentItem } from '@portal/contracts';
import { downloadFile, previewFile } from '@/lib/files';

const path = (doc: DocumentItem, action: 'download' | 'preview') =>
  `/api/documents/${encodeURIComponent(doc._id)}/${action}`;

/** Saves the document under the name the server gives it (fallback: 'document-{id}'). */
export const downloadDocument = (doc: DocumentItem) =>
  downloadFile(path(doc, 'download'), `document-${doc._id}`);

/** Opens a PDF, image or text document in a new tab; downloads any other type. */
export const previewDocument = (doc: DocumentItem) =>
  previewFile(path(doc, 'preview'), `document-${doc._id}`);
