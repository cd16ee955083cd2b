import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromStream } from 'file-type/node';
import type { z } from 'zod';
import { EXTENSION_BY_MIME, fieldCodes, fieldErrors, issuesMessage } from '@portal/contracts';
import type { ErrorCode } from '@portal/i18n';
import { AppError, BadRequestError, PayloadTooLargeError, ValidationError, coded } from '../../lib/errors';
import { FileTooLargeError, type FileStorage } from '../../storage/file-storage';
import { nulRefusal } from '../../plugins/errors';
import { BIDI_CONTROLS } from './send-file';

/**
 * What a file is for: documents take PDFs, images, text and office files; media take images and videos;
 * photos (a stay's problem report) take JPEG, PNG and WebP only.
 */
export type UploadPurpose = 'document' | 'media' | 'photo';
type FileKind = 'pdf' | 'image' | 'video' | 'text' | 'office';

/** A file stored under a server-generated key, with the type read from its bytes (never the client's word). */
export interface StoredUpload {
  key: string;
  size: number;
  mime: string;
  ext: string;
  /** 'PDF', 'DOCX', 'JPG'…: the default document type. */
  label: string;
  kind: FileKind;
  /** The client's file name, cleaned, for display only. */
  originalName: string;
}

interface KnownType {
  mime: string;
  label: string;
  kind: FileKind;
  purposes: readonly UploadPurpose[];
}

const DOC: readonly UploadPurpose[] = ['document'];
const BOTH: readonly UploadPurpose[] = ['document', 'media'];
const PHOTO: readonly UploadPurpose[] = ['document', 'media', 'photo'];
const MEDIA: readonly UploadPurpose[] = ['media'];

/** The accepted types, by the extension file-type answers (text types by the declared extension). */
const KNOWN: Record<string, KnownType> = {
  pdf: { mime: 'application/pdf', label: 'PDF', kind: 'pdf', purposes: DOC },
  jpg: { mime: 'image/jpeg', label: 'JPG', kind: 'image', purposes: PHOTO },
  png: { mime: 'image/png', label: 'PNG', kind: 'image', purposes: PHOTO },
  gif: { mime: 'image/gif', label: 'GIF', kind: 'image', purposes: BOTH },
  webp: { mime: 'image/webp', label: 'WEBP', kind: 'image', purposes: PHOTO },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'DOCX',
    kind: 'office',
    purposes: DOC,
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'XLSX',
    kind: 'office',
    purposes: DOC,
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    label: 'PPTX',
    kind: 'office',
    purposes: DOC,
  },
  odt: { mime: 'application/vnd.oasis.opendocument.text', label: 'ODT', kind: 'office', purposes: DOC },
  ods: {
    mime: 'application/vnd.oasis.opendocument.spreadsheet',
    label: 'ODS',
    kind: 'office',
    purposes: DOC,
  },
  odp: {
    mime: 'application/vnd.oasis.opendocument.presentation',
    label: 'ODP',
    kind: 'office',
    purposes: DOC,
  },
  mp4: { mime: 'video/mp4', label: 'MP4', kind: 'video', purposes: MEDIA },
  m4v: { mime: 'video/mp4', label: 'MP4', kind: 'video', purposes: MEDIA },
  webm: { mime: 'video/webm', label: 'WEBM', kind: 'video', purposes: MEDIA },
  mov: { mime: 'video/quicktime', label: 'MOV', kind: 'video', purposes: MEDIA },
  txt: { mime: 'text/plain', label: 'TXT', kind: 'text', purposes: DOC },
  csv: { mime: 'text/csv', label: 'CSV', kind: 'text', purposes: DOC },
  md: { mime: 'text/plain', label: 'TXT', kind: 'text', purposes: DOC },
};
const ALIASES: Record<string, string> = {
  jpeg: 'jpg',
  jpe: 'jpg',
  markdown: 'md',
  log: 'txt',
  text: 'txt',
  qt: 'mov',
};
const TEXT_EXTS = new Set(['txt', 'csv', 'md']);

