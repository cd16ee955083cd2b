import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  auditLog,
  capitalReturns,
  distributionAllocations,
  distributions,
  documents,
  investments,
  monthlyReturns,
  notifications,
  users,
} from '../../db/schema';
import {
  bearer,
  countQueries,
  createHolding,
  createInvestment,
  createProject,
  createUser,
  login,
  useAdminApp,
} from '../../../test/helpers';

const ctx = useAdminApp({ name: 'Ada Admin' });

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = ctx.admin.token,
) => ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const lastAudit = async (entityId: string) =>
  (
    await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, entityId))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('GET /api/users', () => {
  it('pages with totals, sorted by name, without passwords, in the same queries whatever the page size', async () => {
    const tag = `Pagey${Date.now().toString(36)}`;
    for (let i = 0; i < 7; i++) {
      await createHolding(
        ctx.db,
        { amount: '100.10', monthly: { '2025-01': '0.10' } },
        { user: { name: `${tag} ${String.fromCharCode(71 - i)}` } },
      );
    }
    const page1 = await call('GET', `/api/users?search=${tag}&pageSize=3`);
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.pagination).toEqual({ page: 1, pageSize: 3, total: 7, totalPages: 3 });
    expect(body.data.map((u: { name: string }) => u.name)).toEqual([`${tag} A`, `${tag} B`, `${tag} C`]);
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    expect(body.data[0]).toMatchObject({
      role: 'user',
      status: 'active',
      totalInvestment: 100.1,
      totalReturned: 0.1,
    });
    expect(body.data[0].investments[0]).toMatchObject({ amount: 100.1, returns: 0.1 });

    const last = (await call('GET', `/api/users?search=${tag}&pageSize=3&page=3`)).json();
    expect(last.data.map((u: { name: string }) => u.name)).toEqual([`${tag} G`]);

    const count = async (query: string) => {
      return countQueries(ctx, () => call('GET', `/api/users?${query}`));
    };
    // One for the signed-in check, then the count, the page's ids, its rows and their investments; a
    // search counts its matches and takes the page's ids in one statement.
    expect(await count('pageSize=1')).toBe(5);
    expect(await count('pageSize=7')).toBe(5);
    expect(await count(`search=${tag}&pageSize=1`)).toBe(4);
    expect(await count(`search=${tag}&pageSize=7`)).toBe(4);
  });

  it('gives every page in order, those past the middle read from the end of the name index', async () => {
    const project = await createProject(ctx.db);
    const names = ['anna', 'bertil', 'Bertil', 'Cecilia', 'dag', 'Eero', 'eero', 'Frida'];
    for (const name of names) {
      const u = await createUser(ctx.db, { name });
      await createInvestment(ctx.db, u.id, project.id);
    }
    const all = (await call('GET', `/api/users?projectId=${project.id}&pageSize=100`)).json();
    expect(all.pagination.total).toBe(8);
    const sorted = all.data.map((u: { _id: string }) => u._id);
    for (const pageSize of [1, 2, 3, 5]) {
      const ids: string[] = [];
      for (let page = 1; page <= Math.ceil(8 / pageSize) + 1; page++) {
        const res = (
          await call('GET', `/api/users?projectId=${project.id}&pageSize=${pageSize}&page=${page}`)
        ).json();
        ids.push(...res.data.map((u: { _id: string }) => u._id));
      }
      expect(ids, `pageSize ${pageSize}`).toEqual(sorted);
    }
    expect(all.data.map((u: { name: string }) => u.name.toLowerCase())).toEqual(
      [...names].map((n) => n.toLowerCase()).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });

  it('says how many users there are from the kept count, which follows every insert, delete and rollback', async () => {
    const total = async () => (await call('GET', '/api/users?pageSize=1')).json().pagination.total as number;
    const counted = async () => (await ctx.db.select({ id: users.id }).from(users)).length;
    expect(await total()).toBe(await counted());
    const before = await total();
    // Several users in one statement, then one deleted through the API.
    const tag = `Kept${Date.now().toString(36)}`;
    await ctx.db
      .insert(users)
      .values(
        [1, 2, 3].map((i) => ({ name: `${tag} ${i}`, email: `${tag}${i}@example.com`, passwordHash: 'x' })),
      );
    expect(await total()).toBe(before + 3);
    const [gone] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.name, `${tag} 1`));
    expect((await call('DELETE', `/api/users/${gone!.id}`)).statusCode).toBe(200);
    expect(await total()).toBe(before + 2);
    // A user written in a transaction that rolls back is not counted.
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.insert(users).values({ name: `${tag} 9`, email: `${tag}9@example.com`, passwordHash: 'x' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await total()).toBe(before + 2);
    expect(await total()).toBe(await counted());
  });

  it('searches by words of the name, the email and the investor ID, case-insensitively', async () => {
    const u = await createUser(ctx.db, {
      name: 'Jänis Öberg-Lindqvist',
      email: 'j.oberg+portal@fjord-mail.test',
    });
    const [row] = await ctx.db.select({ investorId: users.investorId }).from(users).where(eq(users.id, u.id));
    const ids = async (search: string) =>
      (await call('GET', `/api/users?search=${encodeURIComponent(search)}`))
        .json()
        .data.map((x: { _id: string }) => x._id);
    expect(await ids('jän')).toContain(u.id);
    expect(await ids('LINDQ öberg')).toContain(u.id);
    expect(await ids('fjord-mail')).toContain(u.id);
    expect(await ids('j.oberg+portal@fjord-mail.test')).toContain(u.id);
    expect(await ids(row!.investorId!.slice(-6, -2))).toContain(u.id);
    expect(await ids('lindqvist nobody')).not.toContain(u.id);
    // Characters with a meaning in a text-search query are only separators here.
    expect((await call('GET', `/api/users?search=${encodeURIComponent("o'berg & | ! :*")}`)).statusCode).toBe(
      200,
    );
  });

  it('lists the users linked to a project and the investors not yet linked', async () => {
    const p = await createProject(ctx.db);
    const linked = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    await createInvestment(ctx.db, linked.id, p.id);
    const all = async (q: string) => {
      const res = await call('GET', `/api/users?${q}&pageSize=200`);
      expect(res.statusCode).toBe(200);
      return res.json().data.map((x: { _id: string }) => x._id) as string[];
    };
    expect(await all(`projectId=${p.id}&linked=true`)).toEqual([linked.id]);
    const notLinked = await all(`projectId=${p.id}&linked=false`);
    expect(notLinked).toContain(other.id);
    expect(notLinked).not.toContain(linked.id);
    expect(notLinked).not.toContain(ctx.admin.id);
    expect((await call('GET', `/api/users?projectId=nope`)).statusCode).toBe(400);
    expect((await call('GET', `/api/users?pageSize=1000`)).json().message).toMatch(/Page size/);
  });

  it('filters the sign-ups waiting for activation', async () => {
    const waiting = await createUser(ctx.db, { isActive: false, activated: false });
    const deactivated = await createUser(ctx.db, { isActive: false });
    const pending = (await call('GET', '/api/users?status=pending&pageSize=200')).json().data;
    expect(pending.map((u: { _id: string }) => u._id)).toContain(waiting.id);
    expect(pending.map((u: { _id: string }) => u._id)).not.toContain(deactivated.id);
    expect(pending.find((u: { _id: string }) => u._id === waiting.id)).toMatchObject({
      awaitingActivation: true,
      status: 'inactive',
      activatedAt: null,
    });
  });
});

