import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { liveEventKind, refreshAfter, refreshEverything } from './live-refresh';

const PROJECT = { projectId: '00000000-0000-4000-8000-000000000001' };

/** A cache holding one fresh read of each of these endpoints. */
function cacheOf(ids: string[]) {
  const qc = new QueryClient();
  for (const id of ids) qc.setQueryData([id, { query: PROJECT }], []);
  return qc;
}
const stale = (qc: QueryClient) =>
  qc
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey[0])
    .sort();

describe('liveEventKind', () => {
  it('reads what a notification is about from the page its link opens', () => {
    expect(liveEventKind('/perks')).toBe('booking');
    expect(liveEventKind('/perks?project=00000000-0000-4000-8000-000000000001')).toBe('booking');
    expect(liveEventKind('/perks#swaps')).toBe('booking');
    expect(liveEventKind('/admin/stay-reports')).toBe('stayReport');
    expect(liveEventKind('/updates?id=1')).toBe('update');
    expect(liveEventKind('/documents')).toBe('document');
    expect(liveEventKind('/project/aurora')).toBe('account');
    expect(liveEventKind('/somewhere-else')).toBe('message');
    expect(liveEventKind(undefined)).toBe('message');
  });
});

describe('refreshAfter', () => {
  const PERKS_PAGE = [
    'bookings.list',
    'swaps.list',
    'swaps.stays',
    'perks.cabinNights',
    'perks.usage',
    'activities.list',
    'cabins.availability',
    'cabins.seasons',
    'stayReports.list',
    'allocations.list',
    'allocations.result',
    'allocations.fairness',
  ];

  it('reloads every view of the Perks page after a booking decision, a swap offer, an accepted swap or a draw', () => {
    const qc = cacheOf([...PERKS_PAGE, 'updates.list', 'documents.list']);
    refreshAfter(qc, liveEventKind('/perks?project=p1'));
    expect(stale(qc)).toEqual([...PERKS_PAGE].sort());
  });

  it("reloads the admins' inbox of problem reports, not the Perks page, after a new report", () => {
    const qc = cacheOf(['stayReports.adminList', 'bookings.list', 'swaps.list']);
    refreshAfter(qc, liveEventKind('/admin/stay-reports'));
    expect(stale(qc)).toEqual(['stayReports.adminList']);
  });

  it('reloads nothing for a plain message', () => {
    const qc = cacheOf([...PERKS_PAGE, 'updates.list']);
    refreshAfter(qc, 'message');
    expect(stale(qc)).toEqual([]);
  });

  it('reloads the updates, not the Perks page, after an update', () => {
    const qc = cacheOf(['updates.list', 'swaps.list', 'bookings.list']);
    refreshAfter(qc, 'update');
    expect(stale(qc)).toEqual(['updates.list']);
  });

  it('reloads every view live events reach after a reconnect', () => {
    const qc = cacheOf([...PERKS_PAGE, 'updates.list', 'stayReports.adminList']);
    refreshEverything(qc);
    expect(stale(qc)).toEqual([...PERKS_PAGE, 'updates.list', 'stayReports.adminList'].sort());
  });
});
