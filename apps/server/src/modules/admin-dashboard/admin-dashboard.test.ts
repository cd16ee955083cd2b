import { describe, expect, it } from 'vitest';
import { bookings, capitalReturns, interestRegistrations, monthlyReturns } from '../../db/schema';
import {
  bearer,
  countQueries,
  createInvestment,
  createProject,
  createUser,
  useAdminApp,
} from '../../../test/helpers';
import { lastTwelveMonths } from './service';

const ctx = useAdminApp({ name: 'Dash Admin' });

const dashboard = async (query = '') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/dashboard${query}`,
    headers: bearer(ctx.admin.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('GET /api/admin/dashboard', () => {
  it('answers exact capital and returns, overall and for the selected project, and the inbox counters', async () => {
    // Two months paid (each on its last day, gone), and this month's, paid tomorrow: not counted yet.
    const [m1, m2, thisMonth] = lastTwelveMonths().slice(-3) as [string, string, string];
    const lake = await createProject(ctx.db, { status: 'active' });
    const forest = await createProject(ctx.db, { status: 'pending' });
    const a = await createUser(ctx.db);
    const b = await createUser(ctx.db);
    await createInvestment(ctx.db, a.id, lake.id, {
      amount: '1000.10',
      returns: '999',
      monthly: { [m1]: '0.10', [m2]: '0.20' },
    });
    await ctx.db.insert(monthlyReturns).values({
      userId: a.id,
      projectId: lake.id,
      month: thisMonth,
      amount: '0.40',
      paymentDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    });
    await createInvestment(ctx.db, b.id, lake.id, { amount: '2000.20', returns: '5.55' });
    await createInvestment(ctx.db, a.id, forest.id, { amount: '0.01' });
    await createUser(ctx.db, { isActive: false, activated: false });
    await ctx.db.insert(bookings).values([
      { userId: a.id, projectId: lake.id, type: 'personal' },
      { userId: a.id, projectId: forest.id, type: 'gift' },
      { userId: b.id, projectId: lake.id, type: 'personal', status: 'approved' },
    ]);
    // Returns of capital, in each project, to the cent.
    await ctx.db.insert(capitalReturns).values([
      { userId: a.id, projectId: lake.id, amount: '100.05', paymentDate: '2025-06-30' },
      { userId: b.id, projectId: forest.id, amount: '0.02', paymentDate: '2025-06-30' },
    ]);
    await ctx.db.insert(interestRegistrations).values([
      { name: 'I', email: 'i@example.test' },
      { name: 'J', email: 'j@example.test', status: 'contacted' },
    ]);

    const d = await dashboard(`?projectId=${lake.id}`);
    expect(d.overall).toEqual({
      invested: 3000.31,
      returned: 5.85,
      capitalReturned: 100.07,
      investors: 2,
      projects: 2,
      activeProjects: 1,
    });
    expect(d.project).toEqual({
      _id: lake.id,
      name: lake.name,
      invested: 3000.3,
      returned: 5.85,
      capitalReturned: 100.05,
      investors: 2,
      pendingBookings: 1,
    });
    expect(d).toMatchObject({ pendingBookings: 2, newInterest: 1, awaitingActivation: 1 });
    expect(d.returnsByMonth).toHaveLength(12);
    expect(d.returnsByMonth.slice(-3)).toEqual([
      { month: m1, amount: 0.1 },
      { month: m2, amount: 0.2 },
      { month: thisMonth, amount: 0 },
    ]);
    expect((await dashboard()).project).toBeNull();
  });

  it('shows the latest admin activity with who did it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(ctx.admin.token),
      payload: {
        name: 'Audited',
        email: 'audited@example.test',
        password: 'Harbour-Kestrel-1',
        investorId: 'INV-2026-AUDIT1',
      },
    });
    expect(res.statusCode).toBe(201);
    const d = await dashboard();
    expect(d.recentActivity[0]).toMatchObject({
      action: 'create',
      entity: 'user',
      entityId: res.json().data._id,
      actor: { name: 'Dash Admin' },
      details: { email: 'audited@example.test' },
    });

    const audit = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit?entity=user&pageSize=5',
      headers: bearer(ctx.admin.token),
    });
    expect(audit.statusCode).toBe(200);
    expect(audit.json().pagination).toMatchObject({ page: 1, pageSize: 5, total: 1 });
    expect(audit.json().data[0].details).toMatchObject({ investorId: 'INV-2026-AUDIT1' });
  });

  it('counts its queries: the same whatever the amount of data', async () => {
    expect(await countQueries(ctx, dashboard)).toBe(5);
  });
});

describe('lastTwelveMonths', () => {
  it('crosses the year boundary', () => {
    const months = lastTwelveMonths(new Date('2026-02-15T12:00:00Z'));
    expect(months[0]).toBe('2025-03');
    expect(months[11]).toBe('2026-02');
  });
});
