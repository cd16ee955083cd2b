import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { Component as AuditPage } from './audit-page';
import {
  ADMIN,
  failure,
  fakeApi,
  findEmpty,
  findToast,
  json,
  renderAdmin,
  type FakeRequest,
} from '../../../test/admin';

const BEN = { _id: 'a0000000-0000-4000-8000-000000000002', name: 'Ben Admin', email: 'ben@example.com' };
const ava = { _id: ADMIN._id, name: ADMIN.name, email: ADMIN.email };
const admin = (a: typeof ava) => ({ ...a, role: 'admin' as const });
const EMMA = { _id: 'c0000000-0000-4000-8000-000000000001', name: 'Emma Lindqvist' };
const AURORA = { _id: 'd0000000-0000-4000-8000-000000000001', name: 'Aurora Lakeside Cabins' };

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  _id: '1',
  action: 'update',
  entity: 'monthly-return',
  entityId: 'r0000000-0000-4000-8000-000000000001',
  details: { month: '2025-02', from: 10, to: 12.5 },
  createdAt: '2026-03-10T08:00:00.000Z',
  actor: admin(ava),
  subject: EMMA,
  project: AURORA,
  ...over,
});
const returnChange = entry({});
const perkCreated = entry({
  _id: '2',
  action: 'create',
  entity: 'perk',
  entityId: 'b0000000-0000-4000-8000-000000000001',
  details: { name: 'Sauna evening' },
  createdAt: '2026-03-11T09:30:00.000Z',
  actor: admin(BEN),
  subject: null,
});
/** An investor's own change: listed with the role Investor, not under an admin. */
const bankChange = entry({
  _id: '4',
  action: 'bank-account',
  entity: 'user',
  entityId: EMMA._id,
  details: { holder: 'Emma Lindqvist', iban: 'DE89 •••• 3000', bic: null },
  createdAt: '2026-03-12T07:00:00.000Z',
  actor: { ...EMMA, email: 'investor@example.com', role: 'investor' },
  project: null,
});

/** The audit log: 60 entries in all, answered a page at a time. */
function api(extra: (req: FakeRequest) => Response | undefined = () => undefined) {
  return fakeApi((req) => {
    const custom = extra(req);
    if (custom) return custom;
    if (req.path === '/api/admin/audit') {
      const n = Number(req.query.get('page') ?? 1);
      return json({
        success: true,
        data: n === 1 ? [bankChange, perkCreated, returnChange] : [entry({ _id: '3', details: null })],
        pagination: { page: n, pageSize: 25, total: 60, totalPages: 3 },
        admins: [ava, BEN],
      });
    }
    return undefined;
  });
}

const audits = (requests: FakeRequest[]) =>
  requests.filter((r) => r.path === '/api/admin/audit').map((r) => Object.fromEntries(r.query));

