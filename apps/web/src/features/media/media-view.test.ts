import { describe, expect, it } from 'vitest';
import type { MediaItem } from '@portal/contracts';
import { downloadFileName, isVideo, matchesMediaFilter } from './media-view';

const item = (over: Partial<MediaItem>): MediaItem => ({
  _id: '1',
  projectId: 'p',
  title: 'Lake',
  type: 'photo',
  thumbnail: null,
  url: '/demo/photos/aurora-lake.jpg',
  downloadUrl: '/demo/photos/aurora-lake.jpg',
  description: '',
  status: 'active',
  priority: 0,
  duration: null,
  date: '2026-01-01T00:00:00.000Z',
  hasFile: false,
  fileName: null,
  fileSize: null,
  mimeType: null,
  personal: false,
  ...over,
});

describe('media gallery view', () => {
  it('filters on the type, and Behind the Scenes shows the behind-scenes items', () => {
    const list = [item({ type: 'photo' }), item({ type: 'video' }), item({ type: 'behind-scenes' })];
    expect(list.filter((m) => matchesMediaFilter(m, 'all'))).toHaveLength(3);
    expect(list.filter((m) => matchesMediaFilter(m, 'photo')).map((m) => m.type)).toEqual(['photo']);
    expect(list.filter((m) => matchesMediaFilter(m, 'video')).map((m) => m.type)).toEqual(['video']);
    expect(list.filter((m) => matchesMediaFilter(m, 'behind-scenes')).map((m) => m.type)).toEqual([
      'behind-scenes',
    ]);
  });

  it('plays videos and behind-the-scenes clips that are video files', () => {
    expect(isVideo(item({ type: 'video', url: null }))).toBe(true);
    expect(isVideo(item({ type: 'behind-scenes', mimeType: 'video/webm' }))).toBe(true);
    expect(isVideo(item({ type: 'behind-scenes', url: '/demo/video/tour.webm' }))).toBe(true);
    expect(isVideo(item({ type: 'behind-scenes' }))).toBe(false);
  });

  it('names downloads after the title with the file extension', () => {
    expect(downloadFileName(item({}))).toBe('Lake.jpg');
    expect(
      downloadFileName(
        item({ title: 'A/B: tour', mimeType: 'video/webm', url: '/api/media/files/p/1?exp=1&sig=x' }),
      ),
    ).toBe('A-B- tour.webm');
  });
});
