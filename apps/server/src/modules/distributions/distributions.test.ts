import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { monthLabel } from '@portal/contracts';
import {
  auditLog,
  capitalReturns,
  distributions,
  monthlyReturns,
  notifications,
  users,
} from '../../db/schema';
import { bearer, createInvestment, createProject, createUser, useAdminApp } from '../../../test/helpers';

const ctx = useAdminApp();

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = ctx.admin.token,
) => ctx.app.inject({ method, url, headers: bearer(token), payload });

/** A project held by three investors with the given amounts invested, named by their investor IDs. */
async function heldProject(amounts: string[]) {
  const project = await createProject(ctx.db, { name: `Dist ${Math.random().toString(36).slice(2, 8)}` });
  const holders = [];
  for (const [i, amount] of amounts.entries()) {
    const u = await createUser(ctx.db, { name: `Holder ${i + 1}` });
    const investorId = `DST-${project.id.slice(0, 4)}-${String(i + 1).padStart(3, '0')}`;
    await ctx.db.update(users).set({ investorId }).where(eq(users.id, u.id));
    await createInvestment(ctx.db, u.id, project.id, { amount });
    holders.push({ ...u, investorId });
  }
  return { project, holders };
}

const draft = (projectId: string, over: object = {}) =>
  call('POST', '/api/distributions', {
    projectId,
    period: '2025-06',
    kind: 'income',
    amount: 1000,
    paymentDate: '2025-07-15',
    ...over,
  });

