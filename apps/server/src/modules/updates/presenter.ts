import type { Update } from '@portal/contracts';
import type { updates } from '../../db/schema';
import { iso } from '../../lib/format';

export type UpdateRow = typeof updates.$inferSelect;

/** The only way an update row becomes JSON; `isNew` is this viewer's read state. */
export function presentUpdate(u: UpdateRow, isNew: boolean): Update {
  return {
    _id: u.id,
    projectId: u.projectId,
    title: u.title,
    category: u.category,
    excerpt: u.excerpt,
    content: u.content,
    date: iso(u.date)!,
    isNew,
    images: u.images ?? [],
    createdAt: iso(u.createdAt)!,
    updatedAt: iso(u.updatedAt)!,
  };
}
