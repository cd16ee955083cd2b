import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, investments, perks, projectMedia, projects, updates } from '../../db/schema';
import { bearer, createInvestment, createProject, createUser, useAdminApp } from '../../../test/helpers';
import { createDocumentRow, samplePdf } from '../documents/test-support';

const ctx = useAdminApp();

async function investor() {
  const user = await createUser(ctx.db);
  const accessToken = await ctx.signIn(user);
  return { user, token: accessToken };
}

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const auditOf = (id: string, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('archiving a project instead of deleting it', () => {
  it('answers 409 saying to archive a project that holds investments, and deletes nothing', async () => {
    const p = await createProject(ctx.db, { name: 'Held Twice' });
    for (let i = 0; i < 2; i++) await createInvestment(ctx.db, (await createUser(ctx.db)).id, p.id);
    const res = await send('DELETE', `/api/projects/${p.id}`, ctx.admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message:
        'This project has investments from 2 investors, so it cannot be deleted. Archive it instead: archiving hides it from investors and keeps its history.',
      code: 'projects.has_investments',
      params: { count: 2 },
    });
    expect(await ctx.db.select().from(investments).where(eq(investments.projectId, p.id))).toHaveLength(2);
  });

  it('archives and restores (admin only, audited once per change), keeping the history', async () => {
    const { user, token } = await investor();
    const p = await createProject(ctx.db, { name: 'Archive Me' });
    await createInvestment(ctx.db, user.id, p.id, { monthly: { '2025-01': '10.00' } });

    expect((await send('POST', `/api/projects/${p.id}/archive`, token)).statusCode).toBe(403);
    expect(
      (await send('POST', `/api/projects/${crypto.randomUUID()}/archive`, ctx.admin.token)).statusCode,
    ).toBe(404);

    const archived = await send('POST', `/api/projects/${p.id}/archive`, ctx.admin.token);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ success: true, message: 'Project archived' });
    expect(archived.json().data.archivedAt).toEqual(expect.any(String));
    // Twice changes nothing and records nothing more.
    expect((await send('POST', `/api/projects/${p.id}/archive`, ctx.admin.token)).statusCode).toBe(200);
    expect(await auditOf(p.id, 'archive')).toHaveLength(1);
    expect(await ctx.db.select().from(investments).where(eq(investments.projectId, p.id))).toHaveLength(1);

    // The admin list still shows it, marked.
    const list = (await get('/api/projects', ctx.admin.token)).json().data as {
      _id: string;
      archivedAt: string;
    }[];
    expect(list.find((x) => x._id === p.id)?.archivedAt).toEqual(expect.any(String));

    expect((await send('POST', `/api/projects/${p.id}/restore`, token)).statusCode).toBe(403);
    const restored = await send('POST', `/api/projects/${p.id}/restore`, ctx.admin.token);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ message: 'Project restored', data: { archivedAt: null } });
    expect(await auditOf(p.id, 'restore')).toHaveLength(1);
    expect((await get(`/api/projects/${p.id}`, token)).statusCode).toBe(200);
  });

  it('hides an archived project from every investor read but their money', async () => {
    const { user, token } = await investor();
    const kept = await createProject(ctx.db, { name: 'Kept Lodge' });
    const gone = await createProject(ctx.db, { name: 'Gone Lodge' });
    await createInvestment(ctx.db, user.id, kept.id, { amount: '1000.00', monthly: { '2025-01': '10.10' } });
    await createInvestment(ctx.db, user.id, gone.id, { amount: '2000.00', monthly: { '2025-02': '20.20' } });
    const doc = await createDocumentRow(
      ctx.db,
      ctx.deps.storage,
      { projectId: gone.id, name: 'Gone statement' },
      { data: await samplePdf(), mime: 'application/pdf' },
    );
    const [update] = await ctx.db
      .insert(updates)
      .values({ projectId: gone.id, title: 'Gone news', content: 'x', category: 'general' })
      .returning();
    await ctx.db.insert(perks).values({ projectId: gone.id, name: 'Gone perk', type: 'dining' });
    await ctx.db.insert(projectMedia).values({ projectId: gone.id, title: 'Gone photo', type: 'photo' });

    const reads = [
      `/api/projects/${gone.id}`,
      `/api/documents?projectId=${gone.id}`,
      `/api/media?projectId=${gone.id}`,
      `/api/updates?projectId=${gone.id}`,
      `/api/perks/benefits/${gone.id}`,
      `/api/perks/cabin-nights/${gone.id}`,
      `/api/bookings?projectId=${gone.id}`,
      `/api/documents/${doc.id}/preview`,
    ];
    for (const url of reads) expect((await get(url, token)).statusCode, url).not.toBe(404);
    expect((await send('PUT', `/api/updates/${update!.id}/read`, token)).statusCode).toBe(200);

    expect((await send('POST', `/api/projects/${gone.id}/archive`, ctx.admin.token)).statusCode).toBe(200);

    const names = ((await get('/api/projects', token)).json().data as { name: string }[]).map((x) => x.name);
    expect(names).toEqual(['Kept Lodge']);
    for (const url of reads) expect((await get(url, token)).statusCode, url).toBe(404);
    expect((await send('PUT', `/api/updates/${update!.id}/read`, token)).statusCode).toBe(404);
    expect(
      (
        await send('POST', '/api/bookings', token, {
          projectId: gone.id,
          type: 'personal',
          dates: ['2030-01-01'],
        })
      ).statusCode,
    ).toBe(404);

    // The money the investor put in and received stays in their totals and payout history.
    const me = (await get('/api/users/me', token)).json().data;
    expect(me.totalInvestment).toBe(3000);
    expect(me.totalReturned).toBe(30.3);
    const payouts = (await get('/api/investment/payouts', token)).json();
    expect(JSON.stringify(payouts)).toContain('Gone Lodge');

    // Restored, everything is back.
    expect((await send('POST', `/api/projects/${gone.id}/restore`, ctx.admin.token)).statusCode).toBe(200);
    for (const url of reads) expect((await get(url, token)).statusCode, url).not.toBe(404);
  });
});

