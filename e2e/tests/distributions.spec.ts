import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { endpoints } from '@portal/contracts';
import { callApi, callApiOk, projectIdByName } from '../support/api';
import {
  apiSignIn,
  confirmInApp,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  signIn,
  test,
} from '../support/fixtures';
import { expectToastShown, recordToasts } from '../support/toasts';

const AURORA = 'Aurora Lakeside Cabins';
/**
 * The first month of Aurora's term (June 2023): the demo investor held it, but her returns start in July,
 * so the month is unpaid (a run pays only those holding the project in its period).
 */
const PERIOD = '2023-06';
const RUN = 'Jun 2023 income';
const DETAILS = `${AURORA}: ${RUN}`;

/** Signs in as the admin on Distributions; the admin area opens on Aurora, the first project by name. */
async function openDistributions(page: Page) {
  await recordToasts(page);
  const admin = await signIn(page, 'admin', '/admin/distributions');
  await expect(page.getByRole('heading', { level: 1, name: 'Distributions' })).toBeVisible();
  await expect(
    page.getByLabel('Current project').locator('visible=true').locator('option:checked'),
  ).toHaveText(AURORA);
  return admin;
}

/** One CSV line's cells (quoted cells may hold commas and doubled quotes). */
const cells = (line: string) =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) =>
    m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'),
  );

/** Every value of an XML element in the file (the group header's and the payment's). */
const xmlValues = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);

/** A screenshot in the test's report. */
const shot = async (page: Page, testInfo: TestInfo, name: string) =>
  testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

