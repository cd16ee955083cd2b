import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { TransactionRollbackError, count, eq, inArray, sql } from 'drizzle-orm';
import { migrationsFolder, type DbOrTx } from '../../db/client';
import { auditCount, auditLog } from '../../db/schema';
import { readSlottedCount } from '../../db/slotted-count';
import { auditSentence, isAuditKind, type AuditEntry } from '@portal/contracts';
import { bearer, createAdmin, createProject, createUser, useTestApp } from '../../../test/helpers';
import { neutralizeFormula } from './csv';

const ctx = useTestApp();
let ava: { id: string; token: string; name: string };
let ben: { id: string; token: string; name: string };
let investorToken: string;

const admin = async (name: string) => {
  const a = await createAdmin(ctx.db, { name });
  return { id: a.id, name, token: await ctx.signIn(a) };
};

beforeAll(async () => {
  ava = await admin('Ava Audit');
  ben = await admin('Ben Audit');
  const investor = await createUser(ctx.db);
  investorToken = await ctx.signIn(investor);
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

describe('entries as sentences', () => {
  it('names the actor’s role, and the person and project each entry is about, read in the one query', async () => {
    const emma = await createUser(ctx.db, { name: 'Emma Lindqvist-Berg' });
    const lukas = await createUser(ctx.db, { name: 'Lukas Berg' });
    const aurora = await createProject(ctx.db, { name: 'Aurora Sentences' }, { cabins: 0 });
    await ctx.db.insert(auditLog).values([
      {
        actorId: emma.id,
        action: 'bank-account',
        entity: 'user',
        entityId: emma.id,
        details: { iban: 'DE89 •••• 3000', bic: null, holder: 'Emma Lindqvist-Berg' },
        createdAt: new Date('2026-04-02T10:00:00Z'),
      },
      {
        actorId: ava.id,
        action: 'approve',
        entity: 'booking',
        entityId: 'b0000000-0000-4000-8000-000000000001',
        details: {
          projectId: aurora.id,
          userId: lukas.id,
          type: 'personal',
          nights: 3,
          firstNight: '2027-01-11',
          lastNight: '2027-01-13',
        },
        createdAt: new Date('2026-04-02T09:00:00Z'),
      },
      // Not a uuid where one is expected: no name, and no error.
      {
        actorId: ava.id,
        action: 'update',
        entity: 'investment',
        entityId: 'not-a-uuid',
        details: { projectId: 'nor-this', amount: 100 },
        createdAt: new Date('2026-04-02T08:00:00Z'),
      },
    ]);
    const res = await get('/api/admin/audit?from=2026-04-02&to=2026-04-02');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as AuditEntry[];
    expect(data.map((e) => [e.actor?.role, e.subject?.name ?? null, e.project?.name ?? null])).toEqual([
      ['investor', 'Emma Lindqvist-Berg', null],
      ['admin', 'Lukas Berg', 'Aurora Sentences'],
      ['admin', null, null],
    ]);
    expect(data.map(auditSentence)).toEqual([
      'Emma Lindqvist-Berg changed their bank account to Emma Lindqvist-Berg, DE89 •••• 3000',
      "Ava Audit approved Lukas Berg's stay at Aurora Sentences, Jan 11 → Jan 14, 2027",
      "Ava Audit set an investor's investment in a project to €100",
    ]);
    const csv = parse(
      (await get('/api/admin/audit/export?from=2026-04-02&to=2026-04-02')).body,
    ) as string[][];
    expect(csv.slice(1).map((r) => r.slice(7))).toEqual(
      data.map((e) => [e.actor?.role === 'admin' ? 'Admin' : 'Investor', auditSentence(e)]),
    );
  });

  it('has a sentence for every (entity, action) pair a recordAudit call of the server writes', () => {
    const modules = path.join(__dirname, '..');
    const files = fs
      .readdirSync(modules, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const pairs: string[] = [];
    for (const f of files) {
      const source = fs.readFileSync(path.join(modules, f), 'utf8');
      for (const call of source.split('recordAudit(').slice(1)) {
        const block = call.slice(0, call.indexOf('});') + 1);
        const literals = (key: string) =>
          [...(new RegExp(`${key}: ([^,\n]+)`).exec(block)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
            (m) => m[1]!,
          );
        for (const entity of literals('entity'))
          for (const action of literals('action')) pairs.push(`${entity}/${action}`);
      }
    }
    // Found in the calls themselves; calls that pass the kind in a variable are held to the list by type.
    expect(pairs.length).toBeGreaterThan(40);
    expect(pairs.filter((p) => !isAuditKind(...(p.split('/') as [string, string])))).toEqual([]);
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
      [
        'Time (UTC)',
        'Admin',
        'Admin email',
        'Action',
        'Object kind',
        'Object id',
        'Details',
        'Role',
        'Entry',
      ],
      [
        '2026-03-12T00:00:00.000Z',
        'Ben Audit',
        expect.stringMatching(/@example\.test$/),
        'create',
        'Perk',
        'p-2',
        '{"name":"+SUM(A1:A2)"}',
        'Admin',
        'Ben Audit added the perk “+SUM(A1:A2)”',
      ],
      [
        '2026-03-11T23:59:59.000Z',
        'Ben Audit',
        expect.any(String),
        'delete',
        'Perk',
        'p-1',
        '{"name":"Sauna, \\"evening\\"\\nslot"}',
        'Admin',
        'Ben Audit deleted the perk “Sauna, "evening"\nslot”',
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
        'Admin',
        "Ben Audit changed an investor's return for Feb 2025 from €10 to €12.50",
      ],
    ]);
    // A cell that starts like a formula is prefixed with a quote; the quoting itself is RFC 4180.
    const project = parse((await get(`/api/admin/audit/export?actorId=${ava.id}`)).body) as string[][];
    expect(project[1]![6]).toBe('{"name":"=HYPERLINK(\\"http://evil.example\\",\\"Click\\")"}');
    expect(res.body.split('\r\n')[0]).toBe(
      'Time (UTC),Admin,Admin email,Action,Object kind,Object id,Details,Role,Entry',
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

describe('the total kept by the database (audit_count, migration 0024)', () => {
  const counted = async () => (await ctx.db.select({ n: count() }).from(auditLog))[0]!.n;
  /** The unfiltered page's total, the filtered one's for Ben, and what the database keeps. */
  const totals = async () => {
    const all = await get('/api/admin/audit?pageSize=1');
    expect(all.statusCode).toBe(200);
    const bens = (await get(`/api/admin/audit?actorId=${ben.id}&pageSize=1`)).json();
    return {
      page: all.json().pagination.total as number,
      ben: bens.pagination.total as number,
      kept: await readSlottedCount(ctx.db, auditCount),
    };
  };
  /** Each total equal to a fresh count of the rows; the slots are the eight of the triggers. */
  const expectExact = async () => {
    const n = await counted();
    const [bens] = await ctx.db.select({ n: count() }).from(auditLog).where(eq(auditLog.actorId, ben.id));
    expect(await totals()).toEqual({ page: n, ben: bens!.n, kept: n });
    const slots = await ctx.db.select({ slot: auditCount.slot }).from(auditCount);
    expect(slots.every(({ slot }) => slot >= 0 && slot < 8)).toBe(true);
    return n;
  };
  const entry = (i: number, actorId: string | null = ben.id) => ({
    actorId,
    action: 'update',
    entity: 'user',
    entityId: `kept-${i}`,
  });

  it('stays equal to a fresh count through inserts, deletes and a user’s deletion', async () => {
    const before = await expectExact();
    expect(before).toBeGreaterThan(0);

    // One statement of many rows, and a transaction of several statements.
    await ctx.db.insert(auditLog).values(Array.from({ length: 25 }, (_, i) => entry(i)));
    expect(await expectExact()).toBe(before + 25);
    await ctx.db.transaction(async (tx) => {
      for (let i = 25; i < 30; i++) await tx.insert(auditLog).values(entry(i, ava.id));
    });
    expect(await expectExact()).toBe(before + 30);
    // A transaction rolled back counts nothing.
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.insert(auditLog).values([entry(90), entry(91)]);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await expectExact()).toBe(before + 30);

    // Deletes of many rows, of none, and of one (nothing in the app deletes entries; a hand-run prune might).
    await ctx.db.delete(auditLog).where(
      inArray(
        auditLog.entityId,
        Array.from({ length: 10 }, (_, i) => `kept-${i}`),
      ),
    );
    expect(await expectExact()).toBe(before + 20);
    await ctx.db.delete(auditLog).where(eq(auditLog.entityId, 'no such entry'));
    await ctx.db.delete(auditLog).where(eq(auditLog.entityId, 'kept-29'));
    expect(await expectExact()).toBe(before + 19);

    // An admin's account deleted: their entries stay (actor set to null) and the deletion is recorded.
    const dora = await admin('Dora Leaving');
    await ctx.db.insert(auditLog).values([entry(40, dora.id), entry(41, dora.id)]);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${dora.id}`,
      headers: bearer(ava.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(await expectExact()).toBe(before + 22);
    expect(
      await ctx.db
        .select({ n: count() })
        .from(auditLog)
        .where(inArray(auditLog.entityId, ['kept-40', 'kept-41'])),
    ).toEqual([{ n: 2 }]);
  });

  it('is what the unfiltered page reads; a filtered page counts its rows', async () => {
    const { page, ben: bens } = await totals();
    // A row of the kept count that no entry stands behind shows in the unfiltered total only.
    await ctx.db.insert(auditCount).values({ slot: 8, n: 1_000 });
    try {
      expect(await totals()).toMatchObject({ page: page + 1_000, ben: bens });
    } finally {
      await ctx.db.delete(auditCount).where(eq(auditCount.slot, 8));
    }
    await expectExact();
  });

  it('starts, when migration 0024 runs, from the entries already there (none: no row)', async () => {
    const file = fs.readdirSync(migrationsFolder()).find((f) => f.endsWith('_audit_count.sql'))!;
    expect(file).toMatch(/^0024_/);
    const statements = fs
      .readFileSync(path.join(migrationsFolder(), file), 'utf8')
      .split('--> statement-breakpoint');
    /** The migration run again on the log as `before` leaves it; what it keeps, and the rows. */
    const migrated = async (before: (tx: DbOrTx) => Promise<unknown>) => {
      let seen: { kept: { slot: number; n: number }[]; rows: number } | null = null;
      await ctx.db
        .transaction(async (tx) => {
          await tx.execute(sql`drop table audit_count`);
          await tx.execute(sql`drop function kept_slot_count() cascade`);
          await before(tx);
          for (const step of statements) await tx.execute(sql.raw(step));
          seen = {
            kept: await tx.select().from(auditCount),
            rows: (await tx.select({ n: count() }).from(auditLog))[0]!.n,
          };
          tx.rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof TransactionRollbackError)) throw err;
        });
      return seen!;
    };
    const some = await migrated((tx) => tx.insert(auditLog).values([entry(60), entry(61)]));
    expect(some.rows).toBe((await counted()) + 2);
    expect(some.kept).toEqual([{ slot: 0, n: some.rows }]);
    expect(await migrated((tx) => tx.delete(auditLog))).toEqual({ kept: [], rows: 0 });
    await expectExact();
  });

  // Last in the file: it empties the log, then the users.
  it('goes to 0 with a truncate of the log, and with one of users cascading to it', async () => {
    await ctx.db.execute(sql`truncate audit_log`);
    expect(await expectExact()).toBe(0);
    await ctx.db.insert(auditLog).values([entry(50), entry(51), entry(52, null)]);
    expect(await expectExact()).toBe(3);
    await ctx.db.execute(sql`truncate users cascade`);
    expect(await counted()).toBe(0);
    expect(await readSlottedCount(ctx.db, auditCount)).toBe(0);
    await ctx.db.insert(auditLog).values(entry(53, null));
    expect(await readSlottedCount(ctx.db, auditCount)).toBe(1);
  });
});