/** The figures of the offer, written and read back as they are. */
const alpineFigures = {
  targetAmount: 5_000_000,
  currentCommitments: 2_100_000,
  minimumInvestment: 25_000,
  maximumInvestment: 500_000,
  projectedAnnualROI: 9.2,
  expectedLaunch: '2027-07-01',
};
const alpine = {
  openForInterest: true,
  ...alpineFigures,
  features: ['Ski-in chalets', ' ', 'Quarterly income'],
};

describe('the opportunity of a project open for interest', () => {
  it('is written by admins only, read by any signed-in user, and closed again', async () => {
    const { token } = await investor();
    const p = await createProject(ctx.db, { name: 'Alpine Retreat', location: 'Alpine Region, Switzerland' });
    expect((await get('/api/opportunities/current', token)).json()).toEqual({ success: true, data: null });

    expect((await send('PUT', `/api/projects/${p.id}/opportunity`, token, alpine)).statusCode).toBe(403);
    const res = await send('PUT', `/api/projects/${p.id}/opportunity`, ctx.admin.token, alpine);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.opportunity).toEqual({
      ...alpine,
      features: ['Ski-in chalets', 'Quarterly income'],
    });
    const [row] = await ctx.db.select().from(projects).where(eq(projects.id, p.id));
    expect(row).toMatchObject({
      interestTarget: '5000000.00',
      interestCommitments: '2100000.00',
      interestMinimum: '25000.00',
      interestMaximum: '500000.00',
      projectedROI: '9.20',
    });
    expect(await auditOf(p.id, 'update')).toHaveLength(1);

    const read = await get('/api/opportunities/current', token);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({
      _id: p.id,
      name: 'Alpine Retreat',
      location: 'Alpine Region, Switzerland',
      description: '',
      ...alpineFigures,
      features: ['Ski-in chalets', 'Quarterly income'],
    });

    // A second project cannot open while this one is.
    const other = await createProject(ctx.db, { name: 'Second Opening' });
    const clash = await send('PUT', `/api/projects/${other.id}/opportunity`, ctx.admin.token, alpine);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      message:
        'Alpine Retreat is already open for interest. Close its opportunity before opening another one.',
      code: 'projects.already_open',
      params: { name: 'Alpine Retreat' },
    });

    // Archiving closes it; an archived project cannot be opened.
    expect((await send('POST', `/api/projects/${p.id}/archive`, ctx.admin.token)).statusCode).toBe(200);
    expect((await get('/api/opportunities/current', token)).json().data).toBeNull();
    const archived = await send('PUT', `/api/projects/${p.id}/opportunity`, ctx.admin.token, alpine);
    expect(archived.statusCode).toBe(409);
    expect(archived.json()).toMatchObject({
      message: 'An archived project cannot be open for interest. Restore it first.',
      code: 'projects.archived_not_open',
    });

    const closed = await send('PUT', `/api/projects/${other.id}/opportunity`, ctx.admin.token, alpine);
    expect(closed.statusCode).toBe(200);
    expect(
      (
        await send('PUT', `/api/projects/${other.id}/opportunity`, ctx.admin.token, {
          ...alpine,
          openForInterest: false,
        })
      ).statusCode,
    ).toBe(200);
    expect((await get('/api/opportunities/current', token)).json().data).toBeNull();
  });

  it.each([
    [{ minimumInvestment: 600_000 }, 'Minimum investment cannot be more than the maximum investment'],
    [{ targetAmount: -1 }, 'Target amount cannot be negative'],
    [{ currentCommitments: 10.005 }, 'Current commitments can have at most 2 decimals'],
    [{ maximumInvestment: 'lots' }, 'Maximum investment must be a number'],
    [{ projectedAnnualROI: -2 }, 'Projected annual ROI cannot be negative'],
    [{ expectedLaunch: '2027-02-30' }, 'Expected launch must be a date (YYYY-MM-DD)'],
    [{ expectedLaunch: null }, 'Expected launch is required to open the project for interest'],
    [
      { maximumInvestment: 0, minimumInvestment: 0 },
      'Maximum investment must be above 0 to open the project for interest',
    ],
  ])('refuses %o with 400 "%s" and writes nothing', async (change, message) => {
    const p = await createProject(ctx.db);
    const res = await send('PUT', `/api/projects/${p.id}/opportunity`, ctx.admin.token, {
      ...alpine,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    const [row] = await ctx.db.select().from(projects).where(eq(projects.id, p.id));
    expect(row!.openForInterest).toBe(false);
    expect(row!.interestTarget).toBe('0.00');
  });

  it('holds the interest amount to the open opportunity’s bounds', async () => {
    const { token } = await investor();
    const p = await createProject(ctx.db, { name: 'Bounds Lodge' });
    await send('PUT', `/api/projects/${p.id}/opportunity`, ctx.admin.token, {
      ...alpine,
      minimumInvestment: 10_000,
      maximumInvestment: 20_000,
    });
    const post = (investmentAmount: number) =>
      send('POST', '/api/interest', token, { name: 'A', email: 'a@b.co', investmentAmount });
    const low = await post(9_999.99);
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe('Intended Investment Amount must be between €10,000 and €20,000');
    expect((await post(15_000)).statusCode).toBe(201);
    await send('PUT', `/api/projects/${p.id}/opportunity`, ctx.admin.token, {
      ...alpine,
      openForInterest: false,
    });
  });
});
