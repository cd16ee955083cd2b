import { z } from 'zod';
import { isoDate, projectIdQuery, text, uuidString } from './common';
import { DEFAULT_DOCUMENT_CATEGORY } from './constants';
import { USER_MEDIA_TYPES } from './value-sets';
import { labelled, says } from './validation';

/** Schemas of the documents API (docs/product.md §16) and the vault's menus (§11). */

/**
 * The document categories (a value set): the Document Vault's four (its Filter menu)
 * and General, the default (docs/product.md §11). The server refuses any other; the vault groups by them.
 */
export const DOCUMENT_CATEGORIES = [
  'Contracts',
  'Tax Documents',
  'Investment Reports',
  'Perk Documentation',
  DEFAULT_DOCUMENT_CATEGORY,
  /** An open offering's data room (issue 34): readable by every signed-in investor while it is open. */
  'Offering',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/**
 * Filter entries of the Document Vault; every entry but 'All Documents' is a category. The first four
 * are always offered; General only when the project has General documents (see `vaultFilters`).
 */
export const DOCUMENT_FILTERS = [
  { id: 'all', label: 'All Documents' },
  ...DOCUMENT_CATEGORIES.map((c) => ({ id: c, label: c })),
] as const satisfies readonly { id: string; label: string }[];
export type DocumentFilter = 'all' | DocumentCategory;

/** Categories the Filter menu offers only when some document is of them. */
const WHEN_PRESENT: readonly string[] = [DEFAULT_DOCUMENT_CATEGORY, 'Offering'];

/** The Filter menu's entries for these documents: the first four, and General or Offering when some document is. */
export function vaultFilters(docs: readonly { category: string }[]) {
  const present = new Set(docs.map((d) => d.category));
  return DOCUMENT_FILTERS.filter((f) => !WHEN_PRESENT.includes(f.id) || present.has(f.id));
}

export const DOCUMENT_SORTS = [
  { id: 'date-desc', label: 'Date (Newest)' },
  { id: 'date-asc', label: 'Date (Oldest)' },
  { id: 'name-asc', label: 'Name (A-Z)' },
  { id: 'name-desc', label: 'Name (Z-A)' },
  { id: 'type', label: 'Type' },
] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number]['id'];

/**
 * A document's category: one of DOCUMENT_CATEGORIES, matched without regard to case or surrounding
 * spaces ('tax documents' is 'Tax Documents'); anything else is refused naming the allowed ones.
 */
export const documentCategory = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const t = v.trim().toLowerCase();
    return DOCUMENT_CATEGORIES.find((c) => c.toLowerCase() === t) ?? v;
  },
  z.enum(DOCUMENT_CATEGORIES, {
    error: says('validation.category_one_of_list', { values: DOCUMENT_CATEGORIES.join(', ') }),
  }),
);

/** An id that may be left empty; a bad one is named in the message ('projectId must be a valid id'). */
export const optionalIdOf = (field: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.uuid({ error: labelled(field, 'validation.id') }).optional(),
  );

/** `?projectId=` ('Project ID is required' is answered by the route, so the message stays exact). */
export const documentsQuery = projectIdQuery.extend({
  userId: optionalIdOf('userId'),
});
export type DocumentsQuery = z.infer<typeof documentsQuery>;

/** `?userId&projectId` of the admin writes; userId empty means a document shared with the project. */
export const documentWriteQuery = projectIdQuery.extend({
  userId: optionalIdOf('userId'),
});

/** A same-site path (/demo/…, /api/media/files/…). Links elsewhere are refused: the CSP would block them. */
export const sitePath = z
  .string()
  .trim()
  .max(2000, { error: says('validation.too_long', { max: 2000 }) })
  .refine((v) => v === '' || /^\/(?![/\\])[^\s\\<>"']*$/.test(v), {
    error: says('validation.must_be_a_path_on_this_site_starting_with_upload'),
  })
  .transform((v) => (v === '' ? null : v));

/** Multipart fields arrive as text: '', 'true', 'on'... JSON bodies send booleans. */
export const formBoolean = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === 'on' || v === '1')
    .optional(),
);

