import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component as SignPage } from './sign-page';
import { fakeApi, json, renderAdmin } from '../../../test/admin';
import { INVESTOR } from '../../../test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const HASH = 'ab'.repeat(32);
const ID = 's0000000-0000-4000-8000-000000000001';

describe('the signing page', () => {
  it('asks for the name, consent, password and (two-factor on) the code, then shows the hash and the vault', async () => {
    const requests = fakeApi(
      (req) =>
        req.method === 'POST' && req.path === `/api/subscriptions/${ID}/sign`
          ? json({
              success: true,
              data: {
                subscription: { _id: ID, status: 'signed', signedAt: '2026-11-28T10:00:00.000Z' },
                document: { _id: 'd1', sha256: HASH },
              },
            })
          : req.method === 'GET' && req.path === '/api/signatures/verify'
            ? json({
                success: true,
                data: {
                  signedBy: 'Emma Lindqvist',
                  signedAt: '2026-11-28T10:00:00.000Z',
                  subscriptionId: ID,
                },
              })
            : undefined,
      { me: { ...INVESTOR, twoFactorEnabled: true } },
    );
    // The investor's page, rendered under the test area's route.
    renderAdmin(<SignPage />, 'subscriptions/:id/sign', `/admin/subscriptions/${ID}/sign`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign the subscription agreement' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Download the subscription agreement (PDF)' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign the agreement' }));
    expect(await screen.findByText('Agree to sign the agreement electronically')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByLabelText('Full name'), 'Emma Lindqvist');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.type(screen.getByLabelText('Current password'), 'secret123');
    await userEvent.type(screen.getByLabelText('Authenticator code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the agreement' }));

    expect(await screen.findByTestId('document-hash')).toHaveTextContent(HASH);
    expect(screen.getByRole('link', { name: 'Open the document vault' })).toHaveAttribute(
      'href',
      '/documents',
    );
    expect(await screen.findByText(/Checked: signed by Emma Lindqvist/)).toBeInTheDocument();
    const sign = requests.find((r) => r.method === 'POST')!;
    expect(sign.body).toEqual({
      fullName: 'Emma Lindqvist',
      consent: true,
      currentPassword: 'secret123',
      code: '123456',
    });
    expect(requests.find((r) => r.path === '/api/signatures/verify')!.query.get('sha256')).toBe(HASH);
  });
});
