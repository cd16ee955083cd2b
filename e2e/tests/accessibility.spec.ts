import { endpoints } from '@portal/contracts';
import { callApi } from '../support/api';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';

/**
 * Every screen of the router (apps/web/src/app/router.tsx), in light and in dark, at 1366 and 375 px,
 * checked with every axe-core rule (expectAccessible, ADR 012) once the screen shows its content.
 */

interface Screen {
  path: string;
  heading: string | RegExp;
}

const SIGN_IN_SCREENS: Screen[] = [
  { path: '/login', heading: 'Welcome back' },
  { path: '/admin-login', heading: 'Admin Access' },
  { path: '/register', heading: 'Create your account' },
];

const INVESTOR_SCREENS: Screen[] = [
  { path: '/', heading: 'Investment Portfolio' },
  { path: '/dashboard', heading: 'Investment Portfolio' },
  { path: '/projects', heading: 'Your Projects' },
  // /project/:id is reached through its link on /projects (see below).
  { path: '/join-project', heading: 'Join New Project' },
  { path: '/perks', heading: /Perks/ },
  { path: '/documents', heading: 'Document Vault' },
  { path: '/media', heading: 'Media Gallery' },
  { path: '/updates', heading: 'Project Updates' },
  { path: '/identity', heading: 'Identity check' },
  { path: '/subscriptions', heading: 'My subscriptions' },
  { path: '/no-such-page', heading: 'Page not found' },
];

const ADMIN_SCREENS: Screen[] = [
  { path: '/admin', heading: 'Admin Dashboard' },
  { path: '/admin/users', heading: 'User Management' },
  { path: '/admin/investments', heading: 'User Investments' },
  { path: '/admin/projects', heading: 'Projects Management' },
  { path: '/admin/perks', heading: 'Perks Management' },
  { path: '/admin/updates', heading: 'Updates Management' },
  { path: '/admin/documents', heading: 'Documents Management' },
  { path: '/admin/media', heading: 'Media Management' },
  { path: '/admin/notifications', heading: 'Notification Management' },
  { path: '/admin/bookings', heading: 'Booking Requests' },
  { path: '/admin/stay-reports', heading: 'Problem reports' },
  { path: '/admin/allocations', heading: 'Peak allocations' },
  { path: '/admin/erasure-requests', heading: 'Erasure requests' },
  { path: '/admin/interest', heading: 'Interest Registrations' },
  { path: '/admin/kyc', heading: 'Identity checks' },
  { path: '/admin/bank', heading: 'Bank & calls' },
  { path: '/admin/offerings', heading: 'Offerings' },
  // The audit log screen; any heading while it is being built.
  { path: '/admin/audit', heading: /.+/ },
  { path: '/admin/no-such-page', heading: 'Page Under Construction' },
];

// The screens only read: the tests share the file's fresh data and run on every worker at once.
test.describe.configure({ mode: 'parallel' });

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** Both areas' stored theme preference, set before any page script runs. */
async function useTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
  await page.addInitScript((t) => {
    localStorage.setItem('vite-ui-theme', t);
    localStorage.setItem('admin-ui-theme', t);
  }, theme);
}

/** Waits until the screen shows its content: its heading, and nothing left loading. */
async function expectSettled(page: Page, screen: Screen) {
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  await expect(page.locator('[role="status"][aria-label^="Loading"], .animate-pulse')).toHaveCount(0);
}

async function check(page: Page, screen: Screen, theme: Theme) {
  await test.step(`${screen.path} (${theme})`, async () => {
    await page.goto(screen.path);
    await expectSettled(page, screen);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );
    await expectAccessible(page, { soft: true });
  });
}

