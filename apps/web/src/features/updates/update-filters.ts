import type { Update } from '@portal/contracts';

export const UPDATE_FILTERS = [
  { id: 'all', label: 'filters.all' },
  { id: 'unread', label: 'filters.unread' },
  { id: 'milestone', label: 'filters.milestone' },
  { id: 'financial', label: 'filters.financial' },
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
