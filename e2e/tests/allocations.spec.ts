import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';

const AURORA = 'Aurora Lakeside Cabins';

/** Perks of Aurora for a demo investor, with its Peak weeks card (the demo's Christmas draw). */
async function perksOfAurora(page: Page, role: 'investor' | 'investor2') {
  await signIn(page, role, '/perks');
  const selector = page.getByLabel('Current project');
  await expect(selector).toHaveValue(/.+/);
  await selector.selectOption({ label: AURORA });
  await expect(page.getByRole('heading', { level: 2, name: /^Peak weeks: Christmas \d{4}$/ })).toBeVisible();
  // The project has one draw: its parts are found on the page.
  return page.getByRole('main');
}

test.describe('[PERKS] peak allocation (issue 35)', () => {
  test('an investor ranks the Christmas stays, the admin runs the draw, both investors see the result and the ledger', async ({
    page,
    browser,
  }) => {
    // Three sign-ins, a draw and two axe checks.
    test.setTimeout(120_000);
    const emma = await perksOfAurora(page, 'investor');
    const ranking = emma.getByRole('list', { name: 'Your ranking' });
    // The demo's ranking: two stays; she moves her second choice first and saves.
    await expect(ranking.getByRole('listitem')).toHaveCount(2);
    const second = (await ranking.getByRole('listitem').nth(1).textContent()) ?? '';
    await ranking
      .getByRole('button', { name: /^Move up: / })
      .last()
      .click();
    const stay = second
      .replace(/^\d+\.\s*/, '')
      .split('·')[0]!
      .trim();
    await expect(ranking.getByRole('listitem').first()).toContainText(`1. ${stay}`);
    await emma.getByRole('button', { name: 'Save ranking' }).click();
    await expect(page.getByText('Ranking saved', { exact: true }).first()).toBeVisible();
    await expectAccessible(page);

    // The admin runs it now, from the admin's Peak allocations.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', '/admin/allocations');
    await admin.getByRole('banner').getByLabel('Current project').selectOption({ label: AURORA });
    const run = admin.getByRole('button', { name: /^Run now: Christmas \d{4}$/ });
    await run.click();
    const question = admin.getByRole('alertdialog', { name: /^Run “Christmas \d{4}” now\?$/ });
    await question.getByRole('button', { name: 'Run now' }).click();
    await expect(admin.getByText('Allocation run', { exact: true }).first()).toBeVisible();
    // The result opens by itself once run.
    await expect(admin.getByRole('button', { name: /^Hide result: Christmas \d{4}$/ })).toBeVisible();
    // The admin sees both investors by name in the priority order.
    const order = admin.getByRole('list', { name: 'Priority order' });
    await expect(order.getByRole('listitem')).toHaveCount(2);
    await expect(order).toContainText('Emma');
    await expect(order).toContainText('Lukas');
    await expectAccessible(admin);
    await adminContext.close();

    // Emma's open page turns into the result without a reload: the order with her as "You" only.
    const emmaOrder = emma.getByRole('list', { name: 'Priority order' });
    await expect(emmaOrder.getByRole('listitem')).toHaveCount(2);
    await expect(emmaOrder.getByRole('listitem').filter({ hasText: 'You' })).toHaveCount(1);
    await expect(emmaOrder).not.toContainText('Lukas');
    await expect(emma.getByText(/^Seed/).first()).toBeVisible();
    await expect(page.getByText(/^You are \d of \d for the next allocation/)).toBeVisible();

    // Lukas sees the same order from his side, and his own ledger.
    const lukasContext = await browser.newContext();
    const lukasPage = await lukasContext.newPage();
    const lukas = await perksOfAurora(lukasPage, 'investor2');
    const lukasOrder = lukas.getByRole('list', { name: 'Priority order' });
    await expect(lukasOrder.getByRole('listitem')).toHaveCount(2);
    await expect(lukasOrder.getByRole('listitem').filter({ hasText: 'You' })).toHaveCount(1);
    await expect(lukasOrder).not.toContainText('Emma');
    await expect(lukasPage.getByText(/^You are \d of \d for the next allocation/)).toBeVisible();
    await lukasContext.close();
  });
});
