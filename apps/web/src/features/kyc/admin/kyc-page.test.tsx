import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminKycCheck } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { Component as KycPage } from './kyc-page';
import { ADMIN, fakeApi, findToast, json, renderAdmin } from '../../../../test/admin';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLocale('en');
});

const LUKAS: AdminKycCheck = {
  userId: 'u0000000-0000-4000-8000-000000000001',
  name: 'Lukas Berg',
  email: 'lukas@example.com',
  investorId: 'INV-2026-000001',
  status: 'submitted',
  dateOfBirth: '1979-02-03',
  taxResidence: 'DE',
  politicallyExposed: false,
  sourceOfFunds: 'Verkauf einer Wohnung',
  documents: [
    { _id: 'd1', kind: 'identity', fileName: 'pass.pdf', uploadedAt: '2026-11-20T10:00:00.000Z' },
    { _id: 'd2', kind: 'address', fileName: 'rechnung.png', uploadedAt: '2026-11-20T10:05:00.000Z' },
  ],
  submittedAt: '2026-11-20T10:05:00.000Z',
  rejectionReason: null,
  verifiedAt: null,
  expiresAt: null,
};

describe('Identity checks (admin) in German', () => {
  it('lists the queue, verifies one and rejects another with a reason in the dialog', async () => {
    await setLocale('de');
    const requests = fakeApi(
      (req) =>
        req.method === 'GET' && req.path === '/api/admin/kyc'
          ? json({ success: true, data: [LUKAS] })
          : req.method === 'POST' && req.path.endsWith('/verify')
            ? json({ success: true, data: { ...LUKAS, status: 'verified' } })
            : req.method === 'POST' && req.path.endsWith('/reject')
              ? json({ success: true, data: { ...LUKAS, status: 'rejected' } })
              : undefined,
      { me: { ...ADMIN, locale: 'de' } },
    );
    renderAdmin(<KycPage />, 'kyc');
    const table = await screen.findByRole('table', { name: 'Identitätsprüfungen' });
    expect(screen.getByRole('heading', { level: 1, name: 'Identitätsprüfungen' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Investor', 'Angaben', 'Dokumente', 'Status', 'Aktionen']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Steuerliche Ansässigkeit: DE');
    expect(row).toHaveTextContent('Politisch exponiert: Nein');
    expect(within(row).getByText('Eingereicht')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/admin/kyc')!.query.get('status')).toBe('submitted');

    await userEvent.click(within(row).getByRole('button', { name: 'Bestätigen' }));
    expect(await findToast('Identität bestätigt')).toBeInTheDocument();
    expect(
      requests.some((r) => r.method === 'POST' && r.path === `/api/admin/kyc/${LUKAS.userId}/verify`),
    ).toBe(true);

    await userEvent.click(within(row).getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Identitätsprüfung von Lukas Berg ablehnen' });
    await userEvent.type(
      within(dialog).getByLabelText('Grund'),
      'Der Adressnachweis ist älter als drei Monate.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await findToast('Identitätsprüfung abgelehnt')).toBeInTheDocument();
    const rejected = requests.find((r) => r.path.endsWith('/reject'));
    expect(rejected!.body).toEqual({ reason: 'Der Adressnachweis ist älter als drei Monate.' });
  });
});
