import { expect, expectAccessible, expectNoSidewaysScroll, signIn, test } from '../support/fixtures';
import { expectToastShown, recordToasts } from '../support/toasts';

test.describe('[ADMIN][EMAIL] announcements by email and the outbox', () => {
  test('an admin sends a notification by email to one investor; the outbox shows it sent, with what it said', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await recordToasts(page);
    await signIn(page, 'admin', '/admin/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notification Management' })).toBeVisible();

    const title = `AGM at the lodge ${Date.now()}`;
    await test.step('the admin composes to Emma, also by email, and sends', async () => {
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Message').fill('The annual meeting is on 12 May at the lakeside lodge.');
      await page.getByRole('radio', { name: /Chosen users/ }).check();
      await page.getByLabel('Find users by name or email').fill('emma');
      await page.getByRole('checkbox', { name: /Emma Lindqvist/ }).check();
      await page.getByRole('checkbox', { name: 'Also send by email' }).check();
      await page.getByRole('button', { name: 'Send Notification' }).click();
      await expectToastShown(page, 'Notification sent successfully!Sent to 1 user; 1 email queued.');
    });

    await test.step('"View in outbox" opens the Email screen on that broadcast', async () => {
      await page.getByRole('link', { name: 'View in outbox' }).click();
      await expect(page).toHaveURL(/\/admin\/email\?batch=[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible();
      await expect(
        page.getByText(
          'Showing the emails of one send (an announcement, a distribution or a statement publication).',
        ),
      ).toBeVisible();
    });

    const outbox = page.getByRole('table', { name: 'Outbox' });
    const row = outbox.getByRole('row').filter({ hasText: title });
    await test.step('the email goes out by itself: its row turns Sent, without a reload', async () => {
      await expect(outbox.getByRole('row')).toHaveCount(2);
      await expect(row).toContainText('investor@example.com');
      await expect(row).toContainText('Announcements');
      await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('table', { name: 'Queues' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Failed jobs' })).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
    });

    await test.step('the email opens: HTML in a sandboxed frame, and the plain text greets Emma', async () => {
      await row.getByRole('button', { name: title }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('To investor@example.com');
      const frame = dialog.getByTitle(`The email “${title}” as HTML`);
      await expect(frame).toHaveAttribute('sandbox', '');
      await expect(
        dialog.frameLocator('iframe').getByText('Hello Emma Lindqvist,', { exact: true }),
      ).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('tab', { name: 'Plain text' }).click();
      const text = dialog.getByRole('tabpanel', { name: 'Plain text' });
      await expect(text).toContainText('Hello Emma Lindqvist,');
      await expect(text).toContainText('The annual meeting is on 12 May at the lakeside lodge.');
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step('"Show all emails" leaves the broadcast; the Email link in the menu opens the same screen', async () => {
      await page.getByRole('button', { name: 'Show all emails' }).click();
      await expect(page).toHaveURL(/\/admin\/email$/);
      await expect(row).toBeVisible();
      await page.getByRole('navigation').getByRole('link', { name: 'Email', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible();
    });
  });
});
