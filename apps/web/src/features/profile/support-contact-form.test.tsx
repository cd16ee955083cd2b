import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failedWrites } from '@/lib/query-client';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SupportContact } from '@portal/contracts';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/lib/toast';
import { supportContactKey } from '@/queries/support';
import { SupportContactForm } from './support-contact-form';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let stored: SupportContact;
let puts: unknown[];

beforeEach(() => {
  stored = { whatsapp: '+15555550100', email: 'support@example.com' };
  puts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== '/api/admin/settings/support') return json({ success: false }, 404);
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as SupportContact;
        puts.push(body);
        stored = body;
        return json({ success: true, data: stored, message: 'Updated' });
      }
      return json({ success: true, data: stored });
    }),
  );
});
afterEach(() => {
  resetToasts();
});

function renderForm() {
  const qc = new QueryClient({
    mutationCache: failedWrites(),
    defaultOptions: { queries: { retry: false } },
  });
  render(
    <QueryClientProvider client={qc}>
      <SupportContactForm />
      <Toaster />
    </QueryClientProvider>,
  );
  return qc;
}

describe('SupportContactForm', () => {
  it('shows the current contact and saves a changed one, tidied', async () => {
    const qc = renderForm();
    const phone = await screen.findByLabelText('WhatsApp number');
    expect(phone).toHaveValue('+15555550100');
    expect(screen.getByLabelText('Support email')).toHaveValue('support@example.com');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+358 40 123 4567');
    await userEvent.click(screen.getByRole('button', { name: 'Save Contact' }));
    expect(await screen.findByText('Updated', { exact: true })).toBeInTheDocument();
    expect(puts).toEqual([{ whatsapp: '+358401234567', email: 'support@example.com' }]);
    // The investors' chat button in this tab uses it at once.
    expect(qc.getQueryData(supportContactKey)).toEqual(puts[0]);
  });

  it('says next to each field what is wrong, and sends nothing', async () => {
    renderForm();
    const phone = await screen.findByLabelText('WhatsApp number');
    await userEvent.clear(phone);
    await userEvent.type(phone, '040 123');
    const email = screen.getByLabelText('Support email');
    await userEvent.clear(email);
    await userEvent.type(email, 'support@');
    await userEvent.click(screen.getByRole('button', { name: 'Save Contact' }));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(/WhatsApp number must be in international form/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/email/i);
    expect(puts).toEqual([]);
  });

  it('clears both when left empty: the chat button is then hidden', async () => {
    renderForm();
    await userEvent.clear(await screen.findByLabelText('WhatsApp number'));
    await userEvent.clear(screen.getByLabelText('Support email'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Contact' }));
    expect(await screen.findByText('Updated', { exact: true })).toBeInTheDocument();
    expect(puts).toEqual([{ whatsapp: null, email: null }]);
  });
});
