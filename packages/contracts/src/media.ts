import { z } from 'zod';
import { id, projectIdQuery, text, uuidString } from './common';
import { duration, formDate, optionalIdOf, sitePath } from './documents';
import { PROJECT_MEDIA_STATUSES, PROJECT_MEDIA_TYPES } from './value-sets';
import { says } from './validation';

/** Schemas of the media API (docs/product.md §16) and the gallery's filters (§12). */

export const MEDIA_FILTERS = [
  { id: 'all', label: 'All Media' },
  { id: 'photo', label: 'Photos' },
  { id: 'video', label: 'Videos' },
  { id: 'behind-scenes', label: 'Behind the Scenes' },
] as const;
export type MediaFilter = (typeof MEDIA_FILTERS)[number]['id'];

const MEDIA_REQUIRED_MESSAGE = says('validation.media_required');

/** `GET /api/media?projectId=` and `/api/media/admin?projectId=`. */
export const mediaQuery = projectIdQuery;

const required = z.string({ error: MEDIA_REQUIRED_MESSAGE }).trim().min(1, { error: MEDIA_REQUIRED_MESSAGE });

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * The fields of a project media item (says('validation.media_required')). Multipart
 * fields arrive as text, so the priority is coerced.
 */
export const projectMediaFields = z.object({
  projectId: optionalIdOf('projectId'),
  title: required.max(200, { error: says('validation.title_must_be_at_most_200_characters') }),
  type: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(PROJECT_MEDIA_TYPES, {
      error: (issue) => (issue.input === undefined ? MEDIA_REQUIRED_MESSAGE : says('validation.media_type')),
    }),
  ),
  description: required.max(2000, { error: says('validation.description_must_be_at_most_2000_characters') }),
  thumbnail: sitePath.optional(),
  url: sitePath.optional(),
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(PROJECT_MEDIA_STATUSES, { error: says('validation.status_must_be_active_inactive_or_draft') })
      .optional(),
  ),
  priority: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: says('validation.priority_must_be_a_whole_number') })
      .int({ error: says('validation.priority_must_be_a_whole_number') })
      .min(-1000, { error: says('validation.priority_must_be_between_1000_and_1000') })
      .max(1000, { error: says('validation.priority_must_be_between_1000_and_1000') })
      .optional(),
  ),
  duration,
  date: formDate,
});
export type ProjectMediaFields = z.infer<typeof projectMediaFields>;

/** For updates every field may be left out; a given title, type or description must still be filled. */
export const projectMediaUpdateFields = projectMediaFields.partial();

/**
 * A media item as the API answers it. `url`, `thumbnail` and `downloadUrl` work as they are in <img>,
 * <video> and links (uploaded files get signed, expiring addresses: docs/decisions). `personal` marks an
 * item made for this investor alone (a per-user media item).
 */
export const mediaItem = z.object({
  _id: uuidString,
  projectId: uuidString,
  title: z.string(),
  type: z.enum(PROJECT_MEDIA_TYPES),
  thumbnail: z.string().nullable(),
  url: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  description: z.string(),
  status: z.enum(PROJECT_MEDIA_STATUSES),
  priority: z.number(),
  duration: z.string().nullable(),
  date: z.string(),
  hasFile: z.boolean(),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  mimeType: z.string().nullable(),
  personal: z.boolean(),
});
export type MediaItem = z.infer<typeof mediaItem>;

/** `GET /api/media` answers `{media}`; the admin list answers `{success, media}`. */
export const mediaAnswer = z.object({ success: z.literal(true), media: z.array(mediaItem) });
export type MediaAnswer = z.infer<typeof mediaAnswer>;

/** The query of a signed file address. */
export const signedFileQuery = z.object({
  exp: z.coerce.number().int().min(0).max(1e11),
  sig: text(100),
  download: z.enum(['1']).optional(),
});
export const signedFileParams = z.object({ source: z.enum(['p', 'u']), id });
