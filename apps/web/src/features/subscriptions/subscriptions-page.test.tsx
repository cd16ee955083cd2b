import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Offering, Subscription } from '@portal/contracts';
import { tokens } from '@/lib/session';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/toast';
import { Component as SubscriptionsPage } from './subscriptions-page';
import { currentUser } from '../../../test/fixtures';
import { renderInShell } from '../../../test/investor';

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const OFFERING: Offering = {
  _id: '00000000-0000-4000-8000-0000000000a1',
  projectId: '00000000-0000-4000-8000-0000000000b1',
  projectName: 'Tatra Ridge',
  minimum: 10000,
  maximum: 50000,
  target: 500000,
  closesOn: '2027-01-31',
  nightsPer10000: 2,
  allowanceMonths: 12,
  status: 'open',
  subscribed: 120000,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const OTHER: Offering = {
  ...OFFERING,
  _id: '00000000-0000-4000-8000-0000000000a2',
  projectName: 'Aurora Lake',
};

const step = (s: Subscription['steps'][number]['step'], at: string | null) => ({
  step: s,
  done: at !== null,
  at,
});
const SUB: Subscription = {
  _id: '00000000-0000-4000-8000-0000000000c1',
  offeringId: OFFERING._id,
  projectId: OFFERING.projectId,
  projectName: 'Tatra Ridge',
  amount: 25000,
  status: 'awaiting_identity',
  steps: [
    step('subscribed', '2026-11-20T10:00:00.000Z'),
    step('identity', null),
    step('signed', null),
    step('accepted', null),
    step('called', null),
    step('funded', null),
  ],
  calls: [],
  document: null,
  rejectionReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const CALLED: Subscription = {
  ...SUB,
  _id: '00000000-0000-4000-8000-0000000000c2',
  offeringId: 'x',
  projectName: 'Fjord Lodge',
  status: 'called',
  calls: [
    {
      _id: 'l1',
      amount: 12500,
      dueOn: '2026-12-15',
      reference: 'RF18539007547034',
      paid: 0,
      status: 'open',
    },
  ],
};

describe('My subscriptions', () => {
  it('shows the steps, the next step, the calls, cancels and subscribes within the bounds', async () => {
    resetToasts();
    tokens.set({ accessToken: 'a', refreshToken: 'r' });
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        if (method !== 'GET')
          sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
        if (url === '/api/users/me') return json(200, { success: true, data: currentUser() });
        if (url === '/api/projects') return json(200, { success: true, data: [] });
        if (url === '/api/offerings') return json(200, { success: true, data: [OFFERING, OTHER] });
        if (url.endsWith('/documents')) return json(200, { success: true, data: [] });
        if (url === '/api/subscriptions') return json(200, { success: true, data: [SUB, CALLED] });
        if (url === `/api/subscriptions/${SUB._id}/cancel`)
          return json(200, { success: true, data: { ...SUB, status: 'cancelled' } });
        if (url === `/api/offerings/${OTHER._id}/subscriptions`)
          return json(201, { success: true, data: { ...SUB, offeringId: OTHER._id } });
        return json(200, { success: true, data: [] });
      }),
    );
    renderInShell(
      <>
        <SubscriptionsPage />
        <Toaster />
      </>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'My subscriptions' })).toBeInTheDocument();
    expect((await screen.findAllByText(/^Tatra Ridge: €25,000/))[0]).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete your identity check' })).toHaveAttribute(
      'href',
      '/identity',
    );
    const steps = screen.getAllByRole('list', { name: 'Steps' })[0]!;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(6);
    const calls = screen.getByRole('table', { name: 'Capital calls' });
    expect(calls).toHaveTextContent('RF18539007547034');
    expect(calls).toHaveTextContent('€12,500');
    // The open offering already subscribed offers no second Subscribe; the other one does.
    expect(screen.getAllByRole('button', { name: 'Subscribe' })).toHaveLength(1);
    expect(screen.getAllByText('Minimum €10,000 · maximum €50,000')[0]).toBeInTheDocument();
    // The offering's rule for cabin nights, in words.
    expect(
      screen.getAllByText('Each €10,000 funded brings 2 cabin nights a year, valid 12 months from funding.'),
    ).toHaveLength(2);

    await userEvent.click(screen.getAllByRole('button', { name: 'Cancel the subscription' })[0]!);
    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    expect(sent).toContainEqual({ method: 'POST', url: `/api/subscriptions/${SUB._id}/cancel`, body: null });

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Aurora Lake' });
    await userEvent.type(within(dialog).getByLabelText('Amount (€)'), '20000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscription received')).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'POST',
      url: `/api/offerings/${OTHER._id}/subscriptions`,
      body: { amount: 20000 },
    });
  });
});
