import { describe, expect, it } from 'vitest';
import { matchesFilter } from './update-filters';

describe('matchesFilter', () => {
  const milestoneRead = { isNew: false, category: 'milestone' as const };
  const financialNew = { isNew: true, category: 'financial' as const };
  const generalNew = { isNew: true, category: 'general' as const };
  it('filters by read state and category', () => {
    const all = [milestoneRead, financialNew, generalNew];
    expect(all.filter((u) => matchesFilter(u, 'all'))).toEqual(all);
    expect(all.filter((u) => matchesFilter(u, 'unread'))).toEqual([financialNew, generalNew]);
    expect(all.filter((u) => matchesFilter(u, 'milestone'))).toEqual([milestoneRead]);
    expect(all.filter((u) => matchesFilter(u, 'financial'))).toEqual([financialNew]);
  });
});