for (const theme of THEMES) {
  test.describe(`[A11Y] every screen passes every axe rule (${theme})`, () => {
    test(`sign-in pages, ${theme}`, async ({ page }) => {
      await useTheme(page, theme);
      for (const width of [1366, 375]) {
        await page.setViewportSize({ width, height: width < 700 ? 812 : 850 });
        for (const screen of SIGN_IN_SCREENS) await check(page, screen, theme);
      }
    });

    for (const width of [1366, 375]) {
      test(`investor screens at ${width} px, ${theme}`, async ({ page }) => {
        test.slow();
        await page.setViewportSize({ width, height: width < 700 ? 812 : 850 });
        await useTheme(page, theme);
        await signIn(page, 'investor', '/robots.txt');
        for (const screen of INVESTOR_SCREENS) await check(page, screen, theme);

        await test.step(`/project/:id (${theme})`, async () => {
          await page.goto('/projects');
          await page
            .getByRole('link', { name: /^View Project/ })
            .first()
            .click();
          await expect(page).toHaveURL(/\/project\/[^/]+$/);
          await expectSettled(page, { path: '', heading: /.+/ });
          await expectAccessible(page, { soft: true });
        });
      });
    }

    for (const width of [1366, 375]) {
      test(`admin screens at ${width} px, ${theme}`, async ({ page }) => {
        test.slow();
        await page.setViewportSize({ width, height: width < 700 ? 812 : 850 });
        await useTheme(page, theme);
        await signIn(page, 'admin', '/robots.txt');
        for (const screen of ADMIN_SCREENS) await check(page, screen, theme);
      });
    }
  });
}

/**
 * How wide the select must be to show its chosen option whole: a copy holding only that option, at
 * its own (intrinsic) width, beside it. The select shows the whole name when it is at least as wide.
 */
async function chosenNameFits(select: Locator) {
  return select.evaluate((el: HTMLSelectElement) => {
    const probe = el.cloneNode(false) as HTMLSelectElement;
    probe.removeAttribute('id');
    probe.append(new Option(el.selectedOptions[0]!.text));
    probe.style.cssText = 'width:auto;min-width:0;max-width:none;position:absolute;visibility:hidden';
    el.parentElement!.append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    return { name: el.selectedOptions[0]!.text, needed, width: el.getBoundingClientRect().width };
  });
}

test.describe('[SHELL] the project selector shows whole names (issue 14, item 13)', () => {
  test('the admin header at 1366 px fits the chosen name; at 375 px the row under it does, with a tooltip', async ({
    page,
  }) => {
    const { accessToken } = await signIn(page, 'admin', '/admin');
    const { body } = await callApi(page.request, endpoints.projects.list, {}, accessToken);
    const names = body.data.map((p) => p.name).sort();
    expect(names).toContain('Aurora Lakeside Cabins');

    const select = page.getByRole('banner').getByLabel('Current project');
    await expect(select.locator('option')).toHaveCount(names.length);
    // The list holds every name whole.
    expect((await select.locator('option').allTextContents()).sort()).toEqual(names);
    for (const name of names) {
      await select.selectOption({ label: name });
      const fit = await chosenNameFits(select);
      expect(fit.width, `"${fit.name}" needs ${fit.needed}px`).toBeGreaterThanOrEqual(fit.needed - 0.5);
      await expect(select).toHaveAttribute('title', name);
    }

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('banner').getByLabel('Current project')).toBeHidden();
    const row = page.getByRole('combobox', { name: 'Current project' });
    await expect(row).toBeVisible();
    expect((await row.locator('option').allTextContents()).sort()).toEqual(names);
    for (const name of names) {
      await row.selectOption({ label: name });
      const fit = await chosenNameFits(row);
      expect(fit.width, `"${fit.name}" needs ${fit.needed}px`).toBeGreaterThanOrEqual(fit.needed - 0.5);
      await expect(row).toHaveAttribute('title', name);
    }
  });

  test("the investor's selector fits the chosen name in the sidebar at 1366 px and in the drawer at 375 px", async ({
    page,
  }) => {
    await signIn(page, 'investor', '/');
    const select = page.getByRole('complementary', { name: 'Sidebar' }).getByLabel('Current project');
    await expect(select).toHaveValue(/.+/);
    await expect(select.locator('option')).not.toHaveCount(1);
    const names = await select.locator('option').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) {
      await select.selectOption({ label: name });
      const fit = await chosenNameFits(select);
      expect(fit.width, `"${fit.name}" needs ${fit.needed}px`).toBeGreaterThanOrEqual(fit.needed - 0.5);
      await expect(select).toHaveAttribute('title', name);
    }

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const inDrawer = page.getByRole('dialog', { name: 'Menu' }).getByLabel('Current project');
    expect(await inDrawer.locator('option').allTextContents()).toEqual(names);
    for (const name of names) {
      await inDrawer.selectOption({ label: name });
      const fit = await chosenNameFits(inDrawer);
      expect(fit.width, `"${fit.name}" needs ${fit.needed}px`).toBeGreaterThanOrEqual(fit.needed - 0.5);
      await expect(inDrawer).toHaveAttribute('title', name);
    }
  });
});
