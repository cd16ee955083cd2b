import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { endpoints } from '@portal/contracts';
import { callApi, projectIdByName } from '../support/api';
import { expect, expectAccessible, expectNoSidewaysScroll, signIn, test } from '../support/fixtures';

const AURORA = 'Aurora Lakeside Cabins';

/** The element shows its whole text: nothing cut off by an ellipsis or overflow, and all of it on screen. */
async function expectWholeText(locator: Locator, text: string) {
  await expect(locator).toBeVisible();
  await expect(locator).toHaveText(text);
  const box = await locator.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    left: el.getBoundingClientRect().left,
    right: el.getBoundingClientRect().right,
    viewport: document.documentElement.clientWidth,
  }));
  expect(box.scroll, `"${text}" is cut off`).toBeLessThanOrEqual(box.client);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right, `"${text}" runs off the screen`).toBeLessThanOrEqual(box.viewport);
}

/** The admin area opens on the first project by name, Aurora, with the most content. */
async function openWithAurora(page: Page, path: string) {
  const session = await signIn(page, 'admin', path);
  const selector = page.getByLabel('Current project').locator('visible=true');
  await expect(selector.locator('option:checked')).toHaveText(AURORA);
  return session;
}

const auroraId = (page: Page, token: string) => projectIdByName(page.request, token, AURORA);

test.describe('[ADMIN][LISTS] admin lists on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('at 375 px Documents Management shows whole document names, the actions in a menu', async ({
    page,
  }) => {
    const admin = await openWithAurora(page, '/admin/documents');
    const project = await auroraId(page, admin.accessToken);
    const { body } = await callApi(
      page.request,
      endpoints.documents.list,
      { query: { projectId: project } },
      admin.accessToken,
    );
    // The screen opens on the documents shared with every investor.
    const names = body.documents.filter((d) => d.userId === null).map((d) => d.name);
    expect(names.length).toBeGreaterThan(3);
    const table = page.getByRole('table', { name: 'Documents' });
    await expect(table).toBeVisible();
    for (const name of names) await expectWholeText(table.getByText(name, { exact: true }), name);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // The row's actions are one button away: a menu with each of them.
    const first = names[0]!;
    await table.getByRole('button', { name: `Actions for ${first}` }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Preview', 'Download', 'Edit', 'Delete']);
    await menu.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Document' });
    await expect(dialog.getByLabel('Name')).toHaveValue(first);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('at 375 px perks, media, updates, users and projects show whole names', async ({ page }) => {
    const admin = await openWithAurora(page, '/admin/perks');
    const project = await auroraId(page, admin.accessToken);
    const longName = 'Guided snowshoe walk to the old reindeer herders’ hut above the lake';
    const created = await callApi(
      page.request,
      endpoints.perks.create,
      {
        params: { projectId: project },
        body: {
          name: longName,
          type: 'activity',
          status: 'active',
          category: 'standard',
          description: 'A long name.',
        },
      },
      admin.accessToken,
    );
    expect(created.status).toBe(201);

    const screens: [path: string, list: string][] = [
      ['/admin/perks', 'Perks'],
      ['/admin/media', 'Media'],
      ['/admin/updates', 'Updates'],
      ['/admin/projects', 'Projects'],
    ];
    for (const [path, list] of screens) {
      await page.goto(path);
      const items = page.getByRole('list', { name: list });
      await expect(items.getByRole('heading', { level: 2 }).first()).toBeVisible();
      const headings = await items.getByRole('heading', { level: 2 }).all();
      for (const h of headings) await expectWholeText(h, (await h.textContent())!);
      await expectNoSidewaysScroll(page);
    }
    await page.goto('/admin/perks');
    await expectWholeText(page.getByRole('heading', { level: 2, name: longName }), longName);

    await page.goto('/admin/users');
    for (const name of ['Emma Lindqvist', 'Lukas Berg']) {
      const button = page.getByRole('button', { name: `Details of ${name}` }).locator('visible=true');
      await expectWholeText(button.getByText(name, { exact: true }), name);
    }
    await expectNoSidewaysScroll(page);
  });
});

test.describe('[ADMIN][AUDIT] audit log', () => {
  test('an admin write shows up in the audit log: filtered, with its details, and in the CSV', async ({
    page,
  }) => {
    const admin = await signIn(page, 'admin', '/admin');
    const email = `audit.trail.${Date.now()}@example.com`;
    const created = await callApi(
      page.request,
      endpoints.adminUsers.create,
      {
        body: {
          name: 'Audit Trail',
          email,
          password: 'Audit-trail-lantern-12',
          investorId: `INV-2026-A${String(Date.now()).slice(-5)}`,
        },
      },
      admin.accessToken,
    );
    expect(created.status).toBe(201);

    await page.getByRole('navigation').getByRole('link', { name: 'Audit Log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Audit log' });
    await expect(
      page.getByText('Every change, by admins and investors: who did what, to which object, and when'),
    ).toBeVisible();
    const row = table
      .getByRole('row')
      .filter({ hasText: `${admin.user.name} created the account of Audit Trail` });
    await expect(row).toBeVisible();
    await expect(row).toContainText('User');
    await expect(row.getByRole('cell').nth(1)).toHaveText(`${admin.user.name}Admin`);
    await expectAccessible(page);

    await page.getByLabel('Object', { exact: true }).selectOption({ label: 'User' });
    await page.getByLabel('By', { exact: true }).selectOption({ label: admin.user.name });
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row).toBeVisible();
    await page.getByLabel('Object', { exact: true }).selectOption({ label: 'Booking' });
    await expect(page.getByText('No entries match these filters', { exact: true })).toBeVisible();
    await page.getByLabel('Object', { exact: true }).selectOption({ label: 'User' });

    await row.getByRole('button', { name: /^Details/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Audit entry' });
    await expect(dialog.getByRole('table', { name: 'Recorded details' })).toContainText(email);
    await expectAccessible(page);
    await dialog.press('Escape');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('Time (UTC),Admin,Admin email,Action,Object kind,Object id,Details,Role,Entry');
    expect(csv.filter(Boolean)).toHaveLength(2);
    expect(csv[1]).toContain(`${admin.user.name},`);
    expect(csv[1]).toContain(',create,User,');
    expect(csv[1]).toContain(email);
    expect(csv[1]).toMatch(new RegExp(`,Admin,${admin.user.name} created the account of Audit Trail$`));
  });
});
