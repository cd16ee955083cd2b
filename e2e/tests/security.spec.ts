import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { endpoints, endpointUrl } from '@portal/contracts';
import { callApiOk } from '../support/api';
import { apiSignIn, expect, expectAccessible, signIn, test } from '../support/fixtures';
import { ROOT } from '../support/paths';

/**
 * Stored XSS in the browser: every text an admin or an investor writes that other people's pages show
 * (names, titles, descriptions, messages, update HTML) is planted with script, and every page that shows
 * it is opened as an investor and as an admin. No script runs, no dialog opens, and the Content Security
 * Policy never has to step in (a violation would mean hostile markup reached the DOM). Then the CSP is
 * shown to stop script that gets into a page anyway.
 */

/** Markup that runs `window.__pwned = <field>` if it is ever parsed as HTML. */
const hostile = (field: string) => `${field}<img src=x onerror=__pwned='${field}'><script>__pwned=1</script>`;

/** Update HTML: a few filter-evasion payloads from the OWASP cheat sheet. */
const HOSTILE_HTML = [
  '<p>Planted update body</p>',
  '<img src=x onerror="window.__pwned=\'img\'">',
  '<svg onload="window.__pwned=\'svg\'"></svg>',
  '<a href="jav&#x09;ascript:window.__pwned=\'href\'">tabbed link</a>',
  '<a href="&#106;avascript:window.__pwned=\'entity\'">entity link</a>',
  '<iframe srcdoc="<script>parent.__pwned=\'iframe\'</script>"></iframe>',
  '<details open ontoggle="window.__pwned=\'details\'">d</details>',
  '<p onmouseover="window.__pwned=\'hover\'">hover here</p>',
  // Last: the sanitizer drops everything after an unclosed <math> or <noscript>.
  '<noscript><p title="</noscript><img src=x onerror=window.__pwned=\'noscript\'>">',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=\'math\'">',
].join('');

/**
 * Sends the JSON form of a multipart endpoint (its fields without a file), which callApi's typed input
 * does not express: the address from the registry, the request by hand.
 */
async function postJsonFields(
  request: APIRequestContext,
  url: string,
  token: string,
  data: Record<string, unknown>,
) {
  const res = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/**
 * Plants hostile text in everything the investor's pages and the admin screens show. The text is
 * hostile only to a browser that would parse it as HTML: to the API it is ordinary text, sent as any
 * client would.
 */
async function plant(request: APIRequestContext) {
  const admin = await apiSignIn(request, 'admin');
  const investor = await apiSignIn(request, 'investor');
  const { data: projects } = await callApiOk(request, endpoints.projects.list, {}, investor.accessToken);
  expect(projects.length).toBeGreaterThan(0);
  for (const { _id: projectId } of projects) {
    await callApiOk(
      request,
      endpoints.projects.update,
      { params: { id: projectId }, body: { description: hostile('project-description') } },
      admin.accessToken,
    );
    await callApiOk(
      request,
      endpoints.updates.create,
      {
        body: {
          projectId,
          title: hostile('update-title'),
          excerpt: hostile('update-excerpt'),
          content: HOSTILE_HTML,
          date: new Date().toISOString(),
        },
      },
      admin.accessToken,
    );
    await callApiOk(
      request,
      endpoints.perks.create,
      {
        params: { projectId },
        body: {
          name: hostile('perk-name'),
          type: 'dining',
          status: 'active',
          description: hostile('perk-description'),
        },
      },
      admin.accessToken,
    );
    await postJsonFields(
      request,
      endpointUrl(endpoints.documents.create, { query: { projectId, userId: investor.user._id } }),
      admin.accessToken,
      { name: hostile('document-name'), description: hostile('document-description') },
    );
    await postJsonFields(request, endpointUrl(endpoints.media.create), admin.accessToken, {
      projectId,
      title: hostile('media-title'),
      type: 'photo',
      description: hostile('media-description'),
      url: '/demo/photos/aurora-lake.jpg',
      priority: 1000,
    });
  }
  await callApiOk(
    request,
    endpoints.notifications.send,
    {
      body: {
        title: hostile('notification-title'),
        message: hostile('notification-message'),
        userIds: [investor.user._id],
      },
    },
    admin.accessToken,
  );
  await callApiOk(
    request,
    endpoints.interest.register,
    {
      body: {
        name: hostile('interest-name'),
        email: 'interest@example.com',
        // No amount: left out of the JSON (the schema's type names the key as it preprocesses it).
        investmentAmount: undefined,
        message: hostile('interest-message'),
      },
    },
    investor.accessToken,
  );
  await callApiOk(
    request,
    endpoints.users.updateMe,
    { body: { name: hostile('profile-name') } },
    investor.accessToken,
  );
  return { projectId: projects[0]!._id };
}

/** Records dialogs and CSP violations from the first script of every page on. */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return dialogs;
}

async function expectNoScriptRan(page: Page, dialogs: string[], where: string) {
  const state = await page.evaluate(() => {
    const w = window as unknown as { __pwned?: string; __violations?: string[] };
    return { pwned: w.__pwned ?? null, violations: w.__violations ?? [] };
  });
  expect(state.pwned, where).toBeNull();
  expect(state.violations, where).toEqual([]);
  expect(dialogs, where).toEqual([]);
  await expect(
    page.locator(
      'script:not([src]), iframe, object, embed, [onerror], [onload], [onmouseover], [ontoggle], a[href^="javascript" i]',
    ),
    where,
  ).toHaveCount(0);
}

