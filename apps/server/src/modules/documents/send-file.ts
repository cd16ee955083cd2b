import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../lib/errors';
import type { FileStorage } from '../../storage/file-storage';

/** Types a browser may show inline from our origin: never HTML, SVG or anything else that runs script. */
const INLINE_TYPES = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'video/mp4',
  'video/webm',
  'video/quicktime',
]);

const canShowInline = (mime: string) => INLINE_TYPES.has(mime);

/** A file name for a header: path and control characters removed, the extension added when missing. */
export function downloadName(name: string, ext: string | null): string {
  const base =
    name
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f"<>|:*?/\\]/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 150) || 'document';
  if (!ext || base.toLowerCase().endsWith(`.${ext.toLowerCase()}`)) return base;
  return `${base}.${ext}`;
}

/** RFC 6266: an ASCII fallback plus the UTF-8 name, so 'Agreement — Aurora.pdf' keeps its dash. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[\u2010-\u2015]/g, '-')
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\%]/g, '')
      .replace(/\s+/g, ' ')
      .trim() || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** 'bytes=0-99' → {start, end}; null for no usable single range, 'unsatisfiable' past the end. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (end < start) return m[2] === '' || start >= size ? 'unsatisfiable' : null;
  }
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

export interface FileToSend {
  key: string;
  mime: string;
  name: string;
  disposition: 'inline' | 'attachment';
  cacheControl?: string;
}

/**
 * Streams a stored file with the headers of DESIGN section 7: the type we identified, nosniff and a
 * sandboxing CSP whatever the disposition, so a file opened directly can never run script as our origin.
 * Single byte ranges are honoured, so videos can seek.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  file: FileToSend,
) {
  const stat = await storage.stat(file.key);
  if (!stat) throw new NotFoundError('File');
  const disposition = file.disposition === 'inline' && canShowInline(file.mime) ? 'inline' : 'attachment';
  void reply
    .header('content-type', file.mime.startsWith('text/') ? `${file.mime}; charset=utf-8` : file.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('content-disposition', contentDisposition(disposition, file.name))
    .header('accept-ranges', 'bytes');
  if (file.cacheControl) void reply.header('cache-control', file.cacheControl);
  const range = parseRange(request.headers.range, stat.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${stat.size}`).send();
  }
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(storage.get(file.key, range));
  }
  return reply.header('content-length', stat.size).send(storage.get(file.key));
}
