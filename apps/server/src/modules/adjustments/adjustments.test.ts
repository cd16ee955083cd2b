import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Statement } from '@portal/contracts';
import { adjustments, auditLog, monthlyReturns, notifications, users } from '../../db/schema';
import { bearer, createInvestment, createProject, createUser, useAdminApp } from '../../../test/helpers';

const ctx = useAdminApp();

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = ctx.admin.token,
) => ctx.app.inject({ method, url, headers: bearer(token), payload });

const today = () => new Date().toISOString().slice(0, 10);

/** An investor holding €10,000 in a new project since Jan 2025, with two months' returns, signed in. */
async function holder(name = 'Ada Adjusted') {
  const project = await createProject(ctx.db, { name: `Adj ${Math.random().toString(36).slice(2, 8)}` });
  const u = await createUser(ctx.db, { name });
  await createInvestment(ctx.db, u.id, project.id, { amount: '10000.00', startDate: '2025-01-01' });
  for (const [month, amount] of [
    ['2025-07', 100],
    ['2025-08', 120],
  ] as const)
    expect(
      (await call('POST', `/api/users/${u.id}/returns`, { projectId: project.id, month, amount })).statusCode,
    ).toBe(201);
  const token = await ctx.signIn(u);
  return { project, user: u, token };
}

const me = async (token: string) => (await call('GET', '/api/users/me', undefined, token)).json().data;
const payouts = async (token: string) =>
  (await call('GET', '/api/investment/payouts', undefined, token)).json().payouts as {
    _id: string;
    type: string;
    amount: number;
    date: string;
    note?: string;
  }[];
const performance = async (token: string) =>
  (await call('GET', '/api/investment/performance', undefined, token)).json().data;

