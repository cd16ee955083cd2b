import {
  EMAIL_CATEGORY_LABELS,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_INVALID_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
  endpoints,
} from '@portal/contracts';
import { callApi, callApiOk } from '../support/api';
import { DEMO, apiSignIn, collectAlerts, expect, expectAccessible, signIn, test } from '../support/fixtures';
import { linkIn, mailboxFiles, waitForMail } from '../support/mail';

const NEW_PASSWORD = 'a-fresh-password-7';

test.describe('[EMAIL] password reset by link', () => {
  test('an investor resets a forgotten password from the emailed link; the link works once', async ({
    page,
    browser,
    baseURL,
    server,
  }) => {
    // A session opened before the reset, in another browser.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await signIn(otherPage, 'investor');
    await expect(otherPage.getByRole('button', { name: /Account menu/ })).toBeVisible();
    const alerts = collectAlerts(otherPage);
    const before = mailboxFiles(server);

    // Asked from the sign-in page.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Email').fill(DEMO.investor.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`${PASSWORD_RESET_SENT_MESSAGE}.`);
    await expectAccessible(page);

    // The email, as the server wrote it.
    const mail = await waitForMail(server, {
      to: DEMO.investor.email,
      before,
      match: (m) => m.text.includes('/reset-password?token='),
    });
    expect(mail.subject).toBe('Reset your Investor Portal password');
    const link = linkIn(mail, '/reset-password');

    // A new password, twice.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(PASSWORD_RESET_DONE_MESSAGE);
    await expectAccessible(page);

    // The session opened before is signed out: the server refuses its token, and its next call ends
    // on the sign-in page.
    const status = await otherPage.evaluate(() =>
      fetch('/api/users/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
      }).then((r) => r.status),
    );
    expect(status).toBe(401);
    // Its notification stream may already be taking it to /login, which would abort a reload the test
    // waited for: reload without waiting, then wait for /login.
    await otherPage.evaluate(() => location.reload()).catch(() => {});
    await expect(otherPage).toHaveURL(/\/login$/);
    await expect.poll(() => alerts).toContain('Session expired. Please log in again.');

    // The old password no longer signs in.
    await otherPage.getByLabel('Email').fill(DEMO.investor.email);
    await otherPage.getByLabel('Password').fill(DEMO.investor.password);
    await otherPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(otherPage.getByText('Invalid email or password', { exact: true }).first()).toBeVisible();
    await expect(otherPage).toHaveURL(/\/login$/);

    // The link again: refused with the server's message, and a way to ask for a new one.
    await otherPage.goto(link);
    await otherPage.getByLabel('New password', { exact: true }).fill('yet-another-password-8');
    await otherPage.getByLabel('Confirm new password').fill('yet-another-password-8');
    await otherPage.getByRole('button', { name: 'Set new password' }).click();
    await expect(otherPage.getByRole('alert')).toHaveText(PASSWORD_RESET_INVALID_MESSAGE);
    await expectAccessible(otherPage);
    await otherPage.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(otherPage).toHaveURL(/\/forgot-password$/);
    await other.close();

    // The new password signs in, from the done page's link.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(DEMO.investor.email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  });

  test('a link without its token says so', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toContainText('This reset link is incomplete');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expectAccessible(page);
  });
});

test.describe('[EMAIL] unsubscribe and email preferences', () => {
  test("an announcement email's unsubscribe link turns announcements off; the preferences show it", async ({
    page,
    server,
  }) => {
    const admin = await apiSignIn(page.request, 'admin');
    const investor = await apiSignIn(page.request, 'investor2');
    const before = mailboxFiles(server);
    const sent = await callApiOk(
      page.request,
      endpoints.notifications.send,
      {
        body: {
          title: 'Sauna season opens',
          message: 'The lakeside sauna is open again from Friday.',
          userIds: [investor.user._id],
          email: true,
        },
      },
      admin.accessToken,
    );
    expect(sent.data.emailed).toBe(1);

    const mail = await waitForMail(server, {
      to: DEMO.investor2.email,
      before,
      match: (m) => m.subject === 'Sauna season opens',
    });
    expect(mail.headers['list-unsubscribe']).toMatch(/\/api\/email\/unsubscribe\?token=/);
    const link = linkIn(mail, '/unsubscribe');

    // Signed out, from the email.
    await page.goto(link);
    const label = EMAIL_CATEGORY_LABELS.announcements.toLowerCase();
    await expect(page.getByText(`Stop ${label} emails to`)).toContainText(/@example\.com\?$/);
    await expect(page.getByText(DEMO.investor2.email)).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: `Stop ${label} emails` }).click();
    await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`You will no longer receive ${label} emails`);
    await expect(page.getByRole('link', { name: 'Manage email preferences' })).toHaveAttribute(
      'href',
      '/email-preferences',
    );
    await expectAccessible(page);

    const prefs = await callApiOk(page.request, endpoints.mail.emailPreferences, {}, investor.accessToken);
    expect(prefs.data.announcements).toBe(false);

    // A forged link: the server's message.
    await page.goto('/unsubscribe?token=forged.token');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('button')).toHaveCount(0);

    // The preferences page, signed in: announcements off; turned on again with a toast.
    await signIn(page, 'investor2', '/email-preferences');
    await expect(page.getByRole('heading', { name: 'Email preferences', level: 1 })).toBeVisible();
    const announcements = page.getByRole('switch', { name: 'Announcements' });
    await expect(announcements).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('switch', { name: 'Account and security' })).toBeDisabled();
    await expectAccessible(page);
    await announcements.click();
    await expect(page.getByText('Announcements emails are on.', { exact: true }).first()).toBeVisible();
    await expect(announcements).toHaveAttribute('aria-checked', 'true');
    const after = await callApi(page.request, endpoints.mail.emailPreferences, {}, investor.accessToken);
    expect(after.body.data.announcements).toBe(true);
    await expectAccessible(page);

    // The same switches in the profile dialog's Email tab.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByRole('tab', { name: 'Email' }).click();
    await expect(dialog.getByRole('switch', { name: 'Announcements' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expectAccessible(page);
  });
});
