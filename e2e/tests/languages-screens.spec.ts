import type { Page } from '@playwright/test';
import type { Locale } from '@portal/i18n/locale';
import { endpoints } from '@portal/contracts';
import { callApiOk } from '../support/api';
import { apiSignIn, expect, expectAccessible, signIn, test, type DemoRole } from '../support/fixtures';
import { collectApiStrings, englishOnPage, overflowingTexts } from '../support/languages';

/**
 * Every translated screen, in German and in Norwegian, at 375 px (German runs about 30 % longer than
 * English): no English left but the brand's name and what admins wrote, no text overflowing its box,
 * and no serious accessibility problem.
 */
interface Screen {
  path: string;
  /** Who signs in first; public pages are opened signed out. */
  as?: DemoRole;
  /** What shows once the screen has its content. */
  ready: (page: Page) => Promise<void>;
}

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

const SCREENS: Screen[] = [
  { path: '/login', ready: heading },
  { path: '/register', ready: heading },
  { path: '/forgot-password', ready: heading },
  { path: '/reset-password', ready: heading },
  { path: '/admin-login', ready: heading },
];

/** Texts that are the same in every language. */
const ALLOW = ['Investor Portal', 'English', 'Deutsch', 'Norsk bokmål'];

/** Gives the demo account `locale`, as its profile would. */
async function speak(page: Page, who: DemoRole, locale: Locale) {
  const { accessToken } = await apiSignIn(page.request, who);
  const { data: me } = await callApiOk(page.request, endpoints.users.me, {}, accessToken);
  const { name, phone, address, city, country, postalCode, dateOfBirth } = me;
  await callApiOk(
    page.request,
    endpoints.users.updateMe,
    { body: { name, phone, address, city, country, postalCode, dateOfBirth, locale } },
    accessToken,
  );
}

for (const locale of ['de', 'nb'] as const) {
  test.describe(`[LANGUAGES] every translated screen in ${locale} at 375 px`, () => {
    test.use({ locale: locale === 'de' ? 'de-DE' : 'nb-NO', viewport: { width: 375, height: 800 } });

    test(`speaks ${locale} on every screen, with nothing overflowing`, async ({ page }) => {
      const content = collectApiStrings(page);
      const problems: string[] = [];
      for (const screen of SCREENS) {
        if (screen.as) {
          await speak(page, screen.as, locale);
          await signIn(page, screen.as, screen.path);
        } else {
          await page.context().clearCookies();
          await page.goto('/robots.txt');
          await page.evaluate(() => localStorage.clear());
          await page.goto(screen.path);
        }
        await screen.ready(page);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        for (const text of await englishOnPage(page, locale, content, ALLOW))
          problems.push(`${screen.path}: English "${text}"`);
        for (const text of await overflowingTexts(page)) problems.push(`${screen.path}: overflows: ${text}`);
        await expectAccessible(page);
      }
      expect(problems).toEqual([]);
    });
  });
}
