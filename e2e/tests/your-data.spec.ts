import fs from 'node:fs';
import { DEMO, expect, expectAccessible, signIn, test } from '../support/fixtures';
import { linkIn, mailboxFiles, waitForMail } from '../support/mail';

test.describe('your data (GDPR)', () => {
  test.describe.configure({ timeout: 60_000 });

  test('an investor asks for a copy of their data, is emailed when it is ready, follows the link and downloads the zip', async ({
    page,
    server,
  }) => {
    const before = mailboxFiles(server);
    await signIn(page, 'investor');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByRole('tab', { name: 'Your data' }).click();
    await expect(dialog.getByText('You have not asked for a copy yet.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Request a copy of my data' }).click();
    const copies = dialog.getByRole('list', { name: 'Your copies' });
    await expect(copies.getByRole('listitem')).toHaveCount(1);
    // Made by the background job; the list is read again until it is ready.
    await expect(copies.getByText('Ready', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('button', { name: 'Request a copy of my data' })).toBeEnabled();
    await page.keyboard.press('Escape');

    const mail = await waitForMail(server, {
      to: DEMO.investor.email,
      match: (m) => m.subject === 'Your data is ready to download',
      before,
    });
    await page.goto(linkIn(mail, '/your-data'));
    await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Download the copy requested / }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^investor-portal-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = fs.readFileSync((await download.path())!);
    // A zip (its local file header), naming the JSON and a CSV.
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(zip.includes('data.json')).toBe(true);
    expect(zip.includes('csv/profile.csv')).toBe(true);
  });

  test('the privacy page is read without signing in, from the sign-in page', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Privacy: what we store and why' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(10);
    await expectAccessible(page);
  });
});