describe('adjustments', () => {
  it('an income adjustment is its own entry, dated today: in the totals, the payouts, the performance; audited and told', async () => {
    const { project, user, token } = await holder();
    const before = await me(token);
    expect(before.totalReturned).toBe(220);
    const perfBefore = await performance(token);
    const [july] = await ctx.db
      .select({ id: monthlyReturns.id })
      .from(monthlyReturns)
      .where(and(eq(monthlyReturns.userId, user.id), eq(monthlyReturns.month, '2025-07')));

    const res = await call('POST', '/api/adjustments', {
      userId: user.id,
      projectId: project.id,
      kind: 'income',
      amount: -40.5,
      reason: 'July paid €40.50 too much',
      corrects: july!.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Adjustment recorded: the investor has been told',
      data: {
        userId: user.id,
        userName: 'Ada Adjusted',
        projectId: project.id,
        projectName: project.name,
        kind: 'income',
        amount: -40.5,
        reason: 'July paid €40.50 too much',
        corrects: july!.id,
        distributionId: null,
        date: today(),
      },
    });
    const id = res.json().data._id;

    // The month it corrects stays as it was.
    const [julyAfter] = await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.id, july!.id));
    expect(julyAfter!.amount).toBe('100.00');

    const after = await me(token);
    expect(after.totalReturned).toBe(179.5);
    expect(after.adjustedIncome).toBe(-40.5);
    expect(after.capitalReturned).toBe(0);
    // The admin's view of the investor says the same.
    expect((await call('GET', `/api/users/${user.id}`)).json().data.totalReturned).toBe(179.5);

    const lines = await payouts(token);
    expect(lines.find((p) => p._id === id)).toEqual({
      _id: id,
      type: 'adjustment',
      amount: -40.5,
      date: today(),
      month: today().slice(0, 7),
      status: 'paid',
      project: { _id: project.id, name: project.name },
      note: 'Adjustment: July paid €40.50 too much',
    });
    // Newest first: the adjustment made today comes before the months of 2025.
    expect(lines[0]!._id).toBe(id);

    const perf = await performance(token);
    expect(perf.portfolio.income).toBe(perfBefore.portfolio.income - 40.5);

    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toMatchObject({ actorId: ctx.admin.id, entity: 'adjustment', action: 'create' });
    expect(audit!.details).toMatchObject({ userId: user.id, kind: 'income', amount: -40.5 });
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told.map((n) => [n.title, n.message])).toContainEqual([
      'Adjustment',
      `An adjustment of -€40.50 to your income from ${project.name}: July paid €40.50 too much.`,
    ]);

    const listed = (await call('GET', `/api/adjustments?userId=${user.id}`)).json().data;
    expect(listed.map((a: { _id: string }) => a._id)).toEqual([id]);
  });

  it('a capital adjustment counts in the capital returned, never below nothing', async () => {
    const { project, user, token } = await holder('Cap Holder');
    const tooMuch = await call('POST', '/api/adjustments', {
      userId: user.id,
      projectId: project.id,
      kind: 'capital',
      amount: -1,
      reason: 'Take back',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(
      `Only €0.00 of capital was returned to Cap Holder in ${project.name}: an adjustment of -€1.00 would make it negative`,
    );
    expect(tooMuch.json()).toMatchObject({
      code: 'distributions.adjustment_capital_negative',
      params: { returned: 0, name: 'Cap Holder', project: project.name, amount: -1 },
      fields: { amount: tooMuch.json().message },
    });
    const paid = await call('POST', '/api/adjustments', {
      userId: user.id,
      projectId: project.id,
      kind: 'capital',
      amount: 2500,
      reason: 'Capital paid outside a run',
    });
    expect(paid.statusCode).toBe(201);
    expect((await me(token)).capitalReturned).toBe(2500);
    expect((await performance(token)).portfolio.capitalReturned).toBe(2500);
    const back = await call('POST', '/api/adjustments', {
      userId: user.id,
      projectId: project.id,
      kind: 'capital',
      amount: -2500,
      reason: 'Booked twice',
      corrects: paid.json().data._id,
    });
    expect(back.statusCode).toBe(201);
    expect((await me(token)).capitalReturned).toBe(0);
  });

  it('bad input is a 400 that names the problem, and writes nothing', async () => {
    const { project, user } = await holder('Bad Input');
    const stranger = await createUser(ctx.db, { name: 'Nora Nothing' });
    const other = await holder('Other Holder');
    const [otherMonth] = await ctx.db
      .select({ id: monthlyReturns.id })
      .from(monthlyReturns)
      .where(eq(monthlyReturns.userId, other.user.id));
    const base = { userId: user.id, projectId: project.id, kind: 'income', amount: 10, reason: 'Why' };
    const cases: [object, number, string][] = [
      [{ amount: 0 }, 400, 'Amount must not be 0: an adjustment adds or takes away money'],
      [{ amount: 1.234 }, 400, 'Amount must have at most 2 decimals'],
      [{ amount: 1e12 }, 400, 'Amount must be between −€999,999,999.99 and €999,999,999.99'],
      [{ reason: '  ' }, 400, 'Reason is required'],
      [{ kind: 'bonus' }, 400, 'Kind must be one of income, capital'],
      [
        { userId: stranger.id },
        400,
        `Nora Nothing holds no investment in ${project.name}: there is nothing to adjust`,
      ],
      [
        { corrects: otherMonth!.id },
        400,
        `No return, return of capital, rental income or adjustment of Bad Input in ${project.name} has the id ${otherMonth!.id}`,
      ],
      [{ userId: '00000000-0000-4000-8000-000000000000' }, 404, 'User not found'],
    ];
    for (const [over, status, message] of cases) {
      const res = await call('POST', '/api/adjustments', { ...base, ...over });
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    const written = await ctx.db.select().from(adjustments).where(eq(adjustments.projectId, project.id));
    expect(written).toEqual([]);
  });

  it('is for admins only: an investor gets 403, nobody signed in 401', async () => {
    const { project, user, token } = await holder('Not Admin');
    const body = { userId: user.id, projectId: project.id, kind: 'income', amount: 1000, reason: 'Mine' };
    expect((await call('POST', '/api/adjustments', body, token)).statusCode).toBe(403);
    expect((await call('GET', '/api/adjustments', undefined, token)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/adjustments', payload: body });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('reversing a final distribution', () => {
  /** Two holders (€3,000 and €1,000) of a project, an income run of €400 for Jun 2025 made final. */
  async function paidRun() {
    const project = await createProject(ctx.db, { name: `Rev ${Math.random().toString(36).slice(2, 8)}` });
    const holders = [];
    for (const [i, amount] of ['3000.00', '1000.00'].entries()) {
      const u = await createUser(ctx.db, { name: `Rev Holder ${i + 1}` });
      await ctx.db
        .update(users)
        .set({ investorId: `REV-${project.id.slice(0, 6)}-${i}` })
        .where(eq(users.id, u.id));
      await createInvestment(ctx.db, u.id, project.id, { amount, startDate: '2025-01-01' });
      holders.push({ ...u, token: await ctx.signIn(u) });
    }
    const run = (
      await call('POST', '/api/distributions', {
        projectId: project.id,
        period: '2025-06',
        kind: 'income',
        amount: 400,
        paymentDate: '2025-07-10',
      })
    ).json().data;
    expect((await call('POST', `/api/distributions/${run._id}/finalize`)).statusCode).toBe(200);
    return { project, holders, runId: run._id as string };
  }

  it('writes one negative adjustment per investor paid, dated today; the run stays as it was, reversed', async () => {
    const { project, holders, runId } = await paidRun();
    expect((await me(holders[0]!.token)).totalReturned).toBe(300);

    const res = await call('POST', `/api/distributions/${runId}/reverse`, {
      reason: 'Paid on the wrong shares',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Distribution reversed: the investors have been told',
      data: { _id: runId, status: 'reversed', reversalReason: 'Paid on the wrong shares', amount: 400 },
    });
    expect(res.json().data.reversedAt).toEqual(expect.any(String));
    // The allocations and the months they wrote are as they were.
    expect(res.json().data.allocations.map((a: { amount: number }) => a.amount)).toEqual([300, 100]);
    const months = await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.projectId, project.id));
    expect(months.map((m) => m.amount).sort()).toEqual(['100.00', '300.00']);

    const written = await ctx.db.select().from(adjustments).where(eq(adjustments.distributionId, runId));
    expect(
      written
        .map((a) => ({
          user: a.userId,
          amount: a.amount,
          kind: a.kind,
          reason: a.reason,
          date: a.paymentDate,
        }))
        .sort((a, b) => a.amount.localeCompare(b.amount)),
    ).toEqual([
      {
        user: holders[1]!.id,
        amount: '-100.00',
        kind: 'income',
        reason: 'Paid on the wrong shares',
        date: today(),
      },
      {
        user: holders[0]!.id,
        amount: '-300.00',
        kind: 'income',
        reason: 'Paid on the wrong shares',
        date: today(),
      },
    ]);
    // Each corrects the month the run wrote for its investor.
    for (const a of written) expect(months.find((m) => m.id === a.corrects)?.userId).toBe(a.userId);

    expect((await me(holders[0]!.token)).totalReturned).toBe(0);
    const lines = await payouts(holders[0]!.token);
    expect(lines.filter((p) => p.type === 'adjustment')).toEqual([
      expect.objectContaining({ amount: -300, note: 'Adjustment: Paid on the wrong shares', date: today() }),
    ]);
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, holders[0]!.id));
    expect(told.map((n) => n.title)).toContain('Distribution reversed');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, runId), eq(auditLog.action, 'reverse')));
    expect(audit!.details).toMatchObject({ reason: 'Paid on the wrong shares', investors: 2 });

    // Once only; and a reversed run is neither changed, deleted, nor paid again by file.
    const again = await call('POST', `/api/distributions/${runId}/reverse`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /^This distribution was reversed on .+: it cannot be reversed again\.$/,
    );
    const del = await call('DELETE', `/api/distributions/${runId}`);
    expect([del.statusCode, del.json().message]).toEqual([
      409,
      'This distribution was paid and then reversed: it cannot be deleted. Draft a new distribution to pay the right amounts.',
    ]);
    const sepa = await call('GET', `/api/distributions/${runId}/sepa.xml`);
    expect([sepa.statusCode, sepa.json().message]).toEqual([
      409,
      'This distribution was reversed: its payments are not to be made',
    ]);
    // The month it paid stays locked: it is corrected, not edited.
    const edit = await call('PUT', `/api/users/${holders[0]!.id}/returns`, {
      projectId: project.id,
      month: '2025-06',
      amount: 1,
    });
    expect(edit.statusCode).toBe(409);
  });

  it('a new run for the same period then pays the right amounts, as adjustments on its payment date', async () => {
    const { project, holders, runId } = await paidRun();
    await call('POST', `/api/distributions/${runId}/reverse`, { reason: 'Wrong amount' });
    const rerun = (
      await call('POST', '/api/distributions', {
        projectId: project.id,
        period: '2025-06',
        kind: 'income',
        amount: 800,
        paymentDate: '2025-07-20',
      })
    ).json().data;
    const fin = await call('POST', `/api/distributions/${rerun._id}/finalize`);
    expect(fin.statusCode).toBe(200);
    const paid = await ctx.db.select().from(adjustments).where(eq(adjustments.distributionId, rerun._id));
    expect(paid.map((a) => [a.amount, a.paymentDate]).sort()).toEqual([
      ['200.00', '2025-07-20'],
      ['600.00', '2025-07-20'],
    ]);
    // 300 paid, 300 taken back, 600 paid again.
    expect((await me(holders[0]!.token)).totalReturned).toBe(600);
    expect((await me(holders[1]!.token)).totalReturned).toBe(200);
  });

  it('a draft is not reversed (409), an unknown run is a 404, a reason is required, investors get 403', async () => {
    const { project, holders } = await paidRun();
    const draft = (
      await call('POST', '/api/distributions', {
        projectId: project.id,
        period: '2025-05',
        kind: 'income',
        amount: 10,
        paymentDate: '2025-06-10',
      })
    ).json().data;
    const res = await call('POST', `/api/distributions/${draft._id}/reverse`, { reason: 'No' });
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      'This distribution is a draft and paid nothing: there is nothing to reverse. Change it or delete it instead.',
    ]);
    const unknown = await call('POST', '/api/distributions/00000000-0000-4000-8000-000000000000/reverse', {
      reason: 'No',
    });
    expect(unknown.statusCode).toBe(404);
    const noReason = await call('POST', `/api/distributions/${draft._id}/reverse`, { reason: ' ' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, 'Reason is required']);
    const investor = await call(
      'POST',
      `/api/distributions/${draft._id}/reverse`,
      { reason: 'x' },
      holders[0]!.token,
    );
    expect(investor.statusCode).toBe(403);
  });
});

