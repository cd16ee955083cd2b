import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { failedWrites } from '@/lib/query-client';
import { MemoryRouter } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { ComposeForm } from './compose-form';
import { allowConsole } from '../../../../test/console';

const emma = {
  _id: '7b0d5c1e-8f6a-4c61-9a43-0a6f0c1f0d11',
  name: 'Emma Lindqvist',
  email: 'investor@example.com',
};
const lukas = {
  _id: '7b0d5c1e-8f6a-4c61-9a43-0a6f0c1f0d12',
  name: 'Lukas Berg',
  email: 'investor2@example.com',
};

/** The admin writing: a send to everyone reaches them too. */
const ava = {
  _id: '7b0d5c1e-8f6a-4c61-9a43-0a6f0c1f0d10',
  name: 'Ava Administrator',
  email: 'admin@example.com',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: unknown[];
let sendAnswer: () => Response;

beforeEach(() => {
  sent = [];
  sendAnswer = () =>
    json({
      success: true,
      data: { sent: 3, skippedInactive: 0, batchId: 'b', emailed: 0, emailSkipped: 0 },
      message: 'Notification sent successfully!',
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/notifications/admin/recipients') {
        const q = url.searchParams.get('q')?.toLowerCase();
        const users = [ava, emma, lukas].filter((u) => !q || u.name.toLowerCase().includes(q));
        return json({ success: true, data: { users, activeCount: 3 } });
      }
      if (url.pathname === '/api/notifications/send') {
        sent.push(JSON.parse(String(init?.body)));
        return sendAnswer();
      }
      return json({ success: false, error: 'Not found' }, 404);
    }),
  );
  allowConsole('error', /^\[toast\]/);
});

function renderForm() {
  const qc = new QueryClient({
    mutationCache: failedWrites(),
    defaultOptions: { queries: { retry: false } },
  });
  render(
    <MemoryRouter>
      <QueryClientProvider client={qc}>
        <ComposeForm />
        <Toaster />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send Notification' }));

describe('ComposeForm', () => {
  it('requires a title and a message, and sends nothing without them', async () => {
    renderForm();
    await send();
    expect(
      await screen.findByText('Title and message are required', { selector: 'li *' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Title'), 'Only a title');
    await send();
    expect(screen.getByLabelText('Message')).toHaveFocus();
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    expect(sent).toHaveLength(0);
  });

  it('sends to everyone by leaving userIds out, says so, and clears the form', async () => {
    renderForm();
    expect(await screen.findByText('3 active users, you included')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Title'), '  Q3 returns paid ');
    await userEvent.type(screen.getByLabelText('Message'), 'Your returns are on their way.');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'success');
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('Q3 returns paid');
    await send();
    expect(await screen.findByText('Notification sent successfully!', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Sent to 3 users.')).toBeInTheDocument();
    expect(sent).toEqual([
      { title: 'Q3 returns paid', message: 'Your returns are on their way.', type: 'success' },
    ]);
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('sends an optional link to a page of the portal, and refuses an address of another site', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Title'), 'Winter nights open');
    await userEvent.type(screen.getByLabelText('Message'), 'Book them now.');
    const link = screen.getByLabelText('Link (optional)');
    await userEvent.type(link, 'https://evil.example/perks');
    await send();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveFocus();
    expect(screen.getByText(/The link must be a path in this portal/)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await userEvent.clear(link);
    await userEvent.type(link, ' /perks ');
    expect(link).not.toHaveAttribute('aria-invalid');
    await send();
    expect(await screen.findByText('Notification sent successfully!', { exact: true })).toBeInTheDocument();
    expect(sent).toEqual([
      { title: 'Winter nights open', message: 'Book them now.', type: 'info', link: '/perks' },
    ]);
    expect(link).toHaveValue('');
  });

  it('sends to the chosen users only, and asks for at least one', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Title'), 'For you');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello.');
    await userEvent.click(screen.getByRole('radio', { name: /Chosen users/ }));
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one recipient');
    expect(sent).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Find users by name or email'), 'emma');
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: /Lukas Berg/ })).not.toBeInTheDocument(),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /Emma Lindqvist/ }));
    expect(screen.getByRole('list', { name: 'Chosen recipients' })).toHaveTextContent('Emma Lindqvist');
    expect(screen.queryByText('Choose at least one recipient')).not.toBeInTheDocument();
    await send();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ title: 'For you', message: 'Hello.', type: 'info', userIds: [emma._id] });
  });

  it('also sends by email when asked: says how many emails were queued and links to them in the outbox', async () => {
    const batchId = '9c1f2a3b-4d5e-4f60-8a7b-1c2d3e4f5a6b';
    sendAnswer = () =>
      json({
        success: true,
        data: { sent: 3, skippedInactive: 1, batchId, emailed: 2, emailSkipped: 0 },
        message: 'Notification sent successfully!',
      });
    renderForm();
    const email = screen.getByRole('checkbox', { name: 'Also send by email' });
    expect(email).not.toBeChecked();
    expect(email).toHaveAccessibleDescription(/not turned announcements off/);
    await userEvent.type(screen.getByLabelText('Title'), 'AGM on 12 May');
    await userEvent.type(screen.getByLabelText('Message'), 'Join us at the lodge.');
    await userEvent.click(email);
    await send();
    expect(await screen.findByText('Notification sent successfully!', { exact: true })).toBeInTheDocument();
    expect(
      screen.getByText('Sent to 3 users; 1 inactive user skipped; 2 emails queued.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { title: 'AGM on 12 May', message: 'Join us at the lodge.', type: 'info', email: true },
    ]);
    expect(screen.getByText('2 emails queued.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View in outbox' })).toHaveAttribute(
      'href',
      `/admin/email?batch=${batchId}`,
    );
    // The form starts again without email, so that the next one is not emailed by mistake.
    expect(screen.getByRole('checkbox', { name: 'Also send by email' })).not.toBeChecked();
  });

  it('counts the emails skipped because announcements are turned off, and links to them in the outbox', async () => {
    const batchId = '9c1f2a3b-4d5e-4f60-8a7b-1c2d3e4f5a6c';
    sendAnswer = () =>
      json({
        success: true,
        data: { sent: 1, skippedInactive: 0, batchId, emailed: 0, emailSkipped: 1 },
        message: 'Notification sent successfully!',
      });
    renderForm();
    await userEvent.type(screen.getByLabelText('Title'), 'AGM on 12 May');
    await userEvent.type(screen.getByLabelText('Message'), 'Join us at the lodge.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Also send by email' }));
    await send();
    expect(
      await screen.findByText('Sent to 1 user; 0 emails queued, 1 skipped (announcements turned off).'),
    ).toBeInTheDocument();
    expect(screen.getByText('0 emails queued, 1 skipped (announcements turned off).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View in outbox' })).toHaveAttribute(
      'href',
      `/admin/email?batch=${batchId}`,
    );
  });

  it('says what went wrong when sending fails, keeping what was written', async () => {
    sendAnswer = () =>
      json(
        { success: false, message: 'userIds: no user has the id x', error: 'userIds: no user has the id x' },
        400,
      );
    renderForm();
    await userEvent.type(screen.getByLabelText('Title'), 'Oops');
    await userEvent.type(screen.getByLabelText('Message'), 'M');
    await send();
    expect(await screen.findByText('Failed to send notification', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('userIds: no user has the id x')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Oops');
  });
});
