import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test, type DemoRole } from '../support/fixtures';
import { collectApiStrings, englishOnPage, overflowingTexts, speak } from '../support/languages';

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

const investor = (path: string): Screen => ({ path, as: 'investor', ready: heading });
const admin = (path: string): Screen => ({ path, as: 'admin', ready: heading });

const SCREENS: Screen[] = [
  { path: '/login', ready: heading },
  { path: '/register', ready: heading },
  { path: '/forgot-password', ready: heading },
  { path: '/reset-password', ready: heading },
  { path: '/admin-login', ready: heading },
  ...[
    '/',
    '/projects',
    '/join-project',
    '/perks',
    '/documents',
    '/media',
    '/updates',
    '/email-preferences',
    '/identity',
    '/subscriptions',
  ].map(investor),
  ...[
    '/admin',
    '/admin/users',
    '/admin/investments',
    '/admin/projects',
    '/admin/perks',
    '/admin/updates',
    '/admin/documents',
    '/admin/media',
    '/admin/notifications',
    '/admin/bookings',
    '/admin/stay-reports',
    '/admin/allocations',
    '/admin/erasure-requests',
    '/admin/distributions',
    '/admin/interest',
    '/admin/audit',
    '/admin/email',
    '/admin/kyc',
    '/admin/bank',
    '/admin/offerings',
  ].map(admin),
];

/** Texts that are the same in every language. */
const ALLOW = ['Investor Portal', 'English', 'Deutsch', 'Norsk bokmål'];

/** The screens in groups that share a sign-in: each group is one test, each screen a step of it. */
const GROUPS: { name: string; as?: DemoRole; screens: Screen[] }[] = [
  { name: 'the pages before sign-in', screens: SCREENS.filter((s) => !s.as) },
  { name: "the investor's pages", as: 'investor', screens: SCREENS.filter((s) => s.as === 'investor') },
  { name: "the admin's pages", as: 'admin', screens: SCREENS.filter((s) => s.as === 'admin') },
];

for (const locale of ['de', 'nb'] as const) {
  test.describe(`[LANGUAGES] every translated screen in ${locale} at 375 px`, () => {
    test.use({ locale: locale === 'de' ? 'de-DE' : 'nb-NO', viewport: { width: 375, height: 800 } });

    for (const group of GROUPS) {
      test(`${group.name} speak ${locale}, with nothing overflowing`, async ({ page }) => {
        test.setTimeout(30_000 + 10_000 * group.screens.length);
        const content = collectApiStrings(page);
        if (group.as) await speak(page, group.as, locale);
        for (const [i, screen] of group.screens.entries())
          await test.step(screen.path, async () => {
            // What the API said on an earlier screen of the group counts too: a screen may show an answer
            // the page keeps from then (the dashboard's updates on /updates) without asking again.
            if (group.as && i === 0) await signIn(page, group.as, screen.path);
            else await page.goto(screen.path);
            await screen.ready(page);
            await expect(page.locator('html')).toHaveAttribute('lang', locale);
            // Soft: every screen of the group is checked, and each one's findings reported.
            expect
              .soft(await englishOnPage(page, locale, content, ALLOW), `English left on ${screen.path}`)
              .toEqual([]);
            expect
              .soft(await overflowingTexts(page), `texts overflowing their box on ${screen.path}`)
              .toEqual([]);
            await expectAccessible(page, { soft: true });
          });
      });
    }
  });
}
