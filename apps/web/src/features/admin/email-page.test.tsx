import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FailedJob, JobsOverview, MailCounts, OutboxMessage } from '@portal/contracts';
import { Component as EmailPage } from './email-page';
import {
  failure,
  fakeApi,
  findEmpty,
  findToast,
  json,
  renderAdmin,
  type FakeRequest,
} from '../../../test/admin';

const BATCH = 'c0000000-0000-4000-8000-000000000009';

const message = (over: Partial<OutboxMessage>): OutboxMessage => ({
  _id: 'e0000000-0000-4000-8000-000000000001',
  userId: 'u0000000-0000-4000-8000-000000000001',
  to: 'investor@example.com',
  kind: 'announcement',
  category: 'announcements',
  subject: 'AGM on 12 May',
  status: 'sent',
  error: null,
  attempts: 1,
  batchId: BATCH,
  sendAfter: '2026-03-10T08:00:00.000Z',
  createdAt: '2026-03-10T08:00:00.000Z',
  sentAt: '2026-03-10T08:00:05.000Z',
  ...over,
});
const agm = message({});
const reset = message({
  _id: 'e0000000-0000-4000-8000-000000000002',
  userId: 'u0000000-0000-4000-8000-000000000002',
  to: 'lukas@example.com',
  kind: 'password-reset',
  category: 'security',
  subject: 'Reset your password',
  status: 'failed',
  error: 'Connection refused by smtp.example.com',
  attempts: 10,
  batchId: null,
  sentAt: null,
});
const skipped = message({
  _id: 'e0000000-0000-4000-8000-000000000003',
  to: 'gone@example.com',
  category: 'payouts',
  subject: 'Your Q1 statement',
  status: 'skipped',
  error: 'The account is inactive',
  batchId: null,
  sentAt: null,
});

const COUNTS: MailCounts = { queued: 3, sent: 41, failed: 1, skipped: 2 };

const failedJob = (over: Partial<FailedJob> = {}): FailedJob => ({
  _id: 'j0000000-0000-4000-8000-000000000001',
  queue: 'mail',
  description: 'Reset your password to lukas@example.com',
  error: 'Connection refused by smtp.example.com',
  retryCount: 9,
  createdAt: '2026-03-10T08:00:00.000Z',
  failedAt: '2026-03-10T12:10:00.000Z',
  ...over,
});

const jobs = (failed: FailedJob[]): JobsOverview => ({
  queues: [
    { queue: 'mail', waiting: 0, active: 0, retrying: 0, failed: failed.length, completed: 41 },
    { queue: 'daily-reminders', waiting: 0, active: 0, retrying: 0, failed: 0, completed: 7 },
  ],
  failed,
});

/** The outbox (60 emails in all, a page at a time), one email's parts, and the queues. */
function api(extra: (req: FakeRequest) => Response | undefined = () => undefined) {
  return fakeApi((req) => {
    const custom = extra(req);
    if (custom) return custom;
    if (req.path === '/api/admin/outbox') {
      const n = Number(req.query.get('page') ?? 1);
      return json({
        success: true,
        data: {
          messages:
            n === 1 ? [agm, reset, skipped] : [message({ _id: 'e0000000-0000-4000-8000-000000000004' })],
          pagination: { page: n, pageSize: 25, total: 60, totalPages: 3 },
          counts: COUNTS,
        },
      });
    }
    if (req.path === `/api/admin/outbox/${agm._id}`)
      return json({
        success: true,
        data: {
          ...agm,
          html: '<p>Hello Emma Lindqvist,</p><p>The AGM is on 12 May.</p>',
          text: 'Hello Emma Lindqvist,\n\nThe AGM is on 12 May.',
        },
      });
    if (req.path === '/api/admin/jobs') return json({ success: true, data: jobs([]) });
    return undefined;
  });
}

const outboxCalls = (requests: FakeRequest[]) =>
  requests.filter((r) => r.path === '/api/admin/outbox').map((r) => Object.fromEntries(r.query));

