import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
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
import { ROOT } from '../support/paths';

async function openGallery(page: Page) {
  const { accessToken } = await signIn(page, 'investor', '/media');
  await expect(page.getByRole('heading', { level: 1, name: 'Media Gallery' })).toBeVisible();
  await expect(page.getByLabel('Current project')).toHaveValue(/.+/);
  const projectId = await page.getByLabel('Current project').inputValue();
  const { media } = await callApiOk(
    page.request,
    endpoints.media.list,
    { query: { projectId } },
    accessToken,
  );
  await expect(cards(page)).toHaveCount(media.length);
  return { token: accessToken, projectId, media };
}

const cards = (page: Page) => page.getByRole('list', { name: 'Media' }).getByRole('listitem');
const titles = (page: Page) => cards(page).getByRole('heading', { level: 2 }).allTextContents();
const filter = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter media' }).getByRole('button', { name: new RegExp(`^${name}`) });

test.describe('[MEDIA] media gallery', () => {
  test('the four filters work, Behind the Scenes included, in priority-then-date order', async ({ page }) => {
    const { media } = await openGallery(page);
    expect(await titles(page)).toEqual(media.map((m) => m.title));
    const of = (type: string) => media.filter((m) => m.type === type).map((m) => m.title);
    expect(of('behind-scenes').length).toBeGreaterThan(0);
    for (const [label, type] of [
      ['Photos', 'photo'],
      ['Videos', 'video'],
      ['Behind the Scenes', 'behind-scenes'],
    ] as const) {
      await filter(page, label).click();
      await expect(filter(page, label)).toHaveAttribute('aria-pressed', 'true');
      await expect(cards(page)).toHaveCount(of(type).length);
      expect(await titles(page)).toEqual(of(type));
    }
    await filter(page, 'All Media').click();
    await expect(cards(page)).toHaveCount(media.length);
    // The investor's own media item sits beside the project's.
    const personal = media.find((m) => m.personal)!;
    await expect(cards(page).filter({ hasText: personal.title })).toContainText('Just for you');
  });

  test('cards show thumbnail, duration badge, title, short date and description', async ({ page }) => {
    const { media } = await openGallery(page);
    const video = media.find((m) => m.type === 'video')!;
    const card = cards(page).filter({ hasText: video.title });
    await expect(card).toContainText(video.duration!);
    await expect(card).toContainText(video.description);
    await expect(card).toContainText(
      new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
        new Date(video.date),
      ),
    );
    const img = cards(page).first().locator('img');
    await expect(img).toHaveJSProperty('complete', true);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page);
  });

  test('the modal plays the video, shows its details, and Download downloads the file', async ({ page }) => {
    const { media } = await openGallery(page);
    const video = media.find((m) => m.type === 'video')!;
    const card = cards(page).filter({ hasText: video.title });
    const actions = card.getByRole('button', { name: `Open ${video.title}` }).locator('..');
    await expect(actions).toHaveCSS('opacity', '0');
    await card.hover();
    await expect(actions).toHaveCSS('opacity', '1');
    await card.getByRole('button', { name: `Open ${video.title}` }).click();
    const dialog = page.getByRole('dialog', { name: video.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('video')).toHaveAttribute('src', video.url!);
    const player = dialog.locator('video');
    await expect(player).toHaveAttribute('controls', '');
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
    await expect(dialog).toContainText(video.description);
    await expect(dialog).toContainText(
      new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(
        new Date(video.date),
      ),
    );
    await expect(dialog).toContainText('Video');
    await expectAccessible(page);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${video.title}.webm`);
    const expected = fs.readFileSync(path.join(ROOT, 'apps/web/public', video.url!));
    expect(fs.readFileSync(await download.path()).equals(expected)).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('open and download are reachable by keyboard: they show when focused', async ({ page }) => {
    const { media } = await openGallery(page);
    const first = media[0]!;
    const open = page.getByRole('button', { name: `Open ${first.title}` });
    // Tab from the last filter into the first card's actions.
    await filter(page, 'Behind the Scenes').focus();
    await page.keyboard.press('Tab');
    await expect(open).toBeFocused();
    await expect(open.locator('..')).toHaveCSS('opacity', '1');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: `Download ${first.title}` })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: first.title })).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('img', { name: first.title })).toBeVisible();
  });

  test('an uploaded photo shows through its signed address and downloads', async ({ page }) => {
    const adminToken = (await apiSignIn(page.request, 'admin')).accessToken;
    const { projectId } = await openGallery(page);
    const jpeg = fs.readFileSync(path.join(ROOT, 'apps/web/public/demo/photos/aurora-sauna.jpg'));
    const form = new FormData();
    form.set('projectId', projectId);
    form.set('title', 'Jetty at dawn');
    form.set('type', 'photo');
    form.set('description', 'Uploaded by the operator this morning.');
    form.set('priority', '100');
    form.set('file', new File([jpeg], 'jetty.jpg', { type: 'image/jpeg' }));
    const created = await callApi(page.request, endpoints.media.create, { form }, adminToken);
    expect(created.status).toBe(201);
    await page.reload();
    const card = cards(page).first();
    await expect(card).toContainText('Jetty at dawn');
    const img = card.locator('img');
    await expect(img).toHaveAttribute('src', /^\/api\/media\/files\/p\//);
    await expect(img).toHaveJSProperty('complete', true);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await card.hover();
    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Download Jetty at dawn' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Jetty at dawn.jpg');
    expect(fs.readFileSync(await download.path()).equals(jpeg)).toBe(true);
  });

  test('at 375 px on a touch screen the actions are always shown and nothing scrolls sideways', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
      baseURL,
    });
    const page = await context.newPage();
    try {
      const { media } = await openGallery(page);
      await expect(page.getByRole('button', { name: `Open ${media[0]!.title}` }).locator('..')).toHaveCSS(
        'opacity',
        '1',
      );
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: `Open ${media[0]!.title}` }).tap();
      await expect(page.getByRole('dialog', { name: media[0]!.title })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });

  test('reads well in dark mode at 1366 and 375 px, the modal included', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const { media } = await openGallery(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expect(cards(page).first().locator('img')).toBeVisible();
    await expectAccessible(page);
    const video = media.find((m) => m.type === 'video')!;
    await page.getByRole('button', { name: `Open ${video.title}` }).click();
    const dialog = page.getByRole('dialog', { name: video.title });
    await expect(dialog.locator('video')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: `Open ${media[0]!.title}` }).click();
    const photo = page.getByRole('dialog', { name: media[0]!.title });
    await expect(photo).toBeVisible();
    const box = (await photo.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
