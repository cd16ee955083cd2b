import type { CDPSession, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test } from '../support/fixtures';

/**
 * Passkeys and your sessions (ADR 030) in Chromium with its virtual authenticator (CDP WebAuthn). The
 * page runs at http://localhost:<port>: an IP address cannot be a WebAuthn relying party, and the server
 * takes a loopback APP_URL as localhost.
 */
async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

async function openSecurity(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByRole('tab', { name: 'Security' }).click();
  return dialog;
}

test.describe('[SECURITY] passkeys and your sessions', () => {
  test.describe.configure({ timeout: 60_000 });

  test('adds a passkey in Profile → Security, signs out, signs in with it; lists and ends sessions', async ({
    page,
    server,
    browser,
  }) => {
    const base = server.url.replace('127.0.0.1', 'localhost');
    // Another device signed in to the same account, to be signed out from this one.
    const other = await browser.newContext({ baseURL: base, locale: 'en-US' });
    const otherPage = await other.newPage();
    await signIn(otherPage, 'investor');

    await virtualAuthenticator(page);
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(DEMO.investor.email);
    await page.getByLabel('Password').fill(DEMO.investor.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

    const dialog = await openSecurity(page);
    await expect(dialog.getByText('You have no passkeys yet.')).toBeVisible();
    await dialog.getByLabel('Name of the new passkey').fill('Test laptop');
    await dialog.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(dialog.getByText('Test laptop', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Rename Test laptop' }).click();
    await dialog.getByLabel('New name for Test laptop').fill('Work laptop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Work laptop', { exact: true })).toBeVisible();

    // Your sessions: this device (marked) and the other one.
    const sessions = dialog.getByRole('region', { name: 'Your sessions' }).getByTestId('session');
    await expect(sessions).toHaveCount(2);
    await expect(dialog.getByText('This device')).toBeVisible();
    await expect(dialog.getByText(/Local network/).first()).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(sessions).toHaveCount(1);
    // The other device's session has ended: its next call is refused and it lands on the sign-in page.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // No email, no password: the passkey alone.
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    const again = await openSecurity(page);
    await expect(again.getByText(/with a passkey/)).toBeVisible();
  });
});
