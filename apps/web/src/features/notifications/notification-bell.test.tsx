import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failedWrites } from '@/lib/query-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { NotificationItem, NotificationList } from '@portal/contracts';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/queries/session';
import { refreshSession } from '@/lib/session';
import { markReadLocally, removeLocally } from '@/queries/notifications';
import { NotificationBell } from './notification-bell';
import { allowConsole } from '../../../test/console';
import { INVESTOR } from '../../../test/fixtures';
import { FakeEventSource } from '../../../test/fake-event-source';

const note = (id: string, read: boolean, title = `Title ${id}`): NotificationItem => ({
  _id: id,
  title,
  message: `Message ${id}`,
  type: 'info',
  read,
  createdAt: new Date().toISOString(),
});

type Route = (method: string, url: string) => Response | undefined;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let list: NotificationList;
let override: Route;
const calls: string[] = [];

function server(method: string, url: string): Response {
  const custom = override(method, url);
  if (custom) return custom;
  if (url === '/api/users/me') return json({ success: true, data: INVESTOR });
  if (url === '/api/notifications') return json({ success: true, data: list });
  if (url === '/api/notifications/stream/ticket')
    return json({ success: true, data: { ticket: 'x'.repeat(43), expiresIn: 30 } });
  const id = /^\/api\/notifications\/([^/]+)(\/read)?$/.exec(url);
  const found = list.notifications.find((n) => n._id === id?.[1]);
  if (method === 'PUT' && id?.[2] && found)
    return json({ success: true, data: { notification: { ...found, read: true } } });
  if (method === 'DELETE' && found) return json({ success: true, data: { _id: found._id } });
  if (url === '/api/notifications/read-all')
    return json({ success: true, data: { updated: list.notifications.filter((n) => !n.read).length } });
  return json({ success: false, error: `No fake answer for ${method} ${url}` }, 404);
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

function renderBell(
  qc = new QueryClient({ mutationCache: failedWrites(), defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/']}>
        <AuthProvider navigate={vi.fn()} alert={vi.fn()}>
          <NotificationBell />
          <Toaster />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const bell = () => screen.findByRole('button', { name: /^Notifications/ });

beforeEach(() => {
  const exp = Math.floor(Date.now() / 1000) + 900;
  localStorage.setItem('accessToken', `header.${btoa(JSON.stringify({ exp }))}.sig`);
  localStorage.setItem('refreshToken', 'r');
  list = { notifications: [note('a', false), note('b', false), note('c', true)], unreadCount: 2 };
  override = () => undefined;
  calls.length = 0;
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      calls.push(`${method} ${url}`);
      return server(method, url);
    }),
  );
  allowConsole('error', /^\[toast\]/);
});

describe('the count rules (docs/product.md §13)', () => {
  it('reading drops the count by one, never below zero; reading a read one changes nothing', () => {
    expect(markReadLocally(list, 'a').unreadCount).toBe(1);
    expect(markReadLocally(list, 'c')).toBe(list);
    expect(markReadLocally({ notifications: [note('x', false)], unreadCount: 0 }, 'x').unreadCount).toBe(0);
  });

  it('deleting recomputes the count: one less only when the deleted one was unread', () => {
    expect(removeLocally(list, 'a')).toEqual({
      notifications: [list.notifications[1], list.notifications[2]],
      unreadCount: 1,
    });
    expect(removeLocally(list, 'c').unreadCount).toBe(2);
  });
});

describe('NotificationBell', () => {
  it('shows the unread count, lists the notifications, and a click marks one read', async () => {
    renderBell();
    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 2 unread'));
    expect(within(button).getByText('2')).toBeInTheDocument();
    await userEvent.click(button);
    const items = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items.map((li) => within(li).getAllByRole('button')[0]!.textContent)).toEqual([
      expect.stringContaining('Title a'),
      expect.stringContaining('Title b'),
      expect.stringContaining('Title c'),
    ]);
    await userEvent.click(screen.getByRole('button', { name: /^Title a/ }));
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 1 unread'));
    expect(calls).toContain('PUT /api/notifications/a/read');
    // A read one asks nothing of the server.
    await userEvent.click(screen.getByRole('button', { name: /^Title c/ }));
    expect(calls.filter((c) => c.startsWith('PUT'))).toHaveLength(1);
  });

  it('shows a long title whole, free to wrap, never cut', async () => {
    const title = `New document: Owner letter 2026 — ${'Emma'.repeat(500)}`;
    list = { notifications: [note('a', false, title)], unreadCount: 1 };
    renderBell();
    await userEvent.click(await bell());
    const shown = await screen.findByTestId('notification-title');
    expect(shown).toHaveTextContent(title);
    expect(shown.className).not.toMatch(/truncate|line-clamp|whitespace-nowrap/);
    expect(shown).toHaveClass('min-w-0');
  });

  it('puts the count back and says so when marking read fails', async () => {
    override = (method) => (method === 'PUT' ? json({ success: false, error: 'Nope' }, 500) : undefined);
    renderBell();
    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 2 unread'));
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('button', { name: /^Title a/ }));
    expect(
      await screen.findByText('Failed to mark notification as read', { exact: true }),
    ).toBeInTheDocument();
    // One toast, told by the mutation cache: its title alone, not the server's reason.
    expect(screen.getAllByText('Failed to mark notification as read', { exact: true })).toHaveLength(1);
    expect(screen.queryByText('Nope')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 2 unread'));
  });

  it('deletes with the keyboard: the delete button follows its notification; the count is recomputed', async () => {
    renderBell();
    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 2 unread'));
    await userEvent.click(button);
    screen.getByRole('button', { name: /^Title a/ }).focus();
    await userEvent.tab();
    const del = screen.getByRole('button', { name: 'Delete notification: Title a' });
    expect(del).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Notification deleted', { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Title a/ })).not.toBeInTheDocument();
    expect(button).toHaveAccessibleName('Notifications, 1 unread');
    expect(calls).toContain('DELETE /api/notifications/a');
  });

  it('brings a notification back and says so when deleting fails', async () => {
    override = (method) => (method === 'DELETE' ? json({ success: false, error: 'Nope' }, 500) : undefined);
    renderBell();
    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 2 unread'));
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('button', { name: 'Delete notification: Title b' }));
    expect(await screen.findByText('Failed to delete notification', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Title b/ })).toBeInTheDocument();
    expect(button).toHaveAccessibleName('Notifications, 2 unread');
  });

  it('a notification with a link opens its page and closes the list; one without stays where it is', async () => {
    list = {
      notifications: [
        { ...note('a', false, 'Booking approved'), link: '/perks?project=p2' },
        note('b', false, 'A word from the team'),
      ],
      unreadCount: 2,
    };
    renderBell();
    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 2 unread'));
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('button', { name: /^A word from the team/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByRole('list', { name: 'Notifications' })).toBeInTheDocument();
    const linked = screen.getByRole('button', { name: /^Booking approved.*Opens its page$/ });
    await userEvent.click(linked);
    expect(screen.getByTestId('location')).toHaveTextContent('/perks?project=p2');
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(calls).toContain('PUT /api/notifications/a/read');
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications'));
  });

  it('a live notification reloads every view of what it is about, and only those', async () => {
    const qc = new QueryClient({
      mutationCache: failedWrites(),
      defaultOptions: { queries: { retry: false } },
    });
    // The registry's query keys: [endpoint id, input]. The dashboard's Recent Updates and the Updates
    // page share one read of the project's updates.
    const keys = {
      bookings: ['bookings.list', { query: { projectId: 'p1' } }],
      nights: ['perks.cabinNights', { params: { projectId: 'p1' } }],
      documents: ['documents.list', { query: { projectId: 'p1' } }],
      updates: ['updates.list', { query: { projectId: 'p1' } }],
      recent: ['updates.list', { query: { projectId: 'p1' } }],
      payouts: ['investments.payouts', {}],
    };
    for (const key of Object.values(keys)) qc.setQueryData(key, []);
    const stale = () =>
      Object.entries(keys)
        .filter(([, key]) => qc.getQueryState(key)?.isInvalidated)
        .map(([name]) => name);
    renderBell(qc);
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    act(() => FakeEventSource.last!.emit('ready'));
    const live = (id: string, title: string, link?: string) =>
      act(() => FakeEventSource.last!.emit('notification', { ...note(id, false, title), link }));

    live('n1', 'Booking approved', '/perks?project=p1');
    expect(stale()).toEqual(['bookings', 'nights']);
    live('n2', 'New update: Sauna opens', '/updates?project=p1');
    expect(stale()).toEqual(['bookings', 'nights', 'updates', 'recent']);
    live('n3', 'New document: Site plan', '/documents?project=p1');
    expect(stale()).toEqual(['bookings', 'nights', 'documents', 'updates', 'recent']);
    live('n4', 'Hello from the team');
    expect(stale()).not.toContain('payouts');
  });

  it('after a reconnect, every view a missed event could have changed is reloaded', async () => {
    const qc = new QueryClient({
      mutationCache: failedWrites(),
      defaultOptions: { queries: { retry: false } },
    });
    const bookings = ['bookings.list', { query: { projectId: 'p1' } }];
    const payouts = ['investments.payouts', {}];
    qc.setQueryData(bookings, []);
    qc.setQueryData(payouts, []);
    renderBell(qc);
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    act(() => FakeEventSource.last!.emit('ready'));
    expect(qc.getQueryState(bookings)?.isInvalidated).toBe(false);
    act(() => FakeEventSource.last!.emit('ready'));
    expect(qc.getQueryState(bookings)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(payouts)?.isInvalidated).toBe(true);
  });

  it('shows the unread dot only on unread notifications', async () => {
    renderBell();
    await userEvent.click(await bell());
    const items = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items.map((li) => within(li).queryByTestId('unread-dot') !== null)).toEqual([true, true, false]);
    expect(within(items[0]!).getByText('Unread')).toHaveClass('sr-only');
  });

  it('over 99 unread, the name says the "99+" the badge shows (WCAG 2.5.3 Label in Name, issue 14)', async () => {
    list = { ...list, unreadCount: 150 };
    renderBell();
    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 99+ unread'));
    expect(within(button).getByTestId('unread-count')).toHaveTextContent(/^99\+$/);
  });

  it('says when there are none', async () => {
    list = { notifications: [], unreadCount: 0 };
    renderBell();
    const button = await bell();
    await waitFor(() => expect(calls).toContain('GET /api/notifications'));
    expect(button).toHaveAccessibleName('Notifications');
    await userEvent.click(button);
    expect(screen.getByText('No notifications')).toBeInTheDocument();
  });

  it('keeps the list empty and only logs when loading fails', async () => {
    override = (_m, url) =>
      url === '/api/notifications' ? json({ success: false, error: 'Down' }, 500) : undefined;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBell();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Failed to load notifications', expect.anything()),
    );
    await userEvent.click(await bell());
    expect(screen.getByText('No notifications')).toBeInTheDocument();
    expect(screen.queryByText(/load notifications/i)).not.toBeInTheDocument();
  });

  it('adds a notification that arrives live, counts it and shows a toast', async () => {
    renderBell();
    const button = await bell();
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    expect(FakeEventSource.last!.url).toBe(`/api/notifications/stream?ticket=${'x'.repeat(43)}`);
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 2 unread'));
    const live = note('live', false, 'Winter bookings open');
    // What the server now answers too, should the list be reloaded meanwhile.
    list = { notifications: [live, ...list.notifications], unreadCount: 3 };
    act(() => {
      FakeEventSource.last!.emit('ready');
      FakeEventSource.last!.emit('notification', live);
    });
    await waitFor(() => expect(button).toHaveAccessibleName('Notifications, 3 unread'));
    expect(await screen.findByText('Winter bookings open', { exact: true })).toBeInTheDocument();
    await userEvent.click(button);
    const first = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Winter bookings open');
    // The same notification twice (two signals) is counted once.
    act(() => FakeEventSource.last!.emit('notification', live));
    expect(button).toHaveAccessibleName('Notifications, 3 unread');
  });

  it('reopens the stream with a new ticket after a token refresh, and at once when the network is back', async () => {
    let tickets = 0;
    override = (_m, url) => {
      if (url === '/api/notifications/stream/ticket')
        return json({ success: true, data: { ticket: `t${++tickets}`.padEnd(43, 'x'), expiresIn: 30 } });
      if (url === '/api/auth/refresh')
        return json({
          success: true,
          data: { accessToken: localStorage.getItem('accessToken'), refreshToken: 'r2' },
        });
      return undefined;
    };
    renderBell();
    await waitFor(() => expect(FakeEventSource.count).toBe(1));
    const first = FakeEventSource.last!;
    act(() => first.emit('ready'));
    await act(() => refreshSession());
    await waitFor(() => expect(FakeEventSource.count).toBe(2));
    expect(first.closed).toBe(true);
    expect(FakeEventSource.last!.url).toContain('ticket=t2');

    // The connection drops; the retry would wait about a second, but the network coming back is now.
    act(() => FakeEventSource.last!.fail());
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(FakeEventSource.count).toBe(3), { timeout: 500 });
    expect(FakeEventSource.last!.url).toContain('ticket=t3');
  });
});