const UNSUPPORTED: Record<UploadPurpose, ErrorCode> = {
  document: 'documents.unsupported_document',
  media: 'documents.unsupported_media',
  photo: 'documents.unsupported_photo',
};

const HEAD_BYTES = 8192;
const MARKUP = /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|\?xml)\b/i;

/** Whole megabytes for messages ('25 MB'). */
const formatLimit = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.floor(bytes / 1024)} KB`;

/** The client's file name reduced to something safe to show and to put in a header. */
function cleanFileName(name: string | undefined | null): string {
  const base = path.basename(String(name ?? '').replace(/\\/g, '/'));
  return (
    base
      .replace(BIDI_CONTROLS, '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f"<>|:*?/\\]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200) || 'file'
  );
}

function declaredExt(fileName: string): string | null {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  if (!ext) return null;
  return ALIASES[ext] ?? ext;
}

async function readHead(storage: FileStorage, key: string, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.get(key, { start: 0, end: Math.min(size, HEAD_BYTES) - 1 }))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** UTF-8 text without NUL bytes; the head may end inside a character. */
function looksLikeText(head: Buffer, complete: boolean): boolean {
  if (head.includes(0)) return false;
  const decoder = () => new TextDecoder('utf-8', { fatal: true });
  for (let cut = 0; cut <= (complete ? 0 : 3); cut++) {
    try {
      decoder().decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // an incomplete last character: try shorter
    }
  }
  return false;
}

async function sniffStored(storage: FileStorage, key: string): Promise<string | undefined> {
  const stream: Readable = storage.get(key);
  try {
    const result = await fileTypeFromStream(stream);
    return result?.ext;
  } finally {
    stream.destroy();
  }
}

/**
 * Decides what a stored file is from its bytes. A file that claims a type (by its name or its declared
 * MIME type) must be of that type: HTML or SVG named .pdf is refused, so is anything with markup that
 * would be text.
 */
async function identifyFile(
  storage: FileStorage,
  stored: { key: string; size: number },
  fileName: string,
  declaredMime: string,
  purpose: UploadPurpose,
): Promise<Pick<StoredUpload, 'mime' | 'ext' | 'label' | 'kind'>> {
  const named = declaredExt(fileName);
  const claimed = named && KNOWN[named] ? named : (EXTENSION_BY_MIME[declaredMime.toLowerCase()] ?? null);
  let ext = await sniffStored(storage, stored.key);
  if (ext === undefined) {
    const head = await readHead(storage, stored.key, stored.size);
    const isText = looksLikeText(head, stored.size <= HEAD_BYTES) && !MARKUP.test(head.toString('utf8'));
    if (isText && (named === null || TEXT_EXTS.has(named))) ext = named ?? 'txt';
  }
  const sniffed = ext ? (ALIASES[ext] ?? ext) : undefined;
  const type = sniffed ? KNOWN[sniffed] : undefined;
  if (claimed && KNOWN[claimed]) {
    const want = KNOWN[claimed]!;
    // A PNG named .jpg is still a picture; a page of HTML named .pdf is not a PDF.
    const sameFamily =
      type &&
      (sniffed === claimed || (type.kind === want.kind && want.kind !== 'pdf' && want.kind !== 'office'));
    if (!sameFamily) throw new BadRequestError(coded('documents.file_not_valid', { label: want.label }));
  }
  if (!type || !type.purposes.includes(purpose)) throw new BadRequestError(coded(UNSUPPORTED[purpose]));
  return { mime: type.mime, ext: sniffed === 'm4v' ? 'mp4' : sniffed!, label: type.label, kind: type.kind };
}

/**
 * What the form parser (busboy) throws for a body that is not a whole multipart form: one cut off before
 * its closing boundary, or a part that ends early. It sets no code, so the message is all there is.
 */
const MALFORMED_FORM = /unexpected end of (multipart data|form)|terminated early|boundary not found/i;

function translateUploadError(err: unknown, maxBytes: number): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown })?.code;
  if (err instanceof Error && code === undefined && MALFORMED_FORM.test(err.message))
    return new BadRequestError(coded('documents.form_incomplete'));
  if (err instanceof FileTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE')
    return new PayloadTooLargeError(coded('documents.file_too_large', { limit: formatLimit(maxBytes) }));
  if (code === 'FST_FILES_LIMIT') return new BadRequestError(coded('documents.one_file_at_a_time'));
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new BadRequestError(coded('documents.too_many_fields'));
  return err;
}

export interface UploadBody {
  /** The form fields (or the JSON body's), still to be parsed with the route's schema. */
  fields: Record<string, unknown>;
  file: StoredUpload | null;
}

/**
 * Reads a multipart form (or a JSON body) of an upload. The file part, named `file` (or `fileField`, as
 * the endpoint declares it), is streamed to storage with the size limit enforced while it arrives, then
 * identified from its bytes; whatever fails leaves nothing on disk. The caller owns the stored file from
 * here on: see `withUpload`.
 */
export async function readUpload(
  request: FastifyRequest,
  storage: FileStorage,
  opts: { maxBytes: number; purpose: UploadPurpose; fileField?: string },
): Promise<UploadBody> {
  const fileField = opts.fileField ?? 'file';
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields: {}, file: null };
    if (typeof body !== 'object' || Array.isArray(body))
      throw new BadRequestError(coded('documents.body_not_object'));
    return { fields: body as Record<string, unknown>, file: null };
  }
  const fields: Record<string, unknown> = {};
  let stored: { key: string; size: number } | null = null;
  let file: StoredUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated)
          throw new BadRequestError(coded('documents.field_too_long', { field: part.fieldname }));
        if (part.fieldname !== fileField) fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== fileField) {
        part.file.resume();
        throw new BadRequestError(coded('documents.file_field', { field: part.fieldname }));
      }
      const put = await storage.put(part.file, { maxBytes: opts.maxBytes });
      stored = { key: put.key, size: put.size };
      if (put.size === 0) {
        await storage.delete(put.key);
        stored = null;
        // An empty file input still sends a nameless, empty part: that is "no file".
        if (!part.filename) continue;
        throw new BadRequestError(coded('documents.file_empty'));
      }
      const originalName = cleanFileName(part.filename);
      const type = await identifyFile(storage, stored, originalName, part.mimetype ?? '', opts.purpose);
      file = { key: put.key, size: put.size, originalName, ...type };
    }
    return { fields, file };
  } catch (err) {
    if (stored) await storage.delete(stored.key).catch(() => undefined);
    throw translateUploadError(err, opts.maxBytes);
  }
}

/** Runs the database part of a write; when it fails the stored file is removed, so nothing is left behind. */
export async function withUpload<T>(
  storage: FileStorage,
  file: StoredUpload | null,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (file) await storage.delete(file.key).catch(() => undefined);
    throw err;
  }
}

/** The usual extension of a stored type ('application/pdf' → 'pdf'), for download names. */
export function extensionFor(mime: string | null | undefined): string | null {
  if (!mime) return null;
  const hit = Object.entries(KNOWN).find(([, t]) => t.mime === mime);
  return hit ? hit[0] : null;
}

/**
 * Parses form fields with a contracts schema, answering 400 with the problems in words and by field. Multipart bodies
 * cannot go through Fastify's body validation (the fields arrive while the file streams), so upload
 * routes parse here, with the same schemas.
 */
export function parseForm<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const result = schema.safeParse(raw);
  if (result.success) {
    const refused = nulRefusal(result.data);
    if (refused) throw refused;
    return result.data;
  }
  const { issues } = result.error;
  throw new ValidationError(issuesMessage(issues), fieldErrors(issues), fieldCodes(issues));
}
