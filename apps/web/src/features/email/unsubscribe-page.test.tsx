import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { UnsubscribeInfo } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { Component as UnsubscribePage } from './unsubscribe-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number, message: string) =>
  json(status, { success: false, message, error: message });

const info = (over: Partial<UnsubscribeInfo> = {}): UnsubscribeInfo => ({
  category: 'announcements',
  label: 'Announcements',
  email: 'i•••••••@example.com',
  unsubscribed: false,
  ...over,
});

/** Each request (method and address); the fake server's answers to the GET and the POST. */
let sent: string[];
let onGet: () => Response;
let onPost: () => Response;

beforeEach(() => {
  sent = [];
  onGet = () => json(200, { success: true, data: info() });
  onPost = () =>
    json(200, {
      success: true,
      data: info({ unsubscribed: true }),
      message: 'You will no longer receive announcements emails',
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      sent.push(`${method} ${String(input)}`);
      // After the POST the page's read is made again: it answers the new state.
      if (method === 'POST') {
        const answer = onPost();
        if (answer.ok) onGet = () => json(200, { success: true, data: info({ unsubscribed: true }) });
        return answer;
      }
      return onGet();
    }),
  );
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/unsubscribe" element={<UnsubscribePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/unsubscribe', () => {
  it('names the kind of email and the masked address, and turns it off on the button', async () => {
    renderAt('/unsubscribe?token=u1.announcements.sig');
    expect(await screen.findByText(/Stop announcements emails to/)).toHaveTextContent(
      'Stop announcements emails to i•••••••@example.com?',
    );
    expect(sent).toEqual(['GET /api/email/unsubscribe?token=u1.announcements.sig']);
    await userEvent.click(screen.getByRole('button', { name: 'Stop announcements emails' }));
    expect(await screen.findByRole('heading', { name: 'Unsubscribed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You will no longer receive announcements emails at i•••••••@example.com.',
    );
    expect(sent).toContain('POST /api/email/unsubscribe?token=u1.announcements.sig');
    expect(screen.getByRole('link', { name: 'Manage email preferences' })).toHaveAttribute(
      'href',
      '/email-preferences',
    );
  });

  it('a link already used says the emails are off, without a button', async () => {
    onGet = () =>
      json(200, {
        success: true,
        data: info({ unsubscribed: true, category: 'bookings', label: 'Bookings' }),
      });
    renderAt('/unsubscribe?token=t');
    expect(await screen.findByRole('heading', { name: 'Unsubscribed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You no longer receive bookings emails at i•••••••@example.com.',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("an invalid link shows the server's message", async () => {
    const message = 'This unsubscribe link is invalid.';
    onGet = () => failure(400, message);
    renderAt('/unsubscribe?token=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage email preferences' })).toBeInTheDocument();
  });

  it('a failed POST shows its message and keeps the button', async () => {
    const message = 'Too many requests. Try again in a minute.';
    onPost = () => failure(429, message);
    renderAt('/unsubscribe?token=t');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop announcements emails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Stop announcements emails' })).toBeEnabled();
  });

  it('a link without its token says it is incomplete and asks nothing', () => {
    renderAt('/unsubscribe');
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is incomplete');
    expect(sent).toEqual([]);
  });

  it('speaks German: the kind of email by its category, as Germans write it, and the answer', async () => {
    await setLocale('de');
    renderAt('/unsubscribe?token=t');
    const stop = await screen.findByRole('button', { name: 'E-Mails der Art „Ankündigungen“ abbestellen' });
    await userEvent.click(stop);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Sie erhalten keine E-Mails der Art „Ankündigungen“ mehr (i•••••••@example.com).',
    );
  });
});
