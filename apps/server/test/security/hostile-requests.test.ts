/**
 * Requests no browser of ours sends: broken JSON, other content types, prototype keys, bodies over the
 * limit, unknown query fields, malformed and over-long addresses. Each gets a 4xx in the error envelope
 * (with the security headers), and none of them changes anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { multipart } from '../../src/modules/documents/test-support';
import {
  bearer,
  buildTestApp,
  createAdmin,
  createProject,
  createUser,
  login,
  type TestContext,
} from '../helpers';
import { fingerprint } from './support';

let ctx: TestContext;
let investor: string;
let admin: string;
let projectId: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  const i = await createUser(ctx.db);
  const a = await createAdmin(ctx.db);
  investor = (await login(ctx.app, i.email, i.password)).accessToken;
  admin = (await login(ctx.app, a.email, a.password)).accessToken;
  projectId = (await createProject(ctx.db)).id;
});
afterAll(() => ctx.close());

function expectRefused(res: LightMyRequestResponse, status: number | number[], message?: string | RegExp) {
  const statuses = Array.isArray(status) ? status : [status];
  expect(statuses, res.body).toContain(res.statusCode);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.error).toBe(body.message);
  if (message) expect(body.message).toMatch(message);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'");
}

/** Writes as each kind of caller: public, investor and admin. */
const WRITES = () => [
  { method: 'POST' as const, url: '/api/auth/login', headers: {} },
  { method: 'PUT' as const, url: '/api/users/me', headers: bearer(investor) },
  { method: 'POST' as const, url: '/api/projects', headers: bearer(admin) },
];

describe('request bodies', () => {
  it('refuses JSON that does not parse, and an empty JSON body', async () => {
    const before = await fingerprint(ctx.db);
    for (const target of WRITES()) {
      for (const payload of [
        '{"name": ',
        '{name: 1}',
        "{'name': 'x'}",
        '[1, 2',
        'nul',
        '{"a":1}}',
        '\u0000',
      ]) {
        const res = await ctx.app.inject({
          ...target,
          headers: { ...target.headers, 'content-type': 'application/json' },
          payload,
        });
        expectRefused(res, 400, 'The request body is not valid JSON');
      }
      const empty = await ctx.app.inject({
        ...target,
        headers: { ...target.headers, 'content-type': 'application/json' },
        payload: '',
      });
      expectRefused(empty, 400, 'The request body is empty');
    }
    expect(await fingerprint(ctx.db)).toEqual(before);
  });

  it('refuses other content types: a text, XML, form or multipart body is never read as the JSON it holds', async () => {
    const user = await createUser(ctx.db);
    const before = await fingerprint(ctx.db);
    const json = JSON.stringify({ email: user.email, password: user.password, name: 'Changed' });
    const form = await multipart({ email: user.email, password: user.password, name: 'Changed' });
    for (const target of WRITES()) {
      for (const [type, payload] of [
        ['text/plain', json],
        ['application/xml', `<user><name>Changed</name></user>`],
        ['application/x-www-form-urlencoded', `email=${encodeURIComponent(user.email)}&password=x`],
        ['application/json-patch+json', json],
        [form.headers['content-type'], form.payload],
      ] as const) {
        const res = await ctx.app.inject({
          ...target,
          headers: { ...target.headers, 'content-type': type },
          payload,
        });
        expectRefused(res, [400, 415]);
      }
    }
    expect(await fingerprint(ctx.db)).toEqual(before);
  });

  it('refuses __proto__ and constructor keys anywhere in a JSON body, and the prototype stays clean', async () => {
    const before = await fingerprint(ctx.db);
    for (const target of WRITES()) {
      for (const payload of [
        '{"__proto__": {"isAdmin": true}, "name": "Polluter", "email": "a@b.c", "password": "x"}',
        '{"name": "Polluter", "nested": {"__proto__": {"polluted": 1}}}',
        '{"constructor": {"prototype": {"polluted": 1}}, "name": "Polluter"}',
        '{"name": "Polluter", "list": [{"__proto__": {"polluted": 1}}]}',
      ]) {
        const res = await ctx.app.inject({
          ...target,
          headers: { ...target.headers, 'content-type': 'application/json' },
          payload,
        });
        expectRefused(res, 400);
      }
    }
    // In the query string and in multipart fields they are only names: nothing is polluted either.
    const q = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?__proto__[isAdmin]=true&constructor[prototype][polluted]=1&__proto__=x',
      headers: bearer(admin),
    });
    expect(q.statusCode).toBe(200);
    const upload = await multipart({ __proto__: 'x', constructor: 'y', name: 'Proto fields' } as Record<
      string,
      string
    >);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents?projectId=${projectId}`,
      headers: { ...bearer(admin), ...upload.headers },
      payload: upload.payload,
    });
    expect([201, 400]).toContain(res.statusCode);
    const probe = {} as Record<string, unknown>;
    expect(probe.isAdmin).toBeUndefined();
    expect(probe.polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect((await fingerprint(ctx.db)).users).toBe(before.users);
  });

  it('refuses a body over the 1 MB limit with 413 before reading it, writing nothing', async () => {
    const before = await fingerprint(ctx.db);
    for (const target of WRITES()) {
      const res = await ctx.app.inject({
        ...target,
        headers: { ...target.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), email: 'a@b.c', password: 'x' }),
      });
      expectRefused(res, 413, 'The request body is too large');
    }
    expect(await fingerprint(ctx.db)).toEqual(before);
  });

  it('refuses a multipart form with more parts than any form of ours has', async () => {
    const fields = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, 'x']));
    const form = await multipart(fields);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents?projectId=${projectId}`,
      headers: { ...bearer(admin), ...form.headers },
      payload: form.payload,
    });
    expectRefused(res, [400, 413]);
  });

  it('takes deep nesting in its stride: a 4xx, not a stack overflow', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...bearer(investor), 'content-type': 'application/json' },
      payload: `{"name": ${deep}}`,
    });
    expectRefused(res, 400);
  });
});

describe('addresses', () => {
  it('ignores query fields it does not know: the answer is the same as without them', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/projects', headers: bearer(investor) });
    const extra = await ctx.app.inject({
      method: 'GET',
      url: '/api/projects?isAdmin=true&userId=00000000-0000-0000-0000-000000000000&role=admin&__debug=1',
      headers: bearer(investor),
    });
    expect(extra.statusCode).toBe(200);
    expect(extra.json()).toEqual(plain.json());
    const users = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?page=1&sql=1%3Bdrop',
      headers: bearer(admin),
    });
    expect(users.statusCode).toBe(200);
  });

  it('refuses a malformed percent-encoding and an over-long path part in the envelope, with the headers', async () => {
    expectRefused(
      await ctx.app.inject({ method: 'GET', url: '/api/projects/%E0%A4%A', headers: bearer(investor) }),
      400,
      'The address is not valid',
    );
    expectRefused(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/perks/benefits/%3A/${'x'.repeat(500)}`,
        headers: bearer(admin),
      }),
      414,
      'A part of the address is too long',
    );
    expectRefused(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/projects/${'a'.repeat(500)}`,
        headers: bearer(investor),
      }),
      [400, 404, 414],
    );
  });

  it('answers an id that is not an id with 400 naming it, and SQL in a search as plain text', async () => {
    expectRefused(
      await ctx.app.inject({
        method: 'GET',
        url: "/api/projects/1'%20or%20'1'='1",
        headers: bearer(investor),
      }),
      400,
      /id/,
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/users?search=${encodeURIComponent("x' or 1=1; --")}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});
