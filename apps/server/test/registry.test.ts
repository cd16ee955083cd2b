/**
 * The server's routes and the endpoint registry are the same list: no /api route is declared outside the
 * registry, and no endpoint of the registry is left without its route. The tables the registry names are
 * the database's.
 */
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { TABLES, allEndpoints } from '@portal/contracts';
import { SIGNALLED_TABLES } from '../src/db/changes';
import { queryRows } from '../src/db/client';
import type * as AuthModule from '../src/plugins/auth';
import { useTestApp } from './helpers';
import type { RouteEntry } from './security/route-table';

const table = vi.hoisted(() => [] as RouteEntry[]);
vi.mock('../src/plugins/auth', async (importOriginal) =>
  (await import('./security/route-table')).recordingAuthModule(
    await importOriginal<typeof AuthModule>(),
    table,
  ),
);

const ctx = useTestApp();

describe('the endpoint registry', () => {
  it('declares every /api route of the server, with the access rule the server applies', () => {
    const declared = allEndpoints.map((e) => `${e.method} ${e.path} ${e.access}`).sort();
    const served = table.map((r) => `${r.method} ${r.url} ${r.access}`).sort();
    expect(served).toEqual(declared);
    expect(table.every((r) => r.endpoint)).toBe(true);
  });
});

describe("the registry's tables", () => {
  it('are the tables of the migrated database, and those with change triggers are the signalled ones', async () => {
    const tables = await queryRows<{ name: string }>(
      ctx.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((t) => t.name).sort()).toEqual([...TABLES].sort());
    const withSignals = await queryRows<{ name: string }>(
      ctx.db,
      sql`select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where not t.tgisinternal and t.tgname like '%\_signal%'`,
    );
    expect(withSignals.map((t) => t.name).sort()).toEqual([...SIGNALLED_TABLES].sort());
  });
});