test.describe('[ADMIN][DISTRIBUTIONS] a distribution run from draft to final', () => {
  test('an admin sets the payer account, drafts an income run, checks it, makes it final and downloads the payments and the SEPA file; the investor is told and sees it in the Payout Timeline', async ({
    page,
    browser,
  }, testInfo) => {
    const admin = await openDistributions(page);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Distributions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByText('No distributions found', { exact: true })).toBeVisible();

    // The demo investor gives a bank account, where the SEPA file will pay her.
    const investor = await apiSignIn(page.request, 'investor');
    await callApiOk(
      page.request,
      endpoints.bankAccounts.set,
      {
        body: {
          iban: 'DE89 3704 0044 0532 0130 00',
          holder: 'Emma Lindqvist',
          currentPassword: 'investor123',
        },
      },
      investor.accessToken,
    );

    // The company account the distributions are paid from.
    await expect(page.getByText('No payer account set: set one to download SEPA files')).toBeVisible();
    await page.getByRole('button', { name: 'Payer account' }).click();
    const payer = page.getByRole('dialog', { name: 'Payer account' });
    await payer.getByLabel('Payer name').fill('Cabin Fund Oy');
    await payer.getByLabel('IBAN').fill('FI21 1234 5600 0007 85');
    await payer.getByLabel('BIC (optional)').fill('NDEAFIHH');
    await expectAccessible(page);
    await payer.getByRole('button', { name: 'Save' }).click();
    await expect(payer).toHaveCount(0);
    await expectToastShown(page, 'Payer account saved');
    await expect(page.getByText('Paid from Cabin Fund Oy, FI21 1234 5600 0007 85')).toBeVisible();

    await page.getByRole('button', { name: 'New distribution' }).click();
    const form = page.getByRole('dialog', { name: 'New distribution' });
    await expect(form).toContainText(AURORA);
    await form.getByLabel('Period').fill(PERIOD);
    await form.getByLabel('Kind').selectOption({ label: 'Income' });
    await form.getByLabel('Amount (€)').fill('1000');
    await form.getByLabel('Payment date').fill('2023-07-15');
    await form.getByLabel('Note (optional)').fill('June rental income');
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Create draft' }).click();
    await expect(form).toHaveCount(0);
    await expectToastShown(page, 'Created');

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: RUN }) });
    await expect(card).toContainText('Draft');
    await expect(card).toContainText('€1,000');
    await expect(card).toContainText('Jul 15, 2023');
    await expectAccessible(page);
    await shot(page, testInfo, 'list-1366');

    // What the server computed, to compare the screen and the file with.
    const project = await projectIdByName(page.request, admin.accessToken, AURORA);
    const runs = await callApiOk(
      page.request,
      endpoints.distributions.list,
      { query: { projectId: project } },
      admin.accessToken,
    );
    const summary = runs.data.find((r) => r.period === PERIOD)!;
    const { data: run } = await callApiOk(
      page.request,
      endpoints.distributions.get,
      { params: { id: summary._id } },
      admin.accessToken,
    );
    expect(run.allocations.length).toBeGreaterThan(0);
    await expect(card).toContainText(`Investors${run.allocations.length}`);

    await card.getByRole('button', { name: `Details of ${RUN}` }).click();
    const details = page.getByRole('dialog', { name: DETAILS });
    const table = details.getByRole('table', { name: 'Allocations' });
    // The head, one row per investor, the total.
    await expect(table.getByRole('row')).toHaveCount(run.allocations.length + 2);
    for (const a of run.allocations) await expect(table).toContainText(a.email);
    await expect(details).toContainText('The allocations add up to the run’s amount, €1,000.');
    await expectAccessible(page);
    await shot(page, testInfo, 'details-1366');

    await details.getByRole('button', { name: 'Make final' }).click();
    const question = page.getByRole('alertdialog', { name: `Make ${RUN} final?` });
    await expect(question).toContainText('notified');
    await expect(question).toContainText('This cannot be undone');
    await confirmInApp(page, `Make ${RUN} final?`, { confirm: 'Make final' });
    await expectToastShown(page, 'Made final');
    await expect(details).toContainText('Final');
    await expect(details.getByRole('button', { name: 'Make final' })).toHaveCount(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      details.getByRole('button', { name: 'Download payments (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^distribution-2023-06-[0-9a-f]{8}\.csv$/);
    // UTF-8 with a byte-order mark, so that Excel reads the names' accents right.
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Investor ID,Name,Email,Amount (EUR),IBAN');
    const paid = lines.slice(1).map(cells);
    expect(paid).toHaveLength(run.allocations.filter((a) => a.amount > 0).length);
    const cents = paid.reduce((sum, c) => sum + Math.round(Number(c[3]) * 100), 0);
    expect(cents).toBe(Math.round(run.amount * 100));

    // The SEPA file: one transfer to each investor paid who has a bank account, the count and the
    // control sum in its headers.
    const [sepa] = await Promise.all([
      page.waitForEvent('download'),
      details.getByRole('button', { name: `Download SEPA file of ${RUN}` }).click(),
    ]);
    expect(sepa.suggestedFilename()).toMatch(/^sepa-2023-06-[0-9a-f]{8}\.xml$/);
    const xml = fs.readFileSync((await sepa.path())!, 'utf8');
    expect(xml).toContain('pain.001.001.09');
    const withAccount = run.allocations.filter((a) => a.amount > 0 && a.iban);
    expect(withAccount.map((a) => a.email)).toContain('investor@example.com');
    const sum = (withAccount.reduce((s, a) => s + Math.round(a.amount * 100), 0) / 100).toFixed(2);
    const counts = xmlValues(xml, 'NbOfTxs');
    expect(counts.length).toBeGreaterThan(0);
    for (const n of counts) expect(n).toBe(String(withAccount.length));
    const sums = xmlValues(xml, 'CtrlSum');
    expect(sums.length).toBeGreaterThan(0);
    for (const c of sums) expect(c).toBe(sum);
    expect(xml.match(/<CdtTrfTxInf>/g)).toHaveLength(withAccount.length);
    expect(xml).toContain('DE89370400440532013000');
    expect(xml).toContain('FI2112345600000785');
    if (run.missingBankAccounts > 0) await expectToastShown(page, 'SEPA file downloaded');

    await details.getByRole('button', { name: 'Close' }).click();
    await expect(card).toContainText('Final');
    await expect(card.getByRole('button', { name: `Make final ${RUN}` })).toHaveCount(0);

    // The demo investor, in a browser of their own, has been told (the bell), and sees the payment in
    // the Payout Timeline: paid on Jul 15, 2023, for June.
    const emma = run.allocations.find((a) => a.email === 'investor@example.com')!;
    const euros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(emma.amount);
    const context = await browser.newContext();
    try {
      const investorPage = await context.newPage();
      await signIn(investorPage, 'investor', '/');
      await investorPage
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications/ })
        .click();
      await expect(investorPage.getByRole('list', { name: 'Notifications' })).toContainText(
        `A distribution of ${euros} for ${AURORA}, Jun 2023, will be paid on Jul 15, 2023.`,
      );
      await investorPage.keyboard.press('Escape');
      const timeline = investorPage.getByRole('region', { name: 'Payout Timeline' });
      await timeline.getByRole('button', { name: 'Filter' }).click();
      await investorPage.getByRole('menuitemradio', { name: AURORA }).click();
      await timeline.getByRole('button', { name: /^Show all \d+ payouts$/ }).click();
      const paidForJune = timeline
        .getByRole('listitem')
        .filter({ hasText: `Monthly return for Jun 2023 · ${AURORA}` });
      await expect(paidForJune).toHaveCount(1);
      // The timeline leaves out the cents of a whole amount (€1,000), as the rest of the dashboard does.
      await expect(paidForJune).toContainText(euros.replace(/\.00$/, ''));
      await expect(paidForJune).toContainText('Jul 15, 2023');
    } finally {
      await context.close();
    }
  });

  test('a second run for a month already paid: the 409 names the investors; the draft is deleted', async ({
    page,
  }) => {
    const admin = await openDistributions(page);
    const project = await projectIdByName(page.request, admin.accessToken, AURORA);
    await callApiOk(
      page.request,
      endpoints.distributions.create,
      { body: { projectId: project, period: PERIOD, kind: 'income', amount: 10, paymentDate: '2023-07-20' } },
      admin.accessToken,
    );
    await page.reload();
    const draft = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: RUN }) })
      .filter({ hasText: 'Draft' });
    await draft.getByRole('button', { name: `Make final ${RUN}` }).click();
    await confirmInApp(page, `Make ${RUN} final?`, { confirm: 'Make final' });
    await expectToastShown(page, 'Failed to make distribution final');
    await expect(draft.getByRole('alert')).toContainText('A return for Jun 2023 is already recorded for');
    await expect(draft.getByRole('alert')).toContainText('nothing was written');

    await draft.getByRole('button', { name: `Delete ${RUN}` }).click();
    await confirmInApp(page, `Delete distribution “${RUN}”?`);
    await expectToastShown(page, 'Deleted');
    await expect(page.getByRole('listitem').filter({ hasText: 'Draft' })).toHaveCount(0);
  });
});

