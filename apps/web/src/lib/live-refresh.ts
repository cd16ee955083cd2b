import type { QueryClient } from '@tanstack/react-query';
import type { Table } from '@portal/contracts';
import { refreshTables } from './endpoint-client';

/** What a live notification is about, read from the page its link opens. */
export type LiveEventKind = 'booking' | 'stayReport' | 'update' | 'document' | 'account' | 'message';

/**
 * The one place that says what each kind of live event changed: every read of the registry made from
 * these tables is reloaded (those on screen at once, the others when next shown).
 */
const LIVE_TABLES: Record<LiveEventKind, readonly Table[]> = {
  // A booking decision, a swap offer or an accepted swap (its stays change hands), an activity request's
  // decision, a changed high season, a problem report moved along, the outcome of a peak allocation's
  // draw: all link to /perks and reload its views.
  booking: [
    'bookings',
    'booking_nights',
    'cabin_allowances',
    'swap_offers',
    'activity_requests',
    'high_seasons',
    'stay_reports',
    'allocations',
    'allocation_stays',
  ],
  // A new problem report, told to the admins: their inbox reloads.
  stayReport: ['stay_reports'],
  update: ['updates', 'update_reads'],
  document: ['documents'],
  account: ['users', 'projects', 'investments', 'monthly_returns'],
  message: [],
};

const KIND_OF_PATH: Record<string, LiveEventKind> = {
  '/perks': 'booking',
  '/admin/stay-reports': 'stayReport',
  '/updates': 'update',
  '/documents': 'document',
  '/': 'account',
  '/dashboard': 'account',
  '/projects': 'account',
};

export function liveEventKind(link: string | undefined): LiveEventKind {
  if (!link) return 'message';
  const path = link.split(/[?#]/, 1)[0]!;
  return KIND_OF_PATH[path] ?? (path.startsWith('/project/') ? 'account' : 'message');
}

/** Reloads every view of what an event of this kind changed. */
export function refreshAfter(qc: QueryClient, kind: LiveEventKind) {
  if (LIVE_TABLES[kind].length) void refreshTables(qc, LIVE_TABLES[kind]);
}

/** After a time away (a reconnect), anything may have changed: every view that live events reach. */
export function refreshEverything(qc: QueryClient) {
  for (const kind of Object.keys(LIVE_TABLES) as LiveEventKind[]) refreshAfter(qc, kind);
}
