import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import {
  bearer,
  createHolding,
  createInvestment,
  createProject,
  createUser,
  login,
  useTestApp,
} from '../../../test/helpers';

const ctx = useTestApp();

const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

describe('GET /api/users/me', () => {
  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      message: 'Authentication required',
      error: 'Authentication required',
      code: 'common.unauthorized',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('tells a first sign-in from a later one: previousLoginAt is null until the second sign-in', async () => {
    const user = await createUser(ctx.db, { name: 'Nora New' });
    const first = await login(ctx.app, user.email, user.password);
    const once = (await me(first.accessToken)).json().data;
    expect(once.previousLoginAt).toBeNull();
    expect(once.lastLoginAt).toEqual(expect.any(String));
    const second = await login(ctx.app, user.email, user.password);
    const twice = (await me(second.accessToken)).json().data;
    expect(twice.previousLoginAt).toBe(once.lastLoginAt);
    expect(Date.parse(twice.lastLoginAt)).toBeGreaterThanOrEqual(Date.parse(once.lastLoginAt));
  });

  it('answers the user with the investment summary: totals computed exactly from the investments', async () => {
    const user = await createUser(ctx.db, { name: 'Sam Summary' });
    const lake = await createProject(ctx.db, { name: 'Lake Cabins' });
    const forest = await createProject(ctx.db, { name: 'Forest Cabins' });
    // Returns from monthly rows: 0.10 + 0.20 must be exactly 0.30, not 0.30000000000000004.
    await createInvestment(ctx.db, user.id, lake.id, {
      amount: '10000.10',
      returns: '999.99',
      startDate: '2024-03-01',
      monthly: { '2024-04': '0.10', '2024-05': '0.20', '2024-06': '120.45' },
    });
    // No monthly rows: the returns field counts.
    await createInvestment(ctx.db, user.id, forest.id, {
      amount: '5000.00',
      returns: '250.55',
      startDate: '2023-11-15',
    });
    const accessToken = await ctx.signIn(user);
    const res = await me(accessToken);
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data).toMatchObject({ name: 'Sam Summary', isAdmin: false, role: 'user', status: 'active' });
    expect(data.totalInvestment).toBe(15000.1);
    expect(data.totalReturned).toBe(371.3);
    expect(data.investmentDate).toBe('2023-11-15');
    expect(data.investmentPeriod).toBe('3-month');
    const lakeInv = data.investments.find(
      (i: { projectId: { name: string } }) => i.projectId.name === 'Lake Cabins',
    );
    expect(lakeInv.projectId).toEqual({ _id: lake.id, name: 'Lake Cabins' });
    expect(lakeInv.returns).toBe(120.75);
    expect(lakeInv.monthlyReturns).toEqual([
      { month: '2024-04', amount: 0.1 },
      { month: '2024-05', amount: 0.2 },
      { month: '2024-06', amount: 120.45 },
    ]);
    const forestInv = data.investments.find(
      (i: { projectId: { name: string } }) => i.projectId.name === 'Forest Cabins',
    );
    expect(forestInv.returns).toBe(250.55);
  });

  it('uses the stored totals when they are set', async () => {
    const { user } = await createHolding(ctx.db, { amount: '100.00' });
    await ctx.db
      .update(users)
      .set({ totalInvestment: '123456.78', totalReturned: '42.00', investmentPeriod: '12-month' })
      .where(eq(users.id, user.id));
    const accessToken = await ctx.signIn(user);
    const { data } = (await me(accessToken)).json();
    expect(data.totalInvestment).toBe(123456.78);
    expect(data.totalReturned).toBe(42);
    expect(data.investmentPeriod).toBe('12-month');
  });

  it('answers zeros and nulls for a user without investments', async () => {
    const user = await createUser(ctx.db);
    const accessToken = await ctx.signIn(user);
    const { data } = (await me(accessToken)).json();
    expect(data).toMatchObject({
      totalInvestment: 0,
      totalReturned: 0,
      investmentDate: null,
      investmentPeriod: null,
      investments: [],
    });
  });
});

describe('PUT /api/users/me', () => {
  it('updates only the profile fields and ignores everything else in the body', async () => {
    const user = await createUser(ctx.db, { name: 'Before' });
    const accessToken = await ctx.signIn(user);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(accessToken),
      payload: {
        name: '  After Name ',
        phone: '+358 40 000 0000',
        city: 'Oulu',
        country: 'Finland',
        postalCode: '90100',
        address: 'Kauppurienkatu 1',
        dateOfBirth: '1990-02-03T00:00:00.000Z',
        isAdmin: true,
        email: 'hijack@example.test',
        investorId: 'INV-0000-HACKED',
        isActive: false,
        totalInvestment: 1e9,
      },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'After Name',
      phone: '+358 40 000 0000',
      city: 'Oulu',
      dateOfBirth: '1990-02-03',
      isAdmin: false,
      email: user.email,
      isActive: true,
      totalInvestment: 0,
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ isAdmin: false, email: user.email, isActive: true, totalInvestment: null });
    expect(row!.investorId).not.toBe('INV-0000-HACKED');
  });

  it('clears the date of birth when it is left out, and requires the full name', async () => {
    const user = await createUser(ctx.db);
    const accessToken = await ctx.signIn(user);
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/users/me', headers: bearer(accessToken), payload });
    expect((await put({ name: 'X', dateOfBirth: '1990-02-03T00:00:00.000Z' })).json().data.dateOfBirth).toBe(
      '1990-02-03',
    );
    expect((await put({ name: 'X' })).json().data.dateOfBirth).toBeNull();
    const missing = await put({ name: '   ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Full Name is required');
    const bad = await put({ name: 'X', dateOfBirth: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Date of birth/);
  });

  it.each([
    [
      { dateOfBirth: '2031-05-05' },
      'dateOfBirth',
      /^Date of birth must be between \d{4}-\d\d-\d\d and \d{4}-\d\d-\d\d \(age 18 to 100\)$/,
    ],
    [{ dateOfBirth: '1800-01-01' }, 'dateOfBirth', /^Date of birth must be between/],
    [{ dateOfBirth: '2040-01-01T00:00:00.000Z' }, 'dateOfBirth', /^Date of birth must be between/],
    [
      { phone: 'call me maybe' },
      'phone',
      /^Phone must be a phone number in international form \(\+4712345678\)/,
    ],
  ])('refuses %j with a 400 naming the field, and keeps the profile', async (change, field, message) => {
    const user = await createUser(ctx.db, { name: 'Kept' });
    const accessToken = await ctx.signIn(user);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(accessToken),
      payload: { name: 'Changed', ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: expect.stringMatching(message) });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Kept', phone: null, dateOfBirth: null });
  });
});
