import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createInvestment,
  createProject,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../test/helpers';
import { escapeForHtml, FIRST_LOAD_ID, FIRST_LOAD_READS, PAGE_COOKIE } from './page-session';
import { endpointUrl } from '@portal/contracts';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-page-'));
const INDEX =
  '<!doctype html><html><head><title>Investor Portal</title><script src="/assets/head-abc.js"></script>' +
  '<script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  ctx = await buildTestApp({ webDist: dist });
  alice = await createUser(ctx.db, { name: 'Alice </script><script>alert(1)</script> Lind' });
  bob = await createUser(ctx.db, { name: 'Bob Berg' });
  const project = await createProject(ctx.db, { name: 'Pine Hollow' });
  await createInvestment(ctx.db, alice.id, project.id, {
    amount: '12345.67',
    monthly: { '2025-01': '100.10' },
  });
  await createInvestment(ctx.db, bob.id, project.id, { amount: '500.00' });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The page cookie a sign-in answer set, as a request's Cookie header. */
function pageCookie(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((x) => x.name === PAGE_COOKIE);
  if (!c) throw new Error('no page cookie set');
  return `${PAGE_COOKIE}=${c.value}`;
}

async function signIn(user: TestUser) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { accessToken: string; refreshToken: string };
  return { ...data, cookie: pageCookie(res) };
}

/** The data block of a served page, parsed, or null when the page has none. */
function dataBlock(html: string): { userId: string; at: number; answers: Record<string, unknown> } | null {
  const m = new RegExp(`<script type="application/json" id="${FIRST_LOAD_ID}">(.*?)</script>`, 's').exec(
    html,
  );
  return m ? JSON.parse(m[1]!) : null;
}

describe('the page cookie (ADR 023)', () => {
  it('is set at sign-in: HttpOnly, SameSite=Strict, for every path, as long as a sign-in may stay idle', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: alice.email, password: alice.password },
    });
    const c = res.cookies.find((x) => x.name === PAGE_COOKIE)!;
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 7 * 24 * 3600 });
    // Not Secure over plain HTTP (the test's); `secure` follows the request's protocol.
    expect(c.secure).toBeFalsy();
  });

  it('names the user and the sign-in of the tokens it is set beside', async () => {
    const s = await signIn(alice);
    const payload = (jwt: string) =>
      JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const page = payload(s.cookie.slice(PAGE_COOKIE.length + 1));
    const access = payload(s.accessToken);
    expect(page).toMatchObject({ typ: 'page', sub: alice.id, isAdmin: false });
    expect(page.sid).toBe(access.sid);
    expect(access.sub).toBe(alice.id);
  });

  it('is renewed by a refresh and removed by sign-out', async () => {
    const s = await signIn(alice);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: s.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(pageCookie(refreshed)).not.toBe('');
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(refreshed.json().data.accessToken),
      payload: { refreshToken: refreshed.json().data.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((x) => x.name === PAGE_COOKIE)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/');
    expect(Number(cleared.maxAge ?? 0) <= 0 || cleared.expires! <= new Date()).toBe(true);
  });

  it('never authorizes an API call', async () => {
    const s = await signIn(alice);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: s.cookie } });
    expect(res.statusCode).toBe(401);
    // Nor does its value work as a bearer token.
    const asBearer = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(s.cookie.slice(PAGE_COOKIE.length + 1)),
    });
    expect(asBearer.statusCode).toBe(401);
  });
});

