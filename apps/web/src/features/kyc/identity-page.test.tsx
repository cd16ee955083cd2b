import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { KycCheck } from '@portal/contracts';
import { failedWrites } from '@/lib/query-client';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/toast';
import { Component as IdentityPage } from './identity-page';
import { allowConsole } from '../../../test/console';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const REJECTED: KycCheck = {
  status: 'rejected',
  dateOfBirth: '1980-04-12',
  taxResidence: 'DE',
  politicallyExposed: false,
  sourceOfFunds: 'Savings',
  documents: [
    { _id: 'd1', kind: 'identity', fileName: 'passport.pdf', uploadedAt: '2026-11-20T10:00:00.000Z' },
  ],
  submittedAt: '2026-11-20T10:00:00.000Z',
  rejectionReason: 'The passport photo is unreadable.',
  verifiedAt: null,
  expiresAt: null,
};

let sent: unknown[];

beforeEach(() => {
  sent = [];
  resetToasts();
  allowConsole('error', /^\[toast\]/);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/kyc' && (init?.method ?? 'GET') === 'GET')
        return json({ success: true, data: REJECTED });
      if (String(input) === '/api/kyc' && init?.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)));
        return json({ success: true, data: { ...REJECTED, status: 'submitted', rejectionReason: null } });
      }
      return json({ success: false, message: `No fake answer for ${String(input)}`, error: 'x' }, 404);
    }),
  );
});

describe('the identity check page', () => {
  it('shows the status and the rejection reason, labels every answer, and saves them', async () => {
    const client = new QueryClient({
      mutationCache: failedWrites(),
      defaultOptions: { queries: { retry: false } },
    });
    render(
      <QueryClientProvider client={client}>
        <IdentityPage />
        <Toaster />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Identity check' })).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Reason: The passport photo is unreadable.');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1980-04-12');
    expect(screen.getByLabelText('Tax residence')).toHaveValue('DE');
    expect(screen.getByLabelText('Politically exposed person')).toHaveValue('no');
    expect(screen.getByLabelText('Identity document (passport or ID card)')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Proof of address')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('button', { name: 'passport.pdf' })).toBeInTheDocument();
    expect(screen.getByText('Not uploaded yet')).toBeInTheDocument();

    const funds = screen.getByLabelText('Source of funds');
    await userEvent.clear(funds);
    await userEvent.type(funds, 'Sale of a flat');
    await userEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText('Answers saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        dateOfBirth: '1980-04-12',
        taxResidence: 'DE',
        politicallyExposed: false,
        sourceOfFunds: 'Sale of a flat',
      },
    ]);
  });
});
