import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ErasureRequest } from '@portal/contracts';
import { tokens } from '@/lib/session';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/toast';
import { ErasurePanel } from './erasure-panel';
import { allowConsole } from '../../../test/console';
import { WithQueries } from '../../../test/queries';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let current: ErasureRequest | null;
let calls: { method: string; path: string; body?: unknown }[];

const request = (over: Partial<ErasureRequest> = {}): ErasureRequest => ({
  _id: '00000000-0000-4000-8000-000000000001',
  status: 'pending',
  reason: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  decidedAt: null,
  refusalReason: null,
  ...over,
});

beforeEach(() => {
  resetToasts();
  allowConsole('error', /^\[toast\]/);
  tokens.set({ accessToken: 'a', refreshToken: 'r' });
  calls = [];
  current = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path !== '/api/users/me/erasure')
        return json({ success: false, message: `No fake answer for ${path}`, error: 'x' }, 404);
      if (method === 'POST') {
        const body = JSON.parse(String(init!.body)) as { reason?: string };
        current = request({ reason: body.reason ?? null });
        return json({ success: true, data: current }, 201);
      }
      if (method === 'DELETE') {
        const withdrawn = { ...current!, status: 'withdrawn' as const };
        current = null;
        return json({ success: true, data: withdrawn });
      }
      return json({ success: true, data: current });
    }),
  );
});

function renderPanel() {
  render(
    <MemoryRouter>
      <WithQueries>
        <ErasurePanel />
        <Toaster />
      </WithQueries>
    </MemoryRouter>,
  );
}

describe('Erase your account', () => {
  it('says in the dialog what is removed and kept, sends the request with the reason, and withdraws it', async () => {
    renderPanel();
    const region = screen.getByRole('region', { name: 'Erase your account' });
    await userEvent.click(await within(region).findByRole('button', { name: 'Ask to erase my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase your account?' });
    expect(dialog).toHaveTextContent('bank account, identity documents');
    expect(dialog).toHaveTextContent('kept under a pseudonym');
    expect(dialog).toHaveTextContent('can no longer sign in');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Moving abroad');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask to erase my account' }));
    expect(await within(region).findByRole('status')).toHaveTextContent(
      /You asked for your account to be erased on .*2026/,
    );
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/users/me/erasure',
      body: { reason: 'Moving abroad' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(within(region).getByRole('button', { name: 'Withdraw my request' }));
    expect(await within(region).findByRole('button', { name: 'Ask to erase my account' })).toBeEnabled();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('shows why a request was refused and lets the investor ask again', async () => {
    current = request({
      status: 'refused',
      decidedAt: '2026-03-09T10:00:00.000Z',
      refusalReason: 'A current investment in Aurora Cabins',
    });
    renderPanel();
    expect(await screen.findByText('Reason: A current investment in Aurora Cabins')).toBeInTheDocument();
    expect(screen.getByText(/Your request was refused on/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask again' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'What erasure removes and what is kept' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});
