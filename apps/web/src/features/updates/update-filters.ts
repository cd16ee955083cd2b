import type { Update } from '@portal/contracts';

export const UPDATE_FILTERS = [
  { id: 'all', label: 'All Updates' },
  { id: 'unread', label: 'Unread' },
  { id: 'milestone', label: 'Milestones' },
  { id: 'financial', label: 'Financial' },
] as const;
export type UpdateFilter = (typeof UPDATE_FILTERS)[number]['id'];

/** docs/product.md §9: Unread = flagged new, Milestones and Financial by category. */
export function matchesFilter(u: Pick<Update, 'isNew' | 'category'>, filter: UpdateFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'unread':
      return u.isNew;
    default:
      return u.category === filter;
  }
}
