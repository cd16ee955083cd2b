import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@portal/contracts';
import { Component as UsersPage } from './users-page';
import {
  adminUser,
  failure,
  fakeApi,
  findEmpty,
  findToast,
  json,
  renderAdmin,
  userList,
  type FakeRequest,
  type Route,
  confirmDialog,
} from '../../../test/admin';

const emma = adminUser();
const pending = adminUser({
  _id: 'u0000000-0000-4000-8000-000000000009',
  name: 'Paula Pending',
  email: 'paula@example.com',
  isActive: false,
  status: 'inactive',
  awaitingActivation: true,
  activatedAt: null,
});

/** 45 investors, 20 a page, as the server pages them. */
const many: AdminUser[] = Array.from({ length: 45 }, (_, i) =>
  adminUser({
    _id: `u0000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
    name: `Investor ${String(i + 1).padStart(2, '0')}`,
    email: `investor${i + 1}@example.com`,
  }),
);

/** `GET /api/users`, the pending count and the list of one view; `extra` answers first. */
function api(list: (req: FakeRequest) => Response, extra: Route = () => undefined) {
  return fakeApi((req) => {
    const custom = extra(req);
    if (custom) return custom;
    if (req.method === 'GET' && req.path === '/api/users')
      return req.query.get('pageSize') === '1' ? userList([]) : list(req);
    return undefined;
  });
}

const rowButton = async (name: string) => (await screen.findAllByRole('button', { name }))[0]!;
const userCalls = (requests: FakeRequest[]) =>
  requests.filter((r) => r.path === '/api/users' && r.query.get('pageSize') === '20');

describe('User Management', () => {
  it('pages through the users on the server: Next asks for page 2 and shows it, Previous goes back', async () => {
    const requests = api((req) => {
      const n = Number(req.query.get('page'));
      return userList(many.slice((n - 1) * 20, n * 20), { page: n, total: 45, totalPages: 3 });
    });
    renderAdmin(<UsersPage />, 'users');
    const pager = await screen.findByRole('navigation', { name: 'Users pages' });
    expect(pager).toHaveTextContent('Showing 1–20 of 45');
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect((await screen.findAllByText('Investor 01')).length).toBeGreaterThan(0);

    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager).toHaveTextContent('Showing 21–40 of 45'));
    expect(pager).toHaveTextContent('Page 2 of 3');
    expect(screen.getAllByText('Investor 21').length).toBeGreaterThan(0);
    expect(screen.queryByText('Investor 01')).not.toBeInTheDocument();
    expect(userCalls(requests).at(-1)!.query.get('page')).toBe('2');

    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager).toHaveTextContent('Showing 41–45 of 45'));
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(pager).toHaveTextContent('Showing 21–40 of 45'));
    expect(userCalls(requests).map((r) => r.query.get('page'))).toEqual(['1', '2', '3', '2']);
  });

  it("names each row's details button by what it shows, the name and the email (WCAG 2.5.3, issue 14)", async () => {
    api(() => userList([emma]));
    renderAdmin(<UsersPage />, 'users');
    const buttons = await screen.findAllByRole('button', {
      name: 'Details of Emma Lindqvist investor@example.com',
    });
    // The table and the stacked list (one of them shown, by the width).
    expect(buttons).toHaveLength(2);
    for (const b of buttons) expect(b).not.toHaveAttribute('aria-label');
  });

  it("puts a card's actions under its amount on a phone when they do not fit beside it", async () => {
    api(() => userList([pending]));
    renderAdmin(<UsersPage />, 'users');
    const [, inCard] = await screen.findAllByRole('button', { name: 'Delete Paula Pending' });
    const actions = inCard!.parentElement!;
    expect(actions).toHaveClass('ml-auto');
    expect(actions.parentElement).toHaveClass('flex-wrap');
  });

  it('says "Failed to fetch users" when the list does not load', async () => {
    api(() => failure('The database is unavailable', 503));
    renderAdmin(<UsersPage />, 'users');
    expect(await findToast('Failed to fetch users')).toHaveTextContent('The database is unavailable');
  });

  it('shows the empty texts of the linked and not-yet-linked lists of the header project', async () => {
    const requests = api(() => userList([]));
    renderAdmin(<UsersPage />, 'users', '/admin/users?view=linked');
    expect(await findEmpty('No users linked to this project')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Not yet linked' }));
    expect(await findEmpty('All users are linked to this project')).toBeInTheDocument();
    const views = userCalls(requests).map((r) => [r.query.get('linked'), r.query.get('projectId')]);
    expect(views).toContainEqual(['true', expect.any(String)]);
    expect(views).toContainEqual(['false', expect.any(String)]);
  });

  it('deletes a user after a confirmation ("User deleted"), or says "Failed to delete user"', async () => {
    let refuse = true;
    const requests = api(
      () => userList([emma]),
      (req) =>
        req.method === 'DELETE'
          ? refuse
            ? failure('The user could not be deleted')
            : json({ success: true, message: 'User deleted' })
          : undefined,
    );
    renderAdmin(<UsersPage />, 'users');
    await userEvent.click(await rowButton('Delete Emma Lindqvist'));
    await confirmDialog('Delete user Emma Lindqvist?', 'Delete');
    expect(await findToast('Failed to delete user')).toHaveTextContent('The user could not be deleted');
    refuse = false;
    await userEvent.click(await rowButton('Delete Emma Lindqvist'));
    await confirmDialog('Delete user Emma Lindqvist?', 'Delete');
    expect(await findToast('User deleted')).toHaveTextContent('Emma Lindqvist was removed');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/users/${emma._id}`,
      `/api/users/${emma._id}`,
    ]);
  });

  it('offers deactivation instead of deleting an investor with money, and says why; nothing is deleted', async () => {
    const holder = adminUser({
      totalInvestment: 20000,
      totalReturned: 363.64,
      investments: [
        {
          _id: 'i0000000-0000-4000-8000-000000000001',
          projectId: 'p0000000-0000-4000-8000-000000000001',
          projectName: 'Aurora Lakeside Cabins',
          amount: 20000,
          returns: 363.64,
          roi: 1.82,
          startDate: '2026-06-01T00:00:00.000Z',
        },
      ],
    });
    const requests = api(
      () => userList([holder]),
      (req) =>
        req.method === 'POST' ? json({ success: true, data: { ...holder, isActive: false } }) : undefined,
    );
    renderAdmin(<UsersPage />, 'users');
    await userEvent.click(await rowButton('Delete Emma Lindqvist'));
    const asked = await confirmDialog('Deactivate user Emma Lindqvist?', 'Deactivate instead');
    expect(asked).toContain(
      'Emma Lindqvist has investments and payouts on record, so the account cannot be deleted; deactivate it instead.',
    );
    expect(await findToast('User updated')).toHaveTextContent('Emma Lindqvist can no longer sign in.');
    expect(requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path])).toEqual([
      ['POST', `/api/users/${holder._id}/deactivate`],
    ]);
  });

  it("shows the server's 409 when it keeps a user the list shows no money for, and offers deactivation", async () => {
    const kept =
      'Emma Lindqvist has investments and payouts on record, so the account cannot be deleted; deactivate it instead';
    const requests = api(
      () => userList([emma]),
      (req) =>
        req.method === 'DELETE'
          ? failure(kept, 409)
          : req.method === 'POST'
            ? json({ success: true, data: { ...emma, isActive: false } })
            : undefined,
    );
    renderAdmin(<UsersPage />, 'users');
    await userEvent.click(await rowButton('Delete Emma Lindqvist'));
    await confirmDialog('Delete user Emma Lindqvist?', 'Delete');
    expect(await confirmDialog('Deactivate user Emma Lindqvist?', 'Deactivate instead')).toContain(
      `${kept}.`,
    );
    expect(await findToast('User updated')).toHaveTextContent('Emma Lindqvist can no longer sign in.');
    expect(requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path])).toEqual([
      ['DELETE', `/api/users/${emma._id}`],
      ['POST', `/api/users/${emma._id}/deactivate`],
    ]);
    expect(screen.queryByText('Failed to delete user')).not.toBeInTheDocument();
  });

  it('says "Failed to update user" when an edit or an activation fails, and "User updated" when it works', async () => {
    let refuse = true;
    api(
      () => userList([emma, pending]),
      (req) =>
        req.method === 'PUT' || req.method === 'POST'
          ? refuse
            ? failure('This email is already in use', 409)
            : json({ success: true, data: emma })
          : undefined,
    );
    renderAdmin(<UsersPage />, 'users');
    await userEvent.click(await rowButton('Edit Emma Lindqvist'));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Failed to update user')).toHaveTextContent('This email is already in use');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This email is already in use');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(await rowButton('Activate Paula Pending'));
    expect(await findToast('Failed to update user')).toHaveTextContent('This email is already in use');
    refuse = false;
    await userEvent.click(await rowButton('Activate Paula Pending'));
    expect(await findToast('User updated')).toHaveTextContent('Paula Pending can now sign in.');
  });

  it('gives the focus back to "Add User" when its dialog is closed with Escape', async () => {
    api(() => userList([emma]));
    renderAdmin(<UsersPage />, 'users');
    const opener = await screen.findByRole('button', { name: 'Add User' });
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Add User' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('says "Failed to add user" with the server\'s message in the dialog and the toast, and "User added"', async () => {
    let refuse = true;
    api(
      () => userList([emma]),
      (req) =>
        req.method === 'POST' && req.path === '/api/users'
          ? refuse
            ? failure('A user with this email already exists', 409)
            : json({ success: true, data: adminUser({ name: 'Nora North', email: 'nora@example.com' }) }, 201)
          : undefined,
    );
    renderAdmin(<UsersPage />, 'users');
    await userEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Nora North');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'nora@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await findToast('Failed to add user')).toHaveTextContent('A user with this email already exists');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A user with this email already exists');
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await findToast('User added')).toHaveTextContent(
      'Nora North can now sign in with nora@example.com.',
    );
  });
});