/** The planted text is shown as text, brackets and all. */
const literal = (page: Page, field: string) =>
  page.getByText(`${field}<img src=x onerror=`, { exact: false }).first();

test.describe('[SECURITY] stored XSS and the Content Security Policy', () => {
  test('hostile text planted by an admin and an investor runs no script on any page that shows it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { projectId } = await plant(page.request);
    const dialogs = await watch(page);

    await signIn(page, 'investor', '/');
    await expect(literal(page, 'profile-name')).toBeVisible();
    await expectNoScriptRan(page, dialogs, 'dashboard');

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(
      hostile('notification-title').slice(0, 40),
    );
    await expectNoScriptRan(page, dialogs, 'notifications');
    await page.keyboard.press('Escape');

    await page.goto(`/project/${projectId}`);
    await expect(literal(page, 'project-description')).toBeVisible();
    await expectNoScriptRan(page, dialogs, 'project');

    await page.goto('/updates');
    await expect(literal(page, 'update-title')).toBeVisible();
    const planted = page
      .getByRole('main')
      .getByRole('article')
      .filter({ hasText: 'update-title<img' })
      .first();
    await planted.getByRole('button', { name: /Read more/ }).click();
    await expect(planted.getByText('Planted update body')).toBeVisible();
    await planted.getByText('hover here').hover();
    await planted.getByText('tabbed link').click();
    await planted.getByText('entity link').click();
    await expectNoScriptRan(page, dialogs, 'updates');
    await expectAccessible(page);

    for (const [path, field] of [
      ['/perks', 'perk-name'],
      ['/documents', 'document-name'],
      ['/media', 'media-title'],
    ] as const) {
      await page.goto(path);
      await expect(literal(page, field)).toBeVisible();
      await expectNoScriptRan(page, dialogs, path);
    }

    // The admin screens show what investors wrote, and the admin's own writing.
    await signIn(page, 'admin', '/admin/users');
    await page.getByRole('banner').getByLabel('Current project').selectOption(projectId);
    for (const [path, field] of [
      ['/admin/users', 'profile-name'],
      ['/admin/interest', 'interest-name'],
      ['/admin/notifications', 'notification-title'],
      ['/admin/updates', 'update-title'],
      ['/admin/projects', 'project-description'],
    ] as const) {
      await page.goto(path);
      await expect(literal(page, field)).toBeVisible();
      await expectNoScriptRan(page, dialogs, path);
    }
  });

  test('the Content Security Policy stops script that reaches the page anyway', async ({ page }) => {
    const dialogs = await watch(page);
    await signIn(page, 'investor', '/');
    const response = await page.reload();
    const csp = response!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // What a sanitizer bug would let through: an inline script, an inline handler, a javascript: URL.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = "window.__pwned = 'inline script'";
      document.body.append(s);
      const img = document.createElement('img');
      img.setAttribute('src', 'data:,x');
      img.setAttribute('onerror', "window.__pwned = 'inline handler'");
      document.body.append(img);
      const a = document.createElement('a');
      a.href = "javascript:window.__pwned='javascript url'";
      a.id = 'planted-link';
      a.textContent = 'planted';
      document.body.append(a);
    });
    await page.locator('#planted-link').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations.length))
      .toBeGreaterThanOrEqual(3);
    const state = await page.evaluate(() => {
      const w = window as unknown as { __pwned?: string; __violations: string[] };
      return { pwned: w.__pwned ?? null, violations: w.__violations };
    });
    expect(state.pwned).toBeNull();
    expect(state.violations.join('\n')).toMatch(/script-src/);
    expect(dialogs).toEqual([]);
  });
});

test.describe('[SECURITY] source maps', () => {
  test('are kept in the build for debugging but never served, and no served script or style points to one', async ({
    request,
  }) => {
    const dist = path.join(ROOT, 'apps/web/dist');
    const files = walk(dist).map((f) => '/' + path.relative(dist, f).split(path.sep).join('/'));
    // Files of the web build, not API endpoints: requested raw, with the encodings a browser asks for.
    const maps = files.filter((f) => f.endsWith('.map'));
    expect(maps.length, 'the build writes source maps').toBeGreaterThan(0);
    for (const map of maps) {
      for (const encoding of ['identity', 'gzip, br']) {
        const res = await request.get(map, { headers: { 'accept-encoding': encoding } });
        expect(res.status(), map).toBe(404);
      }
    }
    // Every script and style the server sends: whatever map it names (a comment or a header) answers 404.
    const served = files.filter((f) => /\.(js|css)$/.test(f));
    expect(served.length).toBeGreaterThan(0);
    const named: string[] = [];
    const inline: string[] = [];
    const resolve = (ref: string, file: string) => new URL(ref, new URL(file, 'http://portal')).pathname;
    for (const file of served) {
      const res = await request.get(file);
      expect(res.status(), file).toBe(200);
      const header = res.headers()['sourcemap'] ?? res.headers()['x-sourcemap'];
      if (header) named.push(resolve(header, file));
      for (const [, ref] of (await res.text()).matchAll(/[#@]\s*sourceMappingURL=(\S+)/g))
        if (ref!.startsWith('data:')) inline.push(file);
        else named.push(resolve(ref!, file));
    }
    expect(inline, 'scripts carrying their map inline').toEqual([]);
    for (const map of named) expect((await request.get(map)).status(), map).toBe(404);
  });
});

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
