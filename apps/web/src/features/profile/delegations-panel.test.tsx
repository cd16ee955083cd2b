import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Delegation, DelegationLists } from '@portal/contracts';
import { tokens } from '@/lib/session';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/toast';
import { DelegationsPanel } from './delegations-panel';
import { allowConsole } from '../../../test/console';
import { WithQueries } from '../../../test/queries';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let lists: DelegationLists;
let calls: { method: string; path: string; body?: unknown }[];

const delegation = (over: Partial<Delegation> = {}): Delegation => ({
  _id: '00000000-0000-4000-8000-000000000001',
  role: 'viewer',
  expiresOn: null,
  status: 'active',
  createdAt: '2026-03-02T10:00:00.000Z',
  revokedAt: null,
  person: { _id: '00000000-0000-4000-8000-0000000000aa', name: 'Nora Partner', email: 'nora@example.com' },
  ...over,
});

beforeEach(() => {
  resetToasts();
  allowConsole('error', /^\[toast\]/);
  tokens.set({ accessToken: 'a', refreshToken: 'r' });
  calls = [];
  lists = { given: [], received: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : undefined;
      calls.push({ method, path, body });
      if (path === '/api/delegations' && method === 'GET') return json({ success: true, data: lists });
      if (path === '/api/delegations' && method === 'POST') {
        if (body!.email === 'me@example.com')
          return json(
            { success: false, error: 'You cannot invite yourself.', code: 'profile.delegation_self' },
            400,
          );
        const made = delegation({
          _id: '00000000-0000-4000-8000-000000000002',
          role: body!.role as Delegation['role'],
          expiresOn: body!.expiresOn ?? null,
          status: 'invited',
          person: { _id: null, name: body!.email!, email: body!.email! },
        });
        lists = { ...lists, given: [made, ...lists.given] };
        return json({ success: true, data: made, message: 'Invitation sent' }, 201);
      }
      const revoke = /^\/api\/delegations\/([\w-]+)$/.exec(path);
      if (revoke && method === 'DELETE') {
        const end = (d: Delegation) => (d._id === revoke[1] ? { ...d, status: 'revoked' as const } : d);
        lists = { given: lists.given.map(end), received: lists.received.map(end) };
        return json({ success: true, message: 'Access revoked' });
      }
      return json({ success: false, error: `No fake answer for ${method} ${path}` }, 404);
    }),
  );
});

function renderPanel() {
  render(
    <MemoryRouter>
      <WithQueries>
        <DelegationsPanel />
        <Toaster />
      </WithQueries>
    </MemoryRouter>,
  );
}

describe('Delegated access', () => {
  it('invites an accountant until a last day, shows the invitation, and keeps a refused invitation open with its reason', async () => {
    renderPanel();
    const region = screen.getByRole('region', { name: 'Delegated access' });
    expect(await within(region).findByText('Nobody else has access to your portfolio.')).toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: 'Invite someone' }));
    let dialog = await screen.findByRole('dialog', { name: 'Invite someone to your portfolio' });
    await userEvent.type(within(dialog).getByLabelText('Their email'), 'me@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('You cannot invite yourself.')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Their email'));
    await userEvent.type(within(dialog).getByLabelText('Their email'), 'tax@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'accountant');
    expect(dialog).toHaveTextContent('Documents, statements and tax summaries only.');
    await userEvent.type(within(dialog).getByLabelText(/Last day/), '2027-04-30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/delegations',
      body: { email: 'tax@example.com', role: 'accountant', expiresOn: '2027-04-30' },
    });
    const row = (await within(region).findByText('tax@example.com')).closest('li')!;
    expect(row).toHaveTextContent('Accountant');
    expect(row).toHaveTextContent(/until .*2027/);
    expect(row).toHaveTextContent('Invited');
    dialog = screen.queryByRole('dialog')!;
    expect(dialog).toBeNull();
  });

  it('revokes a delegate, and gives up a portfolio shared with the investor', async () => {
    lists = {
      given: [delegation()],
      received: [
        delegation({
          _id: '00000000-0000-4000-8000-000000000003',
          role: 'co-owner',
          person: {
            _id: '00000000-0000-4000-8000-0000000000bb',
            name: 'Ola Owner',
            email: 'ola@example.com',
          },
        }),
      ],
    };
    renderPanel();
    const region = screen.getByRole('region', { name: 'Delegated access' });
    await userEvent.click(await within(region).findByRole('button', { name: 'Revoke: Nora Partner' }));
    expect(await screen.findByText('Nora Partner no longer has access')).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'DELETE',
      path: '/api/delegations/00000000-0000-4000-8000-000000000001',
      body: undefined,
    });
    const nora = (await within(region).findByText('Revoked')).closest('li')!;
    expect(within(nora).queryByRole('button')).toBeNull();

    const shared = within(region).getByRole('heading', { name: 'Portfolios shared with you' });
    expect(shared).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Give up: Ola Owner' }));
    expect(await screen.findByText("You gave up your access to Ola Owner's portfolio")).toBeInTheDocument();
  });
});
