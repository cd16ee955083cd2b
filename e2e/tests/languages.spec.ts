import { endpoints } from '@portal/contracts';
import { callApiOk } from '../support/api';
import { DEMO, apiSignIn, expect, expectAccessible, signIn, test } from '../support/fixtures';
import { speak } from '../support/languages';
import { chooseStay } from '../support/stays';

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
    const me = await speak(page, 'investor2', 'de');
    await signIn(page, 'investor2', '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const invested = me.investments.reduce((acc, i) => acc + cents(i.amount), 0);
    await expect(page.getByTestId('summary-total-investment')).toContainText(deEuro(invested));
    await expectAccessible(page);
  });

  test('a German investor books a stay in German: the dialog, the calendar and the answer', async ({
    page,
  }) => {
    await speak(page, 'investor', 'de');
    await signIn(page, 'investor', '/perks');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByRole('button', { name: /^Für einen eigenen Aufenthalt buchen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Eigenen Aufenthalt buchen' });
    // Sent without dates, it says so in German before anything is sent.
    await dialog.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Wählen Sie Ihren Anreisetag im Kalender');
    await dialog.getByRole('button', { name: 'Zum nächsten Monat' }).click();
    await chooseStay(dialog, 2, /^Anreise \S+ \d{1,2}\. .+ · Abreise \S+ \d{1,2}\. .+ · 2 Nächte$/);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(
      page
        .getByText('Ihre Anfrage für einen eigenen Aufenthalt wurde erfolgreich gesendet.', { exact: true })
        .first(),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    const requests = page.getByRole('list', { name: 'Buchungsanfragen' });
    await expect(requests.getByRole('listitem').filter({ hasText: 'Ausstehend' }).first()).toBeVisible();
  });
});
