import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { DataExport } from '@portal/contracts';
import { failedWrites } from '@/lib/query-client';
import { tokens } from '@/lib/session';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/toast';
import { YourDataPanel } from './your-data-panel';
import { allowConsole } from '../../../test/console';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();
const item = (over: Partial<DataExport> & { _id: string }): DataExport => ({
  status: 'ready',
  createdAt: at(Date.now() - DAY),
  expiresAt: at(Date.now() + 6 * DAY),
  size: 2_500_000,
  ...over,
});

let exports: DataExport[];
let calls: string[];
/** What POST /api/users/me/export answers next (a refusal), else a new pending export. */
let refusal: Response | null;
let clicked: string[];

beforeEach(() => {
  resetToasts();
  allowConsole('error', /^\[toast\]/);
  tokens.set({ accessToken: 'a', refreshToken: 'r' });
  calls = [];
  clicked = [];
  refusal = null;
  exports = [
    item({ _id: '00000000-0000-4000-8000-000000000001' }),
    item({
      _id: '00000000-0000-4000-8000-000000000002',
      createdAt: at(Date.now() - 20 * DAY),
      expiresAt: at(Date.now() - 12 * DAY),
      size: null,
    }),
    item({ _id: '00000000-0000-4000-8000-000000000003', status: 'failed', expiresAt: null, size: null }),
  ];
  URL.createObjectURL = vi.fn(() => 'blob:test/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (path === '/api/users/me/exports') return json({ success: true, data: exports });
      if (path === '/api/users/me/export' && method === 'POST') {
        if (refusal) return refusal;
        const created = item({
          _id: '00000000-0000-4000-8000-000000000009',
          status: 'pending',
          createdAt: at(Date.now()),
          expiresAt: null,
          size: null,
        });
        exports = [created, ...exports];
        return json({ success: true, data: created }, 201);
      }
      if (path.endsWith('/download'))
        return new Response('PK', {
          status: 200,
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="investor-portal-data-2026-11-28.zip"',
          },
        });
      return json({ success: false, message: `No fake answer for ${path}`, error: 'x' }, 404);
    }),
  );
});

function renderPanel() {
  const client = new QueryClient({
    mutationCache: failedWrites(),
    defaultOptions: { queries: { retry: false } },
  });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <YourDataPanel />
        <Toaster />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('Your data', () => {
  it('lists the copies with their state, downloads a ready one, and links to the privacy page', async () => {
    renderPanel();
    const region = screen.getByRole('region', { name: 'Your data' });
    const list = await within(region).findByRole('list', { name: 'Your copies' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Ready');
    expect(rows[0]).toHaveTextContent(/Download until .*2\.4 MB/);
    expect(rows[1]).toHaveTextContent('Expired');
    expect(rows[2]).toHaveTextContent('Failed');
    expect(rows[2]).toHaveTextContent('Please ask for a new one');
    // Only the ready one has a download, named by when it was asked for.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^Download the copy requested / }));
    await waitFor(() => expect(clicked).toEqual(['investor-portal-data-2026-11-28.zip']));
    expect(calls).toContain('GET /api/users/me/exports/00000000-0000-4000-8000-000000000001/download');
    expect(screen.getByRole('link', { name: 'What we store and why' })).toHaveAttribute('href', '/privacy');
  });

  it('asks for a copy, shows it as being prepared and allows no second one meanwhile', async () => {
    renderPanel();
    const ask = await screen.findByRole('button', { name: 'Request a copy of my data' });
    await screen.findByRole('list', { name: 'Your copies' });
    await userEvent.click(ask);
    expect(await screen.findByText(/Your copy is being prepared\. We will let you know/)).toBeInTheDocument();
    expect(calls).toContain('POST /api/users/me/export');
    const list = screen.getByRole('list', { name: 'Your copies' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Being prepared');
    const region = screen.getByRole('region', { name: 'Your data' });
    expect(within(region).getByRole('status')).toHaveTextContent('This page updates when it is ready');
    expect(screen.getByRole('button', { name: 'Request a copy of my data' })).toBeDisabled();
  });

  it("says why a request was refused, in the server's words", async () => {
    const message =
      'You can ask for a copy of your data at most 3 times in 24 hours. Please try again later.';
    refusal = json(
      { success: false, message, error: message, code: 'profile.export_limit', params: { n: 3 } },
      429,
      { 'retry-after': '3600' },
    );
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Your copies' });
    await userEvent.click(screen.getByRole('button', { name: 'Request a copy of my data' }));
    expect((await screen.findAllByText(/at most 3 times in 24 hours/)).length).toBeGreaterThan(0);
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says so when there is no copy yet', async () => {
    exports = [];
    renderPanel();
    expect(await screen.findByText('You have not asked for a copy yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request a copy of my data' })).toBeEnabled();
  });
});
