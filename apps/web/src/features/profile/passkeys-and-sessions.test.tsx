import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Passkey, SignInSession } from '@portal/contracts';
import { failedWrites } from '@/lib/query-client';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/toast';
import { Passkeys, Sessions } from './passkeys-and-sessions';
import { allowConsole } from '../../../test/console';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const session = (over: Partial<SignInSession>): SignInSession => ({
  _id: '00000000-0000-4000-8000-000000000001',
  browser: 'Firefox 132',
  os: 'macOS Catalina',
  device: 'desktop',
  network: { kind: 'public', prefix: '203.0.113.0/24' },
  method: 'password',
  firstSeenAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt: '2026-11-02T10:00:00.000Z',
  current: false,
  ...over,
});

let sessions: SignInSession[];
let passkeys: Passkey[];
let calls: string[];

beforeEach(() => {
  resetToasts();
  allowConsole('error', /^\[toast\]/);
  calls = [];
  sessions = [
    session({ _id: '00000000-0000-4000-8000-00000000000a', current: true }),
    session({
      _id: '00000000-0000-4000-8000-00000000000b',
      browser: 'Safari 17',
      os: 'iOS',
      network: { kind: 'local', prefix: '' },
      method: 'passkey',
    }),
  ];
  passkeys = [
    {
      _id: '00000000-0000-4000-8000-0000000000c1',
      name: 'Laptop',
      createdAt: '2026-11-01T10:00:00.000Z',
      lastUsedAt: null,
      backedUp: false,
    },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (path === '/api/auth/sessions') return json({ success: true, data: sessions });
      if (path === '/api/auth/sessions/end-others') {
        const ended = sessions.filter((s) => !s.current).length;
        sessions = sessions.filter((s) => s.current);
        return json({ success: true, data: { ended } });
      }
      if (path.startsWith('/api/auth/sessions/') && method === 'DELETE') {
        sessions = sessions.filter((s) => !path.endsWith(s._id));
        return json({ success: true, data: { ended: 1 } });
      }
      if (path === '/api/auth/passkeys') return json({ success: true, data: passkeys });
      if (path.startsWith('/api/auth/passkeys/') && method === 'PATCH') {
        passkeys = passkeys.map((p) => ({ ...p, name: JSON.parse(String(init!.body)).name }));
        return json({ success: true, data: passkeys[0] });
      }
      if (path.startsWith('/api/auth/passkeys/') && method === 'DELETE') {
        const message =
          'This is the only way into your account: set a password before removing your last passkey.';
        return json({ success: false, message, error: message, code: 'auth.passkey_last' }, 409);
      }
      return json({ success: false, message: `No fake answer for ${path}`, error: 'x' }, 404);
    }),
  );
});

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({
    mutationCache: failedWrites(),
    defaultOptions: { queries: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      {node}
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('Your sessions', () => {
  it('lists the devices with their network, marks this one, and signs out another or all others', async () => {
    renderWith(<Sessions />);
    const region = await screen.findByRole('region', { name: 'Your sessions' });
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('Network 203.0.113.0/24');
    expect(items[1]).toHaveTextContent('Local network');
    expect(items[1]).toHaveTextContent('with a passkey');
    // Only the others can be signed out from here, each by a button that names it.
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari 17 · iOS' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    expect(calls).toContain('DELETE /api/auth/sessions/00000000-0000-4000-8000-00000000000b');
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
  });

  it('signs out all others at once', async () => {
    renderWith(<Sessions />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('1 other session signed out')).toBeInTheDocument();
    expect(calls).toContain('POST /api/auth/sessions/end-others');
  });
});

describe('Passkeys', () => {
  it('renames a passkey, and says why the last way in cannot be removed', async () => {
    renderWith(<Passkeys />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Laptop' }));
    const field = screen.getByLabelText('New name for Laptop');
    await userEvent.clear(field);
    await userEvent.type(field, 'Work laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    expect((await screen.findAllByText(/only way into your account/)).length).toBeGreaterThan(0);
    expect(screen.getByText('Work laptop')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
    expect(screen.getByLabelText('Name of the new passkey')).toBeInTheDocument();
  });
});
