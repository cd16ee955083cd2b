import type { Update } from '@portal/contracts';
import { isLocale } from '@portal/i18n/locale';
import type { updates } from '../../db/schema';
import { iso } from '../../lib/format';

type UpdateRow = typeof updates.$inferSelect;

/**
 * An update row with this viewer's read state (`isNew`: not read yet), as the service returns it; with
 * the investor's language (their translation is shown), or for an admin (as written, with every
 * translation to edit).
 */
export interface UpdateWithReadState {
  update: UpdateRow;
  isNew: boolean;
  locale?: string;
  forAdmin?: boolean;
}

/** The only way an update row becomes JSON; `isNew` is this viewer's read state. */
export function presentUpdate({ update: u, isNew, locale, forAdmin }: UpdateWithReadState): Update {
  const translation = !forAdmin && isLocale(locale) ? u.translations?.[locale] : undefined;
  return {
    _id: u.id,
    projectId: u.projectId,
    title: translation?.title ?? u.title,
    category: u.category,
    excerpt: translation ? translation.excerpt : u.excerpt,
    content: translation ? translation.content : u.content,
    date: iso(u.date)!,
    isNew,
    images: u.images ?? [],
    createdAt: iso(u.createdAt)!,
    updatedAt: iso(u.updatedAt)!,
    translatedTo: translation && isLocale(locale) ? locale : null,
    ...(forAdmin ? { translations: u.translations ?? {} } : {}),
  };
}