describe('Email', () => {
  it('counts the emails by status and lists each: to, subject, category, status (why, when it did not go), times', async () => {
    api();
    renderAdmin(<EmailPage />, 'email');
    const table = await screen.findByRole('table', { name: 'Outbox' });
    expect(screen.getByText('Queued', { selector: 'dt' }).closest('dl')).toHaveTextContent(
      'Queued3Sent41Failed1Skipped2',
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('investor@example.com');
    expect(rows[0]).toHaveTextContent('AGM on 12 May');
    expect(rows[0]).toHaveTextContent('Announcements');
    expect(rows[0]).toHaveTextContent('Sent');
    expect(rows[0]).toHaveTextContent('Mar 10, 2026');
    expect(rows[1]).toHaveTextContent('Account and security');
    expect(rows[1]).toHaveTextContent('FailedConnection refused by smtp.example.com');
    expect(rows[2]).toHaveTextContent('Payouts and statements');
    expect(rows[2]).toHaveTextContent('SkippedThe account is inactive');
  });

  it('opens an email from its subject (a button): the recipient, the HTML in a sandboxed frame, the plain text', async () => {
    api();
    renderAdmin(<EmailPage />, 'email');
    const table = await screen.findByRole('table', { name: 'Outbox' });
    const open = within(table).getByRole('button', { name: 'AGM on 12 May' });
    open.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'AGM on 12 May' });
    expect(dialog).toHaveAccessibleDescription('To investor@example.com');
    const frame = await within(dialog).findByTitle('The email “AGM on 12 May” as HTML');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>The AGM is on 12 May.</p>');

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Plain text' }));
    const panel = within(dialog).getByRole('tabpanel', { name: 'Plain text' });
    expect(panel.querySelector('pre')?.textContent).toBe('Hello Emma Lindqvist,\n\nThe AGM is on 12 May.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('filters by status and pages on the server; ?batch= shows one broadcast until "Show all emails"', async () => {
    const requests = api();
    renderAdmin(<EmailPage />, 'email', `/admin/email?batch=${BATCH}`);
    await screen.findByRole('table', { name: 'Outbox' });
    expect(
      screen.getByText(
        'Showing the emails of one send (an announcement, a distribution or a statement publication).',
      ),
    ).toBeInTheDocument();
    expect(outboxCalls(requests).at(-1)).toEqual({ batchId: BATCH, page: '1', pageSize: '25' });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(outboxCalls(requests).at(-1)).toEqual({ batchId: BATCH, page: '2', pageSize: '25' }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await waitFor(() =>
      expect(outboxCalls(requests).at(-1)).toEqual({
        status: 'failed',
        batchId: BATCH,
        page: '1',
        pageSize: '25',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show all emails' }));
    await waitFor(() =>
      expect(outboxCalls(requests).at(-1)).toEqual({ status: 'failed', page: '1', pageSize: '25' }),
    );
    expect(
      screen.queryByText(
        'Showing the emails of one send (an announcement, a distribution or a statement publication).',
      ),
    ).not.toBeInTheDocument();
  });

  it('shows the queues and the failed jobs; Retry runs one again, says so and reloads the list', async () => {
    let failed = [failedJob()];
    const requests = api((req) => {
      if (req.method === 'POST' && req.path === `/api/admin/jobs/${failedJob()._id}/retry`) {
        failed = [];
        return json({ success: true, message: 'The job will run again' });
      }
      if (req.path === '/api/admin/jobs') return json({ success: true, data: jobs(failed) });
      return undefined;
    });
    renderAdmin(<EmailPage />, 'email');
    const queues = await screen.findByRole('table', { name: 'Queues' });
    const mail = within(queues).getByRole('row', { name: /^Email/ });
    expect(
      within(mail)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '0', '0', '1', '41']);
    expect(within(queues).getByRole('row', { name: /^Daily reminders/ })).toBeInTheDocument();

    const list = screen.getByRole('table', { name: 'Failed jobs' });
    const row = within(list).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Reset your password to lukas@example.com');
    expect(row).toHaveTextContent('Connection refused by smtp.example.com');
    expect(row).toHaveTextContent('10');
    expect(row).toHaveTextContent('Mar 10, 2026');
    await userEvent.click(
      within(row).getByRole('button', { name: /^Retry ?Reset your password to lukas@example.com$/ }),
    );
    expect(await findToast('Job queued again')).toHaveTextContent('The job will run again');
    expect(await findEmpty('No failed jobs')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('says when a retry is refused, when nothing was sent, and "Failed to load data" when the outbox does not load', async () => {
    let broken = false;
    api((req) => {
      if (req.method === 'POST') return failure('Failed job not found', 404);
      if (req.path === '/api/admin/jobs') return json({ success: true, data: jobs([failedJob()]) });
      if (req.path === '/api/admin/outbox')
        return broken
          ? failure('The database is unavailable', 503)
          : json({
              success: true,
              data: {
                messages: [],
                pagination: { page: 1, pageSize: 25, total: 0, totalPages: 0 },
                counts: { queued: 0, sent: 0, failed: 0, skipped: 0 },
              },
            });
      return undefined;
    });
    const view = renderAdmin(<EmailPage />, 'email');
    expect(await findEmpty('No emails sent yet')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /^Retry/ }));
    expect(await findToast('Failed to retry job')).toHaveTextContent('Failed job not found');
    view.unmount();
    broken = true;
    renderAdmin(<EmailPage />, 'email');
    expect(await findToast('Failed to load data')).toHaveTextContent('The database is unavailable');
  });
});
