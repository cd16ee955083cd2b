import type { Page } from '@playwright/test';
import { endpoints } from '@portal/contracts';
import { callApiOk } from '../support/api';
import { camt053 } from '../support/camt';
import { expect, expectAccessible, nightAhead, signIn, test } from '../support/fixtures';
import { expectToastShown, recordToasts } from '../support/toasts';

/** Resolves when the page's notification stream has (re)connected, i.e. the server answered it. */
const streamOpened = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/api/notifications/stream?ticket=') && r.status() === 200);

/** A one-page PDF's bytes: what an identity document upload is checked for (its type). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

test.describe('[MONEY IN] from subscribing to funded (issue 34)', () => {
  test('an investor subscribes, is verified, signs; the admin accepts, calls 100 % and imports the payment; the open dashboard shows the investment', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Subscribing to a paid investment is the slow path, through seven screens and two people.
    test.setTimeout(90_000);
    const project = `Fjellstue Money In ${Date.now()}`;

    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    const { accessToken: adminToken } = await signIn(admin, 'admin', '/admin/kyc');

    await test.step('setup: a new project nobody holds, with an open offering (API, as admin)', async () => {
      const created = await callApiOk(
        admin.request,
        endpoints.projects.create,
        { body: { name: project } },
        adminToken,
      );
      await callApiOk(
        admin.request,
        endpoints.offerings.create,
        {
          body: {
            projectId: created.data._id,
            minimum: 10_000,
            maximum: 100_000,
            target: 500_000,
            closesOn: nightAhead(60),
            nightsPer10000: 0,
            allowanceMonths: 12,
          },
        },
        adminToken,
      );
    });

    await test.step('the investor subscribes on My subscriptions', async () => {
      await signIn(page, 'investor2', '/subscriptions');
      const offering = page
        .getByRole('region', { name: 'Open offerings' })
        .locator('div')
        .filter({ has: page.getByText(project, { exact: true }) })
        .filter({ has: page.getByRole('button', { name: 'Subscribe' }) })
        .last();
      await offering.getByRole('button', { name: 'Subscribe' }).click();
      const dialog = page.getByRole('dialog', { name: `Subscribe to ${project}` });
      await dialog.getByLabel('Amount (€)').fill('25 000');
      await dialog.getByRole('button', { name: 'Subscribe' }).click();
      await expect(dialog).toHaveCount(0);
      const mine = page.getByRole('region', { name: 'Your subscriptions' });
      await expect(
        mine.getByRole('heading', { name: `${project}: €25,000 Awaiting identity check` }),
      ).toBeVisible();
      await mine.getByRole('link', { name: 'Complete your identity check' }).click();
    });

    await test.step('the investor completes the identity step: answers and two documents', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Identity check' })).toBeVisible();
      await expect(page.getByText('Give your answers and upload both documents')).toBeVisible();
      await page.getByLabel('Date of birth').fill('1988-03-14');
      await page.getByLabel('Tax residence').selectOption({ label: 'Norway' });
      await page.getByLabel('Politically exposed person').selectOption({ label: 'No' });
      await page.getByLabel('Source of funds').fill('Salary savings');
      await page.getByRole('button', { name: 'Save answers' }).click();
      await expect(page.getByRole('button', { name: 'Save answers' })).toBeEnabled();
      await page
        .getByLabel('Identity document (passport or ID card)')
        .setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(page.getByRole('button', { name: 'passport.pdf' })).toBeVisible();
      await page
        .getByLabel('Proof of address')
        .setInputFiles({ name: 'utility-bill.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(page.getByRole('button', { name: 'utility-bill.pdf' })).toBeVisible();
      await expect(
        page.getByText('Your identity check is submitted and waits for our review.'),
      ).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('the admin verifies the identity', async () => {
      // The queue of submitted checks, opened before the investor submitted: opened again.
      await admin.goto('/admin/kyc');
      const row = admin
        .getByRole('table', { name: 'Identity checks' })
        .getByRole('row')
        .filter({ hasText: 'investor2@example.com' });
      await expect(row).toContainText('Submitted');
      await row.getByRole('button', { name: 'Verify' }).click();
      // Verified, it leaves the queue of submitted checks.
      await expect(row).toHaveCount(0);
    });

    await test.step('the investor signs the agreement', async () => {
      await page.goto('/subscriptions');
      const mine = page.getByRole('region', { name: 'Your subscriptions' });
      await expect(mine.getByRole('heading', { name: `${project}: €25,000 Ready to sign` })).toBeVisible();
      await mine.getByRole('link', { name: 'Sign the subscription agreement' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Sign the subscription agreement' }),
      ).toBeVisible();
      await page.getByLabel('Full name').fill('Lukas Berg');
      await page.getByLabel(/I have read the subscription agreement/).check();
      await page.getByLabel('Current password').fill('investor123');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Sign the agreement' }).click();
      await expect(page.getByText('SHA-256 of the signed document:')).toBeVisible();
      await expect(page.getByTestId('document-hash')).toHaveText(/^[0-9a-f]{64}$/);
      await expect(page.getByText(/^Checked: signed by Lukas Berg on /)).toBeVisible();
      await expectAccessible(page);
    });

    let reference = '';
    await test.step('the admin accepts the subscription and calls 100 %', async () => {
      await admin.goto('/admin/offerings');
      const card = admin
        .locator('div')
        .filter({ has: admin.getByRole('table', { name: `Funnel of ${project}` }) })
        .filter({ has: admin.getByRole('button', { name: 'Subscriptions' }) })
        .last();
      await card.getByRole('button', { name: 'Subscriptions' }).click();
      const row = card
        .getByRole('table', { name: `Subscriptions to ${project}` })
        .getByRole('row')
        .filter({ hasText: 'Lukas Berg' });
      await expect(row).toContainText('Signed');
      await row.getByRole('button', { name: 'Accept' }).click();
      await expect(row).toContainText('Accepted');
      await expect(row.getByRole('button', { name: 'Accept' })).toHaveCount(0);

      await card.getByRole('link', { name: 'Capital calls' }).click();
      await expect(admin.getByRole('heading', { level: 1, name: 'Capital calls' })).toBeVisible();
      await admin.getByRole('button', { name: 'Call capital' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Call capital' });
      await dialog.getByLabel('Percent of each subscription').fill('100');
      await dialog.getByLabel('Due date').fill(nightAhead(14));
      await dialog.getByRole('button', { name: 'Call capital' }).click();
      await expect(dialog).toHaveCount(0);
      const line = admin
        .getByRole('table', { name: /^Call lines due / })
        .getByRole('row')
        .filter({ hasText: 'Lukas Berg' });
      await expect(line).toContainText('€25,000');
      reference = (await line.getByRole('cell').nth(1).innerText()).trim();
      expect(reference).toMatch(/^RF\d{2}/);
    });

    await test.step('the investor opens the dashboard: the project is not among theirs yet', async () => {
      await recordToasts(page);
      const opened = streamOpened(page);
      await page.goto('/dashboard');
      await opened;
      await expect(page.getByRole('heading', { level: 1, name: 'Investment Portfolio' })).toBeVisible();
      await expect(page.getByTestId('project-card').first()).toBeVisible();
      await expect(page.getByTestId('project-card').filter({ hasText: project })).toHaveCount(0);
      // A mark on this document: gone if anything reloads the page before the last step.
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    });

    await test.step('the admin imports the bank statement that pays the call', async () => {
      await admin.goto('/admin/bank');
      const xml = camt053(`E2E-${Date.now()}`, [
        { amount: '25000.00', reference, name: 'Lukas Berg', bookedOn: nightAhead(0) },
      ]);
      await admin
        .getByLabel('Statement file (camt.053 or camt.054)')
        .setInputFiles({ name: 'statement.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
      await admin.getByRole('button', { name: 'Import', exact: true }).click();
      const result = admin.getByLabel('Import result');
      const count = (label: string) =>
        result.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
      await expect(count('Entries')).toHaveText('1');
      await expect(count('Matched')).toHaveText('1');
      await expect(count('Unmatched')).toHaveText('0');
    });

    await test.step('the open dashboard shows the investment, without a reload', async () => {
      // The live stream brings the notification of the funding, and the dashboard's views reload.
      await expectToastShown(page, 'Investment funded');
      const card = page.getByTestId('project-card').filter({ hasText: project });
      await expect(card).toBeVisible();
      await expect(card).toContainText('€25,000');
      expect(
        await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
      ).toBe(true);
    });

    await adminContext.close();
  });
});
