import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminDashboard, AuditEntry } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { Component as DashboardPage } from './dashboard-page';
import {
  ADMIN,
  AURORA,
  adminDashboard,
  failure,
  fakeApi,
  findToast,
  json,
  renderAdmin,
} from '../../../test/admin';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const actor = {
  _id: ADMIN._id,
  name: 'Ava Administrator',
  email: 'admin@example.com',
  role: 'admin' as const,
};
const EMMA = { _id: 'c0000000-0000-4000-8000-000000000001', name: 'Emma Lindqvist' };
const AURORA_REF = { _id: 'd0000000-0000-4000-8000-000000000001', name: 'Aurora Lakeside Cabins' };
const entry = (over: Partial<AuditEntry> & Pick<AuditEntry, '_id' | 'action' | 'entity'>): AuditEntry => ({
  entityId: null,
  details: null,
  createdAt: ago(MINUTE),
  actor,
  subject: null,
  project: null,
  ...over,
});

/** Every figure different from every other, so that each one on screen can only come from its field. */
const ANSWER = adminDashboard({
  returnsByMonth: [
    { month: '2026-08', amount: 1_000.5 },
    { month: '2026-09', amount: 2_500 },
    { month: '2026-10', amount: 0 },
  ],
  recentActivity: [
    entry({
      _id: '1',
      action: 'create',
      entity: 'user',
      details: { name: 'Nora North' },
      createdAt: ago(5 * MINUTE + 30_000),
    }),
    entry({
      _id: '2',
      action: 'send',
      entity: 'notification',
      details: { title: 'Q3 returns paid', recipients: 'all' },
      createdAt: ago(3 * 60 * MINUTE + 10 * MINUTE),
    }),
    entry({
      _id: '3',
      action: 'update',
      entity: 'monthly-return',
      details: { month: '2026-09', from: 100, to: 120.5 },
      subject: EMMA,
      project: AURORA_REF,
      createdAt: ago(2 * 24 * 60 * MINUTE + 60 * MINUTE),
    }),
    entry({
      _id: '4',
      action: 'delete',
      entity: 'project-media',
      details: { title: 'Old photo' },
      actor: null,
      createdAt: ago(20 * 24 * 60 * MINUTE),
    }),
  ],
});

/**
 * The text of the figure card labelled `label` in `region`: label, value and the line under it (a term
 * of the region's description list and its definitions).
 */
function figure(region: HTMLElement, label: string) {
  const card = within(region).getByText(label, { exact: true, selector: 'dl > div > dt' }).parentElement!;
  return card.textContent;
}

/**
 * The screen asks once more when the header's project is chosen: the answer's project figures come only
 * with that project's id, so they show once the screen has asked for it.
 */
function renderWith(answer: AdminDashboard, projects = [AURORA]) {
  const requests = fakeApi(
    (req) =>
      req.path === '/api/admin/dashboard'
        ? json({
            success: true,
            data: req.query.get('projectId') === answer.project?._id ? answer : { ...answer, project: null },
          })
        : undefined,
    { projects },
  );
  renderAdmin(<DashboardPage />, '');
  return requests;
}

