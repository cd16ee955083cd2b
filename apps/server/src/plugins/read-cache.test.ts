import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUpdate } from '../../test/content-factories';
import {
  bearer,
  createInvestment,
  createProject,
  createUser,
  type TestUser,
  useAdminApp,
} from '../../test/helpers';
import { documents, investments, projects, users } from '../db/schema';
import { AnswerStore } from './read-cache';

const ctx = useAdminApp();
let project: Awaited<ReturnType<typeof createProject>>;
let alice: TestUser & { token: string };
let bob: TestUser & { token: string };

const signIn = async (u: TestUser) => ({
  ...u,
  token: await ctx.signIn(u),
});
const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
/** Statements sent while `fn` runs, caches left as they are (unlike countQueries). */
async function queriesOf(fn: () => Promise<unknown>) {
  const before = ctx.database.queries.count;
  await fn();
  return ctx.database.queries.count - before;
}
const cachedUrls = () => [
  '/api/users/me',
  '/api/projects',
  `/api/projects/${project.id}`,
  `/api/updates?projectId=${project.id}`,
  `/api/documents?projectId=${project.id}`,
  '/api/investment/payouts',
];

beforeAll(async () => {
  project = await createProject(ctx.db, { name: 'Kept Fell' });
  const a = await createUser(ctx.db, { name: 'Alice Kept' });
  const b = await createUser(ctx.db, { name: 'Bob Kept' });
  await createInvestment(ctx.db, a.id, project.id, { amount: '10000.00', monthly: { '2025-01': '100.00' } });
  await createInvestment(ctx.db, b.id, project.id, { amount: '20000.00', monthly: { '2025-01': '150.00' } });
  await createUpdate(ctx.db, project.id, { title: 'First update' });
  alice = await signIn(a);
  bob = await signIn(b);
});

describe('answers kept for investors', () => {
  it('answers again from memory, without a single query, with the same bytes', async () => {
    for (const url of cachedUrls()) {
      const first = await get(url, alice.token);
      expect(first.statusCode, url).toBe(200);
      let again!: Awaited<ReturnType<typeof get>>;
      expect(await queriesOf(async () => (again = await get(url, alice.token))), url).toBe(0);
      expect(again.body, url).toBe(first.body);
      expect(again.headers['content-type'], url).toBe(first.headers['content-type']);
      expect(again.headers['cache-control'], url).toBe('no-store');
    }
  });

  it("keeps each investor's answers apart", async () => {
    for (const who of [alice, bob, alice, bob]) {
      const me = (await get('/api/users/me', who.token)).json().data;
      expect(me.email).toBe(who.email);
    }
    const amounts = await Promise.all(
      [alice, bob].map(
        async (who) => (await get('/api/projects', who.token)).json().data[0].investment.amount,
      ),
    );
    expect(amounts).toEqual([10000, 20000]);
  });

  it('never keeps an answer for an admin (it spans every investor) or an error', async () => {
    await get('/api/projects', ctx.admin.token);
    expect(await queriesOf(() => get('/api/projects', ctx.admin.token))).toBeGreaterThan(0);
    const other = await createProject(ctx.db);
    expect((await get(`/api/projects/${other.id}`, alice.token)).statusCode).toBe(404);
    expect(await queriesOf(() => get(`/api/projects/${other.id}`, alice.token))).toBeGreaterThan(0);
  });

  it("another investor's write leaves an answer kept", async () => {
    await get('/api/users/me', alice.token);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(bob.token),
      payload: { name: 'Bob Renamed' },
    });
    expect(res.statusCode).toBe(200);
    expect(await queriesOf(() => get('/api/users/me', alice.token))).toBe(0);
  });
});

