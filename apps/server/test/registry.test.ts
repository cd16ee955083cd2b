/**
 * The server's routes and the endpoint registry are the same list: no /api route is declared outside the
 * registry, and no endpoint of the registry is left without its route.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allEndpoints } from '@portal/contracts';
import type * as AuthModule from '../src/plugins/auth';
import { buildTestApp, type TestContext } from './helpers';
import type { RouteEntry } from './security/route-table';

const table = vi.hoisted(() => [] as RouteEntry[]);
vi.mock('../src/plugins/auth', async (importOriginal) =>
  (await import('./security/route-table')).recordingAuthModule(
    await importOriginal<typeof AuthModule>(),
    table,
  ),
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('the endpoint registry', () => {
  it('declares every /api route of the server, with the access rule the server applies', () => {
    const declared = allEndpoints.map((e) => `${e.method} ${e.path} ${e.access}`).sort();
    const served = table.map((r) => `${r.method} ${r.url} ${r.access}`).sort();
    expect(served).toEqual(declared);
    expect(table.every((r) => r.endpoint)).toBe(true);
  });
});
