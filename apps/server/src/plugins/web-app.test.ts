import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/helpers';
import { pickEncoding } from './web-app';

let ctx: TestContext;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Investor Portal</title><div id="root"></div>',
  );
  const js = 'console.log("app");'.repeat(100);
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), js);
  // Source maps stay in the build for debugging (a script's or a style's, precompressed or not).
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["app.tsx"]}');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map.gz'), zlib.gzipSync('{"version":3}'));
  fs.writeFileSync(path.join(dist, 'assets', 'style-def456.css.map'), '{"version":3,"sources":["a.css"]}');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(js));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(js));
  fs.mkdirSync(path.join(dist, 'demo'));
  fs.writeFileSync(
    path.join(dist, 'demo', 'clip.webm'),
    Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)),
  );
  ctx = await buildTestApp({ webDist: dist });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers client routes with index.html (history fallback), never cached', async () => {
    for (const url of ['/', '/dashboard', '/project/123', '/admin/users?userId=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets precompressed and cacheable for a year', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends brotli before gzip, gzip when only gzip is accepted, and the plain file otherwise', async () => {
    const get = (encoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });
    const js = 'console.log("app");'.repeat(100);
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.headers['vary']).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const gzip = await get('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(js);
    for (const plain of [await get(), await get('identity'), await get('gzip;q=0')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);
    }
  });

  it('answers a repeated request with 304 when the file is unchanged', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': '"other"' } });
    expect(other.statusCode).toBe(200);
  });

  it('sends photos and video from disk, with byte ranges', async () => {
    const whole = await ctx.app.inject({ method: 'GET', url: '/demo/clip.webm' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.rawPayload.length).toBe(1000);
    expect(whole.headers['cache-control']).toBe('no-cache');
    const part = await ctx.app.inject({
      method: 'GET',
      url: '/demo/clip.webm',
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect([...part.rawPayload]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it('sends a browser asking for /favicon.ico to the SVG icon', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/favicon.svg');
    const icon = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
  });

  it('answers HEAD for a kept file with its headers and no body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body).toBe('');
  });

  it('answers unknown API paths and missing files with a JSON 404', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      success: false,
      message: 'Not found',
      error: 'Not found',
      code: 'common.not_found',
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('does not serve source maps: they answer 404, whatever encoding is asked for', async () => {
    for (const url of ['/assets/app-abc123.js.map', '/assets/style-def456.css.map']) {
      for (const encoding of [undefined, 'gzip, br']) {
        const res = await ctx.app.inject({
          method: 'GET',
          url,
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('sources');
      }
    }
    expect((await ctx.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js.map' })).statusCode).toBe(404);
  });

  it('sends the security headers: CSP without inline script, nosniff, frame protection, referrer policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|sha256-|nonce-)/);
    // The same policy on every answer, the page's scripts and styles included.
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['content-security-policy']).toBe(csp);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it("gives API answers their own headers: a CSP that lets nothing load, not the page's", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
    const api = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
    );
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
    for (const res of [page, api]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    // Headers for a page only (the opener's isolation) are not on the API's answers.
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('marks API answers as not cacheable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ success: true, data: { status: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toEqual({ success: true, data: { status: 'ready' } });
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, honours q=0 and *, and sends nothing unasked', () => {
    expect(pickEncoding('gzip, br', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(pickEncoding('BR;q=0.5', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.8', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('*', ['gzip'])).toBe('gzip');
    expect(pickEncoding('deflate', ['br', 'gzip'])).toBeUndefined();
    expect(pickEncoding(undefined, ['br', 'gzip'])).toBeUndefined();
    expect(pickEncoding('gzip', [])).toBeUndefined();
  });
});