/** An optional date field: '' means not given. */
export const formDate = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  isoDate.optional().refine((v) => v === undefined || !Number.isNaN(new Date(v).getTime()), {
    error: says('validation.date'),
  }),
);

const optionalLine = (max: number) => z.preprocess((v) => (v === null ? undefined : v), text(max).optional());

/**
 * The fields of a document (create and update). The name falls back to the uploaded file's name; the
 * type falls back to the file's type (PDF, DOCX, JPG…) and then to 'PDF'.
 */
export const documentFields = z.object({
  name: optionalLine(200),
  category: z.preprocess((v) => (v === '' || v === null ? undefined : v), documentCategory.optional()),
  type: optionalLine(40),
  description: optionalLine(2000),
  isNew: formBoolean,
  uploadDate: formDate,
});
export type DocumentFields = z.infer<typeof documentFields>;

export const DURATION_PATTERN = /^(\d{1,2}:)?\d{1,3}:[0-5]\d$/;
export const duration = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .trim()
    .max(12)
    .regex(DURATION_PATTERN, { error: says('validation.duration_must_look_like_3_45_or_1_02_03') })
    .optional(),
);

/** The fields of a per-user media item (admin documents screen). */
export const userMediaFields = z.object({
  title: optionalLine(200),
  type: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(USER_MEDIA_TYPES, { error: says('validation.type_must_be_photo_or_video') }).optional(),
  ),
  description: optionalLine(2000),
  thumbnail: sitePath.optional(),
  url: sitePath.optional(),
  duration,
  date: formDate,
});
export type UserMediaFields = z.infer<typeof userMediaFields>;

/** A document as the API answers it. */
export const documentItem = z.object({
  _id: uuidString,
  name: z.string(),
  category: z.string(),
  type: z.string(),
  description: z.string(),
  projectId: uuidString,
  userId: uuidString.nullable(),
  uploadDate: z.string(),
  isNew: z.boolean(),
  /** Whether a file is attached (download and preview answer 404 otherwise). */
  hasFile: z.boolean(),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  mimeType: z.string().nullable(),
});
export type DocumentItem = z.infer<typeof documentItem>;

/** A per-user media item; `url`, `thumbnail` and `downloadUrl` work in <img>, <video> and links as they are. */
export const userMediaItem = z.object({
  _id: uuidString,
  title: z.string(),
  type: z.enum(USER_MEDIA_TYPES),
  description: z.string(),
  thumbnail: z.string().nullable(),
  url: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  duration: z.string().nullable(),
  date: z.string(),
  projectId: uuidString,
  userId: uuidString,
  hasFile: z.boolean(),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  mimeType: z.string().nullable(),
});
export type UserMediaItem = z.infer<typeof userMediaItem>;

/** `GET /api/documents`: `{documents}`, plus `media` when an admin asks for one user's files. */
export const documentsAnswer = z.object({
  success: z.literal(true),
  documents: z.array(documentItem),
  media: z.array(userMediaItem).optional(),
});
export type DocumentsAnswer = z.infer<typeof documentsAnswer>;

/** Upload limits the web app shows before sending (the server enforces its own configured limit). */
export const DOCUMENT_FILE_ACCEPT =
  '.pdf,.txt,.csv,.md,.jpg,.jpeg,.png,.gif,.webp,.docx,.xlsx,.pptx,.odt,.ods,.odp,application/pdf,text/plain,text/csv,image/jpeg,image/png,image/gif,image/webp';
export const MEDIA_FILE_ACCEPT =
  'image/jpeg,image/png,image/gif,image/webp,video/mp4,video/webm,video/quicktime';

/** The file extension of each type a document or media file may be uploaded as. */
export const EXTENSION_BY_MIME: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/** The MIME types a browser may show in a new tab (PDF, images and text); anything else downloads. */
export function isPreviewableType(mime: string | null | undefined): boolean {
  const m = (mime ?? '').split(';')[0]!.trim().toLowerCase();
  return (
    m === 'application/pdf' ||
    m === 'image/jpeg' ||
    m === 'image/png' ||
    m === 'image/gif' ||
    m === 'image/webp' ||
    m === 'text/plain' ||
    m === 'text/csv'
  );
}
