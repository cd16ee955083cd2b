import type { APIRequestContext, Page } from '@playwright/test';
import { endpoints } from '@portal/contracts';
import { callApi, callApiOk } from '../support/api';
import {
  apiSignIn,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  signIn,
  test,
} from '../support/fixtures';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');

async function myNotifications(request: APIRequestContext, token: string) {
  return (await callApiOk(request, endpoints.notifications.list, {}, token)).data;
}

/** Resolves when the page's notification stream has (re)connected, i.e. the server answered it. */
const streamOpened = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/api/notifications/stream?ticket=') && r.status() === 200);

test.describe('[NOTIFICATIONS] live notifications', () => {
  test('an admin sends; the investor’s open page shows it without a reload; click reads it, delete removes it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const opened = streamOpened(page);
    const investor = await signIn(page, 'investor', '/');
    await opened;
    const before = await myNotifications(page.request, investor.accessToken);
    await expect(bell(page)).toHaveAccessibleName(bellLabel(before.unreadCount));

    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', '/admin/notifications');
    await expect(admin.getByRole('heading', { name: 'Notification Management' })).toBeVisible();
    await expect(admin.getByRole('list', { name: 'Sent notifications' })).toBeVisible();
    await expectAccessible(admin);

    const title = `Winter nights open ${Date.now()}`;
    await test.step('the admin composes to a chosen investor and sends', async () => {
      await admin.getByRole('button', { name: 'Send Notification' }).click();
      await expect(toast(admin, 'Title and message are required')).toBeVisible();
      await admin.getByLabel('Title').fill(title);
      await admin.getByLabel('Message').fill('Book your aurora-season nights before 15 July.');
      await admin.getByLabel('Type').selectOption('success');
      await admin.getByRole('radio', { name: /Chosen users/ }).check();
      await admin.getByRole('button', { name: 'Send Notification' }).click();
      await expect(admin.getByText('Choose at least one recipient')).toBeVisible();
      await admin.getByLabel('Find users by name or email').fill('emma');
      await admin.getByRole('checkbox', { name: /Emma Lindqvist/ }).check();
      await expect(admin.getByRole('list', { name: 'Chosen recipients' })).toContainText('Emma Lindqvist');
      await expectAccessible(admin);
      await admin.getByRole('button', { name: 'Send Notification' }).click();
      await expect(toast(admin, 'Notification sent successfully!')).toBeVisible();
      await expect(admin.getByLabel('Title')).toHaveValue('');
    });

    await test.step('it arrives in the investor’s open page, with a toast, without a reload', async () => {
      await expect(toast(page, title)).toBeVisible();
      await expect(bell(page)).toHaveAccessibleName(bellLabel(before.unreadCount + 1));
    });

    await test.step('the admin’s sent list shows it, unread', async () => {
      const row = admin
        .getByRole('list', { name: 'Sent notifications' })
        .getByRole('listitem')
        .filter({ hasText: title });
      await expect(row).toContainText('Emma Lindqvist');
      await expect(row.getByText('Unread', { exact: true })).toBeVisible();
    });

    const list = page.getByRole('list', { name: 'Notifications' });
    const item = list.getByRole('listitem').filter({ hasText: title });
    const open = item.getByRole('button', { name: new RegExp(`^${title}`) });
    const del = item.getByRole('button', { name: `Delete notification: ${title}` });
    const dot = item.getByTestId('unread-dot');

    await test.step('hover and keyboard focus show the unread dot and the delete button', async () => {
      await bell(page).click();
      await expect(list.getByRole('listitem').first()).toContainText(title);
      await expectAccessible(page);
      await page.mouse.move(0, 0);
      await expect(del).toHaveCSS('opacity', '0');
      await expect(dot).toHaveCSS('opacity', '0');
      await item.hover();
      await expect(del).toHaveCSS('opacity', '1');
      await expect(dot).toHaveCSS('opacity', '1');
      await page.mouse.move(0, 0);
      await open.focus();
      await expect(del).toHaveCSS('opacity', '1');
      await page.keyboard.press('Tab');
      await expect(del).toBeFocused();
    });

    await test.step('a click marks it read: the count drops by one', async () => {
      await open.click();
      await expect(bell(page)).toHaveAccessibleName(bellLabel(before.unreadCount));
      await expect(dot).toHaveCount(0);
      const after = await myNotifications(page.request, investor.accessToken);
      expect(after.notifications.find((n) => n.title === title)?.read).toBe(true);
      await admin.reload();
      const row = admin
        .getByRole('list', { name: 'Sent notifications' })
        .getByRole('listitem')
        .filter({ hasText: title });
      await expect(row).toBeVisible();
      await expect(row.getByText('Unread', { exact: true })).toHaveCount(0);
    });

    await test.step('delete removes it, with the toast; the count is recomputed', async () => {
      await item.hover();
      await del.click();
      await expect(toast(page, 'Notification deleted')).toBeVisible();
      await expect(item).toHaveCount(0);
      await expect(bell(page)).toHaveAccessibleName(bellLabel(before.unreadCount));
      const after = await myNotifications(page.request, investor.accessToken);
      expect(after.notifications.some((n) => n.title === title)).toBe(false);
    });
    await adminContext.close();
  });

  test('a broadcast reaches every investor; an admin’s delete disappears from the open bell', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const opened = streamOpened(page);
    const investor2 = await signIn(page, 'investor2', '/');
    await opened;
    const before = await myNotifications(page.request, investor2.accessToken);

    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', '/admin/notifications');
    const title = `Maintenance window ${Date.now()}`;
    await admin.getByLabel('Title').fill(title);
    await admin.getByLabel('Message').fill('The portal is read-only on Sunday from 02:00 to 03:00.');
    await admin.getByLabel('Type').selectOption('warning');
    await expect(admin.getByRole('radio', { name: /All users/ })).toBeChecked();
    await admin.getByRole('button', { name: 'Send Notification' }).click();
    await expect(toast(admin, 'Notification sent successfully!')).toBeVisible();
    await expect(toast(page, title)).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName(bellLabel(before.unreadCount + 1));

    // The admin deletes Lukas's copy; his open bell drops it without a reload.
    await bell(page).click();
    await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(title);
    const row = admin
      .getByRole('list', { name: 'Sent notifications' })
      .getByRole('listitem')
      .filter({ hasText: title })
      .filter({ hasText: 'Lukas' });
    await row.getByRole('button', { name: /^Delete/ }).click();
    await expect(toast(admin, 'Notification deleted')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Notifications' })).not.toContainText(title);
    await expect(bell(page)).toHaveAccessibleName(bellLabel(before.unreadCount));
    await adminContext.close();
  });

  test('when the connection drops, the stream reconnects and delivers again', async ({
    page,
    context,
    server,
  }) => {
    const streams: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/notifications/stream?ticket=')) streams.push(r.url());
    });
    const opened = streamOpened(page);
    const investor = await signIn(page, 'investor', '/');
    await opened;
    // The network goes and the server restarts meanwhile: the open stream ends, and reconnecting
    // fails until the network is back.
    await context.setOffline(true);
    await server.start();
    const reopened = streamOpened(page);
    await context.setOffline(false);
    await reopened;
    expect(streams.length).toBeGreaterThanOrEqual(2);
    // Each connection used its own single-use ticket.
    expect(new Set(streams).size).toBe(streams.length);

    const adminToken = (await apiSignIn(page.request, 'admin')).accessToken;
    const title = `After the drop ${Date.now()}`;
    const sent = await callApi(
      page.request,
      endpoints.notifications.send,
      { body: { title, message: 'Still here.', userIds: [investor.user._id] } },
      adminToken,
    );
    expect(sent.ok).toBe(true);
    await expect(toast(page, title)).toBeVisible();
  });

  test('the bell on a phone: the list fits, the delete button shows without hover', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await signIn(page, 'investor', '/');
    await bell(page).tap();
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list).toBeVisible();
    const first = list.getByRole('listitem').first();
    await expect(first.getByRole('button', { name: /^Delete notification/ })).toHaveCSS('opacity', '1');
    const box = await page.getByRole('dialog').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await context.close();
  });
});
