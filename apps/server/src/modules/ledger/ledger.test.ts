import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { LedgerVerification } from '@portal/contracts';
import { migrationsFolder, queryRows } from '../../db/client';
import { seedDemo } from '../../db/seed/demo';
import { monthlyReturns, users } from '../../db/schema';
import { createLocalStorage } from '../../storage/file-storage';
import {
  bearer,
  buildTestApp,
  createAdmin,
  createHolding,
  createInvestment,
  createProject,
  createUser,
  type TestContext,
} from '../../../test/helpers';
import { GENESIS_HASH, ledgerHash, type Link as ChainLink } from './service';

/**
 * The ledger anyone can check (apps/server/src/modules/ledger/README.md), on PGlite and on PostgreSQL:
 * what the application writes keeps the chain whole; what is changed in the database behind its back
 * (a session without `portal.ledger`, or the chain's own rows) is found, at its entry. Each test that
 * breaks the ledger mends it again, so that the next one starts from a ledger that verifies.
 */
let ctx: TestContext;
let admin: string;
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ledger-'));

beforeAll(async () => {
  ctx = await buildTestApp();
  const a = await createAdmin(ctx.db);
  admin = await ctx.signIn(a);
  // The demo's money: returns, a final income run and its allocations, a return of capital.
  await seedDemo(ctx.db, createLocalStorage(files));
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(files, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });

async function verify(): Promise<LedgerVerification> {
  const res = await call('GET', '/api/admin/ledger/verify');
  expect(res.statusCode).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().data;
}

/** A statement made in the database as a person at a psql prompt would: without the application's setting. */
const direct = (statement: SQL) =>
  ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local portal.ledger = 'off'`);
    await tx.execute(statement);
  });

type Link = Omit<ChainLink, 'seq'> & { seq: number };
const links = (where: SQL = sql`true`) =>
  queryRows<Link>(
    ctx.db,
    sql`select seq::int as seq, entry_table, entry_id, action, canonical, prev_hash, hash
          from ledger_chain where ${where} order by seq`,
  );
const lastLinkOf = async (table: string, id: string) =>
  (await links(sql`entry_table = ${table} and entry_id = ${id}`)).at(-1);

/** An investor of a new project, with one month recorded through the API; its row. */
async function recordedReturn(month = '2025-03', amount = 120.5) {
  const { user, project } = await createHolding(ctx.db, { startDate: '2024-01-01' });
  const res = await call('POST', `/api/users/${user.id}/returns`, { projectId: project.id, month, amount });
  expect(res.statusCode).toBe(201);
  const [row] = await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.userId, user.id));
  return { user, project, row: row! };
}

describe('GET /api/admin/ledger/verify', () => {
  it('is for admins: 401 without a sign-in, 403 for an investor', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/ledger/verify' })).statusCode).toBe(401);
    const investor = await createUser(ctx.db);
    const token = await ctx.signIn(investor);
    expect((await call('GET', '/api/admin/ledger/verify', undefined, token)).statusCode).toBe(403);
  });

  it('verifies the demo data: every money entry chained, each link the hash of the one before it', async () => {
    const result = await verify();
    expect(result).toEqual({ ok: true, entries: expect.any(Number) });
    const chain = await links();
    expect(chain.length).toBe(result.entries);
    const tables = new Set(chain.map((l) => l.entry_table));
    for (const t of ['monthly_returns', 'distribution_allocations', 'capital_returns'])
      expect(tables).toContain(t);
    // The database's hash is the one the verification computes (ledger_hash in migration 0029).
    let prev = GENESIS_HASH;
    for (const [i, l] of chain.entries()) {
      expect(l.seq).toBe(i + 1);
      expect(l.prev_hash).toBe(prev);
      prev = ledgerHash(prev, l.entry_table, l.entry_id, l.action, l.canonical);
      expect(l.hash).toBe(prev);
    }
  });

  it('keeps a return written, changed and deleted through the API chained: a write, a write, a delete', async () => {
    const before = (await verify()).entries;
    const { user, project, row } = await recordedReturn('2025-04', 80);
    expect(await verify()).toEqual({ ok: true, entries: before + 1 });
    expect(await lastLinkOf('monthly_returns', row.id)).toMatchObject({
      seq: before + 1,
      action: 'write',
      canonical: `${user.id}|${project.id}|2025-04|80.00|`,
    });
    const changed = await call('PUT', `/api/users/${user.id}/returns`, {
      projectId: project.id,
      month: '2025-04',
      amount: 81.25,
      paymentDate: '2025-04-20',
    });
    expect(changed.statusCode).toBe(200);
    expect(await verify()).toEqual({ ok: true, entries: before + 2 });
    expect((await lastLinkOf('monthly_returns', row.id))?.canonical).toBe(
      `${user.id}|${project.id}|2025-04|81.25|2025-04-20`,
    );
    const removed = await call('DELETE', `/api/users/${user.id}/returns/2025-04?projectId=${project.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await verify()).toEqual({ ok: true, entries: before + 3 });
    expect(await lastLinkOf('monthly_returns', row.id)).toMatchObject({ action: 'delete', canonical: null });
  });

  it('finds a row changed in the database, at its entry, and holds again once the row is put back', async () => {
    const { row } = await recordedReturn('2025-05', 99.99);
    const link = await lastLinkOf('monthly_returns', row.id);
    await direct(sql`update monthly_returns set amount = 999.99 where id = ${row.id}`);
    const result = await verify();
    expect(result).toEqual({
      ok: false,
      entries: result.entries,
      firstBrokenAt: link!.seq,
      problem: `monthly_returns ${row.id}: the row differs from its chained version`,
    });
    // Not chained: the setting was off.
    expect(await lastLinkOf('monthly_returns', row.id)).toEqual(link);
    await direct(sql`update monthly_returns set amount = 99.99 where id = ${row.id}`);
    expect((await verify()).ok).toBe(true);
  });

  it('finds a row deleted or inserted in the database', async () => {
    const { row } = await recordedReturn('2025-06', 10);
    const link = await lastLinkOf('monthly_returns', row.id);
    await direct(sql`delete from monthly_returns where id = ${row.id}`);
    expect(await verify()).toMatchObject({
      ok: false,
      firstBrokenAt: link!.seq,
      problem: `monthly_returns ${row.id}: the row is gone, but the chain has no delete for it`,
    });
    await direct(
      sql`insert into monthly_returns (id, user_id, project_id, month, amount, created_at, updated_at)
          values (${row.id}, ${row.userId}, ${row.projectId}, ${row.month}, ${row.amount}, ${row.createdAt}, ${row.updatedAt})`,
    );
    expect((await verify()).ok).toBe(true);

    // A row nobody chained: after the chain's last entry.
    const entries = (await verify()).entries;
    await direct(
      sql`insert into monthly_returns (user_id, project_id, month, amount)
          values (${row.userId}, ${row.projectId}, '2025-07', 5000)`,
    );
    const [added] = await queryRows<{ id: string }>(
      ctx.db,
      sql`select id from monthly_returns where user_id = ${row.userId} and month = '2025-07'`,
    );
    expect(await verify()).toEqual({
      ok: false,
      entries,
      firstBrokenAt: entries + 1,
      problem: `monthly_returns ${added!.id}: the row is not in the chain`,
    });
    await direct(sql`delete from monthly_returns where id = ${added!.id}`);
    expect((await verify()).ok).toBe(true);
  });

  it("finds a chain entry removed, or its hash or fields changed, at that entry's number", async () => {
    await recordedReturn('2025-08', 1);
    const [middle] = await links(sql`seq = (select max(seq) / 2 from ledger_chain)`);
    const entries = (await verify()).entries;

    await direct(sql`delete from ledger_chain where seq = ${middle!.seq}`);
    expect(await verify()).toEqual({
      ok: false,
      entries: entries - 1,
      firstBrokenAt: middle!.seq,
      problem: `Chain entry ${middle!.seq} is missing`,
    });
    await direct(
      sql`insert into ledger_chain (seq, entry_table, entry_id, action, canonical, prev_hash, hash)
          values (${middle!.seq}, ${middle!.entry_table}, ${middle!.entry_id}, ${middle!.action},
                  ${middle!.canonical}, ${middle!.prev_hash}, ${middle!.hash})`,
    );
    expect((await verify()).ok).toBe(true);

    const broken = {
      ok: false,
      entries,
      firstBrokenAt: middle!.seq,
      problem: `${middle!.entry_table} ${middle!.entry_id}: chain entry ${middle!.seq} does not match its hash`,
    };
    await direct(sql`update ledger_chain set hash = ${'f'.repeat(64)} where seq = ${middle!.seq}`);
    expect(await verify()).toEqual(broken);
    await direct(sql`update ledger_chain set hash = ${middle!.hash} where seq = ${middle!.seq}`);
    // A row and its chain entry changed together: the entry's hash no longer follows.
    await direct(sql`update ledger_chain set canonical = canonical || '0' where seq = ${middle!.seq}`);
    expect(await verify()).toEqual(broken);
    await direct(sql`update ledger_chain set canonical = ${middle!.canonical} where seq = ${middle!.seq}`);
    expect((await verify()).ok).toBe(true);

    // The last entry removed: nothing follows it to break, but its row is no longer as chained.
    const [last] = await links(sql`seq = (select max(seq) from ledger_chain)`);
    await direct(sql`delete from ledger_chain where seq = ${last!.seq}`);
    const result = await verify();
    expect(result.ok).toBe(false);
    expect(result.firstBrokenAt).toBeLessThanOrEqual(last!.seq);
    expect(result.problem).toContain(last!.entry_id);
    await direct(
      sql`insert into ledger_chain (seq, entry_table, entry_id, action, canonical, prev_hash, hash)
          values (${last!.seq}, ${last!.entry_table}, ${last!.entry_id}, ${last!.action},
                  ${last!.canonical}, ${last!.prev_hash}, ${last!.hash})`,
    );
    expect((await verify()).ok).toBe(true);
  });

  it("chains a run's allocations when it is made final, not while it is a draft", async () => {
    const project = await createProject(ctx.db);
    const holders = [await createUser(ctx.db), await createUser(ctx.db)];
    for (const [i, h] of holders.entries()) {
      await createInvestment(ctx.db, h.id, project.id, { amount: `${(i + 1) * 1000}.00` });
      await ctx.db
        .update(users)
        .set({ investorId: `LDG-${project.id.slice(0, 6)}-${i}` })
        .where(eq(users.id, h.id));
    }
    const before = (await verify()).entries;
    const drafted = await call('POST', '/api/distributions', {
      projectId: project.id,
      period: '2025-09',
      kind: 'income',
      amount: 300,
      paymentDate: '2025-10-15',
    });
    expect(drafted.statusCode).toBe(201);
    const id = drafted.json().data._id as string;
    // Computed again: its allocations deleted and written again, still a draft.
    const edited = await call('PUT', `/api/distributions/${id}`, {
      projectId: project.id,
      period: '2025-09',
      kind: 'income',
      amount: 600,
      paymentDate: '2025-10-15',
    });
    expect(edited.statusCode).toBe(200);
    expect(await verify()).toEqual({ ok: true, entries: before });

    expect((await call('POST', `/api/distributions/${id}/finalize`)).statusCode).toBe(200);
    expect(await verify()).toEqual({ ok: true, entries: before + 4 });
    const added = await links(sql`seq > ${before}`);
    expect(added.map((l) => [l.entry_table, l.action])).toEqual([
      ['monthly_returns', 'write'],
      ['monthly_returns', 'write'],
      ['distribution_allocations', 'write'],
      ['distribution_allocations', 'write'],
    ]);
    const [first, second] = [...holders].map((h) => h.id);
    expect(
      added
        .filter((l) => l.entry_table === 'distribution_allocations')
        .map((l) => l.canonical)
        .sort(),
    ).toEqual(
      [
        `${id}|${first}|1000.00|200.00|${project.id}|2025-09|income|2025-10-15`,
        `${id}|${second}|2000.00|400.00|${project.id}|2025-09|income|2025-10-15`,
      ].sort(),
    );

    // An allocation of a final run changed in the database is found.
    const entry = `${id}:${first}`;
    await direct(
      sql`update distribution_allocations set amount = 250 where distribution_id = ${id} and user_id = ${first}`,
    );
    expect(await verify()).toMatchObject({
      ok: false,
      firstBrokenAt: (await lastLinkOf('distribution_allocations', entry))!.seq,
      problem: `distribution_allocations ${entry}: the row differs from its chained version`,
    });
    await direct(
      sql`update distribution_allocations set amount = 200 where distribution_id = ${id} and user_id = ${first}`,
    );
    expect((await verify()).ok).toBe(true);
  });

  it('walks a chain longer than a page (5,000 links a query)', async () => {
    const project = await createProject(ctx.db);
    const user = await createUser(ctx.db);
    await createInvestment(ctx.db, user.id, project.id, { startDate: '2000-01-01' });
    const before = (await verify()).entries;
    // 5,000 months in one statement: one append of 5,000 links, after those of the tests before.
    await ctx.db.execute(
      sql`insert into monthly_returns (user_id, project_id, month, amount)
          select ${user.id}, ${project.id}, to_char(date '2000-01-01' + make_interval(months => g), 'YYYY-MM'), 1
            from generate_series(0, 4999) g`,
    );
    expect(await verify()).toEqual({ ok: true, entries: before + 5_000 });
    const [far] = await links(sql`seq = ${before + 4_990}`);
    expect(far!.seq).toBeGreaterThan(5_000);
    await direct(sql`update ledger_chain set entry_id = entry_id || 'x' where seq = ${far!.seq}`);
    expect(await verify()).toMatchObject({ ok: false, firstBrokenAt: far!.seq });
    await direct(sql`update ledger_chain set entry_id = ${far!.entry_id} where seq = ${far!.seq}`);
    await ctx.db.delete(monthlyReturns).where(eq(monthlyReturns.projectId, project.id));
    expect(await verify()).toEqual({ ok: true, entries: before + 10_000 });
  });

  it("gives rows that are there before the chain their chain (the migration's backfill)", async () => {
    const rows = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from ledger_live_entries`,
    );
    await direct(sql`delete from ledger_chain`);
    expect(await verify()).toMatchObject({ ok: false, entries: 0, firstBrokenAt: 1 });
    const [filled] = await queryRows<{ n: number }>(ctx.db, sql`select ledger_backfill()::int as n`);
    expect(filled!.n).toBe(rows[0]!.n);
    expect(await verify()).toEqual({ ok: true, entries: rows[0]!.n });
    // Once only: a chain that has entries is not filled again.
    await expect(ctx.db.execute(sql`select ledger_backfill()`)).rejects.toThrow();
    expect(await verify()).toEqual({ ok: true, entries: rows[0]!.n });
  });
  it('is given to the money already written by migration 0029 itself', async () => {
    const file = fs.readdirSync(migrationsFolder()).find((f) => f.endsWith('_ledger_chain.sql'))!;
    const statements = fs
      .readFileSync(path.join(migrationsFolder(), file), 'utf8')
      .split('--> statement-breakpoint');
    // As before the migration: no chain, its functions, triggers and view (dropped with the functions).
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`do $$ declare f regprocedure; begin
        for f in select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                  where n.nspname = current_schema() and left(p.proname, 7) = 'ledger_' loop
          execute 'drop function ' || f || ' cascade';
        end loop; end $$`);
      await tx.execute(sql`drop table ledger_chain`);
      await tx.execute(sql`drop type ledger_entry`);
    });
    const project = await createProject(ctx.db);
    const user = await createUser(ctx.db);
    await createInvestment(ctx.db, user.id, project.id, {
      monthly: { '2025-01': '10.00', '2025-02': '11.00' },
    });
    await ctx.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
    const [live] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from ledger_live_entries`,
    );
    expect(await verify()).toEqual({ ok: true, entries: live!.n });
    const months = await links(
      sql`entry_id in (select id::text from monthly_returns where user_id = ${user.id})`,
    );
    expect(months.map((l) => l.action)).toEqual(['write', 'write']);
  });
});
