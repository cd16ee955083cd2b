/**
 * Requests no browser of ours sends: broken JSON, other content types, prototype keys, bodies over the
 * limit, unknown query fields, malformed and over-long addresses. Each gets a 4xx in the error envelope
 * (with the security headers), and none of them changes anything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { multipart, samplePdf } from '../../src/modules/documents/test-support';
import { bearer, createAdmin, createProject, createUser, useTestApp } from '../helpers';
import { RawConnection } from '../raw-http';
import { filesUnder, fingerprint, uploadsDir } from './support';

const ctx = useTestApp();
let investor: string;
let admin: string;
let projectId: string;

beforeAll(async () => {
  const i = await createUser(ctx.db);
  const a = await createAdmin(ctx.db);
  investor = await ctx.signIn(i);
  admin = await ctx.signIn(a);
  projectId = (await createProject(ctx.db)).id;
});

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

describe('text with U+0000', () => {
  const nul = 'cannot contain a null character (U+0000)';

  it('is refused by field, in words, in a JSON body, a form and a query, writing nothing', async () => {
    const owner = await createUser(ctx.db);
    const before = await fingerprint(ctx.db);
    const files = filesUnder(uploadsDir(ctx));
    const holder = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/bank-account',
      headers: bearer(investor),
      payload: { iban: 'FI2112345600000785', holder: 'Emma\u0000Lindqvist', currentPassword: 'x' },
    });
    expectRefused(holder, 400, `Holder ${nul}`);
    expect(holder.json().fields).toEqual({ holder: `Holder ${nul}` });

    const update = await ctx.app.inject({
      method: 'POST',
      url: '/api/updates',
      headers: bearer(admin),
      payload: {
        projectId,
        title: 'Q3',
        content: '<p>a\u0000b</p>',
        images: ['/media/a.jpg', '/media/b\u0000.jpg'],
      },
    });
    expectRefused(update, 400, `Content ${nul}`);
    expect(update.json().fields).toEqual({ content: `Content ${nul}`, images: `Images ${nul}` });

    const form = await multipart(
      { name: 'Report\u0000', userId: owner.id },
      { data: await samplePdf('Report'), name: 'report.pdf', type: 'application/pdf' },
    );
    const document = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents?projectId=${projectId}`,
      headers: { ...bearer(admin), ...form.headers },
      payload: form.payload,
    });
    expectRefused(document, 400, `Name ${nul}`);
    expect(document.json().fields).toEqual({ name: `Name ${nul}` });

    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?search=a%00b',
      headers: bearer(admin),
    });
    expectRefused(search, 400, `Search ${nul}`);
    expect(await fingerprint(ctx.db)).toEqual(before);
    expect(filesUnder(uploadsDir(ctx))).toEqual(files);
  });
});

describe("what Node's HTTP parser refuses", () => {
  it('is answered in the envelope with the API headers, and the connection closes', async () => {
    const address = new URL(await ctx.app.listen({ port: 0, host: '127.0.0.1' }));
    for (const [headers, status, message] of [
      [
        { 'x-note': 'a\u0001b' },
        400,
        'A request header is not valid: it holds a character not allowed there',
      ],
      [
        { authorization: 'Bearer a\u007fb' },
        400,
        'A request header is not valid: it holds a character not allowed there',
      ],
      [{ 'content-length': 'ten' }, 400, 'The length of the request body is not stated correctly'],
      [{ 'x-big': 'x'.repeat(20_000) }, 431, 'The request headers are too large'],
    ] as const) {
      const connection = await RawConnection.open(Number(address.port));
      const answer = await connection.request('GET', '/api/projects', headers);
      connection.close();
      expect(answer, JSON.stringify(headers).slice(0, 80)).not.toBe('closed');
      if (answer === 'closed') continue;
      expect(answer.status).toBe(status);
      // Any refusal of the parser is a request not accepted (common.bad_request), whatever its status.
      expect(JSON.parse(answer.body)).toEqual({
        success: false,
        message,
        error: message,
        code: 'common.bad_request',
      });
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers.connection).toBe('close');
    }
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
