import type { MediaItem } from '@portal/contracts';
import type { documents, projectMedia } from '../../db/schema';
import type { FileUrls } from '../../lib/file-urls';

export type ProjectMediaRow = typeof projectMedia.$inferSelect;
/** A personal photo or video: a row of the documents table (its files are documents of the investor's). */
type DocumentRow = typeof documents.$inferSelect;

/**
 * The only way a project media row becomes JSON. An uploaded file is reached through signed addresses
 * (an <img> or <video> cannot send the bearer header); demo and linked media keep their same-site url.
 */
export function presentProjectMedia(m: ProjectMediaRow, urls: FileUrls): MediaItem {
  const file = m.fileKey !== null;
  const url = file ? urls.sign('p', m.id) : m.url;
  return {
    _id: m.id,
    projectId: m.projectId,
    title: m.title,
    type: m.type,
    thumbnail: m.thumbnail ?? (file && m.fileMime?.startsWith('image/') ? url : null),
    url,
    downloadUrl: file ? urls.sign('p', m.id, { download: true }) : m.url,
    description: m.description,
    status: m.status,
    priority: m.priority,
    duration: m.duration,
    date: m.date.toISOString(),
    hasFile: file,
    fileName: m.fileName,
    fileSize: m.fileSize,
    mimeType: m.fileMime,
    personal: false,
  };
}

/** A per-user media item shown in its owner's gallery, beside the project's media. */
export function presentPersonalMedia(d: DocumentRow, urls: FileUrls): MediaItem {
  const file = d.fileKey !== null;
  const url = file ? urls.sign('u', d.id) : d.url;
  return {
    _id: d.id,
    projectId: d.projectId,
    title: d.name,
    type: d.type === 'video' ? 'video' : 'photo',
    thumbnail: d.thumbnail ?? (file && d.fileMime?.startsWith('image/') ? url : null),
    url,
    downloadUrl: file ? urls.sign('u', d.id, { download: true }) : d.url,
    description: d.description,
    status: 'active',
    priority: 0,
    duration: d.duration,
    date: d.uploadDate.toISOString(),
    hasFile: file,
    fileName: d.fileName,
    fileSize: d.fileSize,
    mimeType: d.fileMime,
    personal: true,
  };
}
