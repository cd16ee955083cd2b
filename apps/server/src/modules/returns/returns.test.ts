import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog, capitalReturns, monthlyReturns } from '../../db/schema';
import {
  bearer,
  createHolding,
  createInvestment,
  createProject,
  login,
  useAdminApp,
} from '../../../test/helpers';

const ctx = useAdminApp();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(ctx.admin.token), ...(payload ? { payload } : {}) });

async function holding() {
  const { user, project } = await createHolding(ctx.db, { amount: '1000.00', returns: '55.55' });
  return { user, project };
}

describe('/api/users/:id/returns', () => {
  it('adds, lists and updates monthly returns with exact amounts; the investor sees the totals', async () => {
    const { user, project } = await holding();
    const url = `/api/users/${user.id}/returns`;
    expect((await call('GET', `${url}?projectId=${project.id}`)).json()).toEqual({
      success: true,
      data: { monthlyReturns: [] },
    });
    const first = await call('POST', url, { projectId: project.id, month: '2025-02', amount: 0.2 });
    expect(first.statusCode).toBe(201);
    await call('POST', url, { projectId: project.id, month: '2025-01', amount: 0.1 });
    const list = (await call('GET', `${url}?projectId=${project.id}`)).json().data.monthlyReturns;
    expect(list.map((r: { month: string; amount: number }) => [r.month, r.amount])).toEqual([
      ['2025-01', 0.1],
      ['2025-02', 0.2],
    ]);
    expect(list[0]).toMatchObject({ projectId: project.id, _id: expect.any(String) });

    const investor = await login(ctx.app, user.email, user.password);
    const me = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(investor.accessToken) })
      ).json().data;
    // Monthly rows replace the stored returns field, and 0.1 + 0.2 is exactly 0.3.
    expect((await me()).totalReturned).toBe(0.3);

    const updated = await call('PUT', url, { projectId: project.id, month: '2025-02', amount: 1234567.89 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.monthlyReturns[1].amount).toBe(1234567.89);
    expect((await me()).totalReturned).toBe(1234567.99);
    const [audit] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      action: 'update',
      entity: 'monthly-return',
      details: expect.objectContaining({ month: '2025-02', from: 0.2, to: 1234567.89 }),
    });
  });

  it('answers 409 for a month already recorded, and 404 when updating a month that is not', async () => {
    const { user, project } = await holding();
    const url = `/api/users/${user.id}/returns`;
    await call('POST', url, { projectId: project.id, month: '2025-03', amount: 10 });
    const dup = await call('POST', url, { projectId: project.id, month: '2025-03', amount: 20 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      message: 'A return for Mar 2025 is already recorded for this project',
      code: 'distributions.return_exists',
      params: { month: '2025-03' },
    });
    const rows = await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.userId, user.id));
    expect(rows.map((r) => r.amount)).toEqual(['10.00']);
    const missing = await call('PUT', url, { projectId: project.id, month: '2025-04', amount: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Monthly return not found');
  });

  it("refuses a month before the investment's start month, naming both, on add and on update; nothing is written", async () => {
    const { user, project } = await createHolding(ctx.db, {
      startDate: '2026-06-01',
      monthly: { '2026-07': '10.00' },
    });
    // A month recorded before the rule (an older row) is not changed either.
    await ctx.db
      .insert(monthlyReturns)
      .values({ userId: user.id, projectId: project.id, month: '2025-01', amount: '5.00' });
    const url = `/api/users/${user.id}/returns`;
    const message = "Jan 2025 is before this investment's start month, Jun 2026";
    const audits = async () =>
      (await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'monthly-return'))).length;
    const auditsBefore = await audits();

    const added = await call('POST', url, { projectId: project.id, month: '2025-01', amount: 55 });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toMatchObject({ success: false, message, fields: { month: message } });
    const may = await call('POST', url, { projectId: project.id, month: '2026-05', amount: 1 });
    expect(may.json().message).toBe("May 2026 is before this investment's start month, Jun 2026");
    const updated = await call('PUT', url, { projectId: project.id, month: '2025-01', amount: 1109.79 });
    expect(updated.statusCode).toBe(400);
    expect(updated.json()).toMatchObject({ message, fields: { month: message } });

    const rows = await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.userId, user.id));
    expect(rows.map((r) => [r.month, r.amount]).sort()).toEqual([
      ['2025-01', '5.00'],
      ['2026-07', '10.00'],
    ]);
    expect(await audits()).toBe(auditsBefore);
    // The start month itself is allowed.
    expect((await call('POST', url, { projectId: project.id, month: '2026-06', amount: 1 })).statusCode).toBe(
      201,
    );
  });

  it('refuses a month after the investment ended (its capital returned in full), naming both; nothing is written', async () => {
    const { user, project } = await createHolding(ctx.db, { amount: '15000.00', startDate: '2021-12-01' });
    const url = `/api/users/${user.id}/returns`;
    // Half the capital back: the investment still runs.
    await ctx.db
      .insert(capitalReturns)
      .values({ userId: user.id, projectId: project.id, amount: '7500.00', paymentDate: '2024-06-15' });
    expect(
      (await call('POST', url, { projectId: project.id, month: '2024-08', amount: 10 })).statusCode,
    ).toBe(201);
    // The rest back on 15 Dec 2024: it ended then.
    await ctx.db
      .insert(capitalReturns)
      .values({ userId: user.id, projectId: project.id, amount: '7500.00', paymentDate: '2024-12-15' });
    expect(
      (await call('POST', url, { projectId: project.id, month: '2024-12', amount: 10 })).statusCode,
    ).toBe(201);
    const message = 'Jan 2025 is after this investment ended, Dec 2024 (its capital was returned in full)';
    const res = await call('POST', url, { projectId: project.id, month: '2025-01', amount: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { month: message } });
    const rows = await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.userId, user.id));
    expect(rows.map((r) => r.month).sort()).toEqual(['2024-08', '2024-12']);
  });

  it('refuses bad input with a message naming the problem', async () => {
    const { user, project } = await holding();
    const url = `/api/users/${user.id}/returns`;
    const post = async (payload: object) => {
      const res = await call('POST', url, payload);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await post({ projectId: project.id, month: '2025-13', amount: 1 })).toMatch(
      /Month must be YYYY-MM/,
    );
    expect(await post({ projectId: project.id, month: '2025-01' })).toMatch(/Amount/);
    expect(await post({ projectId: project.id, month: '2025-01', amount: '12' })).toMatch(/Amount/);
    expect(await post({ projectId: project.id, month: '2025-01', amount: 1.234 })).toBe(
      'Amount must have at most 2 decimals',
    );
    expect(await post({ projectId: project.id, month: '2025-01', amount: -5 })).toBe(
      'Amount must not be negative',
    );
    expect(await post({ month: '2025-01', amount: 1 })).toMatch(/Project ID/);
    const other = await createProject(ctx.db);
    expect(await post({ projectId: other.id, month: '2025-01', amount: 1 })).toBe(
      'This user has no investment in this project: add the investment first',
    );
    // A month still to come, added or changed: refused, named on its field; the current month is fine.
    const now = new Date();
    const current = now.toISOString().slice(0, 7);
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
    const label = (m: string) =>
      new Date(`${m}-01T00:00:00Z`).toLocaleString('en-US', {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
    const future = await call('POST', url, { projectId: project.id, month: next, amount: 10 });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(
      `${label(next)} has not begun yet: a return can be recorded up to ${label(current)}`,
    );
    expect(future.json().fields).toEqual({ month: future.json().message });
    expect((await call('PUT', url, { projectId: project.id, month: '2099-01', amount: 10 })).statusCode).toBe(
      400,
    );
    expect((await call('POST', url, { projectId: project.id, month: current, amount: 10 })).statusCode).toBe(
      201,
    );
    const unknownUser = await call('GET', '/api/users/00000000-0000-4000-8000-000000000000/returns');
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().message).toBe('User not found');
  });

  it('lists every project when no project is given, and deletes a month recorded by mistake', async () => {
    const { user, project } = await holding();
    const second = await createProject(ctx.db);
    await createInvestment(ctx.db, user.id, second.id, { amount: '5.00' });
    const url = `/api/users/${user.id}/returns`;
    await call('POST', url, { projectId: project.id, month: '2025-01', amount: 1 });
    await call('POST', url, { projectId: second.id, month: '2025-01', amount: 2 });
    expect((await call('GET', url)).json().data.monthlyReturns).toHaveLength(2);
    const del = await call('DELETE', `${url}/2025-01?projectId=${second.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().data.monthlyReturns).toEqual([]);
    expect((await call('GET', url)).json().data.monthlyReturns).toHaveLength(1);
    expect((await call('DELETE', `${url}/2025-01?projectId=${second.id}`)).statusCode).toBe(404);
  });
});
