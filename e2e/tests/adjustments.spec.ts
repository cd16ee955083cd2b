import type { Page } from '@playwright/test';
import { endpoints } from '@portal/contracts';
import { callApiOk, projectIdByName } from '../support/api';
import { apiSignIn, expect, expectAccessible, signIn, test } from '../support/fixtures';
import { expectToastShown, recordToasts } from '../support/toasts';

/**
 * The demo's final "Nov 2026 income" run (the seeding month's income of Fjordview, paid on the 15th of
 * the next month) paid Lukas Berg, the second demo investor: his return of that month is locked.
 */
const FJORDVIEW = 'Fjordview Timber Lodges';
const REASON = 'The month’s income was paid €10 too high';

const chooseProject = (page: Page, name: string) =>
  page.getByRole('banner').getByLabel('Current project').selectOption({ label: name });

test.describe('[ADMIN][ADJUSTMENTS] money already paid is corrected by entries of its own (issue 31)', () => {
  test('an admin records an adjustment of −€10 on a locked return; the investor sees it as its own line', async ({
    page,
    browser,
    baseURL,
  }) => {
    await recordToasts(page);
    const lukas = await apiSignIn(page.request, 'investor2');
    const admin = await signIn(page, 'admin', `/admin/investments?userId=${lukas.user._id}`);
    // The run's month is the seeding day's ('Nov 2026'): read from the data, not from today.
    const fjordview = await projectIdByName(page.request, admin.accessToken, FJORDVIEW);
    const { data } = await callApiOk(
      page.request,
      endpoints.returns.list,
      { params: { id: lukas.user._id }, query: { projectId: fjordview } },
      admin.accessToken,
    );
    const locked = data.monthlyReturns.filter((r) => r.locked);
    expect(locked).toHaveLength(1);
    const [y, m] = locked[0]!.month.split('-').map(Number) as [number, number];
    const month = new Date(Date.UTC(y, m - 1)).toLocaleString('en-US', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await chooseProject(page, FJORDVIEW);
    await expect(page.getByRole('heading', { name: 'Lukas Berg' })).toBeVisible();

    await test.step('the locked return offers an adjustment that names it', async () => {
      const table = page.getByRole('table', { name: 'Monthly returns' });
      const adjust = table.getByRole('button', { name: `Adjust ${month}` });
      await expect(adjust.locator('xpath=ancestor::tr')).toContainText('Locked:');
      await expect(page.getByText('No adjustments', { exact: true })).toBeVisible();
      await adjust.click();
      const dialog = page.getByRole('dialog', { name: 'Record an adjustment' });
      await expect(dialog).toContainText(`Corrects: the ${month} return of €240`);
      await expect(dialog.getByLabel('Kind')).toHaveValue('income');
      await dialog.getByLabel('Amount (€)').fill('-10');
      // The reason is required: named next to it, nothing sent.
      await dialog.getByRole('button', { name: 'Record adjustment' }).click();
      await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page);
      await dialog.getByLabel('Reason').fill(REASON);
      await dialog.getByRole('button', { name: 'Record adjustment' }).click();
      await expect(dialog).toBeHidden();
      await expectToastShown(page, 'Recorded');
    });

    await test.step('it is listed under the returns', async () => {
      const list = page.getByRole('region', { name: 'Adjustments' });
      const row = list.getByRole('table', { name: 'Adjustments' }).getByRole('row').nth(1);
      await expect(row).toContainText('-€10');
      await expect(row).toContainText(REASON);
      await expect(row).toContainText(`Corrects the ${month} return of €240`);
      await expect(list).toContainText('1 adjustment · -€10 in total');
      await expectAccessible(page);
      const { data: adjustments } = await callApiOk(
        page.request,
        endpoints.adjustments.list,
        { query: { userId: lukas.user._id } },
        admin.accessToken,
      );
      expect(adjustments).toMatchObject([
        { kind: 'income', amount: -10, reason: REASON, userName: 'Lukas Berg' },
      ]);
    });

    await test.step('the investor sees it as its own line in the Payout Timeline', async () => {
      const context = await browser.newContext({ baseURL });
      const investor = await context.newPage();
      await signIn(investor, 'investor2');
      const timeline = investor.getByRole('list', { name: 'Payouts' });
      const line = timeline.getByRole('listitem').filter({ hasText: `Adjustment: ${REASON}` });
      await expect(line).toHaveCount(1);
      await expect(line).toContainText('-€10');
      await expect(line).toContainText(`Adjustment: ${REASON} · ${FJORDVIEW}`);
      await expectAccessible(investor);
      await context.close();
    });
  });

  test('an admin reverses the final Pine Hollow capital run after a reason; it shows Reversed, and no SEPA file', async ({
    page,
  }) => {
    const PINE = 'Pine Hollow Retreat';
    const RUN = 'Dec 2024 return of capital';
    const WHY = 'Paid to the wrong account; paid again by a new run';
    await recordToasts(page);
    await signIn(page, 'admin', '/admin/distributions');
    await chooseProject(page, PINE);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: RUN }) });
    await expect(card.getByRole('button', { name: `Download SEPA file of ${RUN}` })).toBeVisible();
    await card.getByRole('button', { name: `Details of ${RUN}` }).click();
    const details = page.getByRole('dialog', { name: `${PINE}: ${RUN}` });
    await details.getByRole('button', { name: 'Reverse distribution' }).click();

    const dialog = page.getByRole('dialog', { name: `Reverse ${RUN}?` });
    await expect(dialog).toContainText(
      'Each investor paid gets an adjustment of minus their amount, dated today; the run stays as it was.',
    );
    await dialog.getByRole('button', { name: 'Reverse distribution' }).click();
    await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await dialog.getByLabel('Reason').fill(WHY);
    await dialog.getByRole('button', { name: 'Reverse distribution' }).click();
    await expect(dialog).toBeHidden();
    await expectToastShown(page, 'Reversed');

    await expect(details).toContainText(`: ${WHY}`);
    await expect(details.getByText('Reversed', { exact: true })).toBeVisible();
    await expect(details.getByRole('button', { name: /SEPA|Reverse/ })).toHaveCount(0);
    await expectAccessible(page);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(card).toContainText(/Reversed on .*: Paid to the wrong account/);
    await expect(card.getByRole('button', { name: /SEPA/ })).toHaveCount(0);

    // The investor it paid has its negative adjustment, with the reason, among the payouts.
    const emma = await apiSignIn(page.request, 'investor');
    const { payouts } = await callApiOk(page.request, endpoints.investments.payouts, {}, emma.accessToken);
    expect(payouts.filter((p) => p.type === 'adjustment')).toMatchObject([
      { amount: -15000, note: `Adjustment: ${WHY}`, project: { name: PINE } },
    ]);
  });
});
