import { z } from 'zod';
import { isoDate, projectIdQuery, text, uuidString } from './common';
import { projectIdField } from './perks';
import { UPDATE_CATEGORIES } from './value-sets';
import { LOCALES } from '@portal/i18n/locale';
import { says } from './validation';

/** A project update as the API answers it (docs/product.md §17). `isNew` = not read by the signed-in user. */
export const update = z.object({
  _id: uuidString,
  projectId: uuidString,
  title: z.string(),
  category: z.enum(UPDATE_CATEGORIES),
  excerpt: z.string(),
  /** Sanitized HTML (sanitized on the server when written). */
  content: z.string(),
  date: z.string(),
  isNew: z.boolean(),
  images: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The language of the title, excerpt and content shown: an admin's translation in the investor's language, else null (as written). */
  translatedTo: z.enum(LOCALES).nullable().optional(),
  /** Admins only: every translation, by language, to edit. */
  translations: z
    .partialRecord(z.enum(LOCALES), z.object({ title: z.string(), excerpt: z.string(), content: z.string() }))
    .optional(),
});
export type Update = z.infer<typeof update>;

/** `GET /api/updates?projectId=`: `{ success, updates }`. The project id is checked by the route. */
export const updatesQuery = projectIdQuery;
export const updatesList = z.object({ success: z.literal(true), updates: z.array(update) });
export type UpdatesList = z.infer<typeof updatesList>;

export const MAX_UPDATE_IMAGES = 20;
export const MAX_UPDATE_CONTENT = 100_000;

/** Same-origin paths ('/demo/x.jpg') or absolute http(s) URLs; nothing else may become an image source. */
export const imageUrl = z
  .string()
  .trim()
  .max(2048, { error: says('validation.an_image_url_must_be_at_most_2048_characters') })
  .refine((v) => isSafeImageUrl(v), { error: says('validation.image_urls_must_start_with_http_https_or') });

export function isSafeImageUrl(v: string): boolean {
  if (/^\/(?![/\\])/.test(v)) return true;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** Image URLs arrive as a list, or as the admin form's comma-separated text (trimmed, empty entries dropped). */
const imageList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : Array.isArray(v)
        ? v.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '')
        : v,
  z
    .array(imageUrl)
    .max(MAX_UPDATE_IMAGES, { error: says('validation.too_many_images', { max: MAX_UPDATE_IMAGES }) }),
);

const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDate.optional());

const updateFields = {
  title: z
    .string({ error: says('validation.title_is_required') })
    .trim()
    .min(1, { error: says('validation.title_is_required') })
    .max(200, { error: says('validation.title_at_most_200') }),
  category: z.enum(UPDATE_CATEGORIES, {
    error: says('validation.category_one_of', { values: UPDATE_CATEGORIES.join(', ') }),
  }),
  excerpt: text(1000),
  content: z
    .string()
    .max(MAX_UPDATE_CONTENT, { error: says('validation.content_too_long', { max: MAX_UPDATE_CONTENT }) }),
  /** Publication date. */
  date: optionalDate,
  images: imageList,
};

/** An admin's translation of an update into one language: its own title, excerpt and content (HTML). */
export const updateTranslation = z.object({
  title: updateFields.title,
  excerpt: updateFields.excerpt.default(''),
  content: updateFields.content.default(''),
});
/**
 * The translations of an update, by language (`{ de: {...}, nb: {...} }`); investors whose language has
 * one read it instead of the update as written. Sent, it replaces every translation (`{}` removes them).
 */
export const updateTranslations = z.partialRecord(z.enum(LOCALES), updateTranslation);
export type UpdateTranslations = z.output<typeof updateTranslations>;

/** `POST /api/updates` (admin). Left-out fields take their defaults; the date defaults to now. */
export const createUpdateInput = z.object({
  projectId: projectIdField,
  title: updateFields.title,
  category: updateFields.category.default('general'),
  excerpt: updateFields.excerpt.default(''),
  content: updateFields.content.default(''),
  date: updateFields.date,
  images: updateFields.images.default([]),
  translations: updateTranslations.default({}),
});
export type CreateUpdateInput = z.input<typeof createUpdateInput>;

/** `PUT /api/updates/{id}` (admin): the fields sent are changed, the others kept. */
export const updateUpdateInput = z.object({
  title: updateFields.title.optional(),
  category: updateFields.category.optional(),
  excerpt: updateFields.excerpt.optional(),
  content: updateFields.content.optional(),
  date: updateFields.date,
  images: updateFields.images.optional(),
  translations: updateTranslations.optional(),
});
export type UpdateUpdateInput = z.input<typeof updateUpdateInput>;