describe("the dashboard's HTML with the first-load answers", () => {
  it("embeds exactly the API's answers to the cookie's user, not stored, ahead of the head script", async () => {
    const s = await signIn(alice);
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie: s.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['etag']).toBeUndefined();
    expect(String(page.headers['vary'])).toContain('cookie');
    const block = dataBlock(page.body)!;
    expect(block.userId).toBe(alice.id);
    expect(page.body.indexOf(FIRST_LOAD_ID)).toBeLessThan(page.body.indexOf('/assets/head-abc.js'));
    for (const e of FIRST_LOAD_READS) {
      const url = endpointUrl(e, {});
      const api = await ctx.app.inject({ method: 'GET', url, headers: bearer(s.accessToken) });
      expect(api.statusCode, url).toBe(200);
      const answer = api.json();
      // The user's sign-in time may differ by nothing else: the same answer.
      expect(block.answers[url], url).toEqual(answer);
    }
    const me = block.answers['/api/users/me'] as { data: { name: string; totalInvestment: number } };
    expect(me.data.name).toBe(alice.name);
    expect(me.data.totalInvestment).toBe(12345.67);
  });

  it('escapes `<` so that no answer can end the data block', async () => {
    const s = await signIn(alice);
    const page = await ctx.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: s.cookie } });
    // Alice's name holds "</script><script>": it appears only escaped.
    expect(page.body).not.toContain('</script><script>alert(1)');
    expect(page.body).toContain('\\u003c/script>\\u003cscript>alert(1)');
    expect(dataBlock(page.body)!.answers['/api/users/me']).toMatchObject({ data: { name: alice.name } });
    const text = escapeForHtml(JSON.stringify({ a: '<\u2028</script>\u2029' }));
    expect(text).toBe('{"a":"\\u003c\\u2028\\u003c/script>\\u2029"}');
    expect(JSON.parse(text)).toEqual({ a: '<\u2028</script>\u2029' });
  });

  it("gives each user their own answers, never another user's", async () => {
    const a = await signIn(alice);
    const b = await signIn(bob);
    const pageA = dataBlock(
      (await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie: a.cookie } })).body,
    )!;
    const pageB = dataBlock(
      (await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie: b.cookie } })).body,
    )!;
    expect(pageA.userId).toBe(alice.id);
    expect(pageB.userId).toBe(bob.id);
    expect(pageB.answers['/api/users/me']).toMatchObject({ data: { _id: bob.id, totalInvestment: 500 } });
    expect(JSON.stringify(pageB)).not.toContain(alice.id);
  });

  it('sends it compressed as the browser accepts', async () => {
    const s = await signIn(alice);
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: s.cookie, 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(dataBlock(zlib.gunzipSync(page.rawPayload).toString())!.userId).toBe(alice.id);
  });

  it('embeds nothing for a forged, stale or signed-out cookie, and removes it', async () => {
    const plain = async (cookie: string) => {
      const page = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(INDEX);
      expect(page.headers['cache-control']).toBe('no-cache');
      return page;
    };
    const s = await signIn(alice);
    // Forged: another signature, or an access token in its place.
    const [head, body] = s.cookie.slice(PAGE_COOKIE.length + 1).split('.');
    const forged = await plain(`${PAGE_COOKIE}=${head}.${body}.${'A'.repeat(43)}`);
    expect(forged.cookies.find((c) => c.name === PAGE_COOKIE)?.value).toBe('');
    await plain(`${PAGE_COOKIE}=${s.accessToken}`);
    await plain(`${PAGE_COOKIE}=garbage`);
    // A page with the answers first: what the server keeps of the sign-in for its next pages (the
    // cookie's check, the reads' bearer token) must not outlive it.
    const before = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie: s.cookie } });
    expect(dataBlock(before.body)?.userId).toBe(alice.id);
    // Signed out: the cookie still held (say, by a tab that missed the answer) names an ended sign-in.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(s.accessToken),
      payload: { refreshToken: s.refreshToken },
    });
    const ended = await plain(s.cookie);
    expect(ended.cookies.find((c) => c.name === PAGE_COOKIE)?.value).toBe('');
  });

  it('embeds nothing for a deactivated account', async () => {
    const carol = await createUser(ctx.db, { name: 'Carol' });
    const s = await signIn(carol);
    const before = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie: s.cookie } });
    expect(dataBlock(before.body)?.userId).toBe(carol.id);
    const { users } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, carol.id));
    ctx.app.changes.reset();
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie: s.cookie } });
    expect(dataBlock(page.body)).toBeNull();
  });

  it('embeds nothing on other pages, in the kept index.html, or without a cookie', async () => {
    const s = await signIn(alice);
    for (const url of ['/projects', '/login', '/admin', '/index.html']) {
      const page = await ctx.app.inject({ method: 'GET', url, headers: { cookie: s.cookie } });
      expect(page.statusCode, url).toBe(200);
      expect(dataBlock(page.body), url).toBeNull();
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(anonymous.body).toBe(INDEX);
    expect(await login(ctx.app, bob.email, bob.password)).toHaveProperty('accessToken');
  });
});