describe('Audit Log', () => {
  it('says what the page lists: every change, by admins and investors', async () => {
    api();
    renderAdmin(<AuditPage />, 'audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
    expect(
      screen.getByText('Every change, by admins and investors: who did what, to which object, and when'),
    ).toBeInTheDocument();
  });

  it("words each change in the admin's language, amounts and months as the language writes them", async () => {
    await setLocale('de');
    fakeApi(
      (req) =>
        req.path === '/api/admin/audit'
          ? json({
              success: true,
              data: [bankChange, perkCreated, returnChange],
              pagination: { page: 1, pageSize: 25, total: 3, totalPages: 1 },
              admins: [ava, BEN],
            })
          : undefined,
      { me: { ...ADMIN, locale: 'de' } },
    );
    renderAdmin(<AuditPage />, 'audit');
    const table = await screen.findByRole('table', { name: 'Audit-Protokoll' });
    const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(plain(rows[0]!.textContent)).toContain(
      'Emma Lindqvist hat das eigene Bankkonto auf Emma Lindqvist, DE89 •••• 3000 geändert',
    );
    expect(plain(rows[1]!.textContent)).toContain(
      'Ben Admin hat den Vorteil „Sauna evening“ bei Aurora Lakeside Cabins hinzugefügt',
    );
    expect(plain(rows[2]!.textContent)).toContain(
      'Ava Administrator hat die Rendite von Emma Lindqvist für Feb. 2025 bei Aurora Lakeside Cabins von 10 € auf 12,50 € geändert',
    );
    await userEvent.click(within(rows[2]!).getByRole('button', { name: /^Details/ }));
    expect(plain(screen.getByRole('dialog').textContent)).toContain(
      'Ava Administrator hat die Rendite von Emma Lindqvist für Feb. 2025',
    );
  });

  it('lists each change as a sentence with its object, who made it in which role, and when', async () => {
    api();
    renderAdmin(<AuditPage />, 'audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (i: number) =>
      within(rows[i]!)
        .getAllByRole('cell')
        .slice(1, 3)
        .map((c) => c.textContent);
    expect(cells(0)).toEqual([
      'Emma LindqvistInvestor',
      'Emma Lindqvist changed their bank account to Emma Lindqvist, DE89 •••• 3000Mar 12, 2026, 07:00:00 · Investor · User',
    ]);
    expect(cells(1)).toEqual([
      'Ben AdminAdmin',
      'Ben Admin added the perk “Sauna evening” at Aurora Lakeside CabinsMar 11, 2026, 09:30:00 · Admin · Perk',
    ]);
    expect(rows[2]).toHaveTextContent(
      "Ava Administrator changed Emma Lindqvist's return for Feb 2025 at Aurora Lakeside Cabins from €10 to €12.50",
    );
    expect(rows[2]).toHaveTextContent('Monthly return');
    expect(rows[2]).toHaveTextContent('Mar 10, 2026');
    expect(table).not.toHaveTextContent('bank-account');

    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^Details/ }));
    const own = screen.getByRole('dialog', { name: 'Audit entry' });
    expect(own).toHaveTextContent('Emma Lindqvist (investor@example.com) Investor');
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(rows[2]!).getByRole('button', { name: /^Details/ }));
    const dialog = screen.getByRole('dialog', { name: 'Audit entry' });
    const change = within(dialog).getByRole('table', { name: 'Before and after' });
    expect(
      within(change)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10', '12.5']);
    expect(within(dialog).getByRole('table', { name: 'Recorded details' })).toHaveTextContent('month2025-02');
    expect(dialog).toHaveTextContent('Ava Administrator (admin@example.com) Admin');
  });

  it('filters by admin, kind of object and days on the server, and pages there', async () => {
    const requests = api();
    renderAdmin(<AuditPage />, 'audit');
    await screen.findByRole('table', { name: 'Audit log' });
    expect(screen.getByText('Showing 1–25 of 60')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(audits(requests).at(-1)).toEqual({ page: '2', pageSize: '25' }));

    await userEvent.selectOptions(screen.getByLabelText('By'), 'Ben Admin');
    await userEvent.selectOptions(screen.getByLabelText('Object'), 'Perk');
    await userEvent.type(screen.getByLabelText('From'), '2026-03-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-03-31');
    await waitFor(() =>
      expect(audits(requests).at(-1)).toEqual({
        actorId: BEN._id,
        entity: 'perk',
        from: '2026-03-01',
        to: '2026-03-31',
        page: '1',
        pageSize: '25',
      }),
    );
  });

  it('downloads the filtered log as CSV', async () => {
    const requests = api((req) =>
      req.path === '/api/admin/audit/export'
        ? new Response('Time (UTC),Admin\r\n', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="audit-log-2026-03-12.csv"',
            },
          })
        : undefined,
    );
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderAdmin(<AuditPage />, 'audit');
    await screen.findByRole('table', { name: 'Audit log' });
    await userEvent.selectOptions(screen.getByLabelText('Object'), 'Monthly return');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['audit-log-2026-03-12.csv']));
    const exported = requests.find((r) => r.path === '/api/admin/audit/export')!;
    expect(Object.fromEntries(exported.query)).toEqual({ entity: 'monthly-return' });
  });

  it('says when nothing matches, and "Failed to load data" when the log does not load', async () => {
    let broken = false;
    api((req) =>
      req.path === '/api/admin/audit'
        ? broken
          ? failure('The database is unavailable', 503)
          : json({
              success: true,
              data: [],
              pagination: { page: 1, pageSize: 25, total: 0, totalPages: 1 },
              admins: [ava],
            })
        : undefined,
    );
    const view = renderAdmin(<AuditPage />, 'audit');
    expect(await findEmpty('No changes recorded yet')).toBeInTheDocument();
    view.unmount();
    broken = true;
    renderAdmin(<AuditPage />, 'audit');
    expect(await findToast('Failed to load data')).toHaveTextContent('The database is unavailable');
  });
});
