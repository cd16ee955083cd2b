import { endpoints } from '@portal/contracts';
import { callApiOk, projectIdByName } from '../support/api';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import type { Locator } from '@playwright/test';

/** The value shown under a figure's label in a Performance section. */
const figure = (section: Locator, label: string) =>
  section.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
const percent = (x: number | null) => (x === null ? '—' : `${(Math.round(x * 1000) / 10).toFixed(1)}%`);

test.describe('[MONEY] performance figures and bank details', () => {
  test('the dashboard and a project page show the figures the API answers, each explained', async ({
    page,
  }) => {
    const investor = await signIn(page, 'investor');
    const { data } = await callApiOk(page.request, endpoints.performance.get, {}, investor.accessToken);
    expect(data.portfolio.invested).toBeGreaterThan(0);
    expect(data.portfolio.xirr).not.toBeNull();

    const section = page.getByRole('region', { name: 'Performance' });
    await expect(figure(section, 'Internal rate of return (IRR)')).toHaveText(percent(data.portfolio.xirr));
    await expect(figure(section, 'Cash yield, last 12 months')).toHaveText(
      percent(data.portfolio.cashYield12m),
    );
    await expect(figure(section, 'Distributions to paid-in (DPI)')).toHaveText(
      `${data.portfolio.dpi!.toFixed(2)}×`,
    );
    await expect(section.getByText(/the capital still invested counted at cost today/)).toBeVisible();
    await expectAccessible(page);

    const aurora = await projectIdByName(page.request, investor.accessToken, 'Aurora Lakeside Cabins');
    const own = data.projects.find((p) => p.projectId === aurora)!;
    await page.goto(`/project/${aurora}`);
    const mine = page.getByRole('region', { name: 'Performance' });
    await expect(figure(mine, 'Internal rate of return (IRR)')).toHaveText(percent(own.xirr));
    await expect(mine.getByText(`How your money in Aurora Lakeside Cabins has done.`)).toBeVisible();
  });

  test('an investor sets a bank account: a wrong IBAN is named next to it, the right one is shown masked and notified', async ({
    page,
  }) => {
    const investor = await signIn(page, 'investor');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByRole('tab', { name: 'Bank account' }).click();
    await expect(
      dialog.getByText('No bank account yet. Add one so that your distributions can be paid.'),
    ).toBeVisible();

    await dialog.getByLabel('IBAN').fill('FI21 1234 5600 0007 86');
    await dialog.getByLabel('Current password').fill('investor123');
    await dialog.getByRole('button', { name: 'Save bank account' }).click();
    const iban = dialog.getByLabel('IBAN');
    await expect(iban).toHaveAttribute('aria-invalid', 'true');
    await expect(iban).toHaveAccessibleDescription(/check digits do not match/);
    // The error toast too (its code loads with the first toast): checked once it is on screen.
    await expect(
      page.getByRole('region', { name: /^Notifications/ }).getByText(/check digits do not match/),
    ).toBeVisible();
    await expectAccessible(page);

    await iban.fill('FI21 1234 5600 0007 85');
    await dialog.getByLabel('Current password').fill('investor123');
    await dialog.getByRole('button', { name: 'Save bank account' }).click();
    await expect(dialog.getByText('•••• •••• •••• 0785')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Change bank account' })).toBeVisible();

    const me = await callApiOk(page.request, endpoints.users.me, {}, investor.accessToken);
    expect(me.data.bankAccount).toMatchObject({ iban: '•••• •••• •••• 0785', holder: 'Emma Lindqvist' });
    const { data: notes } = await callApiOk(
      page.request,
      endpoints.notifications.list,
      {},
      investor.accessToken,
    );
    expect(notes.notifications.map((n) => n.title)).toContain('Bank account changed');
  });
});