describe('Admin Dashboard', () => {
  it('shows every figure of the answer: the selected project, all projects, the inboxes and the activity', async () => {
    const requests = renderWith(ANSWER);
    const project = await screen.findByRole('region', { name: 'Aurora Lakeside Cabins' });
    expect(
      requests
        .filter((r) => r.path === '/api/admin/dashboard')
        .at(-1)!
        .query.get('projectId'),
    ).toBe(AURORA._id);
    expect(screen.getByText(/^Figures for/)).toHaveTextContent(
      'Figures for Aurora Lakeside Cabins and the whole portfolio',
    );

    // The selected project.
    expect(figure(project, 'Invested capital')).toBe('Invested capital€1,850,000');
    // Income, worded as income: not "of capital returned".
    expect(figure(project, 'Income paid')).toBe(
      'Income paid€312,400.5016.9% of the capital invested, paid as income',
    );
    expect(figure(project, 'Investors')).toBe('Investors7');
    expect(figure(project, 'Pending booking requests')).toBe('Pending booking requests3');

    // Every project.
    const overall = screen.getByRole('region', { name: 'All projects' });
    expect(figure(overall, 'Invested capital')).toBe('Invested capital€5,200,000.25');
    expect(figure(overall, 'Income paid')).toBe(
      'Income paid€1,551,40034.8% of capital recovered, €260,000 of it as returns of capital',
    );
    expect(figure(overall, 'Investors')).toBe('Investors42');
    expect(figure(overall, 'Projects')).toBe('Projects42 active');

    // Returns per month: the total in the description, each month in the table for screen readers.
    expect(screen.getByText(/in the last 12 months$/)).toHaveTextContent(
      'Aurora Lakeside Cabins · €3,500.50 in the last 12 months',
    );
    const months = within(screen.getByRole('table', { name: 'Returns paid per month' })).getAllByRole('row');
    expect(months.map((r) => r.textContent)).toEqual(['Aug 2026€1,000.50', 'Sep 2026€2,500', 'Oct 2026€0']);

    // What needs attention, across every project, each a link to its inbox.
    const attention = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) });
    expect(attention('Pending booking requests')).toHaveAttribute('href', '/admin/bookings');
    expect(attention('Pending booking requests').textContent).toBe('Pending booking requests5');
    expect(attention('New interest registrations')).toHaveAttribute('href', '/admin/interest');
    expect(attention('New interest registrations').textContent).toBe('New interest registrations6');
    expect(attention('Accounts waiting for activation')).toHaveAttribute('href', '/admin/users?view=pending');
    expect(attention('Accounts waiting for activation').textContent).toBe('Accounts waiting for activation8');

    // Recent activity, newest first, each line a sentence with its object, and when.
    const activity = screen.getByRole('heading', { name: 'Recent activity' }).parentElement!.parentElement!;
    const lines = within(activity).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Ava Administrator created the account of Nora North5 minutes ago',
      'Ava Administrator sent the notification “Q3 returns paid” to every investor3 hours ago',
      "Ava Administrator changed Emma Lindqvist's return for Sep 2026 at Aurora Lakeside Cabins from €100 to €120.502 days ago",
      'A deleted account deleted the media item “Old photo”2 weeks ago',
    ]);
    expect(lines.map((l) => l.querySelector('time')!.getAttribute('datetime'))).toEqual(
      ANSWER.recentActivity.map((e) => e.createdAt),
    );
  });

  it("words the recent activity in the admin's language", async () => {
    await setLocale('de');
    fakeApi(
      (req) => (req.path === '/api/admin/dashboard' ? json({ success: true, data: ANSWER }) : undefined),
      { me: { ...ADMIN, locale: 'de' } },
    );
    renderAdmin(<DashboardPage />, '');
    const activity = (await screen.findByRole('heading', { name: 'Letzte Aktivitäten' })).parentElement!
      .parentElement!;
    const lines = within(activity)
      .getAllByRole('listitem')
      .map((l) => (l.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));
    expect(lines[0]).toMatch(/^Ava Administrator hat das Konto von Nora North angelegtVor 5 Minuten$/);
    expect(lines[2]).toContain(
      'Ava Administrator hat die Rendite von Emma Lindqvist für Sept. 2026 bei Aurora Lakeside Cabins von 100 € auf 120,50 € geändert',
    );
    expect(lines[3]).toContain('Ein gelöschtes Konto hat das Medium „Old photo“ gelöscht');
  });

  it('without a selected project shows the overall figures only, and says when there is nothing yet', async () => {
    renderWith(
      {
        ...ANSWER,
        overall: {
          invested: 0,
          returned: 0,
          capitalReturned: 0,
          investors: 0,
          projects: 0,
          activeProjects: 0,
        },
        project: null,
        pendingBookings: 0,
        newInterest: 0,
        awaitingActivation: 0,
        returnsByMonth: [{ month: '2026-10', amount: 0 }],
        recentActivity: [],
      },
      [],
    );
    const overall = await screen.findByRole('region', { name: 'All projects' });
    expect(screen.getAllByText('Invested capital')).toHaveLength(1);
    expect(screen.getByText('Figures for the whole portfolio')).toBeInTheDocument();
    // Nothing invested: no share of capital returned.
    expect(figure(overall, 'Invested capital')).toBe('Invested capital€0');
    expect(figure(overall, 'Income paid')).toBe('Income paid€0');
    expect(figure(overall, 'Projects')).toBe('Projects00 active');
    expect(screen.getByText(/^All projects ·/)).toHaveTextContent('All projects · €0 in the last 12 months');
    expect(screen.getByText('No returns in the last 12 months')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Pending booking requests/ }).textContent).toBe(
      'Pending booking requests0',
    );
    expect(screen.getByText('No activity yet')).toBeInTheDocument();
  });

  it('says "Failed to load data" when the figures do not load', async () => {
    fakeApi((req) =>
      req.path === '/api/admin/dashboard' ? failure('The database is unavailable', 503) : undefined,
    );
    renderAdmin(<DashboardPage />, '');
    expect(await findToast('Failed to load data')).toHaveTextContent('The database is unavailable');
  });
});
