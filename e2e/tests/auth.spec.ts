import type { Page } from '@playwright/test';
import { endpoints } from '@portal/contracts';
import { callApi } from '../support/api';
import {
  DEMO,
  collectAlerts,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  signIn,
  test,
} from '../support/fixtures';
import { expectToastShown, recordToasts } from '../support/toasts';

test.describe('[AUTH] sign-in pages', () => {
  test('an investor signs in and lands in the investor shell', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByText('Enter your credentials to continue')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Email').fill(DEMO.investor.email);
    await page.getByLabel('Password').fill(DEMO.investor.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Logged in successfully', { exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Investor Portal')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Project Updates' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join New Project' })).toBeVisible();
    await expect(page.getByLabel('Current project')).toHaveValue(/.+/);
    const tokens = await page.evaluate(() => [
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(tokens.every(Boolean)).toBe(true);
    await expectAccessible(page);
  });

  test('a wrong password shows the server message in an Error toast', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.investor.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an admin signs in on /admin-login and lands on /admin', async ({ page }) => {
    await page.goto('/admin-login');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await page.getByLabel('Admin Email').fill(DEMO.admin.email);
    await page.getByLabel('Admin Password').fill(DEMO.admin.password);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Welcome to the admin dashboard', { exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Admin Panel')).toBeVisible();
    await expect(page.getByRole('link', { name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join New Project' })).toHaveCount(0);
  });

  test('an investor who signs in on /admin-login goes to /, and cannot open admin pages', async ({
    page,
  }) => {
    await page.goto('/admin-login');
    await page.getByLabel('Admin Email').fill(DEMO.investor.email);
    await page.getByLabel('Admin Password').fill(DEMO.investor.password);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByText('Investor Portal')).toBeVisible();
  });

  test('signed-in users are sent from the sign-in pages to their area', async ({ page }) => {
    await signIn(page, 'investor', '/login');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Investment Portfolio' })).toBeVisible();
    await signIn(page, 'admin', '/login');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin-login');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('the three public pages link to each other', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Admin Access' }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Main Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole('link', { name: 'Already have an account? Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('the guard sends a visitor to /login and back to the page they wanted', async ({ page }) => {
    await page.goto('/perks');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(DEMO.investor.email);
    await page.getByLabel('Password').fill(DEMO.investor.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/perks$/);
  });

  test('registering shows the toast and goes to /login; the account waits for activation', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByText('Enter your details to get started')).toBeVisible();
    await page.getByLabel('Email').fill('new.investor@example.com');
    await page.getByLabel('Password').fill('Fjord-Cabin-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Account created successfully', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill('new.investor@example.com');
    await page.getByLabel('Password').fill('Fjord-Cabin-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByText('Your account is waiting for activation by an administrator.', { exact: true }),
    ).toBeVisible();
  });

  test('signing up, the hint rates the password and names a common one, which the server refuses in the same words', async ({
    page,
  }) => {
    const common =
      'This password is one of the most common passwords and easy to guess. Please choose another.';
    await page.goto('/register');
    const password = page.getByLabel('Password');
    await expect(password).toHaveAccessibleDescription('At least 6 characters');
    await page.getByLabel('Email').fill('careful.investor@example.com');
    await password.fill('password1');
    await expect(password).toHaveAccessibleDescription(common);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.locator('li', { hasText: 'Error' }).getByText(common)).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await password.fill('Fjord lantern quietly 42');
    await expect(password).toHaveAccessibleDescription('Strength: Strong');
    await expectAccessible(page);
  });
});

