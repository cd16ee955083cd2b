import type { Update } from '@portal/contracts';
import type { updates } from '../../db/schema';
import { iso } from '../../lib/format';

type UpdateRow = typeof updates.$inferSelect;

/** An update row with this viewer's read state (`isNew`: not read yet), as the service returns it. */
export interface UpdateWithReadState {
  update: UpdateRow;
  isNew: boolean;
}

/** The only way an update row becomes JSON; `isNew` is this viewer's read state. */
export function presentUpdate({ update: u, isNew }: UpdateWithReadState): Update {
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
