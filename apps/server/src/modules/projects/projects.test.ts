import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, investments, projects } from '../../db/schema';
import {
  bearer,
  countQueries,
  createHolding,
  createInvestment,
  createProject,
  createUser,
  useAdminApp,
} from '../../../test/helpers';
import { createProject as createProjectService } from './service';

const ctx = useAdminApp();

async function investorToken(name?: string) {
  const user = await createUser(ctx.db, { name });
  const accessToken = await ctx.signIn(user);
  return { user, token: accessToken };
}

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('GET /api/projects', () => {
  it('needs a signed-in user', async () => {
    expect((await get('/api/projects')).statusCode).toBe(401);
  });

  it('gives an investor only the projects they hold, each with their own stake', async () => {
    const { user, token } = await investorToken();
    const other = await createUser(ctx.db);
    const held = await createProject(ctx.db, { name: 'AA Held Lake', annualROI: '8.5' });
    const fallback = await createProject(ctx.db, { name: 'AB Held Forest' });
    const zero = await createProject(ctx.db, { name: 'AC Held Zero' });
    const notHeld = await createProject(ctx.db, { name: 'AD Someone Else' });
    await createInvestment(ctx.db, user.id, held.id, {
      amount: '8000.00',
      returns: '999.99',
      startDate: '2024-03-01',
      monthly: { '2024-04': '0.10', '2024-05': '0.20', '2024-06': '1259.70' },
    });
    await createInvestment(ctx.db, user.id, fallback.id, { amount: '3000.00', returns: '250.55' });
    await createInvestment(ctx.db, user.id, zero.id, { amount: '0', returns: '0' });
    await createInvestment(ctx.db, other.id, notHeld.id, { monthly: { '2024-04': '50.00' } });
    // Another investor's returns in the same project must not count.
    await createInvestment(ctx.db, other.id, held.id, { monthly: { '2024-04': '777.00' } });

    const res = await get('/api/projects', token);
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data.map((p: { name: string }) => p.name)).toEqual([
      'AA Held Lake',
      'AB Held Forest',
      'AC Held Zero',
    ]);
    expect(data[0]).toMatchObject({
      _id: held.id,
      status: 'active',
      annualROI: '8.5',
      investmentPeriod: 60,
      expectedMonthlyReturn: 0.1,
      investment: { amount: 8000, returns: 1260, roi: 15.75, startDate: '2024-03-01' },
    });
    expect(data[1].investment).toEqual({ amount: 3000, returns: 250.55, roi: 8.35, startDate: '2024-01-01' });
    expect(data[2].investment).toMatchObject({ amount: 0, returns: 0, roi: null });
  });

  it('gives an admin every project, without an investment of their own', async () => {
    const p = await createProject(ctx.db, { name: 'Admin Sees Me' });
    const res = await get('/api/projects', ctx.admin.token);
    expect(res.statusCode).toBe(200);
    const found = res.json().data.find((x: { _id: string }) => x._id === p.id);
    expect(found).toMatchObject({ name: 'Admin Sees Me', totalInvestment: 0, totalReturned: 0 });
    expect(found).not.toHaveProperty('investment');
  });

  it('answers an empty list to an investor without investments', async () => {
    const { token } = await investorToken();
    expect((await get('/api/projects', token)).json()).toEqual({ success: true, data: [] });
  });

  it('costs the same number of queries for 2 projects as for 12', async () => {
    const { user, token } = await investorToken();
    const measure = async () => {
      return countQueries(ctx, async () => {
        expect((await get('/api/projects', token)).statusCode).toBe(200);
      });
    };
    for (let i = 0; i < 2; i++) {
      const p = await createProject(ctx.db);
      await createInvestment(ctx.db, user.id, p.id, { monthly: { '2025-01': '10.00', '2025-02': '11.00' } });
    }
    const few = await measure();
    for (let i = 0; i < 10; i++) {
      const p = await createProject(ctx.db);
      await createInvestment(ctx.db, user.id, p.id, { monthly: { '2025-01': '10.00' } });
    }
    const many = await measure();
    expect(many).toBe(few);
    // The session check and the list itself.
    expect(few).toBeLessThanOrEqual(2);
  });
});

