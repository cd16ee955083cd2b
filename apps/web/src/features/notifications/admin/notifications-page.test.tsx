import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminNotification, CurrentUser } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { Component as NotificationsPage } from './notifications-page';
import {
  ADMIN,
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

/** The sent list holds `sent`; the compose form's recipients; `extra` answers first; `me` is the admin. */
function api(sent: AdminNotification[], extra: Route = () => undefined, me?: CurrentUser) {
  return fakeApi(
    (req) => {
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
    },
    { me },
  );
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

describe('Notification Management in German (issue 33)', () => {
  it('shows the compose form in German: its audience count, its checks and what was sent', async () => {
    await setLocale('de');
    api(
      [],
      (req) => {
        if (req.path === '/api/notifications/admin/recipients')
          return json({ success: true, data: { users: [], activeCount: 1250 } });
        if (req.path === '/api/notifications/send')
          return json({
            success: true,
            data: {
              sent: 1250,
              skippedInactive: 1,
              batchId: '9c1f2a3b-4d5e-4f60-8a7b-1c2d3e4f5a6b',
              emailed: 2,
              emailSkipped: 1,
            },
          });
        return undefined;
      },
      { ...ADMIN, locale: 'de' },
    );
    renderAdmin(<NotificationsPage />, 'notifications');
    expect(await screen.findByText('1.250 aktive Benutzer, Sie eingeschlossen')).toBeInTheDocument();
    expect(await findEmpty('Noch keine Benachrichtigungen gesendet')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Ausgewählte Benutzer/ })).not.toBeChecked();
    expect(screen.getByText('Nach Name oder E-Mail auswählen')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Benachrichtigung senden' });
    await userEvent.click(send);
    expect(await findToast('Titel und Nachricht sind erforderlich')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Titel'), 'Sauna geöffnet');
    const message = screen.getByLabelText('Nachricht');
    await userEvent.type(message, 'Ab heute.');
    expect(message).toHaveAccessibleDescription('9 / 2.000 Zeichen');
    expect(screen.getByRole('region', { name: 'Vorschau' })).toHaveTextContent('Sauna geöffnet');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Auch per E-Mail senden' }));
    await userEvent.click(send);
    expect(await findToast('Benachrichtigung erfolgreich gesendet!')).toHaveTextContent(
      'An 1.250 Benutzer gesendet; 1 inaktiver Benutzer übersprungen; 2 E-Mails eingereiht, 1 übersprungen (Ankündigungen ausgeschaltet).',
    );
    expect(screen.getByRole('link', { name: 'Im Postausgang ansehen' })).toHaveAttribute(
      'href',
      '/admin/email?batch=9c1f2a3b-4d5e-4f60-8a7b-1c2d3e4f5a6b',
    );
  });
});