describe('POST /api/users', () => {
  const valid = () => ({
    name: 'Nora New',
    email: `nora.${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.test`,
    password: 'Harbour-Kestrel-1',
    investorId: `INV-2026-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  });

  it('answers the add-user messages, one at a time, in their fixed order', async () => {
    const post = async (payload: object) => {
      const res = await call('POST', '/api/users', payload);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await post({})).toBe('Name is required');
    expect(await post({ name: '  ' })).toBe('Name is required');
    expect(await post({ name: 'N' })).toBe('Email is required');
    expect(await post({ name: 'N', email: 'not-an-email' })).toBe('Invalid email format');
    expect(await post({ name: 'N', email: 'a@b.co', password: '12345' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(await post({ name: 'N', email: 'a@b.co', password: '123456' })).toMatch(
      /Investor ID is required$/,
    );
    expect(await post({ name: 'N', email: 'a@b.co', password: '123456', investorId: ' ' })).toMatch(
      /Investor ID is required$/,
    );
  });

  it('creates an active user who can sign in, records it in the audit log and never returns the password', async () => {
    const input = valid();
    const res = await call('POST', '/api/users', { ...input, isAdmin: true, role: 'admin' });
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe('User added');
    expect(data).toMatchObject({
      name: 'Nora New',
      email: input.email,
      investorId: input.investorId,
      role: 'user',
      isAdmin: false,
      status: 'active',
      awaitingActivation: false,
      investments: [],
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password|Harbour-Kestrel-1/i);
    const signedIn = await login(ctx.app, input.email, input.password);
    expect(signedIn.user.isAdmin).toBe(false);
    expect(await lastAudit(data._id)).toMatchObject({
      actorId: ctx.admin.id,
      action: 'create',
      entity: 'user',
    });
  });

  it('refuses a duplicate email (any case) and a duplicate investor ID with 409, writing nothing', async () => {
    const first = valid();
    expect((await call('POST', '/api/users', first)).statusCode).toBe(201);
    const before = (await ctx.db.select({ id: auditLog.id }).from(auditLog)).length;
    const dupEmail = await call('POST', '/api/users', { ...valid(), email: first.email.toUpperCase() });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json()).toMatchObject({
      message: 'A user with this email already exists',
      code: 'admin.duplicate_email',
    });
    const dupId = await call('POST', '/api/users', { ...valid(), investorId: first.investorId });
    expect(dupId.statusCode).toBe(409);
    expect(dupId.json()).toMatchObject({
      message: 'This investor ID is already in use',
      code: 'admin.duplicate_investor_id',
    });
    expect((await ctx.db.select({ id: auditLog.id }).from(auditLog)).length).toBe(before);
  });
});

describe('PUT /api/users/:id', () => {
  it('updates the whole user object, ignoring role, status, password and totals', async () => {
    const u = await createUser(ctx.db, { name: 'Before Edit' });
    const current = (await call('GET', `/api/users/${u.id}`)).json().data;
    const res = await call('PUT', `/api/users/${u.id}`, {
      ...current,
      name: 'After Edit',
      city: 'Turku',
      dateOfBirth: '1990-02-03T00:00:00.000Z',
      role: 'admin',
      isAdmin: true,
      status: 'inactive',
      isActive: false,
      password: 'hijacked',
      totalInvestment: 1e9,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'After Edit',
      city: 'Turku',
      dateOfBirth: '1990-02-03',
      isAdmin: false,
      isActive: true,
      totalInvestment: 0,
    });
    await login(ctx.app, u.email, u.password);
    expect(await lastAudit(u.id)).toMatchObject({ action: 'update', entity: 'user' });
  });

  it.each([
    [{ dateOfBirth: '2031-05-05' }, 'dateOfBirth', /^Date of birth must be between .* \(age 18 to 100\)$/],
    [{ dateOfBirth: '1800-01-01' }, 'dateOfBirth', /^Date of birth must be between/],
    [{ dateOfBirth: '2040-01-01' }, 'dateOfBirth', /^Date of birth must be between/],
    [{ phone: 'call me maybe' }, 'phone', /^Phone must be a phone number in international form/],
  ])(
    'refuses %j in Edit User with a 400 naming the field, and changes nothing',
    async (change, field, message) => {
      const u = await createUser(ctx.db, { name: 'Kept Name' });
      const res = await call('PUT', `/api/users/${u.id}`, { name: 'Changed', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ [field]: expect.stringMatching(message) });
      const [row] = await ctx.db.select().from(users).where(eq(users.id, u.id));
      expect(row).toMatchObject({ name: 'Kept Name', phone: null, dateOfBirth: null });
    },
  );

  it('keeps only the selected project entry with an amount above 0, without losing monthly returns', async () => {
    const u = await createUser(ctx.db);
    const lake = await createProject(ctx.db);
    const forest = await createProject(ctx.db);
    await createInvestment(ctx.db, u.id, lake.id, {
      amount: '1000.00',
      startDate: '2024-02-01',
      monthly: { '2024-03': '0.10', '2024-04': '0.20' },
    });
    await createInvestment(ctx.db, u.id, forest.id, { amount: '500.00' });
    const res = await call('PUT', `/api/users/${u.id}`, {
      projectId: lake.id,
      investments: [
        { projectId: { _id: lake.id, name: 'x' }, amount: 10000.1 },
        { projectId: forest.id, amount: 99 },
        { projectId: lake.id, amount: 0 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const byProject = Object.fromEntries(
      res.json().data.investments.map((i: { projectId: string }) => [i.projectId, i]),
    );
    expect(byProject[lake.id]).toMatchObject({ amount: 10000.1, returns: 0.3, startDate: '2024-02-01' });
    expect(byProject[lake.id].monthlyReturns).toEqual([
      { month: '2024-03', amount: 0.1 },
      { month: '2024-04', amount: 0.2 },
    ]);
    expect(byProject[forest.id]).toMatchObject({ amount: 500 });
    const me = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: bearer(await ctx.signIn(u)),
      })
    ).json().data;
    expect(me.totalInvestment).toBe(10500.1);
    expect(me.totalReturned).toBe(0.3);
  });

  it('adds an investment with a start date, and an empty list removes the selected project investment', async () => {
    const u = await createUser(ctx.db);
    const p = await createProject(ctx.db);
    const add = await call('PUT', `/api/users/${u.id}`, {
      projectId: p.id,
      investments: [{ projectId: p.id, amount: 2500.55, startDate: '2025-05-01' }],
    });
    expect(add.json().data.investments).toEqual([
      expect.objectContaining({ projectId: p.id, amount: 2500.55, startDate: '2025-05-01', returns: 0 }),
    ]);
    expect(await lastAudit(u.id)).toMatchObject({ action: 'update', entity: 'investment' });
    const removed = await call('PUT', `/api/users/${u.id}`, { projectId: p.id, investments: [] });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.investments).toEqual([]);
    expect(await lastAudit(u.id)).toMatchObject({ action: 'delete', entity: 'investment' });
  });

  it('refuses a start date after the first month with a return, naming both months; nothing is written', async () => {
    const { user: u, project: p } = await createHolding(ctx.db, {
      amount: '20000.00',
      startDate: '2024-12-01',
      monthly: { '2025-01': '55.00' },
    });
    const message =
      'This investment has a return for Jan 2025, before its start month, Jun 2026: the start date must be in Jan 2025 or earlier';
    const res = await call('PUT', `/api/users/${u.id}`, {
      projectId: p.id,
      investments: [{ projectId: p.id, amount: 25000, startDate: '2026-06-01' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { 'investments.startDate': message } });
    const [kept] = await ctx.db.select().from(investments).where(eq(investments.userId, u.id));
    expect(kept).toMatchObject({ amount: '20000.00', startDate: '2024-12-01' });
    // The month of the first return itself is a fine start.
    const moved = await call('PUT', `/api/users/${u.id}`, {
      projectId: p.id,
      investments: [{ projectId: p.id, amount: 20000, startDate: '2025-01-20' }],
    });
    expect(moved.statusCode).toBe(200);
  });

  it('refuses bad input with a 4xx naming the problem, and writes nothing on a failure', async () => {
    const u = await createUser(ctx.db);
    const taken = await createUser(ctx.db);
    const p = await createProject(ctx.db);
    await createInvestment(ctx.db, u.id, p.id, { amount: '100.00' });
    const put = (payload: object) => call('PUT', `/api/users/${u.id}`, payload);

    const dup = await put({
      email: taken.email,
      projectId: p.id,
      investments: [{ projectId: p.id, amount: 5 }],
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A user with this email already exists');
    const [inv] = await ctx.db.select().from(investments).where(eq(investments.userId, u.id));
    expect(inv!.amount).toBe('100.00');

    const [row] = await ctx.db
      .select({ investorId: users.investorId })
      .from(users)
      .where(eq(users.id, taken.id));
    expect((await put({ investorId: row!.investorId })).json().message).toContain('investor ID');
    expect((await put({ investments: [{ projectId: p.id, amount: 1.005 }] })).json().message).toBe(
      'Amount must have at most 2 decimals',
    );
    expect((await put({ investments: [{ projectId: p.id, amount: -1 }] })).statusCode).toBe(400);
    expect((await put({ investments: [{ projectId: p.id, amount: '100' }] })).statusCode).toBe(400);
    const unknownProject = await put({
      investments: [{ projectId: '00000000-0000-4000-8000-000000000000', amount: 5 }],
    });
    expect(unknownProject.statusCode).toBe(404);
    expect(unknownProject.json().message).toBe('Project not found');
    expect((await put({ name: '' })).json().message).toBe('Name is required');
    expect(
      (await call('PUT', '/api/users/00000000-0000-4000-8000-000000000000', { name: 'X' })).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes the user and ends their sessions at once', async () => {
    const u = await createUser(ctx.db);
    const { accessToken, refreshToken } = await login(ctx.app, u.email, u.password);
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(accessToken) });
    expect((await me()).statusCode).toBe(200);
    const res = await call('DELETE', `/api/users/${u.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'User deleted' });
    expect((await me()).statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect(await lastAudit(u.id)).toMatchObject({ actorId: ctx.admin.id, action: 'delete', entity: 'user' });
    expect((await call('DELETE', `/api/users/${u.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete an investor with money or documents on record (409 offering deactivation), keeping every row', async () => {
    const project = await createProject(ctx.db);
    const [run] = await ctx.db
      .insert(distributions)
      .values({
        projectId: project.id,
        period: '2025-06',
        kind: 'income',
        amount: '10.00',
        paymentDate: '2025-07-15',
      })
      .returning({ id: distributions.id });
    const records: [string, (userId: string) => Promise<unknown>][] = [
      ['an investment', (userId) => createInvestment(ctx.db, userId, project.id)],
      [
        'a monthly return',
        (userId) =>
          ctx.db
            .insert(monthlyReturns)
            .values({ userId, projectId: project.id, month: '2025-01', amount: '1.00' }),
      ],
      [
        'a return of capital',
        (userId) =>
          ctx.db
            .insert(capitalReturns)
            .values({ userId, projectId: project.id, amount: '5.00', paymentDate: '2025-06-30' }),
      ],
      [
        'an allocation',
        (userId) =>
          ctx.db
            .insert(distributionAllocations)
            .values({ distributionId: run!.id, userId, invested: '100.00', amount: '10.00' }),
      ],
      [
        'a document of their own',
        (userId) => ctx.db.insert(documents).values({ projectId: project.id, userId, name: 'Subscription' }),
      ],
    ];
    for (const [what, record] of records) {
      const u = await createUser(ctx.db, { name: 'Emma Lindqvist' });
      await record(u.id);
      const res = await call('DELETE', `/api/users/${u.id}`);
      expect(res.statusCode, what).toBe(409);
      expect(res.json(), what).toEqual({
        success: false,
        message:
          'Emma Lindqvist has investments and payouts on record, so the account cannot be deleted; deactivate it instead',
        error:
          'Emma Lindqvist has investments and payouts on record, so the account cannot be deleted; deactivate it instead',
        code: 'admin.delete_money_on_record',
        params: { name: 'Emma Lindqvist' },
      });
      expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, u.id)), what).toHaveLength(
        1,
      );
      expect(await lastAudit(u.id), what).toBeUndefined();
    }
  });

  it('deactivating an investor keeps their investments, returns, a final run and the dashboard as they were', async () => {
    const project = await createProject(ctx.db);
    const keeper = await createUser(ctx.db);
    const leaving = await createUser(ctx.db);
    await createInvestment(ctx.db, keeper.id, project.id, { amount: '7000.00' });
    await createInvestment(ctx.db, leaving.id, project.id, {
      amount: '3000.00',
      monthly: { '2025-05': '12.34' },
    });
    const drafted = await call('POST', '/api/distributions', {
      projectId: project.id,
      period: '2025-06',
      kind: 'income',
      amount: 1000,
      paymentDate: '2025-07-15',
    });
    const runId = drafted.json().data._id;
    expect((await call('POST', `/api/distributions/${runId}/finalize`)).statusCode).toBe(200);
    const figures = async () => ({
      run: (await call('GET', `/api/distributions/${runId}`)).json().data,
      // The dashboard's figures (its latest activity gains the deactivation).
      dashboard: (({ overall, project: held }) => ({ overall, held }))(
        (await call('GET', `/api/admin/dashboard?projectId=${project.id}`)).json().data,
      ),
      user: (await call('GET', `/api/users/${leaving.id}`)).json().data.investments,
      returns: (await call('GET', `/api/users/${leaving.id}/returns?projectId=${project.id}`)).json().data,
    });
    const before = await figures();
    expect(before.run).toMatchObject({ status: 'final', amount: 1000 });
    expect(before.dashboard.held).toMatchObject({ invested: 10000 });

    expect((await call('DELETE', `/api/users/${leaving.id}`)).statusCode).toBe(409);
    const res = await call('POST', `/api/users/${leaving.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('inactive');
    expect(await figures()).toEqual(before);
  });

  it('does not let an admin delete their own account', async () => {
    const res = await call('DELETE', `/api/users/${ctx.admin.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'You cannot delete your own account',
      code: 'admin.delete_self',
    });
  });
});

describe('activation', () => {
  it('a sign-up waits for activation; once activated it signs in and finds a welcome notification', async () => {
    const email = `signup.${Date.now()}@example.test`;
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'Harbour-Kestrel-12' },
    });
    expect(reg.statusCode).toBe(201);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Harbour-Kestrel-12' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account is waiting for activation by an administrator.');
    const pending = (
      await call('GET', `/api/users?status=pending&search=${encodeURIComponent(email)}`)
    ).json();
    expect(pending.pagination.total).toBe(1);
    const id = pending.data[0]._id;

    const res = await call('POST', `/api/users/${id}/activate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'active', awaitingActivation: false });
    expect(res.json().data.activatedAt).not.toBeNull();
    await login(ctx.app, email, 'Harbour-Kestrel-12');
    const welcome = await ctx.db.select().from(notifications).where(eq(notifications.userId, id));
    expect(welcome).toEqual([expect.objectContaining({ title: 'Your account is active', read: false })]);
    expect(await lastAudit(id)).toMatchObject({ action: 'activate', entity: 'user' });
  });

  it('deactivating ends the sessions at once; the user is told the account is deactivated', async () => {
    const u = await createUser(ctx.db);
    const accessToken = await ctx.signIn(u);
    expect((await call('POST', `/api/users/${u.id}/deactivate`)).json().data.status).toBe('inactive');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(accessToken) });
    expect(me.statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
    });
    expect(again.json().message).toBe('This account has been deactivated. Please contact support.');
    expect((await call('POST', `/api/users/${ctx.admin.id}/deactivate`)).statusCode).toBe(400);
  });
});

describe('GET /api/users/:id', () => {
  it('answers every investment with its monthly returns, and 404 for an unknown id', async () => {
    const { user: u, project: p } = await createHolding(
      ctx.db,
      { amount: '0.30', returns: '9.99' },
      { project: { name: 'Zeta Lodge' } },
    );
    const { data } = (await call('GET', `/api/users/${u.id}`)).json();
    expect(data.investments).toEqual([
      expect.objectContaining({ projectName: 'Zeta Lodge', amount: 0.3, returns: 9.99, monthlyReturns: [] }),
    ]);
    await ctx.db
      .insert(monthlyReturns)
      .values({ userId: u.id, projectId: p.id, month: '2025-01', amount: '1.10' });
    const after = (await call('GET', `/api/users/${u.id}`)).json().data;
    expect(after.investments[0].returns).toBe(1.1);
    expect(after.totalReturned).toBe(1.1);
    expect((await call('GET', '/api/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const rows = await ctx.db
      .select()
      .from(investments)
      .where(and(eq(investments.userId, u.id), eq(investments.projectId, p.id)));
    expect(rows).toHaveLength(1);
  });
});
