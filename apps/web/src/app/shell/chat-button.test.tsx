import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SupportContact } from '@portal/contracts';
import { AuthProvider } from '@/queries/session';
import { supportContactKey } from '@/queries/support';
import { ChatButton } from './chat-button';
import { INVESTOR } from '../../../test/fixtures';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let contact: SupportContact;
const asked: string[] = [];

beforeEach(() => {
  const exp = Math.floor(Date.now() / 1000) + 900;
  localStorage.setItem('accessToken', `header.${btoa(JSON.stringify({ exp }))}.sig`);
  localStorage.setItem('refreshToken', 'r');
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      if (url === '/api/users/me') return json({ success: true, data: INVESTOR });
      if (url === '/api/support-contact') return json({ success: true, data: contact });
      return json({ success: true, data: {} });
    }),
  );
});

function renderButton() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <AuthProvider navigate={vi.fn()} alert={vi.fn()}>
        <ChatButton
          user={{ name: 'Emma Lindqvist', investorId: 'INV-1' } as never}
          projectName="Aurora Lakeside Cabins"
        />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return qc;
}

describe('ChatButton', () => {
  it('opens a WhatsApp chat with the number the admins set', async () => {
    contact = { whatsapp: '+15555550100', email: 'support@example.com' };
    renderButton();
    const link = await screen.findByRole('link', { name: 'Chat with us (opens in a new tab)' });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://wa.me/15555550100');
    expect(url.searchParams.get('text')).toContain('Emma Lindqvist (investor ID INV-1)');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('offers the support email when no WhatsApp number is set', async () => {
    contact = { whatsapp: null, email: 'support@example.com' };
    renderButton();
    const link = await screen.findByRole('link', { name: 'Email us at support@example.com' });
    const href = link.getAttribute('href')!;
    expect(href).toMatch(/^mailto:support@example\.com\?/);
    const params = new URLSearchParams(href.split('?')[1]);
    expect(params.get('subject')).toBe('Question about Aurora Lakeside Cabins');
    expect(params.get('body')).toContain('Emma Lindqvist');
    expect(link).not.toHaveAttribute('target');
  });

  it('shows no button when neither is set', async () => {
    contact = { whatsapp: null, email: null };
    const qc = renderButton();
    await waitFor(() => expect(qc.getQueryState(supportContactKey)?.status).toBe('success'));
    expect(asked).toContain('/api/support-contact');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
