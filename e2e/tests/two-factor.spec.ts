import { endpoints } from '@portal/contracts';
import { totpCode, totpStep } from '../../apps/server/src/lib/totp';
import { callApi } from '../support/api';
import { DEMO, collectAlerts, expect, expectAccessible, signIn, test } from '../support/fixtures';

test.describe('[SECURITY] two-factor sign-in', () => {
  // Long journeys through several sign-ins.
  test.describe.configure({ timeout: 60_000 });

  test('an investor turns it on from the profile dialog, then signs in with a code and with a recovery code', async ({
    page,
  }) => {
    await signIn(page, 'investor');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByRole('tab', { name: 'Security' }).click();
    await dialog.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expectAccessible(page);
    const secret = (await dialog.locator('code').textContent())!.trim();
    await dialog.getByLabel('Code from your app').fill(totpCode(secret, totpStep()));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent())!.trim();
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await expect(dialog.getByText('On', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Sign out, then in: the code is asked for after the password.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(DEMO.investor.email);
    await page.getByLabel('Password').fill(DEMO.investor.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByLabel('Authentication code')).toBeVisible();
    await page
      .getByLabel('Authentication code')
      .fill('000000' === totpCode(secret, totpStep() + 1) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(/That code is not valid/).first()).toBeVisible();
    await page.getByLabel('Authentication code').fill(totpCode(secret, totpStep() + 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

    // A recovery code works on the admin sign-in page too (and sends a non-admin to /).
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.goto('/admin-login');
    await page.getByLabel('Admin Email').fill(DEMO.investor.email);
    await page.getByLabel('Admin Password').fill(DEMO.investor.password);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.getByLabel('Authentication code').fill(recovery);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an admin turns it on, requires it for every admin, and signs in on /admin-login with a code to reach /admin', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByRole('tab', { name: 'Security' }).click();
    const requireIt = dialog.getByRole('checkbox', {
      name: 'Require two-factor sign-in for all admin accounts',
    });
    // Not before the admin uses it themselves.
    await expect(requireIt).toBeDisabled();
    await expect(dialog.getByText('Turn it on for your own account first.')).toBeVisible();

    await dialog.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await dialog.locator('code').textContent())!.trim();
    await dialog.getByLabel('Code from your app').fill(totpCode(secret, totpStep()));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await expect(requireIt).toBeEnabled();
    // The box follows the saved setting, so it turns on once the server has answered.
    await requireIt.click();
    await expect(page.getByText('Updated', { exact: true }).first()).toBeVisible();
    await expect(requireIt).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
    await expectAccessible(page);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const policy = await callApi(page.request, endpoints.auth.securitySettings, {}, token!);
    expect(policy.body.data).toEqual({ requireAdminTotp: true });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Sign out, then in on the admin page: the code is asked for after the password.
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
    await page.getByLabel('Admin Email').fill(DEMO.admin.email);
    await page.getByLabel('Admin Password').fill(DEMO.admin.password);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await expect(page).toHaveURL(/\/admin-login$/);
    await code.fill('000000' === totpCode(secret, totpStep() + 1) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Access Denied', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/That code is not valid/).first()).toBeVisible();
    await code.fill(totpCode(secret, totpStep() + 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Admin Access Granted', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText('Two-factor sign-in is required for admin accounts.')).toHaveCount(0);
  });

  test('changing the password signs out the other sessions', async ({ page, browser }) => {
    await signIn(page, 'investor2');
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, 'investor2');
    await expect(otherPage.getByRole('button', { name: /Account menu/ })).toBeVisible();

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByRole('tab', { name: 'Security' }).click();
    await dialog.getByLabel('Current password').fill(DEMO.investor2.password);
    await dialog.getByLabel('New password', { exact: true }).fill('a-new-password-2');
    await dialog.getByLabel('Confirm new password').fill('a-new-password-2');
    const alerts = collectAlerts(otherPage);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed', { exact: true })).toBeVisible();

    // The other page may already be on its way to /login (its notification stream ends with its
    // sign-in), which would abort a reload the test waits for: reload without waiting, then wait for /login.
    await otherPage.evaluate(() => location.reload()).catch(() => {});
    await expect(otherPage).toHaveURL(/\/login$/);
    await expect.poll(() => alerts).toContain('Session expired. Please log in again.');
    expect(new Set(alerts)).toEqual(new Set(['Session expired. Please log in again.']));
    await other.close();
  });
});
