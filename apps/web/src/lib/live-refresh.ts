import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Table } from '@portal/contracts';
import { refreshTables } from './endpoint-client';

/**
 * The first part of the query key of every kind of data a live event can change. The features build
 * their keys on these, so that the table below reaches every view of that data.
 */
export const queryRoots = {
  projects: ['projects'],
  portfolio: ['portfolio'],
  perks: ['perks'],
  updates: ['updates'],
  documents: ['documents'],
} as const;

/** What a live notification is about, read from the page its link opens. */
export type LiveEventKind = 'booking' | 'update' | 'document' | 'account' | 'message';

/**
 * The one place that says what each kind of live event changed: every query under these keys is
 * reloaded (those on screen at once, the others when next shown).
 */
const LIVE_REFRESH: Record<LiveEventKind, readonly QueryKey[]> = {
  // A booking decided: its request card, the remaining nights and the usage summary.
  booking: [queryRoots.perks],
  // A new update: the Updates page and the dashboard's Recent Updates.
  update: [queryRoots.updates, [...queryRoots.portfolio, 'updates']],
  // A new document: the vault.
  document: [queryRoots.documents],
  // The account (activated, given a project): the project list and every portfolio figure.
  account: [queryRoots.projects, queryRoots.portfolio],
  // An admin's message changes nothing but the bell.
  message: [],
};

/** The same in tables: every read of the registry made from one of them is reloaded. */
const LIVE_TABLES: Record<LiveEventKind, readonly Table[]> = {
  booking: ['bookings', 'booking_nights', 'cabin_allowances'],
  update: ['updates', 'update_reads'],
  document: ['documents'],
  account: ['users', 'projects', 'investments', 'monthly_returns'],
  message: [],
};

const KIND_OF_PATH: Record<string, LiveEventKind> = {
  '/perks': 'booking',
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
  for (const queryKey of LIVE_REFRESH[kind]) void qc.invalidateQueries({ queryKey });
  if (LIVE_TABLES[kind].length) void refreshTables(qc, LIVE_TABLES[kind]);
}

/** After a time away (a reconnect), anything may have changed: every view that live events reach. */
export function refreshEverything(qc: QueryClient) {
  for (const kind of Object.keys(LIVE_REFRESH) as LiveEventKind[]) refreshAfter(qc, kind);
}