describe('distribution runs', () => {
  it('drafts €1,000.00 over three equal holders: 333.34 + 333.33 + 333.33, the extra cent by investor ID', async () => {
    const { project, holders } = await heldProject(['5000.00', '5000.00', '5000.00']);
    const res = await draft(project.id, { note: 'June income' });
    expect(res.statusCode).toBe(201);
    const run = res.json().data;
    expect(run).toMatchObject({
      projectId: project.id,
      period: '2025-06',
      kind: 'income',
      amount: 1000,
      status: 'draft',
      note: 'June income',
      investorCount: 3,
      missingBankAccounts: 3,
      finalizedAt: null,
    });
    const byInvestor = Object.fromEntries(
      run.allocations.map((a: { investorId: string; amount: number }) => [a.investorId, a.amount]),
    );
    expect(byInvestor).toEqual({
      [holders[0]!.investorId]: 333.34,
      [holders[1]!.investorId]: 333.33,
      [holders[2]!.investorId]: 333.33,
    });
    expect(
      run.allocations.every(
        (a: { share: number; iban: null }) => Math.abs(a.share - 1 / 3) < 1e-6 && a.iban === null,
      ),
    ).toBe(true);
    // Nothing is paid by a draft.
    const written = await ctx.db
      .select()
      .from(monthlyReturns)
      .where(eq(monthlyReturns.projectId, project.id));
    expect(written).toEqual([]);
  });

  it('edits a draft (allocations computed again) and lists it; deletes a draft', async () => {
    const { project } = await heldProject(['1000.00', '3000.00']);
    const id = (await draft(project.id)).json().data._id;
    const edited = await call('PUT', `/api/distributions/${id}`, {
      projectId: project.id,
      period: '2025-07',
      kind: 'income',
      amount: 0.01,
      paymentDate: '2025-08-01',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.allocations.map((a: { amount: number }) => a.amount)).toEqual([0.01, 0]);
    const list = await call('GET', `/api/distributions?projectId=${project.id}`);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ _id: id, period: '2025-07', amount: 0.01 });
    expect((await call('DELETE', `/api/distributions/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/distributions/${id}`)).statusCode).toBe(404);
  });

  it('finalizes once: income written as that month’s returns, audited, each investor told; a second finalize is a 409', async () => {
    const { project, holders } = await heldProject(['2000.00', '1000.00']);
    const id = (await draft(project.id, { amount: 300 })).json().data._id;
    const res = await call('POST', `/api/distributions/${id}/finalize`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'final', finalizedAt: expect.any(String) });
    const rows = await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.projectId, project.id));
    expect(rows.map((r) => [r.userId, r.month, r.amount]).sort()).toEqual(
      [
        [holders[0]!.id, '2025-06', '200.00'],
        [holders[1]!.id, '2025-06', '100.00'],
      ].sort(),
    );
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, holders[0]!.id));
    expect(told.map((n) => n.message)).toEqual([
      `A distribution of €200.00 for ${project.name}, Jun 2025, will be paid on Jul 15, 2025.`,
    ]);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'finalize')));
    expect(audit).toHaveLength(1);

    const again = await call('POST', `/api/distributions/${id}/finalize`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This distribution is final and was paid: it cannot be made final again',
    );
    // Its allocations are final too: a change or a delete says what to do instead.
    const changed = await call('PUT', `/api/distributions/${id}`, {
      projectId: project.id,
      period: '2025-06',
      amount: 1,
      paymentDate: '2025-07-01',
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      message: 'This distribution is final and was paid: it cannot be changed. Record an adjustment instead.',
      code: 'distributions.final_cannot_change',
    });
    const deleted = await call('DELETE', `/api/distributions/${id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({
      message: 'This distribution is final and was paid: it cannot be deleted. Record an adjustment instead.',
      code: 'distributions.final_cannot_delete',
    });
    expect(
      await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.projectId, project.id)),
    ).toHaveLength(2);
  });

  it('two finalize requests at once give one result: one 200, one 409, the returns written once', async () => {
    const { project } = await heldProject(['1000.00', '1000.00', '1000.00']);
    const id = (await draft(project.id)).json().data._id;
    const answers = await Promise.all([
      call('POST', `/api/distributions/${id}/finalize`),
      call('POST', `/api/distributions/${id}/finalize`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(
      await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.projectId, project.id)),
    ).toHaveLength(3);
  });

  it('an investor with a return for that month already stops it: a 409 naming them, nothing written', async () => {
    const { project, holders } = await heldProject(['1000.00', '1000.00']);
    await ctx.db
      .insert(monthlyReturns)
      .values({ userId: holders[1]!.id, projectId: project.id, month: '2025-06', amount: '5.00' });
    const id = (await draft(project.id)).json().data._id;
    const res = await call('POST', `/api/distributions/${id}/finalize`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`Holder 2 (${holders[1]!.investorId})`);
    expect(res.json().message).toContain('Jun 2025');
    expect((await call('GET', `/api/distributions/${id}`)).json().data.status).toBe('draft');
    expect(
      await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.projectId, project.id)),
    ).toHaveLength(1);
    expect(
      await ctx.db.select().from(notifications).where(eq(notifications.userId, holders[0]!.id)),
    ).toHaveLength(0);
  });

  it('a capital run is written as returns of capital, which the performance figures count', async () => {
    const { project, holders } = await heldProject(['4000.00']);
    const id = (await draft(project.id, { kind: 'capital', amount: 4000, paymentDate: '2025-01-10' })).json()
      .data._id;
    expect((await call('POST', `/api/distributions/${id}/finalize`)).statusCode).toBe(200);
    const rows = await ctx.db.select().from(capitalReturns).where(eq(capitalReturns.projectId, project.id));
    expect(rows.map((r) => [r.userId, r.amount, r.paymentDate])).toEqual([
      [holders[0]!.id, '4000.00', '2025-01-10'],
    ]);
    expect(
      await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.projectId, project.id)),
    ).toEqual([]);
    const investor = await ctx.signIn(holders[0]!);
    const perf = (await call('GET', '/api/investment/performance', undefined, investor)).json().data;
    expect(perf.portfolio).toMatchObject({
      invested: 4000,
      capitalReturned: 4000,
      income: 0,
      netCashFlow: 0,
      dpi: 1,
      cashYield12m: null,
    });
    expect((await call('GET', '/api/users/me', undefined, investor)).json().data.capitalReturned).toBe(4000);
    // A return of capital still to be paid counts once its payment date has come (a run of the month the
    // investment ended in: a later one pays nobody, its capital having been returned in full).
    const later = (
      await draft(project.id, { kind: 'capital', period: '2025-01', amount: 1, paymentDate: '2099-01-01' })
    ).json().data._id;
    expect((await call('POST', `/api/distributions/${later}/finalize`)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', undefined, investor)).json().data.capitalReturned).toBe(4000);
    expect(
      (await call('GET', '/api/investment/performance', undefined, investor)).json().data.portfolio
        .capitalReturned,
    ).toBe(4000);
    const { payouts } = (await call('GET', '/api/investment/payouts', undefined, investor)).json();
    expect(
      payouts.map((p: { type: string; date: string; amount: number; status: string }) => [
        p.type,
        p.date,
        p.amount,
        p.status,
      ]),
    ).toEqual([
      ['capital', '2099-01-01', 1, 'pending'],
      ['capital', '2025-01-10', 4000, 'paid'],
    ]);
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, holders[0]!.id));
    expect(told.map((n) => [n.title, n.message]).sort()).toEqual([
      [
        'Return of capital',
        `A return of capital of €1.00 for ${project.name}, Jan 2025, will be paid on Jan 1, 2099.`,
      ],
      [
        'Return of capital',
        `A return of capital of €4,000.00 for ${project.name}, Jun 2025, will be paid on Jan 10, 2025.`,
      ],
    ]);
  });

  it('the payments file: a BOM and a header, then one line per investor paid, amounts to two decimals, the full IBAN or empty; audited', async () => {
    const { project, holders } = await heldProject(['1000.00', '1000.00']);
    const investor = await ctx.signIn(holders[0]!);
    await call(
      'PUT',
      '/api/users/me/bank-account',
      { iban: 'FI2112345600000785', holder: 'Holder 1', currentPassword: holders[0]!.password },
      investor,
    );
    const id = (await draft(project.id, { amount: 100.01 })).json().data._id;
    const res = await call('GET', `/api/distributions/${id}/payments.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment; filename="distribution-2025-06-');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toEqual([
      'Investor ID,Name,Email,Amount (EUR),IBAN',
      `${holders[0]!.investorId},Holder 1,${holders[0]!.email},50.01,FI2112345600000785`,
      `${holders[1]!.investorId},Holder 2,${holders[1]!.email},50.00,`,
    ]);
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'download')));
    expect(audited.map((a) => a.details)).toEqual([
      {
        file: 'payments.csv',
        payments: 2,
        projectId: project.id,
        kind: 'income',
        period: '2025-06',
        amount: 100.01,
      },
    ]);
  });

  it('the payments file guards formula-like cells', async () => {
    const { project, holders } = await heldProject(['1000.00']);
    await ctx.db.update(users).set({ name: '=HYPERLINK("x")' }).where(eq(users.id, holders[0]!.id));
    const id = (await draft(project.id, { amount: 10 })).json().data._id;
    const res = await call('GET', `/api/distributions/${id}/payments.csv`);
    expect(res.body).toContain(`,"'=HYPERLINK(""x"")",`);
  });

  it('the SEPA file of a final run: one transfer per investor with a bank account, count and control sum matching', async () => {
    const { project, holders } = await heldProject(['3000.00', '1000.00']);
    const investor = await ctx.signIn(holders[0]!);
    const saved = await call(
      'PUT',
      '/api/users/me/bank-account',
      {
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: 'COBADEFFXXX',
        holder: 'Holder One',
        currentPassword: holders[0]!.password,
      },
      investor,
    );
    expect(saved.statusCode).toBe(200);
    const id = (await draft(project.id, { amount: 1234.57, paymentDate: '2030-01-15' })).json().data._id;
    const early = await call('GET', `/api/distributions/${id}/sepa.xml`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('Make the distribution final');
    expect((await call('POST', `/api/distributions/${id}/finalize`)).statusCode).toBe(200);

    const badPayer = await call('PUT', '/api/admin/settings/payer', {
      name: 'Cabin Fund Oy',
      iban: 'FI2112345600000786',
    });
    expect(badPayer.statusCode).toBe(400);
    expect(badPayer.json().fields.iban).toContain('check digits');
    const payer = await call('PUT', '/api/admin/settings/payer', {
      name: 'Cabin Fund Oy',
      iban: 'fi21 1234 5600 0007 85',
      bic: 'NDEAFIHH',
    });
    expect(payer.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/settings/payer')).json().data).toEqual({
      name: 'Cabin Fund Oy',
      iban: 'FI2112345600000785',
      bic: 'NDEAFIHH',
    });

    const res = await call('GET', `/api/distributions/${id}/sepa.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['x-missing-bank-accounts']).toBe('1');
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(res.body);
    const init = doc.Document.CstmrCdtTrfInitn;
    // 1,234.57 × 3/4 = 925.9275 and × 1/4 = 308.6425: the cent left goes to the larger remainder, 925.93.
    const holderOne = (await call('GET', `/api/distributions/${id}`))
      .json()
      .data.allocations.find((a: { userId: string }) => a.userId === holders[0]!.id).amount;
    expect(holderOne).toBe(925.93);
    expect(init.GrpHdr.NbOfTxs).toBe('1');
    expect(init.GrpHdr.CtrlSum).toBe(holderOne.toFixed(2));
    expect(init.PmtInf.CtrlSum).toBe(holderOne.toFixed(2));
    expect(init.PmtInf.ReqdExctnDt.Dt).toBe('2030-01-15');
    expect(init.PmtInf.DbtrAcct.Id.IBAN).toBe('FI2112345600000785');
    const tx = init.PmtInf.CdtTrfTxInf;
    expect(tx.CdtrAcct.Id.IBAN).toBe('DE89370400440532013000');
    expect(tx.Cdtr.Nm).toBe('Holder One');
    expect(tx.Amt.InstdAmt['#text']).toBe(holderOne.toFixed(2));
    // The payout's end-to-end id is given once and kept: the next file names it the same, and the run shows it.
    const endToEndId = tx.PmtId.EndToEndId as string;
    const shown = (await call('GET', `/api/distributions/${id}`))
      .json()
      .data.allocations.find((a: { userId: string }) => a.userId === holders[0]!.id);
    expect(shown).toMatchObject({ endToEndId, bankStatus: null, returnReason: null });
    const again = await call('GET', `/api/distributions/${id}/sepa.xml`);
    const second = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(again.body);
    expect(second.Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf.PmtId.EndToEndId).toBe(endToEndId);
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'download')));
    const download = {
      file: 'sepa.xml',
      payments: 1,
      missing: 1,
      projectId: project.id,
      kind: 'income',
      period: '2025-06',
      amount: 1234.57,
    };
    expect(audited.map((a) => a.details)).toEqual([download, download]);
  });

  it('refuses bad input with a 400 naming it, a project nobody holds with a 400, an unknown project with a 404', async () => {
    const { project } = await heldProject(['1000.00']);
    const bad = await draft(project.id, { amount: 10.001, period: '2025-13', kind: 'bonus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/period|month|decimals|kind/);
    expect((await draft(project.id, { amount: 0 })).json().message).toContain('Amount must be more than 0');
    const empty = await createProject(ctx.db, { name: 'Nobody holds this' });
    const none = await draft(empty.id);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('Nobody holds this project');
    expect((await draft('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses a month that has not begun, as monthly returns do, and an amount over the bound, when drafting', async () => {
    const { project, holders } = await heldProject(['1000.00']);
    const now = new Date();
    const current = monthLabel(now.toISOString().slice(0, 7));
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
    for (const period of ['2099-12', next]) {
      const res = await draft(project.id, { period, paymentDate: `${period}-20` });
      const message = `${monthLabel(period)} has not begun yet: a return can be recorded up to ${current}`;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, fields: { period: message } });
    }
    const id = (await draft(project.id)).json().data._id;
    expect(
      (
        await call('PUT', `/api/distributions/${id}`, {
          projectId: project.id,
          period: '2099-12',
          kind: 'income',
          amount: 1000,
          paymentDate: '2099-12-20',
        })
      ).statusCode,
    ).toBe(400);
    // A draft saved before the rule is refused when made final, and nothing is written.
    await ctx.db
      .update(distributions)
      .set({ period: '2099-12', paymentDate: '2099-12-20' })
      .where(eq(distributions.id, id));
    const late = await call('POST', `/api/distributions/${id}/finalize`);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(`Dec 2099 has not begun yet: a return can be recorded up to ${current}`);
    expect(
      await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.userId, holders[0]!.id)),
    ).toEqual([]);

    // The amount: at most €999,999,999.99, which drafts and is made final; a cent more is refused.
    const over = await draft(project.id, { amount: 999_999_999_999.99 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: 'Amount must be at most €999,999,999.99',
      fields: { amount: 'Amount must be at most €999,999,999.99' },
    });
    expect((await draft(project.id, { amount: 1_000_000_000 })).json().message).toBe(
      'Amount must be at most €999,999,999.99',
    );
    const largest = await draft(project.id, { amount: 999_999_999.99 });
    expect(largest.statusCode).toBe(201);
    const final = await call('POST', `/api/distributions/${largest.json().data._id}/finalize`);
    expect(final.statusCode).toBe(200);
    expect(final.json().data.allocations[0].amount).toBe(999_999_999.99);
  });

  it('investors get 403 on every distribution route', async () => {
    const u = await createUser(ctx.db);
    const token = await ctx.signIn(u);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/distributions'],
      ['POST', '/api/distributions'],
      ['GET', `/api/distributions/${id}`],
      ['PUT', `/api/distributions/${id}`],
      ['DELETE', `/api/distributions/${id}`],
      ['POST', `/api/distributions/${id}/finalize`],
      ['GET', `/api/distributions/${id}/payments.csv`],
      ['GET', `/api/distributions/${id}/sepa.xml`],
      ['GET', '/api/admin/settings/payer'],
      ['PUT', '/api/admin/settings/payer'],
    ] as const)
      expect(
        (await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, token)).statusCode,
        url,
      ).toBe(403);
  });
});
