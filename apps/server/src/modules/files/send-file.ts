import { encodeExtended } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseRangeHeader } from 'range-parser';
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

/**
 * Unicode's bidirectional controls (embeddings, overrides, isolates and marks): in a file name they make
 * 'invoice\u202Efdp.exe' read as 'invoiceexe.pdf'. Removed wherever a name is cleaned.
 */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A file name for a header: path, control and bidi characters removed, the extension added when missing. */
export function downloadName(name: string, ext: string | null): string {
  const base =
    name
      .replace(BIDI_CONTROLS, '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f"<>|:*?/\\]/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 150) || 'document';
  if (!ext || base.toLowerCase().endsWith(`.${ext.toLowerCase()}`)) return base;
  return `${base}.${ext}`;
}

/**
 * RFC 6266: an ASCII fallback plus the UTF-8 name (encoded by content-disposition), so
 * 'Agreement — Aurora.pdf' keeps its dash. Both are always given and the fallback is always quoted,
 * which content-disposition's `create` would not do for a plain ASCII name.
 */
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
  return `${type}; filename="${ascii}"; filename*=${encodeExtended(name)}`;
}

/** range-parser's result codes (bits). */
const RANGE_MALFORMED = 1;
const RANGE_UNSATISFIABLE = 2;

/**
 * 'bytes=0-99' → {start, end} (range-parser); null for no usable single range (malformed, several,
 * or not in bytes: the whole file is sent), 'unsatisfiable' past the end.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const { code, type, ranges } = parseRangeHeader(size, header.trim());
  if (type !== 'bytes' || code & RANGE_MALFORMED) return null;
  if (code & RANGE_UNSATISFIABLE) return ranges.length ? null : 'unsatisfiable';
  return ranges.length === 1 ? { start: ranges[0]!.start, end: ranges[0]!.end } : null;
}

export interface FileToSend {
  key: string;
  mime: string;
  name: string;
  disposition: 'inline' | 'attachment';
  cacheControl?: string;
}

/**
 * Streams a stored file with the headers that keep it inert: the type we identified, nosniff and a
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
