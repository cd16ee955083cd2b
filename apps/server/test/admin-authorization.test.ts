import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type * as AuthModule from '../src/plugins/auth';
import type { Access } from '../src/plugins/auth';
import {
  bookings,
  cabinAllowances,
  documents,
  interestRegistrations,
  notifications,
  perks,
  projectMedia,
  updates,
} from '../src/db/schema';
import { bearer, createAdmin, createInvestment, createProject, createUser, useTestApp } from './helpers';

/**
 * The server's own route table, as the auth plugin sees it: every route registered, with the access rule
 * its config asks for. Recorded by a hook placed just before the auth plugin's own, so that a route
 * added by any module, now or later, is walked by the test below.
 */
const routeTable = vi.hoisted(() => [] as { method: string; url: string; access: Access }[]);

vi.mock('../src/plugins/auth', async (importOriginal) => {
  const original = await importOriginal<typeof AuthModule>();
  return {
    ...original,
    authPlugin(app: FastifyInstance, deps: Parameters<typeof original.authPlugin>[1]) {
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods)
          routeTable.push({ method, url: route.url, access: route.config?.access ?? 'user' });
      });
      return original.authPlugin(app, deps);
    },
  };
});

/**
 * The admin endpoints of docs/product.md §16, the admin inboxes and the allowance editor. Each must be
 * registered and carry the admin rule; a route whose path names "admin" must carry it too.
 */
const SPEC_ADMIN_ROUTES = [
  'GET /api/users',
  'POST /api/users',
  'GET /api/users/:id',
  'PUT /api/users/:id',
  'DELETE /api/users/:id',
  'POST /api/users/:id/activate',
  'POST /api/users/:id/deactivate',
  'GET /api/users/:id/returns',
  'POST /api/users/:id/returns',
  'PUT /api/users/:id/returns',
  'DELETE /api/users/:id/returns/:month',
  'GET /api/admin/dashboard',
  'GET /api/admin/audit',
  'GET /api/admin/audit/export',
  'POST /api/projects',
  'PUT /api/projects/:id',
  'DELETE /api/projects/:id',
  'POST /api/updates',
  'PUT /api/updates/:id',
  'DELETE /api/updates/:id',
  'POST /api/perks/benefits/:projectId',
  'PUT /api/perks/benefits/:projectId/:perkId',
  'DELETE /api/perks/benefits/:projectId/:perkId',
  'POST /api/documents',
  'PUT /api/documents/:id',
  'DELETE /api/documents/:id',
  'POST /api/documents/media',
  'PUT /api/documents/media/:id',
  'DELETE /api/documents/media/:id',
  'GET /api/media/admin',
  'POST /api/media',
  'PUT /api/media/:id',
  'DELETE /api/media/:id',
  'POST /api/notifications/send',
  'GET /api/notifications/admin/all',
  'DELETE /api/notifications/admin/:id',
  'GET /api/bookings/admin',
  'PUT /api/bookings/:id/approve',
  'PUT /api/bookings/:id/decline',
  'GET /api/interest',
  'GET /api/perks/cabin-nights/:projectId/users/:userId',
  'PUT /api/perks/cabin-nights/:projectId/users/:userId',
];

