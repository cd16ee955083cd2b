import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  COMING_SOON_PROJECT,
  endpoints,
  portfolioMetrics,
  type Payout,
  type ProjectListItem,
} from '@portal/contracts';
import { callApi, callApiOk } from '../support/api';
import {
  DEMO,
  apiSignIn,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  signIn,
  test,
} from '../support/fixtures';

// The app's own number formats (docs/product.md §19), written out here so that the test does not check
// the app's formatter against itself.
const euroWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const euroCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const euro = (cents: number) =>
  cents % 100 === 0 ? euroWhole.format(cents / 100) : euroCents.format(cents / 100);
const cents = (n: number) => Math.round(n * 100);
const pct = (n: number) => `${(Math.round(Number(`${n}e1`)) / 10).toFixed(1)}%`;
const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(`${iso.slice(0, 10)}T12:00:00`),
  );

async function openDashboard(page: Page) {
  const { accessToken } = await signIn(page, 'investor', '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Investment Portfolio' })).toBeVisible();
  return accessToken;
}

/** Signs the demo investor in and opens the page of their Aurora Lakeside Cabins project. */
async function openAuroraPage(page: Page) {
  const { accessToken } = await signIn(page, 'investor', '/projects');
  const { data: projects } = await callApiOk(page.request, endpoints.projects.list, {}, accessToken);
  const aurora = projects.find((p) => p.name === 'Aurora Lakeside Cabins')!;
  await page.goto(`/project/${aurora._id}`);
  await expect(page.getByRole('heading', { level: 1, name: aurora.name })).toBeVisible();
  return aurora;
}