test.describe('[ADMIN][DISTRIBUTIONS] on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('at 375 px the list and a run’s details fit the screen', async ({ page }, testInfo) => {
    await openDistributions(page);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: RUN }) });
    await expect(card).toContainText('Final');
    await expectNoSidewaysScroll(page);
    await shot(page, testInfo, 'list-375');

    await card.getByRole('button', { name: `Details of ${RUN}` }).click();
    const details = page.getByRole('dialog', { name: DETAILS });
    await expect(details.getByRole('table', { name: 'Allocations' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    const box = await details.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      right: el.getBoundingClientRect().right,
      viewport: document.documentElement.clientWidth,
    }));
    expect(box.scroll, 'the details scroll sideways').toBeLessThanOrEqual(box.client);
    expect(box.right).toBeLessThanOrEqual(box.viewport);
    // Nor does the table inside them (its box would scroll by itself).
    const wrapper = details.locator('table').locator('..');
    const scroll = await wrapper.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(scroll, 'the allocations scroll sideways').toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await shot(page, testInfo, 'details-375');
  });
});

test.describe('[ADMIN][STATEMENTS] publishing a period’s statements', () => {
  test('the admin publishes the newest period: the job tells every holder in the background, the dialog follows it to published, and the investor is told', async ({
    page,
  }, testInfo) => {
    const admin = await openDistributions(page);
    await page.getByRole('button', { name: 'Statements', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Statements' });
    const label = (await dialog.getByLabel('Period').locator('option:checked').textContent())!;
    await dialog.getByRole('button', { name: `Publish statements for ${label}` }).click();
    // Asked first, with how many investors are told and how many emails go out.
    const question = page.getByRole('alertdialog', { name: `Publish statements for ${label}?` });
    await expect(question).toContainText(/\d+ investors? (is|are) told/);
    await expect(question).toContainText(/\d+ emails? (goes|go) out/);
    await confirmInApp(page, `Publish statements for ${label}?`, { confirm: 'Publish' });

    // The request answers at once; the job ends soon after with the demo's few investors, and the dialog
    // (polling while it runs) says so.
    await expectToastShown(page, `Statements for ${label} published`);
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);
    const { data } = await callApiOk(page.request, endpoints.statements.publications, {}, admin.accessToken);
    const published = data.publications.find((p) => p.status === 'published')!;
    expect(published).toMatchObject({ recipients: published.total, error: null });
    expect(published.recipients).toBeGreaterThan(0);
    const row = dialog
      .getByRole('table', { name: 'Published statements' })
      .getByRole('row', { name: new RegExp(label) });
    await expect(row).toContainText(String(published.recipients));
    await expect(dialog.getByRole('button', { name: `Publish statements for ${label}` })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, testInfo, 'statements-published');

    // Publishing it again is refused.
    const again = await callApi(
      page.request,
      endpoints.statements.publish,
      { params: { period: published.period } },
      admin.accessToken,
    );
    expect(again.status).toBe(409);

    // The demo investor held an investment then: told once, linking to the Document Vault.
    const investor = await apiSignIn(page.request, 'investor');
    const { body } = await callApi(page.request, endpoints.notifications.list, {}, investor.accessToken);
    const told = body.data.notifications.filter((n) => n.title === `Statement for ${label}`);
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe('/documents');
  });
});
