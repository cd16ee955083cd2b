import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failedWrites } from '@/lib/query-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/contracts';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/toast';
import { BankAccountPanel } from './bank-account-panel';
import { allowConsole } from '../../../test/console';
import { currentUser } from '../../../test/fixtures';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: unknown[];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  resetToasts();
  allowConsole('error', /^\[toast\]/);
  answer = () =>
    json({
      success: true,
      data: {
        iban: '•••• •••• •••• 0785',
        bic: null,
        holder: 'Emma Lindqvist',
        updatedAt: '2026-11-25T10:00:00.000Z',
      },
      message: 'Bank account saved',
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/users/me/bank-account' && init?.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)));
        return answer();
      }
      return json({ success: false, message: `No fake answer for ${String(input)}`, error: 'x' }, 404);
    }),
  );
});

function renderPanel(user: CurrentUser, onSaved = vi.fn()) {
  const client = new QueryClient({
    mutationCache: failedWrites(),
    defaultOptions: { queries: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <BankAccountPanel user={user} onSaved={onSaved} />
      <Toaster />
    </QueryClientProvider>,
  );
  return onSaved;
}

describe('the bank account panel', () => {
  it('says there is no account yet, saves one with the password, then shows it masked', async () => {
    const onSaved = renderPanel(currentUser());
    expect(screen.getByText(/No bank account yet/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('IBAN'), 'FI21 1234 5600 0007 85');
    await user.type(screen.getByLabelText('Current password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([
      {
        iban: 'FI21 1234 5600 0007 85',
        bic: '',
        holder: 'Emma Lindqvist',
        currentPassword: 'secret123',
        code: '',
      },
    ]);
    expect(screen.getByText('•••• •••• •••• 0785')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Change bank account' })).toBeInTheDocument();
  });

  it('checks the fields before sending: a missing IBAN and password are named next to their fields', async () => {
    renderPanel(currentUser());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('IBAN is required')).toBeInTheDocument();
    expect(screen.getByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('IBAN')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it("shows the server's IBAN problem next to the IBAN, and keeps what was typed", async () => {
    const problem = 'The IBAN’s check digits do not match: please check it for a typing error';
    answer = () => json({ success: false, message: problem, error: problem, fields: { iban: problem } }, 400);
    const onSaved = renderPanel(currentUser());
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('IBAN'), 'FI2112345600000786');
    await user.type(screen.getByLabelText('Current password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect((await screen.findAllByText(problem)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('IBAN')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('IBAN')).toHaveValue('FI2112345600000786');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows the account on file, and asks for the code when two-factor sign-in is on', () => {
    renderPanel(
      currentUser({
        twoFactorEnabled: true,
        bankAccount: {
          iban: '•••• •••• •••• 6819',
          bic: 'NWBKGB2L',
          holder: 'Emma Lindqvist',
          updatedAt: '2026-11-01T10:00:00.000Z',
        },
      }),
    );
    expect(screen.getByText('•••• •••• •••• 6819')).toBeInTheDocument();
    expect(screen.getByText('NWBKGB2L')).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change bank account' })).toBeInTheDocument();
  });
});