test.describe('[PORTFOLIO] dashboard', () => {
  test("shows the demo investor's exact totals, computed here from the investments", async ({ page }) => {
    const token = await openDashboard(page);
    const { data: me } = await callApiOk(page.request, endpoints.users.me, {}, token);
    expect(me.investments.length).toBeGreaterThan(1);

    // Sum the raw figures in cents: amounts, and returns from the monthly rows.
    const invested = me.investments.reduce((acc, i) => acc + cents(i.amount), 0);
    const returned = me.investments.reduce(
      (acc, i) => acc + i.monthlyReturns.reduce((a, m) => a + cents(m.amount), 0),
      0,
    );
    const earliest = me.investments.map((i) => i.startDate!).sort()[0]!;
    const months = new Set(me.investments.flatMap((i) => i.monthlyReturns.map((m) => m.month))).size;

    const totalInvestment = page.getByTestId('summary-total-investment');
    await expect(totalInvestment).toContainText(euro(invested));
    await expect(totalInvestment).toContainText(`Invested on ${shortDate(earliest)}`);

    const totalReturns = page.getByTestId('summary-total-returns');
    await expect(totalReturns).toContainText(euro(returned));
    // Capital paid back counts in the share recovered (the demo's Pine Hollow returned its capital).
    expect(me.capitalReturned).toBeGreaterThan(0);
    const recovered = `${pct(((returned + cents(me.capitalReturned)) * 100) / invested)} of investment recovered`;
    await expect(totalReturns.getByText(recovered)).toBeVisible();
    await expect(totalReturns.getByRole('progressbar', { name: recovered })).toBeVisible();

    const { annualROI } = portfolioMetrics(me, me.investments);
    const annual = page.getByTestId('summary-annual-roi');
    await expect(annual).toContainText(pct(annualROI!));
    await expect(annual).toContainText(`Based on ${months}-month performance`);

    const table = page.getByRole('table', { name: 'Per-Project Investments' });
    for (const inv of me.investments) {
      const returns = inv.monthlyReturns.reduce((a, m) => a + cents(m.amount), 0);
      const row = table.getByRole('row', { name: new RegExp(inv.projectId.name) });
      await expect(row).toContainText(euro(cents(inv.amount)));
      await expect(row).toContainText(euro(returns));
      await expect(row).toContainText(pct((returns * 100) / cents(inv.amount)));
      await expect(row).toContainText(shortDate(inv.startDate!));
    }
    await expect(table.getByRole('row', { name: /Total/ })).toContainText(euro(invested));

    // Your Projects: one card a project held, the active one highlighted, with the investor's own figures.
    const { data: projects } = await callApiOk(page.request, endpoints.projects.list, {}, token);
    const cards = page.getByTestId('project-card');
    await expect(cards).toHaveCount(projects.length);
    for (const p of projects) {
      const card = cards.filter({ hasText: p.name });
      await expect(card).toContainText(p.location);
      await expect(card).toContainText(p.status === 'active' ? 'Active' : 'Completed');
      await expect(card).toContainText(euro(cents(p.investment!.amount)));
      await expect(card).toContainText(euro(cents(p.investment!.returns)));
      await expect(card).toContainText(`Since ${shortDate(p.investmentDate)}`);
      await expect(card).toContainText(`Annual ${pct(Number(p.annualROI))}`);
    }
    await expect(page.getByRole('link', { name: 'View All', exact: true })).toHaveAttribute(
      'href',
      '/projects',
    );

    // Investment Opportunities.
    const opportunities = page.getByRole('region', { name: 'Investment Opportunities' });
    await expect(opportunities.getByText('Coming Soon')).toBeVisible();
    await expect(opportunities.getByText('Swiss Alpine Retreat Cabins')).toBeVisible();
    await opportunities.getByRole('link', { name: 'Learn More' }).click();
    await expect(page).toHaveURL(/\/join-project$/);
    await page.goBack();
    await expect(page.getByTestId('summary-total-investment')).toBeVisible();
    await expectAccessible(page);
  });

  test('the ROI calculator gives the expected figures and reacts to input', async ({ page }) => {
    await openDashboard(page);
    const calc = page.getByRole('region', { name: 'ROI Projections Calculator' });
    await expect(calc.getByLabel('Amount Invested')).toHaveValue('8000');
    await expect(calc.getByLabel('Nightly Rate')).toHaveValue('35');
    await expect(calc.getByLabel('Nights/Month')).toHaveValue('4');
    await expect(calc.getByLabel('Share per Night')).toHaveValue('10');
    await expect(calc.getByTestId('roi-monthly')).toHaveText('€14 / month');
    await expect(calc.getByTestId('roi-conservative-monthly')).toHaveText('€42 / month');
    await expect(calc.getByTestId('roi-moderate-monthly')).toHaveText('€63 / month');
    await expect(calc.getByTestId('roi-optimistic-monthly')).toHaveText('€84 / month');
    await expect(calc.getByTestId('roi-conservative-annual')).toHaveText('6.3% annual ROI');
    // 9.45 shown with one decimal, rounded half up.
    await expect(calc.getByTestId('roi-moderate-annual')).toHaveText('9.5% annual ROI');
    await expect(calc.getByTestId('roi-optimistic-annual')).toHaveText('12.6% annual ROI');

    await calc.getByLabel('Amount Invested').fill('12000');
    await expect(calc.getByTestId('roi-conservative-annual')).toHaveText('4.2% annual ROI');
    // A share above 100% counts as 100%, and the field says what it allows.
    await calc.getByLabel('Share per Night').fill('150');
    await expect(calc.getByTestId('roi-monthly')).toHaveText('€140 / month');
    await expect(calc.getByTestId('roi-optimistic-monthly')).toHaveText('€840 / month');
    await expect(calc.getByLabel('Share per Night')).toHaveAccessibleDescription(
      'Share per Night must be from 0 to 100%',
    );
    // An empty (unparsable) field counts as 0.
    await calc.getByLabel('Nights/Month').fill('');
    await expect(calc.getByTestId('roi-monthly')).toHaveText('€0 / month');
    await expect(calc.getByLabel('Nights/Month')).toHaveAccessibleDescription(
      'Nights/Month must be a number',
    );
    await calc.getByLabel('Amount Invested').fill('');
    await expect(calc.getByTestId('roi-conservative-annual')).toHaveText('0.0% annual ROI');
    await expect(calc.getByTestId('roi-conservative-monthly')).toHaveText('€420 / month');
  });

  test('the payout timeline filters by project, type and status, and exports what it shows', async ({
    page,
  }) => {
    const token = await openDashboard(page);
    const { payouts } = await callApiOk(page.request, endpoints.investments.payouts, {}, token);
    const timeline = page.getByRole('region', { name: 'Payout Timeline' });
    const sum = (list: Payout[]) => euro(list.reduce((a, p) => a + cents(p.amount), 0));
    await expect(timeline.getByText(`${payouts.length} payouts · ${sum(payouts)}`)).toBeVisible();
    const first = timeline.getByRole('listitem').first();
    await expect(first).toContainText(euro(cents(payouts[0]!.amount)));
    await expect(first).toContainText(shortDate(payouts[0]!.date));

    const pine = payouts.filter((p) => p.project.name === 'Pine Hollow Retreat');
    expect(pine.length).toBeGreaterThan(1);
    await timeline.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('menuitemradio', { name: 'Pine Hollow Retreat' }).click();
    await expect(timeline.getByText(`${pine.length} payouts · ${sum(pine)}`)).toBeVisible();
    await expect(timeline.getByRole('listitem').first()).toContainText('Pine Hollow Retreat');

    const final = pine.filter((p) => p.type === 'final');
    expect(final).toHaveLength(1);
    await timeline.getByRole('button', { name: /Filter/ }).click();
    await page.getByRole('menuitemradio', { name: 'Final distribution' }).click();
    await expect(timeline.getByText(`1 payout · ${sum(final)}`)).toBeVisible();
    await expect(timeline.getByRole('listitem')).toHaveCount(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      timeline.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payouts-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(csv.trim().split('\r\n')).toEqual([
      'Date,Month,Project,Type,Status,Amount (EUR)',
      `${final[0]!.date},${final[0]!.month},Pine Hollow Retreat,Final distribution,Paid,${final[0]!.amount.toFixed(2)}`,
    ]);

    await timeline.getByRole('button', { name: /Filter/ }).click();
    await page.getByRole('menuitemradio', { name: 'Upcoming' }).click();
    await expect(timeline.getByText('No payouts match these filters.')).toBeVisible();
    await expect(timeline.getByRole('button', { name: 'Export' })).toBeDisabled();
    await timeline.getByRole('button', { name: 'Clear filters' }).click();
    await expect(timeline.getByText(`${payouts.length} payouts · ${sum(payouts)}`)).toBeVisible();

    // Unfiltered export: every payout, newest first.
    const [all] = await Promise.all([
      page.waitForEvent('download'),
      timeline.getByRole('button', { name: 'Export' }).click(),
    ]);
    const lines = fs
      .readFileSync((await all.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(payouts.length + 1);
    expect(lines[1]).toBe(
      `${payouts[0]!.date},${payouts[0]!.month},${payouts[0]!.project.name},Monthly return,Paid,${payouts[0]!.amount.toFixed(2)}`,
    );
  });

  test('on a phone the payout Filter menu stays inside the screen, and scrolls to its last entry', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await openDashboard(page);
    const timeline = page.getByRole('region', { name: 'Payout Timeline' });
    const filter = timeline.getByRole('button', { name: 'Filter' });
    // Clicking scrolls the button just into view, at the bottom of the screen: the menu opens upwards.
    await filter.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const box = (await menu.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(667);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    const last = menu.getByRole('menuitemradio').last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await expectAccessible(page);
  });

  test('switching the project changes Recent Updates, and the choice survives a reload', async ({ page }) => {
    const token = await openDashboard(page);
    const { data: projects } = await callApiOk(page.request, endpoints.projects.list, {}, token);
    const recent = page.getByRole('region', { name: 'Recent Updates' });
    const selector = page.getByLabel('Current project');
    const titlesOf = async (projectId: string) => {
      const res = await callApi(page.request, endpoints.updates.list, { query: { projectId } }, token);
      return (res.ok ? res.body.updates : [])
        .sort((a, b) => (a.date < b.date ? 1 : -1))
        .slice(0, 3)
        .map((u) => u.title);
    };
    // The first project is chosen on its own; end on another one so that the reload proves the choice is kept.
    expect(projects.length).toBeGreaterThan(1);
    await expect(selector).toHaveValue(projects[0]!._id);
    for (const p of [...projects.slice(1), projects[0]!, projects[projects.length - 1]!]) {
      await selector.selectOption(p._id);
      await expect(recent).toContainText(`The latest from ${p.name}.`);
      const titles = await titlesOf(p._id);
      if (titles.length === 0) await expect(recent.getByText('No updates available')).toBeVisible();
      else await expect(recent.getByRole('heading', { level: 3 })).toHaveText(titles);
    }
    const chosen = projects[projects.length - 1]!;
    await page.reload();
    await expect(page.getByLabel('Current project')).toHaveValue(chosen._id);
    await expect(recent).toContainText(`The latest from ${chosen.name}.`);
  });

  test('/dashboard shows the same portfolio, with Dashboard marked in the sidebar', async ({ page }) => {
    const token = await signIn(page, 'investor', '/dashboard').then((d) => d.accessToken);
    await expect(page.getByRole('heading', { level: 1, name: 'Investment Portfolio' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    const { data: me } = await callApiOk(page.request, endpoints.users.me, {}, token);
    const invested = me.investments.reduce((acc, i) => acc + cents(i.amount), 0);
    await expect(page.getByTestId('summary-total-investment')).toContainText(euro(invested));
    await expect(page.getByRole('heading', { name: 'Per-Project Investments' })).toBeVisible();
    await expect(page.getByTestId('project-card')).toHaveCount(me.investments.length);
    await expect(page.getByRole('region', { name: 'ROI Projections Calculator' })).toBeVisible();
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Projects', exact: true })).not.toHaveAttribute(
      'aria-current',
    );
    await expectAccessible(page);
  });

  test('a first load of the dashboard writes no warning or error to the console', async ({ page }) => {
    const said: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error')
        said.push(`${m.type()}: ${m.text()} ${m.location().url}`);
    });
    await signIn(page, 'investor', '/');
    await expect(page.getByTestId('summary-total-investment')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent Updates' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(said).toEqual([]);
  });

  test('at 375 px the dashboard fits the screen, and reads well in dark mode', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await openDashboard(page);
    await expect(page.getByRole('heading', { name: 'Per-Project Investments' })).toBeVisible();
    await expect(page.getByTestId('project-card').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The page scrolls inside the shell's main area only: nothing in it (the chart's screen-reader
    // summary is absolutely placed) makes the document itself taller than the screen.
    await expect(page.getByRole('figure').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(812);
    await expectAccessible(page);
  });
});

test.describe('[PORTFOLIO] income paid after its month', () => {
  for (const look of [
    { width: 1366, colorScheme: 'light' as const },
    { width: 375, colorScheme: 'dark' as const },
  ]) {
    test(`the second demo investor's scheduled Fjordview income is Upcoming on its own date and not yet in Total Returns (${look.width} px, ${look.colorScheme})`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width: look.width, height: 900 });
      await page.emulateMedia({ colorScheme: look.colorScheme });
      const { accessToken } = await signIn(page, 'investor2', '/');
      const { payouts } = await callApiOk(page.request, endpoints.investments.payouts, {}, accessToken);
      const upcoming = payouts.filter((p) => p.status === 'pending' && p.type === 'monthly');
      expect(upcoming).toHaveLength(1);
      const [income] = upcoming as [Payout];
      expect(income.project.name).toBe('Fjordview Timber Lodges');
      expect(income.date.slice(8)).toBe('15');
      expect(income.date.slice(0, 7) > income.month).toBe(true);

      const timeline = page.getByRole('region', { name: 'Payout Timeline' });
      // The payouts may take a while on a busy machine: wait until they are shown.
      await expect(timeline.getByRole('status', { name: 'Loading payouts' })).toHaveCount(0, {
        timeout: 30_000,
      });
      const row = timeline.getByRole('listitem').first();
      const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
        .format(new Date(`${income.month}-15T12:00:00Z`))
        .replace(',', '');
      await expect(row).toContainText(`Monthly return for ${monthName} · Fjordview Timber Lodges`);
      await expect(row).toContainText(shortDate(income.date));
      await expect(row).toContainText('Upcoming');

      // Not counted before its day: Total Returns is what has been paid.
      const me = (await callApiOk(page.request, endpoints.users.me, {}, accessToken)).data;
      const paidIncome = payouts
        .filter((p) => p.status === 'paid' && p.type !== 'capital')
        .reduce((a, p) => a + cents(p.amount), 0);
      expect(cents(me.totalReturned)).toBe(paidIncome);
      await expect(page.getByTestId('summary-total-returns')).toContainText(euro(paidIncome));
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await testInfo.attach(`timeline-${look.width}-${look.colorScheme}`, {
        body: await timeline.screenshot(),
        contentType: 'image/png',
      });
    });
  }
});

test.describe('[PORTFOLIO] a new investor without projects', () => {
  test('every page that needs a project shows one empty state, and the first sign-in says Welcome', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const adminToken = (await apiSignIn(page.request, 'admin')).accessToken;
    const who = {
      name: 'Nora Virtanen',
      email: `nora.${Date.now()}@example.com`,
      password: 'Aurora-lakeside-2026',
      investorId: `INV-2026-N${Date.now() % 100000}`,
    };
    const created = await callApi(page.request, endpoints.adminUsers.create, { body: who }, adminToken);
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const signInAsNora = async () => {
      const data = await apiSignIn(page.request, { email: who.email, password: who.password });
      await page.goto('/robots.txt');
      await page.evaluate(
        ([a, r]) => {
          localStorage.setItem('accessToken', a);
          localStorage.setItem('refreshToken', r);
        },
        [data.accessToken, data.refreshToken] as const,
      );
      await page.goto('/');
    };

    await signInAsNora();
    await expect(page.getByText('Welcome, Nora.', { exact: true })).toBeVisible();
    const empty = page.getByRole('region', { name: 'You have no projects yet' });
    for (const path of ['/', '/projects', '/documents', '/media', '/updates', '/perks']) {
      await page.goto(path);
      await expect(empty, path).toBeVisible();
      await expect(empty.getByRole('link', { name: 'Join New Project' })).toHaveAttribute(
        'href',
        '/join-project',
      );
      // The demo's support contact: the team is one click away.
      await expect(empty.getByRole('link', { name: /^Chat with our team on WhatsApp/ })).toHaveAttribute(
        'href',
        'https://wa.me/15555550100',
      );
      await expect(page.getByText(/Please select a project/)).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    }
    await empty.getByRole('link', { name: 'Join New Project' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Join New Project' })).toBeVisible();

    await signInAsNora();
    await expect(page.getByText('Welcome back, Nora.', { exact: true })).toBeVisible();
  });
});

test.describe('[PORTFOLIO] projects and project detail', () => {
  test('the projects page filters by status and opens a project', async ({ page }) => {
    const { accessToken } = await signIn(page, 'investor', '/projects');
    const { data: projects } = await callApiOk(page.request, endpoints.projects.list, {}, accessToken);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Projects' })).toBeVisible();
    await expect(page.getByText('Manage and track all your real estate investments')).toBeVisible();
    const tiles = page.getByTestId('project-tile');
    await expect(tiles).toHaveCount(projects.length);
    for (const p of projects) {
      const tile = tiles.filter({ hasText: p.name });
      // The admin-entered totals, captioned as the whole project's (issue 31).
      const whole = tile.getByRole('group', { name: 'Whole project, as reported by the company' });
      await expect(whole).toContainText(euro(cents(p.totalInvestment)));
      await expect(whole).toContainText(euro(cents(p.totalReturned)));
      await expect(tile).toContainText(euro(cents(p.totalInvestment)));
      await expect(tile).toContainText(euro(cents(p.totalReturned)));
      await expect(tile).toContainText(pct((cents(p.totalReturned) * 100) / cents(p.totalInvestment)));
      await expect(tile).toContainText(p.location);
      await expect(tile).toContainText(p.status === 'active' ? 'Active' : 'Completed');
      await expect(tile).toContainText(`Since ${shortDate(p.investmentDate)}`);
      await expect(tile).toContainText(`Annual ROI ${pct(Number(p.annualROI))}`);
      await expect(tile.getByRole('link', { name: `View Project ${p.name}` })).toHaveAttribute(
        'href',
        `/project/${p._id}`,
      );
    }
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Completed' }).click();
    await expect(page.getByRole('button', { name: 'Completed' })).toHaveAttribute('aria-pressed', 'true');
    const completed = projects.filter((p) => p.status === 'completed');
    await expect(tiles).toHaveCount(completed.length);
    await page.getByRole('button', { name: 'Active' }).click();
    await expect(tiles).toHaveCount(projects.filter((p) => p.status === 'active').length);
    await page.getByRole('button', { name: 'All Projects' }).click();
    await expect(tiles).toHaveCount(projects.length);

    const target = completed[0]!;
    await tiles
      .filter({ hasText: target.name })
      .getByRole('link', { name: /View Project/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/project/${target._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
  });

  test("a dashboard card opens the project's page with the investor's figures month by month", async ({
    page,
  }) => {
    const token = await openDashboard(page);
    const { data: projects } = await callApiOk(page.request, endpoints.projects.list, {}, token);
    const aurora = projects.find((p) => p.name === 'Aurora Lakeside Cabins')!;
    // A click anywhere on the card opens the project.
    await page
      .getByTestId('project-card')
      .filter({ hasText: aurora.name })
      .click({ position: { x: 24, y: 130 } });
    await expect(page).toHaveURL(new RegExp(`/project/${aurora._id}$`));

    const { data: detail } = await callApiOk(
      page.request,
      endpoints.projects.get,
      { params: { id: aurora._id } },
      token,
    );
    const inv = detail.investment!;
    await expect(page.getByRole('heading', { level: 1, name: aurora.name })).toBeVisible();
    await expect(page.getByText(detail.description)).toBeVisible();
    const stake = page.getByRole('region', { name: 'Your Investment' });
    await expect(stake).toContainText(euro(cents(inv.amount)));
    await expect(stake).toContainText(euro(inv.monthlyReturns.reduce((a, m) => a + cents(m.amount), 0)));
    await expect(stake).toContainText(pct(inv.roi!));

    const table = page.getByRole('table', { name: 'Month by Month' });
    const newest = inv.monthlyReturns[inv.monthlyReturns.length - 1]!;
    await expect(table.getByRole('row').nth(1)).toContainText(euro(cents(newest.amount)));
    await expect(table.getByRole('row').nth(1)).toContainText(euro(cents(inv.returns)));
    await expect(table.getByRole('row')).toHaveCount(13);
    await page.getByRole('button', { name: `Show all ${inv.monthlyReturns.length} months` }).click();
    await expect(table.getByRole('row')).toHaveCount(inv.monthlyReturns.length + 1);

    // The project's facts, as the API gives them.
    const about = page.getByRole('region', { name: 'About the Project' });
    const fact = (label: string) => about.getByRole('term').filter({ hasText: label }).locator('+ dd');
    await expect(fact('Location')).toHaveText(detail.location);
    await expect(fact('Status')).toHaveText(detail.status === 'active' ? 'Active' : 'Completed');
    await expect(fact('Investment Period')).toHaveText(`${detail.investmentPeriod} months`);
    await expect(fact('Expected Completion')).toHaveText(shortDate(detail.expectedCompletion!));
    await expect(fact('Annual ROI')).toHaveText(pct(Number(detail.annualROI)));
    // The project's totals as the company reports them for the whole project, apart and captioned so.
    const whole = about.getByRole('group', { name: 'Whole project, as reported by the company' });
    await expect(whole.getByRole('term').filter({ hasText: 'Total Raised' }).locator('+ dd')).toHaveText(
      euro(cents(detail.totalInvestment)),
    );
    await expect(
      whole.getByRole('term').filter({ hasText: 'Returned to Investors' }).locator('+ dd'),
    ).toHaveText(euro(cents(detail.totalReturned)));

    // The demo project has updates: its newest three, newest first.
    const { updates: all } = await callApiOk(
      page.request,
      endpoints.updates.list,
      { query: { projectId: aurora._id } },
      token,
    );
    const latest = all
      .sort((a, b) => (a.date < b.date ? 1 : -1))
      .slice(0, 3)
      .map((u) => u.title);
    expect(latest.length).toBeGreaterThan(0);
    const updates = page.getByRole('region', { name: 'Latest Updates' });
    await expect(updates.getByRole('heading', { level: 3 })).toHaveText(latest);
    await expect(updates.getByText('No updates available')).toHaveCount(0);
    await expectAccessible(page);
  });

  test("another investor's project does not open", async ({ page }) => {
    const { accessToken: otherToken } = await apiSignIn(page.request, 'investor2');
    const { data: theirs } = await callApiOk(page.request, endpoints.projects.list, {}, otherToken);
    const fjord = theirs.find((p) => p.name === 'Fjordview Timber Lodges')!;
    await signIn(page, 'investor', `/project/${fjord._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible();
    await expect(page.getByText(fjord.name)).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to your projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
  });
});

test.describe('[PORTFOLIO] join a project', () => {
  test('registering interest is stored, confirmed with a toast and starts the form again', async ({
    page,
  }) => {
    const { accessToken } = await signIn(page, 'investor', '/join-project');
    // The demo has a current opportunity.
    const open = (await callApiOk(page.request, endpoints.projects.currentOpportunity, {}, accessToken))
      .data!;
    await expect(page.getByRole('heading', { level: 1, name: 'Join New Project' })).toBeVisible();
    await expect(page.getByText('Coming Soon')).toBeVisible();
    await expect(page.getByText('Alpine Region, Switzerland')).toBeVisible();
    await expect(page.getByText('42% pre-committed')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: /Funding/ })).toHaveAttribute('aria-valuenow', '42');
    expect(open.features).toHaveLength(5);
    for (const f of open.features) await expect(page.getByText(f)).toBeVisible();
    await expectAccessible(page);

    const form = page.getByRole('region', { name: 'Register Your Interest' });
    await expect(form.getByLabel('Intended Investment Amount')).toHaveAttribute(
      'placeholder',
      `Min: €${COMING_SOON_PROJECT.minimumInvestment.toLocaleString('en-US')}`,
    );
    // The form starts with the signed-in investor's name and email.
    await expect(form.getByLabel('Full Name')).toHaveValue('Emma Lindqvist');
    await expect(form.getByLabel('Email')).toHaveValue(DEMO.investor.email);
    await form.getByLabel('Full Name').fill('');
    await form.getByLabel('Email').fill('');
    await form.getByRole('button', { name: 'Register Interest' }).click();
    await expect(form.getByText('Full Name is required')).toBeVisible();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByLabel('Full Name')).toBeFocused();

    await form.getByLabel('Full Name').fill('Emma Lindqvist');
    await form.getByLabel('Email').fill('emma.interest@example.com');
    await form.getByLabel('Intended Investment Amount').fill('1000');
    await form.getByRole('button', { name: 'Register Interest' }).click();
    await expect(
      form.getByText('Intended Investment Amount must be between €25,000 and €500,000'),
    ).toBeVisible();

    await form.getByLabel('Intended Investment Amount').fill('75000');
    await form.getByLabel('Phone').fill('+358 40 123 4567');
    await form.getByLabel('Additional Comments').fill('Interested in a winter-season share.');
    await form.getByRole('button', { name: 'Register Interest' }).click();
    await expect(page.getByText('Interest Registered', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Thank you for your interest! Our team will contact you soon.', { exact: true }),
    ).toBeVisible();
    for (const label of ['Phone', 'Intended Investment Amount', 'Additional Comments'])
      await expect(form.getByLabel(label)).toHaveValue('');
    await expect(form.getByLabel('Full Name')).toHaveValue('Emma Lindqvist');
    await expect(form.getByLabel('Email')).toHaveValue(DEMO.investor.email);

    // The admin inbox has it.
    const admin = await apiSignIn(page.request, 'admin');
    const { data } = await callApiOk(
      page.request,
      endpoints.interest.list,
      { query: { q: 'emma.interest' } },
      admin.accessToken,
    );
    expect(data.items).toHaveLength(1);
    expect(data.items[0]).toMatchObject({
      name: 'Emma Lindqvist',
      email: 'emma.interest@example.com',
      investmentAmount: 75000,
      phone: '+358 40 123 4567',
      message: 'Interested in a winter-season share.',
    });
  });
});

test.describe('[PORTFOLIO] current project', () => {
  test('the project selector changes perks, documents, media and updates, not only Recent Updates', async ({
    page,
  }) => {
    const { accessToken } = await signIn(page, 'investor', '/perks');
    const { data: projects } = await callApiOk(page.request, endpoints.projects.list, {}, accessToken);
    expect(projects.length).toBeGreaterThan(1);
    const contentOf = async (p: ProjectListItem) => {
      const params = { projectId: p._id };
      const query = { projectId: p._id };
      return {
        nights: (await callApiOk(page.request, endpoints.allowances.cabinNights, { params }, accessToken))
          .cabinNights,
        perks: (await callApiOk(page.request, endpoints.perks.list, { params }, accessToken)).perks.map(
          (x) => x.name,
        ),
        documents: (
          await callApiOk(page.request, endpoints.documents.list, { query }, accessToken)
        ).documents.map((d) => d.name),
        media: (await callApiOk(page.request, endpoints.media.list, { query }, accessToken)).media.map(
          (m) => m.title,
        ),
        updates: (await callApiOk(page.request, endpoints.updates.list, { query }, accessToken)).updates.map(
          (u) => u.title,
        ),
      };
    };
    const [a, b] = [projects[0]!, projects[1]!];
    const content = new Map([
      [a._id, await contentOf(a)],
      [b._id, await contentOf(b)],
    ]);
    // Each project has something the other has not, so a page that ignored the choice would show.
    const only = (key: 'documents' | 'media' | 'updates', p: ProjectListItem, other: ProjectListItem) =>
      content.get(p._id)![key].filter((x) => !content.get(other._id)![key].includes(x));
    for (const key of ['documents', 'updates'] as const) {
      expect(only(key, a, b).length, `${key} only in ${a.name}`).toBeGreaterThan(0);
      expect(only(key, b, a).length, `${key} only in ${b.name}`).toBeGreaterThan(0);
    }

    const selector = page.getByLabel('Current project');
    const nav = (name: string) =>
      page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
    for (const [p, other] of [
      [b, a],
      [a, b],
    ] as const) {
      await selector.selectOption(p._id);
      const mine = content.get(p._id)!;

      await nav('Perks');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Perks for ${p.name}`);
      if (mine.nights)
        await expect(page.getByText(`out of ${mine.nights.totalNights} total nights`)).toBeVisible();
      for (const name of mine.perks)
        await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
      if (!mine.nights && mine.perks.length === 0)
        await expect(page.getByText('No Perks Available')).toBeVisible();

      await nav('Documents');
      await expect(page.getByRole('heading', { level: 1, name: 'Document Vault' })).toBeVisible();
      for (const name of mine.documents)
        await expect(page.getByRole('button', { name: `Download ${name}`, exact: true })).toBeVisible();
      for (const name of only('documents', other, p))
        await expect(page.getByRole('button', { name: `Download ${name}`, exact: true })).toHaveCount(0);

      await nav('Media Gallery');
      await expect(page.getByRole('heading', { level: 1, name: 'Media Gallery' })).toBeVisible();
      for (const title of mine.media)
        await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
      for (const title of only('media', other, p))
        await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toHaveCount(0);

      await nav('Project Updates');
      await expect(page.getByRole('heading', { level: 1, name: 'Project Updates' })).toBeVisible();
      for (const title of mine.updates)
        await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
      for (const title of only('updates', other, p))
        await expect(page.getByText(title, { exact: true })).toHaveCount(0);
    }
  });
});

test.describe('[PORTFOLIO] phone and dark mode', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ colorScheme: 'dark' });
  });
  const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

  test('the projects page at 375 px in dark mode', async ({ page }) => {
    await signIn(page, 'investor', '/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Projects' })).toBeVisible();
    await expect(page.getByTestId('project-tile').first()).toBeVisible();
    expect(await isDark(page)).toBe(true);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test('a project page at 375 px in dark mode', async ({ page }) => {
    await openAuroraPage(page);
    await expect(page.getByRole('table', { name: 'Month by Month' })).toBeVisible();
    await expect(page.getByTestId('returns-chart').locator('rect[data-month]').first()).toBeVisible();
    expect(await isDark(page)).toBe(true);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test('Join New Project at 375 px in dark mode, with the coming-soon figures and a launch ahead', async ({
    page,
  }) => {
    const { accessToken } = await signIn(page, 'investor', '/join-project');
    // The demo has a current opportunity.
    const open = (await callApiOk(page.request, endpoints.projects.currentOpportunity, {}, accessToken))
      .data!;
    expect(Date.parse(open.expectedLaunch)).toBeGreaterThan(Date.now());
    const [year, month] = open.expectedLaunch.split('-').map(Number) as [number, number];
    await expect(page.getByRole('heading', { level: 1, name: 'Join New Project' })).toBeVisible();
    const card = page.locator('dl').filter({ hasText: 'Projected Annual ROI' });
    await expect(card).toContainText('9.2%');
    await expect(card).toContainText('€25,000');
    await expect(card).toContainText(`Q${Math.ceil(month / 3)} ${year}`);
    await expect(page.getByText('42% pre-committed')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Register Your Interest' })).toBeVisible();
    expect(await isDark(page)).toBe(true);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

// The two other corners of the done-when matrix: the tests above look at these pages in light at
// 1366 px and in dark at 375 px.
for (const look of [
  { name: 'dark at 1366 px', viewport: { width: 1366, height: 850 }, colorScheme: 'dark' },
  { name: 'light at 375 px', viewport: { width: 375, height: 812 }, colorScheme: 'light' },
] as const) {
  test.describe(`[PORTFOLIO] ${look.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(look.viewport);
      await page.emulateMedia({ colorScheme: look.colorScheme });
    });
    /** The theme is the one asked for, nothing scrolls sideways and axe finds nothing. */
    const expectGoodLook = async (page: Page) => {
      const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
      expect(dark).toBe(look.colorScheme === 'dark');
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    };

    test(`the dashboard, ${look.name}`, async ({ page }) => {
      await openDashboard(page);
      await expect(page.getByRole('heading', { name: 'Per-Project Investments' })).toBeVisible();
      await expect(page.getByTestId('project-card').first()).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Payout Timeline' }).getByRole('listitem').first(),
      ).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Recent Updates' }).getByRole('heading', { level: 3 }).first(),
      ).toBeVisible();
      await expectGoodLook(page);
    });

    test(`the projects page, ${look.name}`, async ({ page }) => {
      await signIn(page, 'investor', '/projects');
      await expect(page.getByRole('heading', { level: 1, name: 'Your Projects' })).toBeVisible();
      await expect(page.getByTestId('project-tile').first()).toBeVisible();
      await expect(
        page
          .getByTestId('project-tile')
          .first()
          .getByRole('link', { name: /View Project/ }),
      ).toBeVisible();
      await expectGoodLook(page);
    });

    test(`a project page, ${look.name}`, async ({ page }) => {
      await openAuroraPage(page);
      await expect(page.getByRole('region', { name: 'About the Project' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Month by Month' })).toBeVisible();
      await expect(page.getByTestId('returns-chart').locator('rect[data-month]').first()).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Latest Updates' }).getByRole('heading', { level: 3 }).first(),
      ).toBeVisible();
      await expectGoodLook(page);
    });

    test(`Join New Project, ${look.name}`, async ({ page }) => {
      await signIn(page, 'investor', '/join-project');
      await expect(page.getByRole('heading', { level: 1, name: 'Join New Project' })).toBeVisible();
      await expect(page.getByText('42% pre-committed')).toBeVisible();
      await expect(page.getByRole('progressbar', { name: /Funding/ })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Register Your Interest' })).toBeVisible();
      await expectGoodLook(page);
    });
  });
}

test.describe('[PORTFOLIO] the dashboard paints with its figures (ADR 023)', () => {
  test('the figures come with the page: no /api/users/me or other first read before they show', async ({
    page,
  }) => {
    const { accessToken } = await signIn(page, 'investor', '/robots.txt');
    const { data: me } = await callApiOk(page.request, endpoints.users.me, {}, accessToken);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) asked.push(new URL(r.url()).pathname);
    });
    const document = page.waitForResponse((r) => new URL(r.url()).pathname === '/');
    await page.goto('/');
    const html = await (await document).text();
    expect(html).toContain('<script type="application/json" id="portal-first-load">');
    expect((await document).headers()['cache-control']).toBe('no-store');
    const firstName = me.name.split(/\s+/)[0]!;
    await expect(page.getByText(/of investment recovered/).first()).toBeVisible();
    await expect(page.getByText(`Welcome back, ${firstName}.`)).toBeVisible();
    // What the page showed, it had without asking: none of the embedded reads was made before the figures.
    const seenBefore = [...asked];
    for (const read of [
      '/api/users/me',
      '/api/investment/performance',
      '/api/projects',
      '/api/investment/payouts',
    ])
      expect(seenBefore, read).not.toContain(read);
    // The block is read and taken out of the document before the app renders.
    await expect(page.locator('#portal-first-load')).toHaveCount(0);
  });

  test('signing out in one tab ends it for every tab: the next page carries no data', async ({ page }) => {
    await signIn(page, 'investor', '/');
    await expect(page.getByText(/of investment recovered/).first()).toBeVisible();
    const other = await page.context().newPage();
    await other.goto('/');
    await expect(other.getByText(/of investment recovered/).first()).toBeVisible();
    const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/logout');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await loggedOut).status()).toBe(200);
    // The other tab follows (the tokens are gone) and a reload of the dashboard brings no figures.
    await expect(other).toHaveURL(/\/login$/);
    const document = other.waitForResponse((r) => new URL(r.url()).pathname === '/');
    await other.goto('/');
    expect(await (await document).text()).not.toContain('portal-first-load');
    await expect(other).toHaveURL(/\/login$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'portal_page')).toBeUndefined();
  });
});
