import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminNotification } from '@portal/contracts';
import { Component as NotificationsPage } from './notifications-page';
import {
  failure,
  fakeApi,
  findEmpty,
  findToast,
  json,
  renderAdmin,
  sentNotification,
  type Route,
} from '../../../../test/admin';

const unread = sentNotification();
const read = sentNotification({
  _id: 'n0000000-0000-4000-8000-000000000002',
  title: 'Sauna opened',
  read: true,
});

/** The sent list holds `sent`; the compose form's recipients; `extra` answers first. */
function api(sent: AdminNotification[], extra: Route = () => undefined) {
  return fakeApi((req) => {
    const custom = extra(req);
    if (custom) return custom;
    if (req.path === '/api/notifications/admin/recipients')
      return json({ success: true, data: { users: [], activeCount: 2 } });
    if (req.method === 'GET' && req.path === '/api/notifications/admin/all')
      return json({
        success: true,
        data: {
          notifications: sent,
          pagination: { page: 1, pageSize: 25, total: sent.length, totalPages: sent.length ? 1 : 0 },
        },
      });
    return undefined;
  });
}

describe('Notification Management: toasts and empty texts (docs/product.md §18)', () => {
  it('says "No notifications sent yet" when none were sent', async () => {
    api([]);
    renderAdmin(<NotificationsPage />, 'notifications');
    expect(await findEmpty('No notifications sent yet')).toBeInTheDocument();
  });

  it('badges the unread ones, and deletes one ("Notification deleted") or says "Failed to delete notification"', async () => {
    let refuse = true;
    const requests = api([unread, read], (req) =>
      req.method === 'DELETE'
        ? refuse
          ? failure('Notification not found', 404)
          : json({ success: true, data: { _id: unread._id } })
        : undefined,
    );
    renderAdmin(<NotificationsPage />, 'notifications');
    const list = await screen.findByRole('list', { name: 'Sent notifications' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Q3 returns paid');
    expect(within(first!).getByText('Unread')).toBeInTheDocument();
    expect(within(second!).queryByText('Unread')).not.toBeInTheDocument();

    const del = within(list).getByRole('button', { name: 'Delete “Q3 returns paid” sent to Emma Lindqvist' });
    await userEvent.click(del);
    expect(await findToast('Failed to delete notification')).toHaveTextContent('Notification not found');
    refuse = false;
    await userEvent.click(del);
    expect(await findToast('Notification deleted')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/notifications/admin/${unread._id}`,
      `/api/notifications/admin/${unread._id}`,
    ]);
  });

  it('says "Failed to send notification", and "Notification sent successfully!" once it is sent', async () => {
    let refuse = true;
    api([], (req) =>
      req.path === '/api/notifications/send'
        ? refuse
          ? failure('The database is unavailable', 503)
          : json({
              success: true,
              data: { sent: 2, skippedInactive: 0, batchId: 'b', emailed: 0, emailSkipped: 0 },
              message: 'Notification sent successfully!',
            })
        : undefined,
    );
    renderAdmin(<NotificationsPage />, 'notifications');
    await userEvent.type(await screen.findByLabelText('Title'), 'Winter bookings open');
    await userEvent.type(screen.getByLabelText('Message'), 'Book your winter nights now.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await findToast('Failed to send notification')).toHaveTextContent('The database is unavailable');
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await findToast('Notification sent successfully!')).toBeInTheDocument();
  });
});