describe('GET /api/projects/:id', () => {
  it("opens an investor's own project with their returns month by month", async () => {
    const { user, token } = await investorToken();
    const p = await createProject(ctx.db, {
      name: 'Detail Lake',
      description: 'Cabins by a lake.',
      expectedCompletion: '2029-06-01',
    });
    await createInvestment(ctx.db, user.id, p.id, {
      amount: '10000.00',
      startDate: '2024-01-15',
      monthly: { '2024-03': '60.25', '2024-02': '50.10' },
    });
    const res = await get(`/api/projects/${p.id}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: p.id,
      name: 'Detail Lake',
      description: 'Cabins by a lake.',
      expectedCompletion: '2029-06-01',
      investment: {
        amount: 10000,
        returns: 110.35,
        roi: 1.1,
        startDate: '2024-01-15',
        monthlyReturns: [
          { month: '2024-02', amount: 50.1 },
          { month: '2024-03', amount: 60.25 },
        ],
      },
    });
  });

  it('answers 404 for a project the investor does not hold, as for one that does not exist', async () => {
    const { token } = await investorToken();
    const { project: p } = await createHolding(ctx.db);
    const res = await get(`/api/projects/${p.id}`, token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: 'Project not found',
      error: 'Project not found',
      code: 'common.not_found',
    });
    expect((await get(`/api/projects/${crypto.randomUUID()}`, token)).statusCode).toBe(404);
  });

  it('refuses an id that is not a uuid with 400', async () => {
    const { token } = await investorToken();
    const res = await get('/api/projects/not-an-id', token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/id/);
  });

  it('opens any project for an admin', async () => {
    const p = await createProject(ctx.db, { name: 'Admin Detail' });
    const res = await get(`/api/projects/${p.id}`, ctx.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Admin Detail', investment: null });
  });
});

describe('POST /api/projects', () => {
  it("creates a project with the product's defaults and records it in the audit log", async () => {
    const res = await send('POST', '/api/projects', ctx.admin.token, { name: '  Birch Bay Cabins ' });
    expect(res.statusCode).toBe(201);
    const { success, data, message } = res.json();
    expect(success).toBe(true);
    expect(message).toBe('Project created');
    const today = [new Date().toISOString().slice(0, 10), new Date().toLocaleDateString('sv-SE')];
    expect(data).toMatchObject({
      name: 'Birch Bay Cabins',
      location: '',
      status: 'pending',
      totalInvestment: 0,
      totalReturned: 0,
      annualROI: '0',
      investmentPeriod: 60,
      expectedMonthlyReturn: 0.1,
      description: '',
      expectedCompletion: null,
    });
    expect(today).toContain(data.investmentDate);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'project'), eq(auditLog.entityId, data._id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', details: { name: 'Birch Bay Cabins' } });
  });

  it('stores every field given, money exactly, numbers sent as form strings too', async () => {
    const res = await send('POST', '/api/projects', ctx.admin.token, {
      name: 'Full Fields',
      location: 'Levi, Lapland',
      status: 'active',
      totalInvestment: 1234567.89,
      totalReturned: '0.30',
      annualROI: 8.25,
      investmentDate: '2025-02-03T10:00:00.000Z',
      investmentPeriod: '72',
      expectedMonthlyReturn: 0.6875,
      description: 'Twelve cabins.',
      expectedCompletion: '2031-02-03',
      isAdmin: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      location: 'Levi, Lapland',
      status: 'active',
      totalInvestment: 1234567.89,
      totalReturned: 0.3,
      annualROI: '8.25',
      investmentDate: '2025-02-03',
      investmentPeriod: 72,
      expectedMonthlyReturn: 0.6875,
      expectedCompletion: '2031-02-03',
    });
  });

  it.each([
    [{}, 'Name is required'],
    [{ name: '   ' }, 'Name is required'],
    [{ name: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
    [{ name: 'X', status: 'archived' }, 'Status must be one of active, completed, pending, cancelled'],
    [{ name: 'X', totalInvestment: -1 }, 'Total investment cannot be negative'],
    [{ name: 'X', totalInvestment: 'lots' }, 'Total investment must be a number'],
    [{ name: 'X', annualROI: '8-10%' }, 'Annual ROI must be a number such as 8.5'],
    [{ name: 'X', investmentPeriod: 0 }, 'Investment period must be between 1 and 600 months'],
    [{ name: 'X', investmentPeriod: 12.5 }, 'Investment period must be a whole number of months'],
    [{ name: 'X', expectedMonthlyReturn: 101 }, 'Expected monthly return must be between 0 and 100'],
    [{ name: 'X', investmentDate: '2025-02-30' }, 'Investment date must be a date (YYYY-MM-DD)'],
    [{ name: 'X', description: 'd'.repeat(5001) }, 'Description must be at most 5000 characters'],
  ])('refuses %j with 400: %s', async (payload, message) => {
    const before = (await ctx.db.select({ id: projects.id }).from(projects)).length;
    const res = await send('POST', '/api/projects', ctx.admin.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await ctx.db.select({ id: projects.id }).from(projects)).length).toBe(before);
  });

  it('answers a bad body with a readable message and each field’s problem, never zod’s raw text', async () => {
    const res = await send('POST', '/api/projects', ctx.admin.token, {
      name: '',
      totalInvestment: -5,
      investmentPeriod: 0,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toEqual({
      success: false,
      message: 'Name is required',
      error: body.message,
      code: 'common.validation',
      fields: {
        name: 'Name is required',
        totalInvestment: 'Total investment cannot be negative',
        investmentPeriod: 'Investment period must be between 1 and 600 months',
      },
      // Each field's problem by its code, which the web app words in the user's language (issue 33).
      fieldCodes: {
        name: { code: 'validation.required' },
        totalInvestment: { code: 'validation.negative' },
        investmentPeriod: { code: 'validation.investmentperiod_must_be_between_1_and_600' },
      },
    });
    const negative = await send('POST', '/api/projects', ctx.admin.token, { name: 'X', totalInvestment: -5 });
    expect(negative.json().message).toBe('Total investment cannot be negative');
    const edit = await send('PUT', `/api/projects/${(await createProject(ctx.db)).id}`, ctx.admin.token, {
      totalReturned: -1,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fields).toEqual({ totalReturned: 'Total returned cannot be negative' });
  });

  it('is for admins only', async () => {
    const { token } = await investorToken();
    const res = await send('POST', '/api/projects', token, { name: 'Sneaky' });
    expect(res.statusCode).toBe(403);
    expect(await ctx.db.select().from(projects).where(eq(projects.name, 'Sneaky'))).toHaveLength(0);
  });

  it('writes nothing when the audit record cannot be written', async () => {
    // An actor that does not exist breaks the audit insert (foreign key): the project must not stay.
    await expect(
      createProjectService(ctx.db, crypto.randomUUID(), { name: 'Half Written' }),
    ).rejects.toThrow();
    expect(await ctx.db.select().from(projects).where(eq(projects.name, 'Half Written'))).toHaveLength(0);
  });
});

describe('PUT /api/projects/:id', () => {
  it('changes only the fields given and records the change', async () => {
    const p = await createProject(ctx.db, { name: 'Before Edit', annualROI: '7.0', location: 'Oulu' });
    const res = await send('PUT', `/api/projects/${p.id}`, ctx.admin.token, {
      name: 'After Edit',
      status: 'completed',
      expectedCompletion: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Project updated',
      data: {
        name: 'After Edit',
        status: 'completed',
        annualROI: '7.0',
        location: 'Oulu',
        expectedCompletion: null,
      },
    });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, p.id), eq(auditLog.action, 'update')));
    expect(audit!.details).toEqual({ name: 'After Edit', fields: ['name', 'status', 'expectedCompletion'] });
  });

  it('answers 404 for an unknown project, 400 for bad values, 403 for an investor', async () => {
    expect(
      (await send('PUT', `/api/projects/${crypto.randomUUID()}`, ctx.admin.token, { name: 'X' })).statusCode,
    ).toBe(404);
    const p = await createProject(ctx.db, { name: 'Stays' });
    const bad = await send('PUT', `/api/projects/${p.id}`, ctx.admin.token, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Name is required');
    const { token } = await investorToken();
    expect((await send('PUT', `/api/projects/${p.id}`, token, { name: 'Hijacked' })).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(projects).where(eq(projects.id, p.id));
    expect(row!.name).toBe('Stays');
  });
});

describe('DELETE /api/projects/:id', () => {
  it('deletes a project nobody holds and records it', async () => {
    const p = await createProject(ctx.db, { name: 'Delete Me' });
    const res = await send('DELETE', `/api/projects/${p.id}`, ctx.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { _id: p.id }, message: 'Project deleted' });
    expect(await ctx.db.select().from(projects).where(eq(projects.id, p.id))).toHaveLength(0);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, p.id), eq(auditLog.action, 'delete')));
    expect(audit!.details).toEqual({ name: 'Delete Me' });
  });

  it("refuses to delete a project that holds investors' money", async () => {
    const p = await createProject(ctx.db, { name: 'Held' });
    const a = await createUser(ctx.db);
    await createInvestment(ctx.db, a.id, p.id, { monthly: { '2025-01': '10.00' } });
    const res = await send('DELETE', `/api/projects/${p.id}`, ctx.admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message:
        'This project has investments from 1 investor, so it cannot be deleted. Archive it instead: archiving hides it from investors and keeps its history.',
      code: 'projects.has_investments',
      params: { count: 1 },
    });
    expect(await ctx.db.select().from(investments).where(eq(investments.projectId, p.id))).toHaveLength(1);
  });

  it('answers 404 for an unknown project and 403 for an investor', async () => {
    expect((await send('DELETE', `/api/projects/${crypto.randomUUID()}`, ctx.admin.token)).statusCode).toBe(
      404,
    );
    const p = await createProject(ctx.db);
    const { token } = await investorToken();
    expect((await send('DELETE', `/api/projects/${p.id}`, token)).statusCode).toBe(403);
    expect(await ctx.db.select().from(projects).where(eq(projects.id, p.id))).toHaveLength(1);
  });
});
