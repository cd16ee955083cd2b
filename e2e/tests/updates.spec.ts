import type { Page } from '@playwright/test';
import { endpoints, type Update } from '@portal/contracts';
import { callApi, callApiOk } from '../support/api';
import {
  apiSignIn,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  signIn,
  test,
} from '../support/fixtures';

/** Opens Project Updates and answers what the API says the investor should see there. */
async function openUpdates(page: Page) {
  const { accessToken } = await signIn(page, 'investor', '/updates');
  await expect(page.getByRole('heading', { level: 1, name: 'Project Updates' })).toBeVisible();
  await expect(page.getByLabel('Current project')).toHaveValue(/.+/);
  const projectId = await page.getByLabel('Current project').inputValue();
  const updates = await fetchUpdates(page, accessToken, projectId);
  expect(updates.length).toBeGreaterThan(2);
  return { token: accessToken, projectId, updates };
}

async function fetchUpdates(page: Page, token: string, projectId: string) {
  return (await callApiOk(page.request, endpoints.updates.list, { query: { projectId } }, token)).updates;
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const titles = (page: Page) => cards(page).getByRole('heading', { level: 2 }).allTextContents();
const filter = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter updates' }).getByRole('button', { name: new RegExp(`^${name}`) });

test.describe('[UPDATES] project updates', () => {
  test('lists the updates newest first with badges, and the four filters work', async ({ page }) => {
    const { updates } = await openUpdates(page);
    await expect(cards(page)).toHaveCount(updates.length);
    expect(await titles(page)).toEqual(updates.map((u) => u.title));
    const first = cards(page).first();
    await expect(first).toContainText(updates[0]!.excerpt);
    await expect(first.getByText('New', { exact: true })).toHaveCount(updates[0]!.isNew ? 1 : 0);
    await expect(first.getByText(updates[0]!.category, { exact: false }).first()).toBeVisible();
    await expectAccessible(page);

    for (const [name, keep] of [
      ['Milestones', (u: Update) => u.category === 'milestone'],
      ['Financial', (u: Update) => u.category === 'financial'],
      ['Unread', (u: Update) => u.isNew],
      ['All Updates', () => true],
    ] as const) {
      await filter(page, name).click();
      await expect(filter(page, name)).toHaveAttribute('aria-pressed', 'true');
      const expected = updates.filter(keep).map((u) => u.title);
      await expect(cards(page)).toHaveCount(expected.length);
      expect(await titles(page), name).toEqual(expected);
    }
  });

  test('expanding an update shows its content and images and marks it read on the server', async ({
    page,
  }) => {
    const { token, projectId, updates } = await openUpdates(page);
    const target = updates.find((u) => u.isNew && u.images.length > 0)!;
    expect(target).toBeTruthy();
    const unreadBefore = updates.filter((u) => u.isNew).length;
    await expect(filter(page, 'Unread')).toContainText(String(unreadBefore));
    const card = cards(page).filter({ has: page.getByRole('heading', { name: target.title }) });
    await expect(card.getByText('New', { exact: true })).toBeVisible();

    const toggle = card.getByRole('button', { name: /Read more/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(card.getByRole('button', { name: /Show less/ })).toHaveAttribute('aria-expanded', 'true');
    // The HTML content is rendered as HTML (its first list item, or its first paragraph's text).
    const text = target.content
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40)
      .trim();
    await expect(card).toContainText(text);
    await expect(card.getByRole('img')).toHaveCount(target.images.length);
    await expect(card.getByText('New', { exact: true })).toHaveCount(0);
    await expect(filter(page, 'Unread')).toContainText(String(unreadBefore - 1));
    await expectAccessible(page);

    await expect
      .poll(async () => (await fetchUpdates(page, token, projectId)).find((u) => u._id === target._id)!.isNew)
      .toBe(false);
    await page.reload();
    await expect(cards(page).first()).toBeVisible();
    await expect(
      cards(page)
        .filter({ has: page.getByRole('heading', { name: target.title }) })
        .getByText('New', { exact: true }),
    ).toHaveCount(0);
  });

  test('an update opened from Unread stays in view while it is read', async ({ page }) => {
    const { updates } = await openUpdates(page);
    const unread = updates.filter((u) => u.isNew);
    expect(unread.length).toBeGreaterThan(0);
    await filter(page, 'Unread').click();
    await expect(cards(page)).toHaveCount(unread.length);
    await cards(page)
      .first()
      .getByRole('button', { name: /Read more/ })
      .click();
    await expect(filter(page, 'Unread')).toContainText(String(unread.length - 1));
    await expect(cards(page)).toHaveCount(unread.length);
    await expect(cards(page).first().getByText('New', { exact: true })).toHaveCount(0);
  });

  test('HTML an admin writes cannot run script in the investor’s browser', async ({ page }) => {
    const { token, projectId } = await openUpdates(page);
    // The admin signs in through the API only: the page stays the investor's.
    const adminToken = (await apiSignIn(page.request, 'admin')).accessToken;
    const created = await callApi(
      page.request,
      endpoints.updates.create,
      {
        body: {
          projectId,
          title: 'Security drill',
          category: 'general',
          excerpt: 'Nothing to see here.',
          content:
            '<p>Safe text</p><img src="/x.png" onerror="window.__pwned=1"><script>window.__pwned=2</script>' +
            '<a href="javascript:window.__pwned=3">click</a><iframe srcdoc="<script>parent.__pwned=4</script>"></iframe>' +
            '<svg onload="window.__pwned=5"></svg><p onmouseover="window.__pwned=6">hover me</p>',
          date: new Date().toISOString(),
        },
      },
      adminToken,
    );
    expect(created.status).toBe(201);
    await page.reload();
    const card = cards(page).filter({ has: page.getByRole('heading', { name: 'Security drill' }) });
    await card.getByRole('button', { name: /Read more/ }).click();
    await expect(card).toContainText('Safe text');
    await card.getByText('hover me').hover();
    await card.getByText('click').click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(
      card.locator('iframe, script, [onerror], [onload], [onmouseover], a[href^="javascript"]'),
    ).toHaveCount(0);
    expect((await fetchUpdates(page, token, projectId))[0]!.title).toBe('Security drill');
  });

  /** Expands the update with the most images and waits until they are shown. */
  async function expandRichest(page: Page, updates: Update[]) {
    const richest = [...updates].sort((a, b) => b.images.length - a.images.length)[0]!;
    expect(richest.images.length).toBeGreaterThan(1);
    const card = cards(page).filter({ has: page.getByRole('heading', { level: 2, name: richest.title }) });
    await card.getByRole('button', { name: /Read more/ }).click();
    const images = card.getByRole('img', { name: new RegExp(`^${richest.title}, image`) });
    await expect(images).toHaveCount(richest.images.length);
    for (const img of await images.all()) {
      await expect(img).toBeVisible();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
        .toBe(true);
    }
    return card;
  }

  test('works at 375 px without sideways scrolling, an update with images expanded', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const { updates } = await openUpdates(page);
    await expect(cards(page)).toHaveCount(updates.length);
    const card = await expandRichest(page, updates);
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test('reads well in dark mode at 1366 and 375 px', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const { updates } = await openUpdates(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expandRichest(page, updates);
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
