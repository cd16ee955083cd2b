import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { endpoints, endpointUrl, type DocumentItem } from '@portal/contracts';
import { callApiOk } from '../support/api';
import { expect, expectAccessible, expectNoSidewaysScroll, signIn, test } from '../support/fixtures';

const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/** Opens the vault and answers what the API says the investor should see there. */
async function openVault(page: Page) {
  const { accessToken } = await signIn(page, 'investor', '/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Document Vault' })).toBeVisible();
  await expect(page.getByLabel('Current project')).toHaveValue(/.+/);
  const projectId = await page.getByLabel('Current project').inputValue();
  const { documents } = await callApiOk(
    page.request,
    endpoints.documents.list,
    { query: { projectId } },
    accessToken,
  );
  expect(documents.length).toBeGreaterThan(3);
  return { token: accessToken, projectId, documents };
}

/** The download buttons of the project's documents (not those of the investor's statements). */
const documentDownloads = (page: Page) => page.getByRole('button', { name: /^Download (?!statement )/ });

/** The document names of a category group, in the order the page shows them. */
const namesIn = (group: Locator) =>
  group
    .getByRole('button', { name: /^Download / })
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!.replace(/^Download /, '')));

const group = (page: Page, category: string) =>
  page.getByRole('main').getByRole('region', { name: category });
/**
 * The project's category groups (the toaster is a region too, outside the main area; the investor's
 * Statements group, shown whatever the project, is not one of them).
 */
const groups = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('region')
    .filter({ hasNot: page.getByRole('heading', { name: 'Statements', exact: true }) });

/** How many lines each category header's document count takes, group by group. */
const countLines = (page: Page) =>
  groups(page).evaluateAll((sections) =>
    sections.map((section) => {
      const range = document.createRange();
      range.selectNodeContents(section.querySelector('h2 + span')!);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    }),
  );

async function choose(page: Page, menu: 'Filter' | 'Sort', entry: string) {
  await page.getByRole('button', { name: new RegExp(`^${menu}`) }).click();
  await page.getByRole('menuitemradio', { name: entry, exact: true }).click();
  await expect(page.getByRole('menu')).toBeHidden();
}

