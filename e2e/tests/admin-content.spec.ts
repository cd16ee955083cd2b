import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { endpoints } from '@portal/contracts';
import { callApi, projectIdByName } from '../support/api';
import {
  apiSignIn,
  confirmInApp,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  nightAhead,
  signIn,
  test,
} from '../support/fixtures';

const AURORA = 'Aurora Lakeside Cabins';
/** A 1×1 PNG: the server sniffs uploads, so the bytes must really be an image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Nights the booking tests ask for, days ahead of today: past the demo's pending request (about 46 days
 * ahead), apart from each other, and well inside the Aurora allowances (Emma's runs about 19 months,
 * Lukas's about 33).
 */
const APPROVED_NIGHTS = [nightAhead(120), nightAhead(121)];
const DECLINED_NIGHTS = [nightAhead(150), nightAhead(151)];

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

const projectId = projectIdByName;

/** Signs in as the admin on `path` with Aurora Lakeside Cabins chosen in the header. */
async function openWithAurora(page: Page, path: string) {
  const session = await signIn(page, 'admin', path);
  await page.getByRole('banner').getByLabel('Current project').selectOption({ label: AURORA });
  return session;
}

test.describe('[ADMIN][CONTENT] perks, updates, media, documents and bookings', () => {
  test('a perk: the required-fields message, create, edit, delete; investors see it', async ({ page }) => {
    const admin = await openWithAurora(page, '/admin/perks');
    await expect(page.getByRole('heading', { name: 'Perks Management' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Perks' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add Perk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Perk' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add Perk' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Name, Type, and Status are required');
    await dialog.getByLabel('Name').fill('Sauna evenings');
    await dialog.getByLabel('Type').selectOption('wellness');
    await dialog.getByLabel('Description').fill('A private lakeside sauna two evenings a stay.');
    await dialog.getByLabel('Discount').fill('Free');
    await dialog.getByRole('button', { name: 'Add Perk' }).click();
    await expect(toast(page, 'Created')).toBeVisible();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Sauna evenings' }) });
    await expect(card).toContainText('Wellness');

    const investor = await apiSignIn(page.request, 'investor');
    const aurora = await projectId(page.request, admin.accessToken, AURORA);
    const seen = await callApi(
      page.request,
      endpoints.perks.list,
      { params: { projectId: aurora } },
      investor.accessToken,
    );
    expect(JSON.stringify(seen.body)).toContain('Sauna evenings');

    await card.getByRole('button', { name: 'Edit Sauna evenings' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Perk' });
    await edit.getByLabel('Discount').fill('20% off');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Updated')).toBeVisible();
    await expect(card).toContainText('20% off');

    await card.getByRole('button', { name: 'Delete Sauna evenings' }).click();
    await confirmInApp(page, 'Delete perk Sauna evenings?');
    await expect(toast(page, 'Deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sauna evenings' })).toHaveCount(0);
  });

  test('an update: image URLs trimmed with empty entries dropped; edit and delete', async ({ page }) => {
    const admin = await openWithAurora(page, '/admin/updates');
    await expect(page.getByRole('list', { name: 'Updates' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add Update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Update' });
    await dialog.getByLabel('Title', { exact: true }).fill('Jetty rebuilt');
    await dialog.getByLabel('Category').selectOption('milestone');
    await dialog.getByLabel('Excerpt', { exact: true }).fill('The new jetty is ready for the summer.');
    await dialog.getByLabel('Content', { exact: true }).fill('<p>The <strong>jetty</strong> is ready.</p>');
    await dialog.getByLabel('Image URLs').fill(' /demo/photos/lake.jpg , , /demo/photos/jetty.jpg ,');
    await dialog.getByRole('button', { name: 'Publish Update' }).click();
    await expect(toast(page, 'Created')).toBeVisible();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Jetty rebuilt' }) });
    await expect(card).toContainText('2 images');

    const aurora = await projectId(page.request, admin.accessToken, AURORA);
    const list = await callApi(
      page.request,
      endpoints.updates.list,
      { query: { projectId: aurora } },
      admin.accessToken,
    );
    const saved = list.body.updates.find((u) => u.title === 'Jetty rebuilt');
    expect(saved).toMatchObject({
      category: 'milestone',
      images: ['/demo/photos/lake.jpg', '/demo/photos/jetty.jpg'],
      content: '<p>The <strong>jetty</strong> is ready.</p>',
    });

    await card.getByRole('button', { name: 'Edit Jetty rebuilt' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Update' });
    await expect(edit.getByLabel('Image URLs')).toHaveValue('/demo/photos/lake.jpg, /demo/photos/jetty.jpg');
    await edit.getByLabel('Title', { exact: true }).fill('Jetty rebuilt for summer');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Updated')).toBeVisible();

    await page.getByRole('button', { name: 'Delete Jetty rebuilt for summer' }).click();
    await confirmInApp(page, 'Delete update “Jetty rebuilt for summer”?');
    await expect(toast(page, 'Deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Jetty rebuilt for summer' })).toHaveCount(0);
  });

  test('a media item: the required-fields message, an upload, edit and delete', async ({ page }) => {
    await openWithAurora(page, '/admin/media');
    await expect(page.getByRole('list', { name: 'Media' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add Media' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Media' });
    await dialog.getByLabel('Title').fill('Pier at dawn');
    await dialog.getByRole('button', { name: 'Add Media' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Title, Type, and Description are required');
    await dialog.getByLabel('Type').selectOption('photo');
    await dialog.getByLabel('Description').fill('First light over the lake.');
    await dialog.getByLabel('Priority').fill('50');
    await dialog.getByLabel('File').setInputFiles({ name: 'pier.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByText('pier.png · 70 B')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Media' }).click();
    await expect(toast(page, 'Created')).toBeVisible();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Pier at dawn' }) });
    await expect(card).toContainText('priority 50');
    const img = card.locator('img');
    await expect(img).toHaveJSProperty('naturalWidth', 1);
    // Download saves the uploaded bytes, named after the item; Open shows the same file in a new tab.
    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Download Pier at dawn' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Pier at dawn.png');
    expect(fs.readFileSync(await download.path())).toEqual(PNG);
    const open = card.getByRole('link', { name: 'Open Pier at dawn' });
    await expect(open).toHaveAttribute('target', '_blank');
    const href = new URL((await open.getAttribute('href'))!, page.url()).href;
    const opening = page.context().waitForEvent('page');
    await open.click();
    const tab = await opening;
    await expect(tab).toHaveURL(href);
    // A file at the address the link gives, not a JSON answer: fetched raw.
    expect(await (await page.request.get(href)).body()).toEqual(PNG);
    await tab.close();

    await card.getByRole('button', { name: 'Edit Pier at dawn' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Media' });
    await expect(edit.getByText('Attached: pier.png')).toBeVisible();
    await edit.getByLabel('Status').selectOption('draft');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Updated')).toBeVisible();
    await expect(card).toContainText('Draft');

    await card.getByRole('button', { name: 'Delete Pier at dawn' }).click();
    await confirmInApp(page, 'Delete media “Pier at dawn”?');
    await expect(toast(page, 'Deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pier at dawn' })).toHaveCount(0);
  });

  test('a document for one investor: upload, download and preview the same bytes in a new tab, edit, delete; they see it', async ({
    page,
  }) => {
    const admin = await openWithAurora(page, '/admin/documents');
    const investor = await apiSignIn(page.request, 'investor');
    await page.goto(`/admin/documents?userId=${investor.user._id}`);
    await expect(page.getByRole('heading', { name: 'Media', exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Documents' })).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1366, height: 850 });

    const bytes = Buffer.from(`Statement for ${investor.user.name}\nBalance: 25,000.00 EUR\n`, 'utf8');
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    await expectAccessible(page);
    await dialog
      .getByLabel('File')
      .setInputFiles({ name: 'statement.txt', mimeType: 'text/plain', buffer: bytes });
    await dialog.getByLabel('Name').fill('Annual statement 2026');
    await dialog.getByLabel('Category').selectOption('Investment Reports');
    await dialog.getByRole('button', { name: 'Upload Document' }).click();
    await expect(toast(page, 'Created')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Annual statement 2026' });
    await expect(row).toContainText('statement.txt');
    await expect(row).toContainText('TXT');
    // Every action is on screen, none hidden behind a sideways scroll of the table.
    await expect(row.getByRole('button', { name: 'Delete Annual statement 2026' })).toBeInViewport();

    // Download and preview open the file in a new tab on the admin screen (docs/product.md §15.7).
    for (const action of ['Download', 'Preview']) {
      const [tab] = await Promise.all([
        page.waitForEvent('popup'),
        row.getByRole('button', { name: `${action} Annual statement 2026` }).click(),
      ]);
      await expect(tab).toHaveURL(/^blob:/);
      await expect(tab.locator('pre')).toHaveText(bytes.toString('utf8').trimEnd());
      expect(await tab.locator('pre').textContent()).toBe(bytes.toString('utf8'));
      await tab.close();
    }
    await expect(page).toHaveURL(/\/admin\/documents\?userId=/);

    const aurora = await projectId(page.request, admin.accessToken, AURORA);
    const vault = await callApi(
      page.request,
      endpoints.documents.list,
      { query: { projectId: aurora } },
      investor.accessToken,
    );
    expect(JSON.stringify(vault.body)).toContain('Annual statement 2026');

    await row.getByRole('button', { name: 'Edit Annual statement 2026' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Document' });
    await edit.getByLabel('Name').fill('Annual statement 2026 (final)');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Updated')).toBeVisible();

    await page.getByRole('button', { name: 'Delete Annual statement 2026 (final)' }).click();
    await confirmInApp(page, 'Delete document “Annual statement 2026 (final)”?');
    await expect(toast(page, 'Deleted')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Annual statement 2026' })).toHaveCount(0);
  });

  test('a per-user media upload, previewed and downloaded in a new tab, and a shared document', async ({
    page,
  }) => {
    await openWithAurora(page, '/admin/documents');
    const investor = await apiSignIn(page.request, 'investor2');
    await page.goto(`/admin/documents?userId=${investor.user._id}`);
    await page.getByRole('button', { name: 'Upload Media' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Media' });
    await dialog.getByLabel('File').setInputFiles({ name: 'keys.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByLabel('Title').fill('Your cabin keys');
    await dialog.getByRole('button', { name: 'Upload Media' }).click();
    await expect(toast(page, 'Created')).toBeVisible();
    const media = page.getByRole('list', { name: 'Media' });
    await expect(media).toContainText('Your cabin keys');
    for (const action of ['Preview', 'Download']) {
      const [tab] = await Promise.all([
        page.waitForEvent('popup'),
        media.getByRole('button', { name: `${action} Your cabin keys` }).click(),
      ]);
      await expect(tab).toHaveURL(/^blob:/);
      await expect(tab.locator('img')).toHaveJSProperty('naturalWidth', 1);
      await tab.close();
    }

    await page.getByRole('button', { name: 'Shared with all investors' }).click();
    await expect(page.getByRole('heading', { name: 'Media', exact: true })).toHaveCount(0);
    await expect(page.getByText('Seen by every investor in the Document Vault')).toBeVisible();
  });

  test('a booking request is approved and the investor is notified', async ({ page }) => {
    const investor = await apiSignIn(page.request, 'investor');
    const adminToken = (await apiSignIn(page.request, 'admin')).accessToken;
    const aurora = await projectId(page.request, adminToken, AURORA);
    const created = await callApi(
      page.request,
      endpoints.bookings.create,
      { body: { projectId: aurora, type: 'personal', dates: APPROVED_NIGHTS, notes: 'Anniversary trip' } },
      investor.accessToken,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    await openWithAurora(page, '/admin/bookings');
    const card = page.getByRole('listitem').filter({ hasText: 'Anniversary trip' });
    await expect(card).toContainText('2 nights');
    await expect(card).toContainText('Emma Lindqvist');
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Approve the request of Emma Lindqvist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve booking request' });
    await dialog.getByLabel('Note to the investor (optional)').fill('Enjoy the lake!');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(page, 'Booking approved')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Anniversary trip' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Approved' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Anniversary trip' })).toContainText(
      'Enjoy the lake!',
    );

    const { body } = await callApi(page.request, endpoints.notifications.list, {}, investor.accessToken);
    const { notifications } = body.data;
    expect(notifications.some((n) => /approved/i.test(`${n.title} ${n.message}`))).toBe(true);
  });

  test('a booking request is declined with a note and the investor is notified', async ({ page }) => {
    const investor = await apiSignIn(page.request, 'investor2');
    const adminToken = (await apiSignIn(page.request, 'admin')).accessToken;
    const aurora = await projectId(page.request, adminToken, AURORA);
    const created = await callApi(
      page.request,
      endpoints.bookings.create,
      {
        body: { projectId: aurora, type: 'personal', dates: DECLINED_NIGHTS, notes: 'New Year by the lake' },
      },
      investor.accessToken,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    await openWithAurora(page, '/admin/bookings');
    const card = page.getByRole('listitem').filter({ hasText: 'New Year by the lake' });
    await expect(card).toContainText(investor.user.name);
    await card.getByRole('button', { name: `Decline the request of ${investor.user.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline booking request' });
    await expect(dialog).toContainText('2 nights');
    await expectAccessible(page);
    await dialog.getByLabel('Note to the investor (optional)').fill('The cabins are fully booked that week.');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(toast(page, 'Booking declined')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: 'New Year by the lake' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Declined' }).click();
    const declined = page.getByRole('listitem').filter({ hasText: 'New Year by the lake' });
    await expect(declined).toContainText('Declined');
    await expect(declined).toContainText('The cabins are fully booked that week.');
    await expect(declined.getByRole('button', { name: /Approve|Decline/ })).toHaveCount(0);

    const mine = await callApi(
      page.request,
      endpoints.bookings.list,
      { query: { projectId: aurora } },
      investor.accessToken,
    );
    const booking = mine.body.data.find((b) => b.notes === 'New Year by the lake');
    expect(booking).toMatchObject({
      status: 'declined',
      decisionNote: 'The cabins are fully booked that week.',
    });
    const { body } = await callApi(page.request, endpoints.notifications.list, {}, investor.accessToken);
    const { notifications } = body.data;
    expect(notifications.map((n) => n.title)).toContain('Booking declined');
  });

  test('the interest inbox lists a registration', async ({ page }) => {
    const investor = await apiSignIn(page.request, 'investor');
    const sent = await callApi(
      page.request,
      endpoints.interest.register,
      {
        body: {
          name: 'Emma Lindqvist',
          email: 'investor@example.com',
          investmentAmount: 50000,
          message: 'Call me',
        },
      },
      investor.accessToken,
    );
    expect(sent.status).toBe(201);
    await signIn(page, 'admin', '/admin/interest');
    const table = page.getByRole('table', { name: 'Interest registrations' });
    await expect(table).toContainText('€50,000');
    await expect(table).toContainText('investor@example.com');
    await expectAccessible(page);
    // Moving it along is kept: the status survives a reload and the filter finds it.
    await table.getByLabel('Status of Emma Lindqvist').selectOption('contacted');
    await expect(page.getByText('Updated', { exact: true })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'Interest registrations' }).getByLabel('Status of Emma Lindqvist'),
    ).toHaveValue('contacted');
  });
});