test.describe('[SHELL] investor shell', () => {
  test('a floating chat button at the bottom right opens the chat with the support number in a new tab', async ({
    page,
  }) => {
    await signIn(page, 'investor');
    const chat = page.getByRole('link', { name: 'Chat with us (opens in a new tab)' });
    await expect(chat).toBeVisible();
    await expect(chat).toHaveAttribute('target', '_blank');
    // The demo's support number, set in the admin setting (a fictional 555 number).
    await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/15555550100\?text=.*Emma%20Lindqvist/);
    const box = (await chat.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
    expect(viewport.height - (box.y + box.height)).toBeLessThan(40);
    expect(await chat.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  });

  test('theme toggle flips the dark class', async ({ page }) => {
    await signIn(page, 'investor');
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const before = await dark();
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    expect(await dark()).toBe(!before);
  });

  test('under 768 px the sidebar is a drawer closed by its button, the backdrop and a link', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'investor');
    const nav = page.getByRole('dialog', { name: 'Menu' });
    await expect(page.getByRole('link', { name: 'Perks' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    const box = await nav.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375 * 0.85 + 0.5);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.mouse.click(360, 400);
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Perks' }).click();
    await expect(nav).toBeHidden();
    await expect(page).toHaveURL(/\/perks$/);
    await expect(page.getByRole('heading', { name: /^Perks for / })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('the sideways-scroll check sees what overflows inside the scrolling main area', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'investor', '/perks');
    await expect(page.getByRole('heading', { name: /^Perks for / })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The shell clips the document, so only the main area shows a too-wide child.
    await page.evaluate(() => {
      const wide = document.createElement('div');
      wide.id = 'too-wide';
      wide.style.width = '600px';
      wide.style.height = '10px';
      document.querySelector('#main > div')!.appendChild(wide);
    });
    const doc = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(doc).toBeLessThanOrEqual(375);
    const error = await expectNoSidewaysScroll(page).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(error).toContain('#main scrolls sideways');
    expect(error).toContain('div#too-wide');
  });

  test('the user menu shows the initials and edits the profile', async ({ page }) => {
    await recordToasts(page);
    await signIn(page, 'investor');
    // Named by what it shows, the initials and the name (WCAG 2.5.3 Label in Name).
    const menu = page.getByRole('button', { name: /^EL Emma Lindqvist ?, Account menu$/ });
    await expect(menu).toContainText('EL');
    await expect(menu).toContainText('Emma Lindqvist');
    await menu.click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog.getByLabel('Full Name')).toHaveValue('Emma Lindqvist');
    await dialog.getByLabel('Full Name').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Full Name is required')).toBeVisible();
    await dialog.getByLabel('Full Name').fill('Emma Nordin');
    await dialog.getByLabel('City').fill('Tampere');
    await dialog.getByLabel('Date of Birth').fill('1984-05-18');
    // The page reloads after the save: a mark left on this page is gone on the reloaded one.
    await page.evaluate(() => ((window as { beforeSave?: boolean }).beforeSave = true));
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as { beforeSave?: boolean }).beforeSave)).toBeUndefined();
    // The reloaded page shows the toast, the dialog closed and the new name in the user menu.
    await expectToastShown(page, 'Profile updated successfully!');
    await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toHaveCount(0);
    const renamed = page.getByRole('button', { name: /^EN Emma Nordin ?, Account menu$/ });
    await expect(renamed).toBeVisible();
    await expect(renamed).toContainText('EN');
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/users/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      });
      return (await res.json()).data;
    });
    expect(me).toMatchObject({ name: 'Emma Nordin', city: 'Tampere', dateOfBirth: '1984-05-18' });
  });

  test('logout clears both tokens and goes to /login', async ({ page }) => {
    await signIn(page, 'investor');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const tokens = await page.evaluate(() => [
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(tokens).toEqual([null, null]);
  });

  test('a revoked session forces a logout with the session-expired alert', async ({ page }) => {
    const { refreshToken } = await signIn(page, 'investor');
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    // Leave the app before the session is revoked: an app still loading its pages would notice the
    // revocation on its own (a refused background call) and go to /login while a reload was under way,
    // aborting it. The tokens stay in this origin's localStorage, the access token still unexpired.
    await page.goto('/robots.txt');
    const alerts = collectAlerts(page);
    // Sign the session out on the server, as another device or an admin would.
    const revoked = await callApi(page.request, endpoints.auth.logout, { body: { refreshToken } });
    expect(revoked.ok).toBe(true);
    // Back in the app, the first call is refused, the refresh too, and the app signs out by itself.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => alerts).toContain('Session expired. Please log in again.');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(alerts).toEqual(['Session expired. Please log in again.']);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('a page left open signs out by itself as soon as its sign-in is ended elsewhere: its live stream is told', async ({
    page,
  }) => {
    const streamOpen = page.waitForResponse(
      (r) => r.url().includes('/api/notifications/stream?ticket=') && r.status() === 200,
    );
    const { refreshToken } = await signIn(page, 'investor');
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await streamOpen;
    const alerts = collectAlerts(page);
    // Signed out on the server, as from another device; nobody touches this page.
    const revoked = await callApi(page.request, endpoints.auth.logout, { body: { refreshToken } });
    expect(revoked.ok).toBe(true);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(alerts).toEqual(['Session expired. Please log in again.']);
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    await expectAccessible(page);
  });

  test('requests failing together on an expired session give one alert and one redirect', async ({
    page,
  }) => {
    // The dashboard is done loading once its live stream is open and Recent Updates has its answer.
    const streamOpen = page.waitForResponse(
      (r) => r.url().includes('/api/notifications/stream?ticket=') && r.status() === 200,
    );
    const updatesLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/updates');
    await signIn(page, 'investor');
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await Promise.all([streamOpen, updatesLoaded]);
    const alerts = collectAlerts(page);
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401 && new URL(r.url()).pathname.startsWith('/api/')) refused.push(r.url());
    });
    // Tokens the server no longer accepts (a revoked session would also end the page's live stream,
    // which notices on its own); the perks page then loads several lists at once and each is refused.
    // The tokens change and the link is followed in one go: a request the dashboard still had to make
    // would otherwise notice the bad tokens first and leave for /login before the click.
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'expired-access-token');
      localStorage.setItem('refreshToken', 'revoked-refresh-token');
      document.querySelector<HTMLAnchorElement>('nav a[href="/perks"]')!.click();
    });
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(refused.filter((u) => !u.includes('/api/auth/')).length).toBeGreaterThanOrEqual(3);
    expect(alerts).toEqual(['Session expired. Please log in again.']);
  });

  test('two open tabs whose access token is refused refresh once between them and both stay signed in', async ({
    page,
  }) => {
    const context = page.context();
    const signedIn = await signIn(page, 'investor');
    const other = await context.newPage();
    await other.goto('/');
    const tabs = [page, other];
    for (const tab of tabs) await expect(tab.getByRole('button', { name: /Account menu/ })).toBeVisible();
    const alerts = tabs.map(collectAlerts);
    const refreshes: string[] = [];
    context.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/auth/refresh') refreshes.push(r.url());
    });
    const refused = tabs.map(() => 0);
    tabs.forEach((tab, i) =>
      tab.on('response', (r) => {
        const { pathname } = new URL(r.url());
        if (r.status() === 401 && pathname.startsWith('/api/') && !pathname.startsWith('/api/auth/'))
          refused[i]!++;
      }),
    );
    // The first refresh is held until both tabs have been refused, so that the second tab asks while the
    // first one's refresh is under way: without coordination it would spend the same refresh token, the
    // server would take that for a stolen token and end the session in both tabs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/api/auth/refresh', async (route) => {
      await held;
      await route.continue();
    });
    // An access token the server refuses, seen by both tabs (localStorage is shared), the refresh token
    // still good; each tab then opens Perks, whose lists are refused.
    await page.evaluate(() => localStorage.setItem('accessToken', 'refused-access-token'));
    await Promise.all(tabs.map((tab) => tab.getByRole('link', { name: 'Perks' }).click()));
    await expect.poll(() => refused.every((n) => n > 0)).toBe(true);
    await expect.poll(() => refreshes.length).toBe(1);
    release();
    for (const tab of tabs) {
      await expect(tab.getByRole('heading', { name: /^Perks for/ })).toBeVisible();
      await expect(tab).toHaveURL(/\/perks$/);
    }
    // One refresh between the two tabs, no alert, and the new session is good on the server.
    expect(refreshes).toHaveLength(1);
    expect(alerts).toEqual([[], []]);
    // Both tabs' copies of localStorage come to hold the new refresh token (each catches up in its turn).
    const storedIn = (tab: Page) => tab.evaluate(() => localStorage.getItem('refreshToken'));
    for (const tab of tabs) await expect.poll(() => storedIn(tab)).not.toBe(signedIn.refreshToken);
    const stored = await storedIn(other);
    expect(await storedIn(page)).toBe(stored);
    const again = await callApi(page.request, endpoints.auth.refresh, { body: { refreshToken: stored! } });
    expect(again.ok).toBe(true);
    await other.close();
  });

  test('unknown paths show the not-found page, backticks are cleaned from the path', async ({ page }) => {
    await signIn(page, 'investor', '/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/perks%60');
    await expect(page).toHaveURL(/\/perks$/);
  });
});
