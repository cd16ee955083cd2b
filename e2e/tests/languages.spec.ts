import { endpoints } from '@portal/contracts';
import { callApiOk } from '../support/api';
import { DEMO, apiSignIn, expect, expectAccessible, signIn, test } from '../support/fixtures';

// Written out here rather than with the app's formatter, so that the test does not check it against itself.
const nbEuro = (cents: number) =>
  new Intl.NumberFormat('nb-NO', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
const deEuro = (cents: number) =>
  new Intl.NumberFormat('de-DE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
const cents = (n: number) => Math.round(n * 100);

test.describe('[LANGUAGES] the portal in German and Norwegian', () => {
  test.use({ locale: 'de-DE' });

  test('a German browser opens the sign-in page in German; Norwegian picked there becomes the account’s', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Willkommen zurück' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expectAccessible(page);

    await page.getByLabel('Sprache').selectOption('nb');
    await expect(page.getByRole('heading', { name: 'Velkommen tilbake' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
    await page.getByLabel('E-post').fill(DEMO.investor.email);
    await page.getByLabel('Passord').fill(DEMO.investor.password);
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb');

    // The account keeps it: read from the server, and the dashboard's total in Norwegian figures.
    const { accessToken } = await apiSignIn(page.request, 'investor');
    await expect
      .poll(async () => (await callApiOk(page.request, endpoints.users.me, {}, accessToken)).data.locale)
      .toBe('nb');
    const { data: me } = await callApiOk(page.request, endpoints.users.me, {}, accessToken);
    const invested = me.investments.reduce((acc, i) => acc + cents(i.amount), 0);
    await expect(page.getByTestId('summary-total-investment')).toContainText(nbEuro(invested));
    await expectAccessible(page);
  });

  test('an account in German opens in German on any browser, figures as Germans write them', async ({
    page,
  }) => {
    const { accessToken } = await apiSignIn(page.request, 'investor2');
    const { data: me } = await callApiOk(page.request, endpoints.users.me, {}, accessToken);
    await callApiOk(
      page.request,
      endpoints.users.updateMe,
      {
        body: {
          name: me.name,
          phone: me.phone,
          address: me.address,
          city: me.city,
          country: me.country,
          postalCode: me.postalCode,
          dateOfBirth: me.dateOfBirth,
          locale: 'de',
        },
      },
      accessToken,
    );
    await signIn(page, 'investor2', '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const invested = me.investments.reduce((acc, i) => acc + cents(i.amount), 0);
    await expect(page.getByTestId('summary-total-investment')).toContainText(deEuro(invested));
    await expectAccessible(page);
  });
});
