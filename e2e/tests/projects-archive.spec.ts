import type { Page } from '@playwright/test';
import { endpoints } from '@portal/contracts';
import { callApi } from '../support/api';
import {
  DEMO,
  confirmInApp,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  signIn,
  test,
} from '../support/fixtures';

const FJORD = 'Fjordview Timber Lodges';
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const cardOf = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Projects' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { name, exact: true }),
    });

test.describe('[ADMIN][PROJECTS] archive instead of delete; the opportunity investors see', () => {
  test('a project with investments is archived (hidden from its investor, money kept) and restored', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two signed-in people, both areas and axe on three screens.
    test.setTimeout(90_000);
    // Lukas holds Fjordview.
    const lukas = await browser.newContext({ baseURL });
    const investor = await lukas.newPage();
    const { accessToken } = await signIn(investor, 'investor2', '/projects');
    const me = async () => (await callApi(investor.request, endpoints.users.me, {}, accessToken)).body.data;
    await expect(investor.getByRole('heading', { level: 2, name: FJORD })).toBeVisible();
    const projects = await callApi(investor.request, endpoints.projects.list, {}, accessToken);
    const project = projects.body.data.find((p) => p.name === FJORD)!;
    const before = await me();

    await signIn(page, 'admin', '/admin/projects');
    const card = cardOf(page, FJORD);

    // Deleting it is refused, after the name is typed: the server says to archive it.
    await card.getByRole('button', { name: `Delete ${FJORD}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete project ${FJORD}?` });
    await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
    await expectAccessible(page);
    await confirmInApp(page, `Delete project ${FJORD}?`, { typed: FJORD });
    await expect(toast(page, 'Failed to delete project')).toBeVisible();
    await expect(page.getByText(/so it cannot be deleted\. Archive it instead/).first()).toBeVisible();

    await card.getByRole('button', { name: `Archive ${FJORD}` }).click();
    await expect(page.getByRole('alertdialog', { name: `Archive project ${FJORD}?` })).toContainText(
      'Investors will no longer see it',
    );
    await confirmInApp(page, `Archive project ${FJORD}?`, { confirm: 'Archive' });
    await expect(toast(page, 'Archived')).toBeVisible();
    await expect(card.getByText('Archived', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Restore ${FJORD}` })).toBeVisible();
    await expectAccessible(page);

    // Lukas no longer sees it, nor its page; what he put in and received stays in his totals.
    await investor.goto('/projects');
    await expect(investor.getByRole('heading', { level: 1, name: 'Your Projects' })).toBeVisible();
    await expect(investor.getByRole('heading', { level: 2, name: FJORD })).toHaveCount(0);
    await investor.goto(`/project/${project._id}`);
    await expect(investor.getByRole('heading', { name: 'Project not found' })).toBeVisible();
    const during = await me();
    expect(during.totalInvestment).toBe(before.totalInvestment);
    expect(during.totalReturned).toBe(before.totalReturned);

    await card.getByRole('button', { name: `Restore ${FJORD}` }).click();
    await confirmInApp(page, `Restore project ${FJORD}?`, { confirm: 'Restore' });
    await expect(toast(page, 'Restored')).toBeVisible();
    await expect(card.getByText('Archived', { exact: true })).toHaveCount(0);

    await investor.goto(`/project/${project._id}`);
    await expect(investor.getByRole('heading', { level: 1, name: FJORD })).toBeVisible();
    await lukas.close();
  });

  test('the admin sets the opportunity; investors see its launch on Join New Project', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, 'admin', '/admin/projects');
    const card = cardOf(page, 'Swiss Alpine Retreat Cabins');
    await expect(card.getByText('Open for interest', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Opportunity of Swiss Alpine Retreat Cabins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open for interest' });
    await expect(dialog.getByLabel('Minimum Investment (€)')).toHaveValue('25000');
    await dialog.getByLabel('Minimum Investment (€)').fill('600000');
    await dialog.getByRole('button', { name: 'Save Opportunity' }).click();
    await expect(
      dialog.getByText('Minimum investment cannot be more than the maximum investment'),
    ).toBeVisible();
    await dialog.getByLabel('Minimum Investment (€)').fill('30000');
    await dialog.getByLabel('Expected Launch').fill('2031-02-01');
    await expect(dialog.getByText('Investors see “Q1 2031”.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save Opportunity' }).click();
    await expect(toast(page, 'Updated')).toBeVisible();

    await signIn(page, 'investor', '/join-project');
    const facts = page.locator('dl').filter({ hasText: 'Projected Annual ROI' });
    await expect(facts).toContainText('Q1 2031');
    await expect(facts).toContainText('€30,000');
    const form = page.getByRole('region', { name: 'Register Your Interest' });
    await expect(form.getByLabel('Intended Investment Amount')).toHaveAttribute(
      'placeholder',
      'Min: €30,000',
    );
    await expect(form.getByLabel('Full Name')).toHaveValue('Emma Lindqvist');
    await expect(form.getByLabel('Email')).toHaveValue(DEMO.investor.email);
    await expectAccessible(page);
  });

  test('at 375 px Projects Management fits the screen, with its badges and actions', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'admin', '/admin/projects');
    const card = cardOf(page, 'Swiss Alpine Retreat Cabins');
    await expect(card.getByText('Open for interest', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Archive Swiss Alpine Retreat Cabins' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
