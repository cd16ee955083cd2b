import type { Page } from '@playwright/test';
import { endpoints } from '@portal/contracts';
import { callApi, callApiOk } from '../support/api';
import {
  apiSignIn,
  confirmInApp,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  signIn,
  test,
} from '../support/fixtures';

/** The app's money format: whole euros without decimals, otherwise two (en-US grouping). */
const euro = (v: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(v) ? 0 : 2,
    maximumFractionDigits: Number.isInteger(v) ? 0 : 2,
  }).format(v);

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

const chooseProject = (page: Page, name: string) =>
  page.getByRole('banner').getByLabel('Current project').selectOption({ label: name });

test.describe('[ADMIN][USERS] users, investments and monthly returns', () => {
  test('add a user through the dialog, give them an investment and two returns; they see the totals', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await signIn(page, 'admin', '/admin/users');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Details of Emma Lindqvist' })).toBeVisible();
    await expectAccessible(page);

    const email = `nora.north.${Date.now()}@example.com`;
    await test.step('every validation message, in the fixed order', async () => {
      await page.getByRole('button', { name: 'Add User' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add User' });
      await expect(dialog.getByLabel('Investor ID')).toHaveValue(/^INV-\d{4}-[A-Z0-9]{6}$/);
      await expect(dialog.getByLabel('Role')).toHaveValue('user');
      await expect(dialog.getByLabel('Status')).toHaveValue('active');
      await expectAccessible(page);
      const submit = dialog.getByRole('button', { name: 'Add User' });
      const alert = dialog.getByRole('alert');
      await submit.click();
      await expect(alert).toHaveText('Name is required');
      await dialog.getByLabel('Name').fill('Nora North');
      await submit.click();
      await expect(alert).toHaveText('Email is required');
      await dialog.getByLabel('Email').fill('nora.example.com');
      await submit.click();
      await expect(alert).toHaveText('Invalid email format');
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Password').fill('12345');
      await submit.click();
      await expect(alert).toHaveText('Password must be at least 6 characters');
      await dialog.getByLabel('Password').fill('north123');
      await dialog.getByLabel('Investor ID').fill('');
      await submit.click();
      await expect(alert).toHaveText('Investor ID is required');
    });

    await test.step('a taken investor ID: the server message, a toast and a new ID', async () => {
      const dialog = page.getByRole('dialog', { name: 'Add User' });
      await dialog.getByLabel('Investor ID').fill('INV-2022-EL7Q2K');
      await dialog.getByRole('button', { name: 'Add User' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('This investor ID is already in use');
      await expect(toast(page, 'Failed to add user')).toBeVisible();
      await expect(dialog.getByLabel('Investor ID')).toHaveValue(/^INV-\d{4}-[A-Z0-9]{6}$/);
      await expect(dialog.getByLabel('Investor ID')).not.toHaveValue('INV-2022-EL7Q2K');
      await dialog.getByRole('button', { name: 'Add User' }).click();
      await expect(toast(page, 'User added')).toBeVisible();
      await expect(dialog).toBeHidden();
    });

    await test.step('the new user is found by the server-side search', async () => {
      await page.getByLabel('Search users by name or email').fill('nora nor');
      await expect(page.getByRole('button', { name: 'Details of Nora North' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Details of Emma Lindqvist' })).toBeHidden();
      await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    });

    await test.step('an investment in Aurora Lakeside Cabins', async () => {
      await page.getByRole('link', { name: 'Investments of Nora North' }).click();
      await expect(page).toHaveURL(/\/admin\/investments\?userId=/);
      await chooseProject(page, 'Aurora Lakeside Cabins');
      await expect(page.getByRole('heading', { name: 'Nora North' })).toBeVisible();
      await expect(page.getByText('No returns', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add Return' })).toBeDisabled();
      await expectAccessible(page);
      await page.getByLabel('Amount invested (€)').fill('25000.50');
      await page.getByLabel('Start date').fill('2025-01-01');
      await page.getByRole('button', { name: 'Save Investment' }).click();
      await expect(toast(page, 'Updated')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove Investment' })).toBeVisible();
    });

    await test.step('two monthly returns, one updated', async () => {
      const form = page.getByRole('form', { name: 'Add a monthly return' });
      const add = form.getByRole('button', { name: 'Add Return' });
      await expect(add).toBeEnabled();
      await form.getByLabel('Month').fill('2025-01');
      await add.click();
      await expect(form.getByRole('alert')).toHaveText('Please fill in all fields');
      await form.getByLabel('Amount (€)').fill('100.10');
      await add.click();
      await expect(toast(page, 'Created')).toBeVisible();
      await form.getByLabel('Month').fill('2025-02');
      await form.getByLabel('Amount (€)').fill('200.2');
      await add.click();
      const table = page.getByRole('table', { name: 'Monthly returns' });
      await expect(table.getByRole('row')).toHaveCount(3);
      await expect(table).toContainText('Feb 2025');
      await expect(table).toContainText('€200.20');

      await form.getByLabel('Month').fill('2025-02');
      await form.getByLabel('Amount (€)').fill('5');
      await add.click();
      await expect(toast(page, 'Failed to add return')).toBeVisible();
      await expect(
        page.getByText('A return for Feb 2025 is already recorded for this project', { exact: true }).first(),
      ).toBeVisible();

      await table.getByRole('button', { name: 'Edit Feb 2025' }).click();
      await table.getByLabel('Amount for Feb 2025').fill('250.25');
      await table.getByRole('button', { name: 'Save Feb 2025' }).click();
      await expect(table).toContainText('€250.25');
      await expect(page.getByText('2 months recorded · €350.35 in total')).toBeVisible();
    });

    await test.step('cabin nights on the allowance card; Manage Users goes back to the list', async () => {
      await expect(
        page.getByText('Nights this investor may book in the project each year of the term.'),
      ).toBeVisible();
      await page.getByLabel('Total nights').fill('');
      await page.getByRole('button', { name: 'Save Allowance' }).click();
      await expect(page.getByText('Please fill in all fields', { exact: true })).toBeVisible();
      await page.getByLabel('Total nights').fill('10');
      await page.getByLabel('Bonus nights').fill('2');
      await page.getByLabel('Expires on').fill('2030-06-30');
      await page.getByRole('button', { name: 'Save Allowance' }).click();
      await expect(toast(page, 'Cabin-night allowance saved.')).toBeVisible();
      await expect(
        page.getByText('10 of 10 nights remaining · 0 booked · 2 bonus nights left'),
      ).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Total nights')).toHaveValue('10');
      await expect(page.getByLabel('Expires on')).toHaveValue('2030-06-30');

      await page.getByRole('link', { name: 'Manage Users' }).click();
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    });

    await test.step('signed in as the new user, the portfolio shows the totals', async () => {
      const context = await browser.newContext({ baseURL });
      const investor = await context.newPage();
      const data = await apiSignIn(investor.request, { email, password: 'north123' });
      expect(data.user).toMatchObject({ totalInvestment: 25000.5, totalReturned: 350.35 });
      const aurora = data.user.investments[0]!.projectId._id;
      const nights = await callApiOk(
        investor.request,
        endpoints.allowances.cabinNights,
        { params: { projectId: aurora } },
        data.accessToken,
      );
      expect(nights.cabinNights).toMatchObject({
        totalNights: 10,
        remainingNights: 10,
        bonusNightsTotal: 2,
        expirationDate: '2030-06-30',
      });
      await investor.goto('/robots.txt');
      await investor.evaluate(
        ([a, r]) => {
          localStorage.setItem('accessToken', a);
          localStorage.setItem('refreshToken', r);
        },
        [data.accessToken, data.refreshToken] as const,
      );
      await investor.goto('/');
      await expect(investor.getByTestId('summary-total-investment')).toContainText('€25,000.50');
      await expect(investor.getByTestId('summary-total-returns')).toContainText('€350.35');
      await context.close();
    });

    await test.step('the dashboard reports the same figures as the API', async () => {
      await page.getByRole('link', { name: 'Admin Dashboard' }).click();
      const { data: d } = await callApiOk(page.request, endpoints.adminDashboard.get, {}, admin.accessToken);
      const overall = page.getByRole('region', { name: 'All projects' });
      await expect(overall).toContainText(euro(d.overall.invested));
      await expect(overall).toContainText(euro(d.overall.returned));
      await expect(page.getByRole('region', { name: 'Aurora Lakeside Cabins' })).toBeVisible();
      await expect(page.getByText('Ava Administrator created the account of Nora North')).toBeVisible();
      await expectAccessible(page);
    });
  });

  test('edit a user (status and role read-only), see the details panel; an investor is deactivated, not deleted; a user without money is deleted', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, 'admin', '/admin/users');
    await page.getByRole('button', { name: 'Edit Lukas Berg' }).first().click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Status')).toBeDisabled();
    await expect(edit.getByLabel('Role')).toHaveValue('User');
    await edit.getByLabel('City').fill('Stavanger');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'User updated')).toBeVisible();

    await page.getByRole('button', { name: 'Details of Lukas Berg' }).first().click();
    const details = page.getByRole('dialog', { name: 'User details' });
    await expect(details).toContainText('Stavanger');
    await expect(details.getByRole('table')).toContainText('Fjordview Timber Lodges');
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    // Lukas is signed in elsewhere. He holds an investment, so Delete offers deactivation instead, which
    // ends that session at once and keeps him (and his figures) in the list.
    const context = await browser.newContext({ baseURL });
    const { accessToken } = await apiSignIn(context.request, 'investor2');
    const me = async () => (await callApi(context.request, endpoints.users.me, {}, accessToken)).status;
    expect(await me()).toBe(200);

    await page.getByRole('button', { name: 'Delete Lukas Berg' }).first().click();
    await confirmInApp(page, 'Deactivate user Lukas Berg?', { confirm: false });
    await expect(page.getByRole('button', { name: 'Details of Lukas Berg' }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Delete Lukas Berg' }).first().click();
    await expect(page.getByRole('alertdialog', { name: 'Deactivate user Lukas Berg?' })).toContainText(
      'Lukas Berg has investments and payouts on record, so the account cannot be deleted',
    );
    await confirmInApp(page, 'Deactivate user Lukas Berg?', { confirm: 'Deactivate instead' });
    await expect(toast(page, 'User updated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Details of Lukas Berg' }).first()).toBeVisible();
    expect(await me()).toBe(401);
    await context.close();

    // A sign-up without money is deleted after the confirmation.
    const email = `leaving.${Date.now()}@example.com`;
    const name = email.split('@')[0]!;
    const reg = await callApi(page.request, endpoints.auth.register, {
      body: { email, password: 'leaving1' },
    });
    expect(reg.status).toBe(201);
    await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(email);
    await page
      .getByRole('button', { name: `Delete ${name}` })
      .first()
      .click();
    await confirmInApp(page, `Delete user ${name}?`);
    await expect(toast(page, 'User deleted')).toBeVisible();
    await expect(page.getByRole('button', { name: `Details of ${name}` })).toHaveCount(0);
  });

  test('linked and not-yet-linked lists follow the header project; sign-ups are activated', async ({
    page,
  }) => {
    const email = `waiting.${Date.now()}@example.com`;
    const reg = await callApi(page.request, endpoints.auth.register, {
      body: { email, password: 'waiting1' },
    });
    expect(reg.status).toBe(201);

    const admin = await signIn(page, 'admin', '/admin/users');
    await chooseProject(page, 'Swiss Alpine Retreat Cabins');
    await page.getByRole('tab', { name: 'Linked to project' }).click();
    await expect(page.getByText('No users linked to this project', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Not yet linked' }).click();
    await expect(page.getByRole('button', { name: 'Details of Emma Lindqvist' }).first()).toBeVisible();

    await chooseProject(page, 'Aurora Lakeside Cabins');
    await page.getByRole('tab', { name: 'Linked to project' }).click();
    await expect(page.getByRole('button', { name: 'Details of Emma Lindqvist' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Details of Ava Administrator' })).toHaveCount(0);

    await test.step('a project every investor holds: the not-yet-linked list says so', async () => {
      const project = await callApi(
        page.request,
        endpoints.projects.create,
        { body: { name: 'Everyone Lodge' } },
        admin.accessToken,
      );
      expect(project.status).toBe(201);
      const projectId = project.body.data._id;
      const investors = await callApiOk(
        page.request,
        endpoints.adminUsers.list,
        { query: { role: 'user', pageSize: 200 } },
        admin.accessToken,
      );
      for (const u of investors.data) {
        const res = await callApi(
          page.request,
          endpoints.adminUsers.update,
          { params: { id: u._id }, body: { projectId, investments: [{ projectId, amount: 1000 }] } },
          admin.accessToken,
        );
        expect(res.ok).toBe(true);
      }
      await page.reload();
      await chooseProject(page, 'Everyone Lodge');
      await page.getByRole('tab', { name: 'Not yet linked' }).click();
      await expect(page.getByText('All users are linked to this project', { exact: true })).toBeVisible();
    });

    await page.getByRole('tab', { name: /Waiting for activation/ }).click();
    await expect(page).toHaveURL(/view=pending/);
    const name = email.split('@')[0]!;
    await expect(page.getByRole('button', { name: `Details of ${name}` }).first()).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole('button', { name: `Activate ${name}` })
      .first()
      .click();
    await expect(toast(page, 'User updated')).toBeVisible();
    await expect(page.getByText('No accounts are waiting for activation', { exact: true })).toBeVisible();
    const login = await callApi(page.request, endpoints.auth.login, {
      body: { email, password: 'waiting1' },
    });
    expect(login.status).toBe(200);
  });

  test('at 375 px the users and investments screens fit the screen, long emails included', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const admin = await signIn(page, 'admin', '/admin/users');
    const created = await callApi(
      page.request,
      endpoints.adminUsers.create,
      {
        body: {
          name: 'Aleksandra Wide',
          email: `aleksandra.wide.${Date.now()}@a-very-long-domain-name-for-layout.example.com`,
          password: 'Harbour-Kestrel-12',
          investorId: `INV-2026-W${String(Date.now()).slice(-5)}`,
        },
      },
      admin.accessToken,
    );
    expect(created.status).toBe(201);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Details of Aleksandra Wide' }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: 'Investments of Emma Lindqvist' }).first().click();
    await expect(page.getByRole('heading', { name: 'Emma Lindqvist' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Investors' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

test.describe('[ADMIN][PROJECTS] projects management', () => {
  test('a bad value is named in words next to its field, by the form and by the API', async ({ page }) => {
    const { accessToken } = await signIn(page, 'admin', '/admin/projects');
    await page.getByRole('button', { name: 'Create Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Project' });
    await dialog.getByLabel('Name').fill('Negative Bay');
    const total = dialog.getByLabel('Total Investment (€)');
    await total.fill('-5');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await expect(total).toHaveAttribute('aria-invalid', 'true');
    // The field's hint (the company's figure for the whole project) and then its error.
    await expect(total).toHaveAccessibleDescription(
      "The whole project's figure as reported by the company, investors outside the portal included. " +
        'Investors see it labelled so. Total investment cannot be negative',
    );
    await expect(total).toBeFocused();
    await expect(toast(page, 'Failed to save project')).toBeVisible();
    await expect(page.getByText(/Too small|expected number|totalInvestment/)).toHaveCount(0);
    await expectAccessible(page);

    // A value the declaration's type allows and its schema refuses: the server's own check answers.
    const res = await callApi(
      page.request,
      endpoints.projects.create,
      { body: { name: 'Negative Bay', totalInvestment: -5 } },
      accessToken,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'Total investment cannot be negative',
      error: 'Total investment cannot be negative',
      code: 'common.validation',
      fields: { totalInvestment: 'Total investment cannot be negative' },
      // The field's problem as a code, which the web app words in the user's language (issue 33).
      fieldCodes: { totalInvestment: { code: 'validation.negative' } },
    });
  });

  test('create, edit and delete a project; the header selector follows', async ({ page }) => {
    await signIn(page, 'admin', '/admin/projects');
    await expect(page.getByRole('heading', { name: 'Projects Management' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Create Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Project' });
    await expect(dialog.getByLabel('Status')).toHaveValue('pending');
    await expect(dialog.getByLabel('Investment Period (months)')).toHaveValue('60');
    await expect(dialog.getByLabel('Expected Monthly Return')).toHaveValue('0.1');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await expect(toast(page, 'Failed to save project')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText('Name is required');

    await dialog.getByLabel('Name').fill('Birch Bay Cabins');
    await dialog.getByLabel('Location').fill('Saimaa, Finland');
    await dialog.getByLabel('Status').selectOption('active');
    await dialog.getByLabel('Total Investment (€)').fill('1200000.55');
    await dialog.getByLabel('Annual ROI (%)').fill('7.9');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await expect(toast(page, 'Created')).toBeVisible();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Birch Bay Cabins' }) });
    await expect(card).toContainText('€1,200,000.55');
    await expect(card).toContainText('7.9%');
    await expect(page.getByRole('banner').getByLabel('Current project')).toContainText('Birch Bay Cabins');

    await card.getByRole('button', { name: 'Edit Birch Bay Cabins' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Project' });
    await expect(edit.getByLabel('Name')).toHaveValue('Birch Bay Cabins');
    await edit.getByLabel('Location').fill('Lake Saimaa, Finland');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Updated')).toBeVisible();
    await expect(card).toContainText('Lake Saimaa, Finland');

    await card.getByRole('button', { name: 'Delete Birch Bay Cabins' }).click();
    await confirmInApp(page, 'Delete project Birch Bay Cabins?', { typed: 'Birch Bay Cabins' });
    await expect(toast(page, 'Deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Birch Bay Cabins' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByLabel('Current project')).not.toContainText(
      'Birch Bay Cabins',
    );
  });
});

test.describe('[ADMIN][SHELL] admin shell', () => {
  test('an admin path that does not exist yet is under construction, with a way home', async ({ page }) => {
    await signIn(page, 'admin', '/admin/reports');
    await expect(page.getByRole('banner').getByText('Admin Panel')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Page Under Construction' })).toBeVisible();
    await expect(
      page.getByText('This page is currently being developed. Please check back later.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Investment Portfolio' })).toBeVisible();
  });

  test('logout in the admin shell goes to /admin-login and clears both tokens', async ({ page }) => {
    await signIn(page, 'admin', '/admin');
    await expect(page.getByRole('banner').getByText('Admin Panel')).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    const tokens = await page.evaluate(() => [
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(tokens).toEqual([null, null]);
  });
});