test.describe('[DOCUMENTS] document vault', () => {
  test("shows the project's documents grouped by category, with date, type and 'New'", async ({ page }) => {
    const { documents, token } = await openVault(page);
    const { data: statements } = await callApiOk(page.request, endpoints.statements.list, {}, token);
    const categories = [...new Set(documents.map((d) => d.category))];
    await expect(groups(page)).toHaveCount(categories.length);
    for (const c of categories) {
      const inGroup = documents.filter((d) => d.category === c);
      expect((await namesIn(group(page, c))).sort()).toEqual(inGroup.map((d) => d.name).sort());
    }
    const tax = documents.find((d) => d.category === 'Tax Documents')!;
    expect(tax.userId).not.toBeNull();
    const row = group(page, 'Tax Documents').getByRole('listitem').filter({ hasText: tax.name });
    await expect(row).toContainText(`Uploaded ${shortDate(tax.uploadDate)}`);
    await expect(row).toContainText(tax.type);
    await expect(page.getByText('New', { exact: true })).toHaveCount(documents.filter((d) => d.isNew).length);
    // Another investor's own statement is never listed.
    await expect(page.getByText(/Tax Statement 2025 — Lukas/)).toHaveCount(0);
    // The count covers the statements listed below the documents too.
    await expect(
      page.getByText(`${documents.length} documents · ${statements.length} statements`, { exact: true }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('the Statements group lists what the API answers, and a statement downloads as a PDF', async ({
    page,
  }) => {
    const { token } = await openVault(page);
    const { data: statements } = await callApiOk(page.request, endpoints.statements.list, {}, token);
    expect(statements.length).toBeGreaterThan(4);
    const region = page.getByRole('main').getByRole('region', { name: 'Statements' });
    await expect(region.getByRole('button', { name: /^Download statement / })).toHaveCount(statements.length);
    const year = statements.find((s) => s.kind === 'annual')!;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      region.getByRole('button', { name: `Download statement ${year.period}`, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-.+-${year.period}\\.pdf$`));
    expect(
      fs
        .readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expectAccessible(page);
  });

  test('search, Filter and Sort work together', async ({ page }) => {
    const { documents, token } = await openVault(page);
    const { data: statements } = await callApiOk(page.request, endpoints.statements.list, {}, token);
    const search = page.getByLabel('Search documents');
    await expect(search).toHaveAttribute('placeholder', 'Search documents...');

    await search.fill('  TAX ');
    const taxed = documents.filter((d) => /tax/i.test(d.name) || /tax/i.test(d.category));
    // The count covers the statements listed below the documents too (none is called "tax").
    await expect(
      page.getByText(
        `Showing ${taxed.length} of ${documents.length + statements.length} documents and statements`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Download statement / })).toHaveCount(0);
    await expect(documentDownloads(page)).toHaveCount(taxed.length);

    // The category matches too.
    await search.fill('investment reports');
    const reports = documents.filter((d) => d.category === 'Investment Reports');
    expect(reports.length).toBeGreaterThanOrEqual(3);
    await expect(groups(page)).toHaveCount(1);
    expect((await namesIn(group(page, 'Investment Reports'))).length).toBe(reports.length);

    await search.fill('nothing is called this');
    await expect(page.getByText('No documents match your search.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filter' }).click();
    await expect(search).toHaveValue('');
    await expect(documentDownloads(page)).toHaveCount(documents.length);

    await choose(page, 'Filter', 'Perk Documentation');
    await expect(page.getByRole('button', { name: /^Filter/ })).toContainText('Perk Documentation');
    await expect(groups(page)).toHaveCount(1);
    expect((await namesIn(group(page, 'Perk Documentation'))).sort()).toEqual(
      documents
        .filter((d) => d.category === 'Perk Documentation')
        .map((d) => d.name)
        .sort(),
    );
    await search.fill('tax');
    await expect(page.getByText('No documents match your search.')).toBeVisible();
    await search.fill('');
    await choose(page, 'Filter', 'All Documents');
    await expect(groups(page)).toHaveCount(new Set(documents.map((d) => d.category)).size);

    const reportGroup = group(page, 'Investment Reports');
    const byDate = (a: DocumentItem, b: DocumentItem) => a.uploadDate.localeCompare(b.uploadDate);
    const byName = (a: DocumentItem, b: DocumentItem) => a.name.localeCompare(b.name, 'en');
    // Default: newest first.
    expect(await namesIn(reportGroup)).toEqual(
      [...reports]
        .sort(byDate)
        .reverse()
        .map((d) => d.name),
    );
    await choose(page, 'Sort', 'Date (Oldest)');
    expect(await namesIn(reportGroup)).toEqual([...reports].sort(byDate).map((d) => d.name));
    await choose(page, 'Sort', 'Name (A-Z)');
    expect(await namesIn(reportGroup)).toEqual([...reports].sort(byName).map((d) => d.name));
    await choose(page, 'Sort', 'Name (Z-A)');
    expect(await namesIn(reportGroup)).toEqual(
      [...reports]
        .sort(byName)
        .reverse()
        .map((d) => d.name),
    );
    await choose(page, 'Sort', 'Type');
    const types = [...reports].sort((a, b) => a.type.localeCompare(b.type) || byName(a, b));
    expect(await namesIn(reportGroup)).toEqual(types.map((d) => d.name));
    expect(types[0]!.type).not.toBe(types[types.length - 1]!.type);
  });

  test('the menus work from the keyboard', async ({ page }) => {
    await openVault(page);
    await page.getByRole('button', { name: /^Filter/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { name: 'All Documents' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    // The menu moves focus just after the key event: Enter goes to the entry that has it.
    await expect(page.getByRole('menuitemradio', { name: 'Contracts' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(groups(page)).toHaveCount(1);
    await expect(group(page, 'Contracts')).toBeVisible();
  });

  test('a document downloads with the right bytes and name', async ({ page }) => {
    const { token, documents } = await openVault(page);
    const doc = documents.find((d) => d.mimeType === 'application/pdf' && d.userId === null)!;
    const expected =
      await // The answer is the file's bytes, which callApi does not read: the address from the registry.
      (
        await page.request.get(endpointUrl(endpoints.documents.download, { params: { id: doc._id } }), {
          headers: { authorization: `Bearer ${token}` },
        })
      ).body();
    expect(expected.subarray(0, 5).toString()).toBe('%PDF-');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download ${doc.name}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${doc.name}.pdf`);
    expect(fs.readFileSync(await download.path()).equals(expected)).toBe(true);
  });

  test('preview opens a PDF in a new tab', async ({ page }) => {
    const { documents } = await openVault(page);
    const doc = documents.find((d) => d.mimeType === 'application/pdf')!;
    const opening = page.waitForEvent('popup');
    await page.getByRole('button', { name: `Preview ${doc.name}` }).click();
    const tab = await opening;
    expect(tab.url()).toMatch(/^blob:/);
    await expect(page.getByRole('button', { name: `Preview ${doc.name}` })).toBeEnabled();
  });

  test("a failed download shows the server's message read from the answer", async ({ page }) => {
    const { documents } = await openVault(page);
    await page.route('**/api/documents/*/download', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Document not found', error: 'Document not found' }),
      }),
    );
    await page.getByRole('button', { name: `Download ${documents[0]!.name}` }).click();
    await expect(page.getByText('Document not found', { exact: true })).toBeVisible();
  });

  test('the loading and empty messages, and the no-project empty state', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(
      (url) => url.pathname === '/api/documents',
      async (route) => {
        await held;
        await route.fulfill({ json: { success: true, documents: [] } });
      },
    );
    await signIn(page, 'investor', '/documents');
    await expect(page.getByText('Loading documents...')).toBeVisible();
    release();
    await expect(page.getByText('No documents found for this project.')).toBeVisible();

    await page.route('**/api/projects', (route) => route.fulfill({ json: { success: true, data: [] } }));
    await page.reload();
    // An investor without a project is not asked to choose one (issue 14): the shared empty state.
    const empty = page.getByRole('region', { name: 'You have no projects yet' });
    await expect(empty).toBeVisible();
    await expect(empty.getByRole('link', { name: 'Join New Project' })).toBeVisible();
  });

  test('works at 375 px in light mode: nothing scrolls sideways, the counts stay on one line, the menu fits', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 375, height: 812 });
    const { documents } = await openVault(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    const categories = new Set(documents.map((d) => d.category)).size;
    await expect(groups(page)).toHaveCount(categories);
    expect(await countLines(page)).toEqual(Array(categories).fill(1));
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: /^Sort/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio')).toHaveCount(5);
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('reads well in dark mode at 1366 and 375 px, the Filter menu included', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const { documents } = await openVault(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const categories = new Set(documents.map((d) => d.category)).size;
    await expect(groups(page)).toHaveCount(categories);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: /^Filter/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio')).toHaveCount(5);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('button', { name: /^Filter/ })).toBeInViewport();
    expect(await countLines(page)).toEqual(Array(categories).fill(1));
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
