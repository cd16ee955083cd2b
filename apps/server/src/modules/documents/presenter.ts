import type { DocumentItem, UserMediaItem } from '@portal/contracts';
import type { documents } from '../../db/schema';
import type { FileUrls } from '../../lib/file-urls';

export type DocumentRow = typeof documents.$inferSelect;

/** The only way a document row becomes JSON. */
export function presentDocument(d: DocumentRow): DocumentItem {
  return {
    _id: d.id,
    name: d.name,
    category: d.category,
    type: d.type,
    description: d.description,
    projectId: d.projectId,
    userId: d.userId,
    uploadDate: d.uploadDate.toISOString(),
    isNew: d.isNew,
    hasFile: d.fileKey !== null,
    fileName: d.fileName,
    fileSize: d.fileSize,
    mimeType: d.fileMime,
  };
}

/**
 * A per-user media row as JSON. An uploaded file gets signed addresses (an <img> cannot send the bearer
 * header); otherwise the stored same-site url is used as it is.
 */
export function presentUserMedia(d: DocumentRow, urls: FileUrls): UserMediaItem {
  const file = d.fileKey !== null;
  const url = file ? urls.sign('u', d.id) : d.url;
  return {
    _id: d.id,
    title: d.name,
    type: d.type === 'video' ? 'video' : 'photo',
    description: d.description,
    thumbnail: d.thumbnail ?? (file && d.fileMime?.startsWith('image/') ? url : null),
    url,
    downloadUrl: file ? urls.sign('u', d.id, { download: true }) : d.url,
    duration: d.duration,
    date: d.uploadDate.toISOString(),
    projectId: d.projectId,
    userId: d.userId ?? '',
    hasFile: file,
    fileName: d.fileName,
    fileSize: d.fileSize,
    mimeType: d.fileMime,
  };
}