describe('who a run pays', () => {
  it('only those holding the project in its period: not an investment that starts later or had ended', async () => {
    const project = await createProject(ctx.db, { name: `Who ${Math.random().toString(36).slice(2, 8)}` });
    const early = await createUser(ctx.db, { name: 'Early Holder' });
    const late = await createUser(ctx.db, { name: 'Late Holder' });
    await createInvestment(ctx.db, early.id, project.id, { amount: '1000.00', startDate: '2025-01-01' });
    await createInvestment(ctx.db, late.id, project.id, { amount: '1000.00', startDate: '2025-08-01' });
    const run = await call('POST', '/api/distributions', {
      projectId: project.id,
      period: '2025-06',
      kind: 'income',
      amount: 100,
      paymentDate: '2025-06-30',
    });
    expect(run.statusCode).toBe(201);
    expect(
      run.json().data.allocations.map((a: { userId: string; amount: number }) => [a.userId, a.amount]),
    ).toEqual([[early.id, 100]]);
    const none = await call('POST', '/api/distributions', {
      projectId: project.id,
      period: '2024-12',
      kind: 'income',
      amount: 100,
      paymentDate: '2024-12-31',
    });
    expect([none.statusCode, none.json().message]).toEqual([
      400,
      'Nobody held this project in Dec 2024 (the investments start later or had ended), so there is nobody to pay',
    ]);
    // The early holder's capital returned in full in Jul 2025: a run for Sep 2025 pays the late one only.
    await call('POST', '/api/adjustments', {
      userId: early.id,
      projectId: project.id,
      kind: 'capital',
      amount: 1000,
      reason: 'Capital returned in full',
    });
    await ctx.db
      .update(adjustments)
      .set({ paymentDate: '2025-07-15' })
      .where(and(eq(adjustments.userId, early.id), eq(adjustments.projectId, project.id)));
    const sep = await call('POST', '/api/distributions', {
      projectId: project.id,
      period: '2025-09',
      kind: 'income',
      amount: 50,
      paymentDate: '2025-09-30',
    });
    expect(sep.json().data.allocations.map((a: { userId: string }) => a.userId)).toEqual([late.id]);
  });
});

