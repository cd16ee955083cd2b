import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { auditLog } from '../../db/schema';
import {
  bearer,
  buildTestApp,
  createAdmin,
  createUser,
  login,
  type TestContext,
} from '../../../test/helpers';
import { neutralizeFormula } from './csv';

let ctx: TestContext;
let ava: { id: string; token: string; name: string };
let ben: { id: string; token: string; name: string };
let investorToken: string;

const admin = async (name: string) => {
  const a = await createAdmin(ctx.db, { name });
  return { id: a.id, name, token: (await login(ctx.app, a.email, a.password)).accessToken };
};

beforeAll(async () => {
  ctx = await buildTestApp();
  ava = await admin('Ava Audit');
  ben = await admin('Ben Audit');
  const investor = await createUser(ctx.db);
  investorToken = (await login(ctx.app, investor.email, investor.password)).accessToken;
  // Ava creates a project through the API; the other rows are written as the services write them.
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(ava.token),
    payload: { name: '=HYPERLINK("http://evil.example","Click")', location: 'Inari, Finland' },
  });
  expect(created.statusCode).toBe(201);
  await ctx.db.insert(auditLog).values([
    {
      actorId: ben.id,
      action: 'update',
      entity: 'monthly-return',
      entityId: 'r-1',
      details: { month: '2025-02', from: 10, to: 12.5 },
      createdAt: new Date('2026-03-10T08:00:00Z'),
    },
    {
      actorId: ben.id,
      action: 'delete',
      entity: 'perk',
      entityId: 'p-1',
      details: { name: 'Sauna, "evening"\nslot' },
      createdAt: new Date('2026-03-11T23:59:59Z'),
    },
    {
      actorId: ben.id,
      action: 'create',
      entity: 'perk',
      entityId: 'p-2',
      details: { name: '+SUM(A1:A2)' },
      createdAt: new Date('2026-03-12T00:00:00Z'),
    },
  ]);
});
afterAll(() => ctx.close());