const ctx = useTestApp();
let investorToken: string;
/** Ids of real rows of every kind, so that a route that forgot its rule would find something to change. */
const ids: Record<string, string[]> = {};

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  const investor = await createUser(ctx.db);
  const other = await createUser(ctx.db);
  const project = await createProject(ctx.db);
  const investment = await createInvestment(ctx.db, investor.id, project.id, {
    monthly: { '2025-01': '10.00' },
  });
  const one = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows)[0]!.id;
  const update = await one(
    ctx.db.insert(updates).values({ projectId: project.id, title: 'U' }).returning({ id: updates.id }),
  );
  const perk = await one(
    ctx.db
      .insert(perks)
      .values({ projectId: project.id, name: 'P', type: 'cabin' })
      .returning({ id: perks.id }),
  );
  const booking = await one(
    ctx.db
      .insert(bookings)
      .values({ userId: investor.id, projectId: project.id, type: 'personal' })
      .returning({ id: bookings.id }),
  );
  const document = await one(
    ctx.db
      .insert(documents)
      .values({ projectId: project.id, userId: investor.id, name: 'D' })
      .returning({ id: documents.id }),
  );
  const userMedia = await one(
    ctx.db
      .insert(documents)
      .values({ projectId: project.id, userId: investor.id, name: 'M', kind: 'media', type: 'photo' })
      .returning({ id: documents.id }),
  );
  const media = await one(
    ctx.db
      .insert(projectMedia)
      .values({ projectId: project.id, title: 'PM', type: 'photo' })
      .returning({ id: projectMedia.id }),
  );
  const notification = await one(
    ctx.db
      .insert(notifications)
      .values({ userId: investor.id, title: 'N', message: 'M' })
      .returning({ id: notifications.id }),
  );
  const interest = await one(
    ctx.db
      .insert(interestRegistrations)
      .values({ name: 'I', email: 'i@example.test' })
      .returning({ id: interestRegistrations.id }),
  );
  await ctx.db
    .insert(cabinAllowances)
    .values({ userId: investor.id, projectId: project.id, totalNights: 10, expiresAt: '2030-01-01' });
  Object.assign(ids, {
    id: [
      investor.id,
      other.id,
      admin.id,
      project.id,
      investment.id,
      update,
      perk,
      booking,
      document,
      userMedia,
      media,
      notification,
      interest,
    ],
    projectId: [project.id],
    userId: [investor.id],
    perkId: [perk],
    month: ['2025-01'],
  });
  investorToken = await ctx.signIn(investor);
});

/** Every table's row count and a digest of its contents. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = (await ctx.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const r = (await ctx.db.execute(
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as f from "${name}" t`,
      ),
    )) as unknown as { rows: { f: string }[] };
    out[name] = r.rows[0]!.f;
  }
  return out;
}

/** Concrete URLs for a route pattern: each parameter filled with every candidate id. */
function urlsFor(pattern: string): string[] {
  let urls = [''];
  for (const part of pattern.split('/').slice(1)) {
    let values = [part];
    if (part === '*') values = ['anything'];
    else if (part.startsWith(':')) values = ids[part.slice(1)] ?? ids.id!;
    urls = urls.flatMap((u) => values.map((v) => `${u}/${v}`));
  }
  const q = `projectId=${ids.projectId![0]}&userId=${ids.userId![0]}`;
  return urls.map((u) => `${u}?${q}`);
}

/** A body that would be valid for most admin writes, so that a missing rule would really write. */
const body = () => ({
  name: 'Changed',
  title: 'Changed',
  message: 'Changed',
  description: 'Changed',
  email: 'changed@example.test',
  password: 'changed1',
  investorId: 'INV-2026-CHANGE',
  type: 'info',
  status: 'active',
  category: 'general',
  projectId: ids.projectId![0],
  month: '2025-02',
  amount: 1,
  investments: [],
});

describe('admin routes, walked from the route table', () => {
  const adminRoutes = () => routeTable.filter((r) => r.access === 'admin' && r.url.startsWith('/api/'));

  it('the table holds the whole API, and every admin endpoint is there and admin-only', () => {
    const keys = new Set(routeTable.map((r) => `${r.method} ${r.url}`));
    expect(keys.has('GET /api/users/me')).toBe(true);
    const admin = new Set(adminRoutes().map((r) => `${r.method} ${r.url}`));
    for (const r of SPEC_ADMIN_ROUTES) expect(admin, r).toContain(r);
  });

  it('a route whose path names "admin" carries the admin rule', () => {
    const named = routeTable.filter((r) => r.url.split('/').some((s) => s === 'admin'));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((r) => r.access !== 'admin')).toEqual([]);
  });

  it('answers 401 without a token and 403 to an investor on every admin route, changing nothing', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(SPEC_ADMIN_ROUTES.length);
    const before = await fingerprint();
    const wrong: string[] = [];
    for (const r of routes) {
      for (const url of urlsFor(r.url)) {
        const method = r.method as 'GET';
        const payload = ['GET', 'HEAD', 'OPTIONS'].includes(r.method) ? undefined : body();
        const anon = await ctx.app.inject({ method, url, payload });
        if (anon.statusCode !== 401) wrong.push(`${r.method} ${url} without a token: ${anon.statusCode}`);
        const investor = await ctx.app.inject({ method, url, payload, headers: bearer(investorToken) });
        if (investor.statusCode !== 403)
          wrong.push(`${r.method} ${url} as an investor: ${investor.statusCode}`);
        else if (r.method !== 'HEAD') expect(investor.json().message).toBe('Admin access required');
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });
});