describe('adjustments and statements', () => {
  it('an adjustment appears in the statement of the period it is made in; a published one keeps its bytes', async () => {
    const { project, user, token } = await holder('Stat Holder');
    // An adjustment made in Q3 2026 (written as it would have been then).
    await ctx.db.insert(adjustments).values({
      userId: user.id,
      projectId: project.id,
      kind: 'income',
      amount: '-20.00',
      reason: 'August overpaid',
      paymentDate: '2026-08-14',
      createdBy: ctx.admin.id,
    });
    const q3 = (await call('GET', '/api/statements/2026-Q3', undefined, token)).json().data as Statement;
    const line = q3.projects.find((p) => p.projectId === project.id)!;
    expect(line.adjustments).toEqual([
      { date: '2026-08-14', kind: 'income', reason: 'August overpaid', amount: -20 },
    ]);
    expect(line.income).toBe(-20);
    // The quarter of the months it corrects is unchanged.
    const q3of2025 = (await call('GET', '/api/statements/2025-Q3', undefined, token)).json()
      .data as Statement;
    expect(q3of2025.projects.find((p) => p.projectId === project.id)!.income).toBe(220);

    // Published statements keep their bytes after an adjustment made later.
    expect((await call('POST', '/api/admin/statements/2025-Q3/publish')).statusCode).toBe(200);
    const first = await call('GET', '/api/statements/2025-Q3/pdf', undefined, token);
    expect(first.statusCode).toBe(200);
    const made = await call('POST', '/api/adjustments', {
      userId: user.id,
      projectId: project.id,
      kind: 'income',
      amount: 5,
      reason: 'July underpaid',
    });
    expect(made.statusCode).toBe(201);
    const again = await call('GET', '/api/statements/2025-Q3/pdf', undefined, token);
    const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
    expect(sha(again.rawPayload)).toBe(sha(first.rawPayload));
    await ctx.deps.jobs.drain('statements');
  });
});
