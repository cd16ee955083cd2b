import {
  EXTENSION_BY_MIME,
  type MediaFilter,
  type MediaItem,
  type ProjectMediaType,
} from '@portal/contracts';

/** A card matches when its type is the filter's; Behind the Scenes shows the behind-scenes items. */
export const matchesMediaFilter = (item: MediaItem, filter: MediaFilter) =>
  filter === 'all' || item.type === filter;

/** Each type's label (a message key of `media`). */
export const MEDIA_TYPE_LABELS = {
  photo: 'types.photo',
  video: 'types.video',
  'behind-scenes': 'types.behindScenes',
} as const satisfies Record<ProjectMediaType, string>;

/** Each filter's label (a message key of `media`). */
export const MEDIA_FILTER_LABELS = {
  all: 'filters.all',
  photo: 'filters.photo',
  video: 'filters.video',
  'behind-scenes': 'filters.behindScenes',
} as const satisfies Record<MediaFilter, string>;

/** Whether the item plays in a <video>: videos, and behind-the-scenes clips that are video files. */
export function isVideo(item: MediaItem): boolean {
  if (item.type === 'video') return true;
  if (item.mimeType) return item.mimeType.startsWith('video/');
  return /\.(webm|mp4|m4v|mov)(\?|$)/i.test(item.url ?? '');
}

/** A file name for the download link: the title plus the extension of the file. */
export function downloadFileName(item: MediaItem): string {
  const ext =
    (item.mimeType && EXTENSION_BY_MIME[item.mimeType]) ||
    /\.([a-z0-9]{2,5})(?:\?|$)/i.exec(item.url ?? '')?.[1]?.toLowerCase() ||
    '';
  const base = item.title.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'media';
  return ext ? `${base}.${ext}` : base;
}
