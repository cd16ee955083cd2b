import { describe, expect, it } from 'vitest';
import { adminLinks, investorLinks } from './nav';
import { isCurrentLink } from './sidebar';

const currentOf = (pathname: string, links = investorLinks) =>
  links.filter((l) => isCurrentLink(pathname, l)).map((l) => l.label);

describe('isCurrentLink', () => {
  it('marks Dashboard on / and on /dashboard, which shows the same page, and only there', () => {
    expect(currentOf('/')).toEqual(['Dashboard']);
    expect(currentOf('/dashboard')).toEqual(['Dashboard']);
    expect(currentOf('/dashboard/')).toEqual(['Dashboard']);
    expect(currentOf('/perks')).toEqual(['Perks']);
  });

  it('marks a section on the pages below it and below its aliases, but not an end link', () => {
    expect(currentOf('/projects')).toEqual(['Projects']);
    expect(currentOf('/Projects/')).toEqual(['Projects']);
    expect(currentOf('/updates/u1')).toEqual(['Project Updates']);
    expect(currentOf('/project/p1')).toEqual(['Projects']);
    expect(currentOf('/join-project')).toEqual([]);
    expect(currentOf('/projects-old')).toEqual([]);
    expect(currentOf('/admin/users/u1', adminLinks)).toEqual(['User Management']);
    expect(currentOf('/admin', adminLinks)).toEqual(['Admin Dashboard']);
  });
});
