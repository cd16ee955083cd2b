import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failedWrites } from '@/lib/query-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ActivityRequest } from '@portal/contracts';
import { Toaster } from '@/components/ui/toaster';
import { api, ApiError } from '@/lib/api';
import type * as ApiModule from '@/lib/api';
import { resetToasts } from '@/lib/toast';
import { ActivityRequests } from './activity-requests';
import { allowConsole } from '../../../../test/console';
import { activityRequest } from '../../../../test/fixtures';

vi.mock('@/lib/api', async (importOriginal) => {
  const real = await importOriginal<typeof ApiModule>();
  return { ...real, api: vi.fn() };
});
const fake = vi.mocked(api);

const at = '2026-11-20T10:00:00.000Z';
const request = (n: number, over: Partial<ActivityRequest>): ActivityRequest =>
  activityRequest({
    _id: `a0000000-0000-4000-8000-00000000000${n}`,
    projectId: '00000000-0000-4000-8000-000000000001',
    date: '2027-01-15',
    createdAt: at,
    updatedAt: at,
    ...over,
  });
const PENDING = request(1, { note: 'Two children' });
const DECLINED = request(2, {
  perkName: 'Sauna evening',
  partySize: 1,
  status: 'declined',
  decisionNote: 'Closed that week',
  decidedAt: at,
});

function renderList(onPut: () => Promise<unknown>) {
  fake.mockImplementation((url, opts) =>
    opts?.method === 'PUT' ? onPut() : Promise.reject(new Error(`unexpected ${opts?.method} ${url}`)),
  );
  render(
    <QueryClientProvider
      client={
        new QueryClient({ mutationCache: failedWrites(), defaultOptions: { queries: { retry: false } } })
      }
    >
      <ActivityRequests requests={[PENDING, DECLINED]} />
      <Toaster />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('list', { name: 'Activity requests' })).getAllByRole('listitem');
}

describe('ActivityRequests', () => {
  afterEach(() => {
    fake.mockReset();
    resetToasts();
  });

  it("shows each request with its status and the operator's note; only a pending one can be cancelled", () => {
    const [pending, declined] = renderList(() => Promise.resolve({ success: true }));
    expect(within(pending!).getByRole('heading', { name: 'Husky safari' })).toBeInTheDocument();
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('Jan 15, 2027 · 3 people');
    expect(pending).toHaveTextContent('“Two children”');
    expect(declined).toHaveTextContent('Declined');
    expect(declined).toHaveTextContent('1 person');
    expect(declined).toHaveTextContent('Operator: Closed that week');
    expect(within(declined!).queryByRole('button')).toBeNull();
  });

  it('cancels after the confirmation, and says so', async () => {
    const [pending] = renderList(() =>
      Promise.resolve({ success: true, data: { ...PENDING, status: 'cancelled' } }),
    );
    await userEvent.click(
      within(pending!).getByRole('button', { name: 'Cancel request: Husky safari, Jan 15, 2027' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this activity request?' });
    expect(dialog).toHaveTextContent('Husky safari, Jan 15, 2027, 3 people.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));
    expect(await screen.findByText('Husky safari, Jan 15, 2027 was cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = fake.mock.calls.filter(([, o]) => o?.method === 'PUT').map(([url]) => url);
    expect(puts).toEqual([`/api/perks/activity-requests/${PENDING._id}/cancel`]);
  });

  it('keeps the request and the dialog when the server refuses, and says why', async () => {
    allowConsole('error', /^\[toast\]/);
    const [pending] = renderList(() =>
      Promise.reject(new ApiError('This request has already been decided', 409)),
    );
    await userEvent.click(within(pending!).getByRole('button', { name: /^Cancel request/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this activity request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));
    expect(await screen.findByText('This request has already been decided')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cancel this activity request?' })).toBeInTheDocument();
  });
});