const get = (url: string, token = ava.token) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('GET /api/admin/audit', () => {
  it('is for admins only: an investor gets 403, a visitor 401', async () => {
    for (const url of ['/api/admin/audit', '/api/admin/audit/export']) {
      const asInvestor = await get(url, investorToken);
      expect(asInvestor.statusCode).toBe(403);
      const anonymous = await ctx.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('answers who did what to which object and when, newest first, with every admin for the filter', async () => {
    const res = await get(`/api/admin/audit?actorId=${ava.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      action: 'create',
      entity: 'project',
      actor: { _id: ava.id, name: 'Ava Audit' },
      details: { name: '=HYPERLINK("http://evil.example","Click")' },
    });
    expect(body.admins.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Ava Audit', 'Ben Audit']),
    );
    const all = (await get(`/api/admin/audit?actorId=${ben.id}`)).json();
    expect(all.data.map((e: { entityId: string }) => e.entityId)).toEqual(['p-2', 'p-1', 'r-1']);
    expect(all.data[2].details).toEqual({ month: '2025-02', from: 10, to: 12.5 });
  });

  it('filters by kind of object and by days (whole UTC days, both ends included)', async () => {
    const perks = (await get(`/api/admin/audit?actorId=${ben.id}&entity=perk`)).json();
    expect(perks.data.map((e: { entityId: string }) => e.entityId)).toEqual(['p-2', 'p-1']);
    const days = (await get(`/api/admin/audit?actorId=${ben.id}&from=2026-03-10&to=2026-03-11`)).json();
    expect(days.data.map((e: { entityId: string }) => e.entityId)).toEqual(['p-1', 'r-1']);
    const from = (await get(`/api/admin/audit?actorId=${ben.id}&from=2026-03-12`)).json();
    expect(from.data.map((e: { entityId: string }) => e.entityId)).toEqual(['p-2']);
    const none = (await get(`/api/admin/audit?entity=booking&from=2026-03-10`)).json();
    expect(none).toMatchObject({ data: [], pagination: { total: 0, totalPages: 1 } });
  });

  it('pages on the server', async () => {
    const first = (await get(`/api/admin/audit?actorId=${ben.id}&pageSize=2`)).json();
    expect(first.pagination).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect(first.data.map((e: { entityId: string }) => e.entityId)).toEqual(['p-2', 'p-1']);
    const second = (await get(`/api/admin/audit?actorId=${ben.id}&pageSize=2&page=2`)).json();
    expect(second.data.map((e: { entityId: string }) => e.entityId)).toEqual(['r-1']);
  });

  it('refuses a bad query with a 400 naming the problem', async () => {
    const cases: [string, string][] = [
      ['pageSize=101', 'Page size must be at most 100'],
      ['pageSize=0', 'Page size must be at least 1'],
      ['page=0', 'Page must be at least 1'],
      ['page=abc', 'Page must be a number'],
      ['from=yesterday', 'From must be a date (YYYY-MM-DD)'],
      ['from=2026-03-12&to=2026-03-10', 'From must not be after to'],
      ['actorId=nobody', 'Actor ID must be a valid id'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/admin/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
    const entity = await get('/api/admin/audit?entity=spaceship');
    expect(entity.statusCode).toBe(400);
    expect(entity.json().message).toMatch(/^Entity must be one of: user, investment, monthly-return, /);
    const exportBad = await get('/api/admin/audit/export?to=soon');
    expect(exportBad.statusCode).toBe(400);
    expect(exportBad.json().message).toContain('To must be a date (YYYY-MM-DD)');
  });
});

describe('GET /api/admin/audit/export', () => {
  it('is a CSV of every entry the filters match, quoted properly, with formulas made harmless', async () => {
    const res = await get(`/api/admin/audit/export?actorId=${ben.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows: string[][] = parse(res.body);
    expect(rows).toEqual([
      ['Time (UTC)', 'Admin', 'Admin email', 'Action', 'Object kind', 'Object id', 'Details'],
      [
        '2026-03-12T00:00:00.000Z',
        'Ben Audit',
        expect.stringMatching(/@example\.test$/),
        'create',
        'Perk',
        'p-2',
        '{"name":"+SUM(A1:A2)"}',
      ],
      [
        '2026-03-11T23:59:59.000Z',
        'Ben Audit',
        expect.any(String),
        'delete',
        'Perk',
        'p-1',
        '{"name":"Sauna, \\"evening\\"\\nslot"}',
      ],
      [
        '2026-03-10T08:00:00.000Z',
        'Ben Audit',
        expect.any(String),
        'update',
        'Monthly return',
        'r-1',
        // jsonb keeps keys by length, then bytes.
        '{"to":12.5,"from":10,"month":"2025-02"}',
      ],
    ]);
    // A cell that starts like a formula is prefixed with a quote; the quoting itself is RFC 4180.
    const project = parse((await get(`/api/admin/audit/export?actorId=${ava.id}`)).body) as string[][];
    expect(project[1]![6]).toBe('{"name":"=HYPERLINK(\\"http://evil.example\\",\\"Click\\")"}');
    expect(res.body.split('\r\n')[0]).toBe(
      'Time (UTC),Admin,Admin email,Action,Object kind,Object id,Details',
    );
  });

  it('makes a cell that starts like a formula harmless', async () => {
    const eve = await admin('=Eve Formula');
    await ctx.db
      .insert(auditLog)
      .values({ actorId: eve.id, action: 'update', entity: 'settings', entityId: '@security' });
    const rows = parse((await get(`/api/admin/audit/export?actorId=${eve.id}`)).body) as string[][];
    expect(rows[1]!.slice(1, 2)).toEqual(["'=Eve Formula"]);
    expect(rows[1]!.slice(3, 6)).toEqual(['update', 'Settings', "'@security"]);
  });

  it('reads the whole log in batches, in the order of the list', async () => {
    const many = await admin('Cleo Many');
    const at = new Date('2026-01-01T00:00:00Z');
    await ctx.db.insert(auditLog).values(
      Array.from({ length: 2_345 }, (_, i) => ({
        actorId: many.id,
        action: 'update',
        entity: 'user',
        entityId: `u-${i}`,
        // Many share a time, so the order within one instant counts too.
        createdAt: new Date(at.getTime() + Math.floor(i / 7) * 1_000),
      })),
    );
    const rows = parse((await get(`/api/admin/audit/export?actorId=${many.id}`)).body) as string[][];
    expect(rows).toHaveLength(2_346);
    const listed = (await get(`/api/admin/audit?actorId=${many.id}&pageSize=100&page=1`)).json();
    expect(rows.slice(1, 101).map((r) => r[5])).toEqual(
      listed.data.map((e: { entityId: string }) => e.entityId),
    );
    expect(new Set(rows.slice(1).map((r) => r[5])).size).toBe(2_345);
  });

  it('prefixes cells that start with = + - @ (or a tab or return) with a quote', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'plain', ''].map(neutralizeFormula)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      'plain',
      '',
    ]);
  });
});
