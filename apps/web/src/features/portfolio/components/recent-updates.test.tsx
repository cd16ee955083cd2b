import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { RECENT_UPDATES_COUNT, type Update } from '@portal/contracts';
import { UpdatesList } from './recent-updates';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const update = (n: number, over: Partial<Update> = {}): Update => ({
  _id: `u${n}`,
  projectId: 'p1',
  title: `Update ${n}`,
  category: 'general',
  excerpt: `Excerpt of update ${n}`,
  content: '<p>Body</p>',
  date: `2025-0${n}-10T09:00:00.000Z`,
  isNew: false,
  images: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

/** Recent Updates as the dashboard shows it, with `/api/updates` answered by `answer`. */
function show(answer: () => Promise<Response>, projectId: string | null = 'p1') {
  const fetchMock = vi.fn((_url: string) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UpdatesList projectId={projectId} limit={RECENT_UPDATES_COUNT} showViewAll />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('Recent Updates', () => {
  it("reads 'No updates available' when the project has no updates", async () => {
    const fetchMock = show(async () => json(200, { success: true, updates: [] }));
    expect(await screen.findByText('No updates available')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/updates?projectId=p1');
    expect(screen.queryByRole('list', { name: 'Latest updates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /View all updates/ })).not.toBeInTheDocument();
  });

  it("reads 'No updates available' when the updates cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    show(async () => json(500, { success: false, message: 'Boom', error: 'Boom' }));
    expect(await screen.findByText('No updates available')).toBeInTheDocument();
  });

  it("reads 'No updates available' without a current project, and asks for nothing", async () => {
    const fetchMock = show(async () => json(200, { success: true, updates: [update(1)] }), null);
    expect(await screen.findByText('No updates available')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the 3 newest of more updates: title, category badge, excerpt and date', async () => {
    // Five updates, listed oldest first: only the newest three are shown, newest first.
    show(async () =>
      json(200, {
        success: true,
        updates: [
          update(1),
          update(2),
          update(3, { category: 'financial' }),
          update(4, { category: 'milestone', isNew: true }),
          update(5),
        ],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Latest updates' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Update 5', 'Update 4', 'Update 3']);
    expect(items[0]).toHaveTextContent('General');
    expect(items[0]).toHaveTextContent('Excerpt of update 5');
    expect(items[0]).toHaveTextContent('May 10, 2025');
    expect(items[1]).toHaveTextContent('Milestone');
    expect(items[1]).toHaveTextContent('New');
    expect(items[2]).toHaveTextContent('Financial');
    expect(items[2]).not.toHaveTextContent('New');
    expect(screen.queryByText('Update 2')).not.toBeInTheDocument();
    expect(screen.queryByText('No updates available')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View all updates/ })).toHaveAttribute('href', '/updates');
  });
});
