import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { tokens } from '@/lib/session';
import { Component as DashboardPage } from './dashboard-page';
import { json } from './test-support';
import { currentUser } from '../../../test/fixtures';
import { renderInShell } from '../../../test/investor';

interface Answers {
  previousLoginAt: string | null;
  contact: { whatsapp: string | null; email: string | null };
}

/** A new investor: no projects, no investments; the portfolio read answers them as /api/users/me would. */
function showNewInvestor({ previousLoginAt, contact }: Answers) {
  tokens.set({ accessToken: 'a', refreshToken: 'r' });
  const me = currentUser({
    name: 'Nora Virtanen',
    lastLoginAt: '2026-11-25T09:00:00.000Z',
    previousLoginAt,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/users/me') return json(200, { success: true, data: me });
      if (url === '/api/projects') return json(200, { success: true, data: [] });
      if (url === '/api/support-contact') return json(200, { success: true, data: contact });
      if (url === '/api/opportunities/current') return json(200, { success: true, data: null });
      if (url.startsWith('/api/investment/payouts')) return json(200, { success: true, payouts: [] });
      return json(200, { success: true, data: [] });
    }),
  );
  renderInShell(<DashboardPage />);
}

describe('Dashboard of an investor without projects', () => {
  it('shows the empty state, with the team reachable on WhatsApp, and the opportunities', async () => {
    showNewInvestor({
      previousLoginAt: null,
      contact: { whatsapp: '+15555550100', email: 'support@example.com' },
    });
    const empty = await screen.findByRole('region', { name: 'You have no projects yet' }, { timeout: 5000 });
    expect(within(empty).getByRole('link', { name: 'Join New Project' })).toHaveAttribute(
      'href',
      '/join-project',
    );
    expect(
      await within(empty).findByRole('link', { name: /^Chat with our team on WhatsApp/ }),
    ).toHaveAttribute('href', 'https://wa.me/15555550100');
    expect(within(empty).getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(screen.getByText('Welcome, Nora.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Investment Opportunities' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payout Timeline' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recent Updates' })).not.toBeInTheDocument();
  });

  it('offers the support email when there is no WhatsApp number, and welcomes back after the first sign-in', async () => {
    showNewInvestor({
      previousLoginAt: '2026-11-20T10:00:00.000Z',
      contact: { whatsapp: null, email: 'support@example.com' },
    });
    expect(await screen.findByText('Welcome back, Nora.')).toBeInTheDocument();
    const empty = await screen.findByRole('region', { name: 'You have no projects yet' }, { timeout: 5000 });
    expect(
      await within(empty).findByRole('link', { name: 'Write to our team at support@example.com' }),
    ).toHaveAttribute('href', 'mailto:support@example.com');
  });
});