describe('a change to what an answer is made from is seen by the very next request', () => {
  const warm = () => Promise.all(cachedUrls().map((url) => get(url, alice.token)));

  it('the investor’s own profile (through the API)', async () => {
    await warm();
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(alice.token),
      payload: { name: 'Alice Renamed' },
    });
    expect((await get('/api/users/me', alice.token)).json().data.name).toBe('Alice Renamed');
  });

  it('a monthly return recorded by an admin: totals, projects and payouts', async () => {
    await warm();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${alice.id}/returns`,
      headers: bearer(ctx.admin.token),
      payload: { projectId: project.id, month: '2025-02', amount: 25.5 },
    });
    expect(res.statusCode).toBe(201);
    expect((await get('/api/users/me', alice.token)).json().data.totalReturned).toBe(125.5);
    expect((await get('/api/projects', alice.token)).json().data[0].investment.returns).toBe(125.5);
    const payouts = (await get('/api/investment/payouts', alice.token)).json().payouts;
    expect(payouts.map((p: { amount: number }) => p.amount)).toContain(25.5);
  });

  it('a project renamed straight in the database (a whole-table signal)', async () => {
    await warm();
    await ctx.db.update(projects).set({ name: 'Kept Fell II' }).where(eq(projects.id, project.id));
    expect((await get('/api/projects', alice.token)).json().data[0].name).toBe('Kept Fell II');
    expect((await get(`/api/projects/${project.id}`, alice.token)).json().data.name).toBe('Kept Fell II');
    const me = (await get('/api/users/me', alice.token)).json().data;
    expect(me.investments[0].projectId.name).toBe('Kept Fell II');
  });

  it('updates published and read', async () => {
    await warm();
    await createUpdate(ctx.db, project.id, { title: 'Second update' });
    const list = (await get(`/api/updates?projectId=${project.id}`, alice.token)).json().updates;
    expect(list.map((u: { title: string }) => u.title)).toContain('Second update');
    const second = list.find((u: { title: string }) => u.title === 'Second update');
    expect(second.isNew).toBe(true);
    const read = await ctx.app.inject({
      method: 'PUT',
      url: `/api/updates/${second._id}/read`,
      headers: bearer(alice.token),
    });
    expect(read.statusCode).toBe(200);
    const after = (await get(`/api/updates?projectId=${project.id}`, alice.token)).json().updates;
    expect(after.find((u: { _id: string }) => u._id === second._id).isNew).toBe(false);
  });

  it('documents: a shared one appears for every holder, a personal one only for its owner', async () => {
    await warm();
    await get(`/api/documents?projectId=${project.id}`, bob.token);
    await ctx.db.insert(documents).values([
      { projectId: project.id, kind: 'document', name: 'Shared report' },
      { projectId: project.id, userId: bob.id, kind: 'document', name: "Bob's contract" },
    ]);
    const names = async (who: { token: string }) =>
      (await get(`/api/documents?projectId=${project.id}`, who.token))
        .json()
        .documents.map((d: { name: string }) => d.name);
    expect(await names(alice)).toContain('Shared report');
    expect(await names(alice)).not.toContain("Bob's contract");
    expect(await names(bob)).toEqual(expect.arrayContaining(['Shared report', "Bob's contract"]));
  });

  it('a write that touches many investors at once', async () => {
    // More than 32 users in one statement are signalled as the whole table.
    const many = await Promise.all(
      Array.from({ length: 34 }, (_, i) =>
        ctx.db
          .insert(users)
          .values({
            name: `Bulk ${i}`,
            email: `bulk-${i}-${Date.now()}@example.test`,
            passwordHash: 'x',
            investorId: `INV-BULK-${i}-${Date.now()}`,
          })
          .returning({ id: users.id }),
      ),
    );
    await ctx.db
      .insert(investments)
      .values(many.map(([u]) => ({ userId: u!.id, projectId: project.id, amount: '1.00' })));
    await warm();
    await ctx.db.execute(sql`update ${investments} set amount = amount + 1 where project_id = ${project.id}`);
    expect((await get('/api/projects', alice.token)).json().data[0].investment.amount).toBe(10001);
  });

  it('an account deactivated by an admin is refused at once, however recently it was let in', async () => {
    const carol = await signIn(await createUser(ctx.db));
    expect((await get('/api/users/me', carol.token)).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${carol.id}/deactivate`,
      headers: bearer(ctx.admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/users/me', carol.token)).statusCode).toBe(401);
  });
});

describe('AnswerStore', () => {
  const entry = (bytes: number) => ({ body: 'x', contentType: 'application/json', at: 1, expires: 0, bytes });

  it('lets go of the oldest answers when over its size, and refuses one too big to be worth it', () => {
    const store = new AnswerStore(1000);
    for (const k of 'abcdefghij') store.set(k, entry(100));
    expect([store.size, store.bytes]).toEqual([10, 1000]);
    store.set('k', entry(120));
    expect(store.get('a')).toBeUndefined();
    expect(store.get('b')).toBeUndefined();
    expect([store.size, store.bytes]).toEqual([9, 920]);
    // More than an eighth of the whole is not kept at all.
    store.set('huge', entry(126));
    expect(store.get('huge')).toBeUndefined();
    store.set('c', entry(10));
    expect(store.bytes).toBe(830);
    store.clear();
    expect([store.size, store.bytes]).toEqual([0, 0]);
  });
});
