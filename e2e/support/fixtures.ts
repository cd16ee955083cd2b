import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { endpoints, type LoginInput } from '@portal/contracts';
import axe from 'axe-core';
import { callApi } from './api';
import { PORT_BASE } from './paths';
import { TestServer } from './server';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'admin123' },
  investor: { email: 'investor@example.com', password: 'investor123' },
  investor2: { email: 'investor2@example.com', password: 'investor123' },
} as const;
export type DemoRole = keyof typeof DEMO;

interface Fixtures {
  freshData: void;
}
interface WorkerFixtures {
  server: TestServer;
}

/**
 * Each worker owns a server; before the first test of every spec file the server restarts on a fresh
 * copy of the seeded database, so each spec starts from known data.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      // The port belongs to the parallel slot; the folders to this worker (workerIndex is never reused),
      // so a worker replacing a failed one never shares data with it (see TestServer).
      const server = new TestServer(
        PORT_BASE + workerInfo.parallelIndex,
        `w${workerInfo.parallelIndex}-${workerInfo.workerIndex}`,
      );
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  freshData: [
    async ({ server }, use, testInfo) => {
      if (server.currentFile !== testInfo.file) {
        await server.start();
        server.currentFile = testInfo.file;
      }
      await use();
    },
    // The restart on fresh data has its own time, outside the test's.
    { auto: true, timeout: 60_000 },
  ],
});

export { expect };

/**
 * The night `days` from today as the server reads booking dates: a UTC calendar day, 'YYYY-MM-DD'.
 * Bookings in the tests are made relative to today, as the demo's allowances and bookings are relative
 * to the seeding day, so that no test ever asks for a night that has become past.
 */
export const nightAhead = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Signs in through the API with a demo account, or with other credentials: the tokens and the user. The
 * accounts it is used with have no second factor, so a two-factor challenge fails the test.
 */
export async function apiSignIn(request: APIRequestContext, who: DemoRole | LoginInput) {
  const { ok, status, body } = await callApi(request, endpoints.auth.login, {
    body: typeof who === 'string' ? DEMO[who] : who,
  });
  expect(ok, `sign-in answered ${status}`).toBe(true);
  if ('mfaRequired' in body.data) throw new Error('The sign-in asked for a second factor');
  return body.data;
}

/** Signs in through the API and stores the tokens as the app does, then opens `path`. */
export async function signIn(page: Page, role: DemoRole, path = '/') {
  const data = await apiSignIn(page.request, role);
  await page.goto('/robots.txt');
  await page.evaluate(
    ([a, r]) => {
      localStorage.setItem('accessToken', a);
      localStorage.setItem('refreshToken', r);
    },
    [data.accessToken, data.refreshToken] as const,
  );
  await page.goto(path);
  return data;
}

/**
 * Every rule axe-core has: WCAG 2.x A, AA and AAA, best practices, and the experimental rules (such as
 * `label-content-name-mismatch`, WCAG 2.5.3 Label in Name), which axe leaves out unless named.
 */
const EVERY_AXE_RULE = axe.getRules().map((r) => r.ruleId);

/**
 * What axe is not asked to check. Radix's focus guards (invisible spans, tabindex 0, at both ends of the
 * page while a popover or dialog is open) and Toast's two focus proxies (around the toast list while a
 * toast is shown) pass focus on the moment they get it; the experimental focus-order-semantics rule
 * reads them as focusable elements without a role. They are the library's own markup, which the app
 * cannot give a role.
 */
const AXE_EXCLUDED = [
  '[data-radix-focus-guard]',
  '[role="region"]:has(> ol[data-toasts]) > span[tabindex="0"]',
];

/**
 * Waits until what is opening or closing has finished moving: a dialog fading in, a menu sliding open.
 * Its colours are blended with what is behind it until then, and axe would measure the blend (a contrast
 * of 2.86 for the grey of a label on a dialog halfway in). Endless animations (a loading shimmer) are not
 * waited for; one that ends and starts another is waited for in turn, a few rounds at most.
 */
async function animationsSettled(page: Page) {
  await page.evaluate(async () => {
    for (let round = 0; round < 10; round++) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/**
 * Runs every axe-core rule on the page and fails with the violations listed (`soft`: the test goes on
 * and fails at its end, so that one run lists the violations of every page it checks).
 *
 * axe-core runs in the page directly, put there once per document and asked for violations only:
 * @axe-core/playwright's AxeBuilder sent the whole library again on every call and collected passes too,
 * 3-4 s a check here against 0.4-1.3 s (the app has no frames for it to walk).
 */
export async function expectAccessible(page: Page, opts: { exclude?: string[]; soft?: boolean } = {}) {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    ([rules, exclude]) =>
      (window as unknown as { axe: typeof axe }).axe
        .run({ exclude }, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] })
        .then((r) => r.violations),
    [EVERY_AXE_RULE, [...AXE_EXCLUDED, ...(opts.exclude ?? [])]] as [string[], string[]],
  );
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map(
          (n) =>
            `${n.target.join(' ')}${n.failureSummary ? ` -- ${n.failureSummary.split('\n').slice(1).join(' ').trim()}` : ''}`,
        )
        .slice(0, 10)
        .join('\n    ')}`,
  );
  (opts.soft ? expect.soft : expect)(summary, 'accessibility violations').toEqual([]);
}

/**
 * No horizontal scrolling: neither the document nor the shell's scrolling main area (`#main`, which
 * scrolls by itself while the shell clips the document) is wider than its box. A failure names the
 * widest elements that stick out on the right.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const found = await page.evaluate(() => {
    const measure = (el: Element) => ({ scroll: el.scrollWidth, client: el.clientWidth });
    const main = document.getElementById('main');
    const right = main ? main.getBoundingClientRect().right : document.documentElement.clientWidth;
    const culprits = Array.from(document.querySelectorAll('body *'))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.right > right + 0.5)
      .sort((a, b) => b.r.right - a.r.right)
      .slice(0, 10)
      .map(({ el, r }) => {
        const cls = typeof el.className === 'string' ? el.className.split(' ').slice(0, 4).join('.') : '';
        const id = el.id ? `#${el.id}` : '';
        return `${el.tagName.toLowerCase()}${id}${cls ? `.${cls}` : ''} right=${Math.round(r.right)}`;
      });
    return { document: measure(document.documentElement), main: main ? measure(main) : null, culprits };
  });
  const why = `sticking out: ${found.culprits.join('; ') || 'nothing measured'}`;
  expect(found.document.scroll, `document scrolls sideways; ${why}`).toBeLessThanOrEqual(
    found.document.client,
  );
  if (found.main)
    expect(found.main.scroll, `#main scrolls sideways; ${why}`).toBeLessThanOrEqual(found.main.client);
}

/**
 * Answers the app's confirmation dialog titled `title` (it names what will be removed): with its
 * confirm button (`confirm`), typing `typed` first when it asks for a name; or with Cancel when
 * `confirm` is false. Checks it with axe while it is open.
 */
export async function confirmInApp(
  page: Page,
  title: string,
  { confirm = 'Delete', typed }: { confirm?: string | false; typed?: string } = {},
) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toBeVisible();
  if (typed !== undefined) await dialog.getByLabel(/^Type .* to confirm$/).fill(typed);
  await dialog.getByRole('button', { name: confirm === false ? 'Cancel' : confirm, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Collects the messages of browser alerts, dismissing each at once (an open alert would block the page,
 * and a reload waiting behind it would hang).
 */
export function collectAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (d) => {
    messages.push(d.message());
    void d.dismiss().catch(() => {});
  });
  return messages;
}
