import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  auditLog,
  bankTransactions,
  cabinAllowances,
  capitalCallLines,
  distributionAllocations,
  distributions,
  investments,
  monthlyReturns,
  notifications,
  subscriptions,
} from '../../db/schema';
import { creditorReference } from '../../lib/creditor-reference';
import { bearer, createProject, createUser, useAdminApp } from '../../../test/helpers';
import { multipart } from '../documents/test-support';
import { createAllowance } from '../../../test/content-factories';
import { createOfferingWith } from '../../../test/money-in-factories';
import { camtFile, type FixtureFile } from './camt-fixture';

const ctx = useAdminApp();

/** An offering with accepted subscriptions (rows written directly), called 100 %: its lines by investor. */
async function calledOffering(
  amounts: string[],
  percent = 100,
  rule?: Parameters<typeof createOfferingWith>[3],
) {
  const { project, offering, subs } = await createOfferingWith(ctx.db, amounts, undefined, rule);
  const users = subs.map((s) => s.user);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/offerings/${offering.id}/calls`,
    headers: bearer(ctx.admin.token),
    payload: { percent, dueOn: '2026-12-15' },
  });
  expect(res.statusCode).toBe(201);
  await ctx.deps.jobs.drain('call-notices');
  const lines = res.json().data.lines as { _id: string; userId: string; amount: number; reference: string }[];
  return {
    project,
    offering,
    lines: users.map((u) => lines.find((l) => l.userId === u.id)!),
    users,
  };
}

async function upload(xml: string, name = 'statement.xml') {
  const form = await multipart({}, { data: Buffer.from(xml), name, type: 'application/xml' });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/bank-statements',
    headers: { ...bearer(ctx.admin.token), ...form.headers },
    payload: form.payload,
  });
}
const file = (f: FixtureFile) => camtFile(f);
let refs = 0;
/** A bank reference no other test's file uses. */
const bankRef = () => `T${Date.now().toString(36)}-${refs++}`;

const lineOf = async (id: string) =>
  (await ctx.db.select().from(capitalCallLines).where(eq(capitalCallLines.id, id)))[0]!;
const subscriptionOf = async (userId: string, offeringId: string) =>
  (
    await ctx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.offeringId, offeringId)))
  )[0]!;

describe('POST /api/admin/bank-statements', () => {
  it('matches a full and a partial payment, lists an unknown one, and changes nothing the second time', async () => {
    const { project, offering, lines, users } = await calledOffering(['1000.00', '500.00']);
    const xml = file({
      entries: [
        {
          amount: '1000.00',
          reference: lines[0]!.reference,
          bookedOn: '2026-11-20',
          accountServicerRef: bankRef(),
        },
        {
          amount: '200.00',
          text: [`Capital call ${lines[1]!.reference.replace(/(.{4})/g, '$1 ')}`],
          bookedOn: '2026-11-20',
          accountServicerRef: bankRef(),
        },
        {
          amount: '50.00',
          reference: creditorReference('999999999'),
          name: 'Somebody Else',
          bookedOn: '2026-11-21',
          accountServicerRef: bankRef(),
        },
      ],
    });
    const res = await upload(xml);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      entries: 3,
      matched: 2,
      duplicates: 0,
      unmatched: [
        {
          amount: 50,
          reference: creditorReference('999999999'),
          counterparty: 'Somebody Else',
          bookedOn: '2026-11-21',
        },
      ],
    });
    expect(await lineOf(lines[0]!._id)).toMatchObject({ paid: '1000.00', paidOn: '2026-11-20' });
    expect(await lineOf(lines[1]!._id)).toMatchObject({ paid: '200.00', paidOn: null });

    // Paid in full (100 %): funded, the investment created from the booked day.
    const funded = await subscriptionOf(users[0]!.id, offering.id);
    expect(funded.status).toBe('funded');
    const [inv] = await ctx.db
      .select()
      .from(investments)
      .where(and(eq(investments.userId, users[0]!.id), eq(investments.projectId, project.id)));
    expect(inv).toMatchObject({ amount: '1000.00', startDate: '2026-11-20' });
    expect(funded.investmentId).toBe(inv!.id);
    expect((await subscriptionOf(users[1]!.id, offering.id)).status).toBe('called');
    const bell = await ctx.db.select().from(notifications).where(eq(notifications.userId, users[0]!.id));
    expect(bell.filter((n) => n.messageKey === 'subscriptionFunded')).toHaveLength(1);

    // The same file again: all duplicates, nothing changes.
    const again = await upload(xml);
    expect(again.json().data).toEqual({ entries: 3, matched: 0, duplicates: 3, unmatched: [] });
    expect(await lineOf(lines[0]!._id)).toMatchObject({ paid: '1000.00' });
    expect(await lineOf(lines[1]!._id)).toMatchObject({ paid: '200.00' });

    // The rest, and 10 more: paid in full with an overpayment flagged.
    const rest = await upload(
      file({
        entries: [
          {
            amount: '310.00',
            reference: lines[1]!.reference,
            bookedOn: '2026-11-25',
            accountServicerRef: bankRef(),
          },
        ],
      }),
    );
    expect(rest.json().data).toMatchObject({ matched: 1, duplicates: 0 });
    expect(await lineOf(lines[1]!._id)).toMatchObject({ paid: '510.00', paidOn: '2026-11-25' });
    const [over] = await ctx.db
      .select()
      .from(bankTransactions)
      .where(eq(bankTransactions.callLineId, lines[1]!._id))
      .orderBy(bankTransactions.createdAt);
    expect(over).toBeDefined();
    const all = await ctx.db
      .select()
      .from(bankTransactions)
      .where(eq(bankTransactions.callLineId, lines[1]!._id));
    expect(all.map((t) => t.overpaid).sort()).toEqual(['0.00', '10.00']);
    expect((await subscriptionOf(users[1]!.id, offering.id)).status).toBe('funded');

    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'bank_statement'), eq(auditLog.action, 'import')));
    expect(audit).toMatchObject({ actorId: ctx.admin.id });
  });

  it('does not fund a subscription called only in part', async () => {
    const { offering, lines, users } = await calledOffering(['800.00'], 50);
    const res = await upload(
      file({
        entries: [{ amount: '400.00', reference: lines[0]!.reference, accountServicerRef: bankRef() }],
      }),
    );
    expect(res.json().data.matched).toBe(1);
    expect(await lineOf(lines[0]!._id)).toMatchObject({ paid: '400.00', paidOn: '2026-11-20' });
    expect((await subscriptionOf(users[0]!.id, offering.id)).status).toBe('called');
  });

  it("grants the cabin nights of the offering's rule when funding, adding to an allowance already held", async () => {
    const { project, lines, users } = await calledOffering(['25000.00', '4999.99', '10000.00'], 100, {
      nightsPer10000: 2,
      allowanceMonths: 12,
    });
    await createAllowance(ctx.db, users[2]!.id, project.id, { totalNights: 10, expiresAt: '2030-01-01' });
    const res = await upload(
      file({
        entries: lines.map((l) => ({
          amount: l.amount.toFixed(2),
          reference: l.reference,
          bookedOn: '2026-11-20',
          accountServicerRef: bankRef(),
        })),
      }),
    );
    expect(res.json().data.matched).toBe(3);
    const held = await ctx.db.select().from(cabinAllowances).where(eq(cabinAllowances.projectId, project.id));
    const of = (i: number) => held.find((a) => a.userId === users[i]!.id);
    // 25,000 € at 2 nights a €10,000: 5 nights for 12 months from the booked day.
    expect(of(0)).toMatchObject({ totalNights: 5, bonusNights: 0, expiresAt: '2027-11-20' });
    // 4,999.99 € earns no whole night: no allowance is made.
    expect(of(1)).toBeUndefined();
    // 10,000 € adds 2 to the 10 held, whose later expiry stays.
    expect(of(2)).toMatchObject({ totalNights: 12, expiresAt: '2030-01-01' });
  });

  it('funds once, with one investment, when two imports pay the same line at once', async () => {
    const { project, offering, lines, users } = await calledOffering(['1000.00']);
    const pay = (day: string) =>
      file({
        entries: [
          { amount: '1000.00', reference: lines[0]!.reference, bookedOn: day, accountServicerRef: bankRef() },
        ],
      });
    const [a, b] = await Promise.all([
      upload(pay('2026-11-20'), 'a.xml'),
      upload(pay('2026-11-21'), 'b.xml'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.matched + b.json().data.matched).toBe(2);
    const invs = await ctx.db
      .select()
      .from(investments)
      .where(and(eq(investments.userId, users[0]!.id), eq(investments.projectId, project.id)));
    expect(invs).toHaveLength(1);
    expect(invs[0]!.amount).toBe('1000.00');
    expect((await subscriptionOf(users[0]!.id, offering.id)).status).toBe('funded');
    expect(await lineOf(lines[0]!._id)).toMatchObject({ paid: '2000.00' });
    const txs = await ctx.db
      .select()
      .from(bankTransactions)
      .where(eq(bankTransactions.callLineId, lines[0]!._id));
    expect(txs.map((t) => t.overpaid).sort()).toEqual(['0.00', '1000.00']);
    const bell = await ctx.db.select().from(notifications).where(eq(notifications.userId, users[0]!.id));
    expect(bell.filter((n) => n.messageKey === 'subscriptionFunded')).toHaveLength(1);
  });

  it('marks a payout booked by its debit and another returned with the reason', async () => {
    const project = await createProject(ctx.db, {}, { cabins: 0 });
    const [anna, ben] = [await createUser(ctx.db), await createUser(ctx.db)];
    const [run] = await ctx.db
      .insert(distributions)
      .values({
        projectId: project.id,
        period: '2026-10',
        kind: 'income',
        amount: '300.00',
        paymentDate: '2026-11-15',
        status: 'final',
        finalizedAt: new Date(),
      })
      .returning();
    const e2e = (u: string) => `T-${u.replace(/-/g, '').slice(0, 20)}`;
    await ctx.db.insert(distributionAllocations).values([
      {
        distributionId: run!.id,
        userId: anna!.id,
        invested: '1000.00',
        amount: '100.00',
        endToEndId: e2e(anna!.id),
      },
      {
        distributionId: run!.id,
        userId: ben!.id,
        invested: '2000.00',
        amount: '200.00',
        endToEndId: e2e(ben!.id),
      },
    ]);
    const res = await upload(
      file({
        kind: 'camt.054',
        entries: [
          {
            direction: 'DBIT',
            amount: '100.00',
            endToEndId: e2e(anna!.id),
            bookedOn: '2026-11-16',
            accountServicerRef: bankRef(),
          },
          {
            direction: 'CRDT',
            amount: '200.00',
            endToEndId: e2e(ben!.id),
            returnReason: 'AC04',
            bookedOn: '2026-11-18',
            accountServicerRef: bankRef(),
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ entries: 2, matched: 2, unmatched: [] });
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/distributions/${run!.id}`,
      headers: bearer(ctx.admin.token),
    });
    const byUser = new Map(
      (detail.json().data.allocations as { userId: string }[]).map((a) => [a.userId, a]),
    );
    expect(byUser.get(anna!.id)).toMatchObject({
      bankStatus: 'booked',
      bankStatusOn: '2026-11-16',
      returnReason: null,
    });
    expect(byUser.get(ben!.id)).toMatchObject({
      bankStatus: 'returned',
      bankStatusOn: '2026-11-18',
      returnReason: 'AC04',
    });
    // The investor sees it where their payouts are listed.
    await ctx.db
      .insert(investments)
      .values({ userId: ben!.id, projectId: project.id, amount: '2000.00', startDate: '2026-01-01' });
    await ctx.db.insert(monthlyReturns).values({
      userId: ben!.id,
      projectId: project.id,
      month: '2026-10',
      amount: '200.00',
      paymentDate: '2026-11-15',
    });
    const payouts = await ctx.app.inject({
      method: 'GET',
      url: '/api/investment/payouts',
      headers: bearer(await ctx.signIn(ben!)),
    });
    expect(payouts.json().payouts).toEqual([
      expect.objectContaining({
        month: '2026-10',
        bank: { status: 'returned', on: '2026-11-18', reason: 'AC04' },
      }),
    ]);
  });

  it('refuses a file that is not a bank statement, saying why', async () => {
    const notXml = await upload('this is not xml <');
    expect(notXml.statusCode).toBe(400);
    expect(notXml.json().code).toBe('reconciliation.camt_malformed');
    const other = await upload('<?xml version="1.0"?><Document><Other/></Document>');
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('reconciliation.camt_not_camt');
    const dtd = await upload('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Document/>');
    expect(dtd.json().code).toBe('reconciliation.camt_doctype');
  });
});

describe('unmatched entries', () => {
  it('are listed and assigned by hand to a call line, once', async () => {
    const { offering, lines, users } = await calledOffering(['250.00']);
    const res = await upload(
      file({
        entries: [
          { amount: '250.00', text: ['for my shares'], name: 'A. Payer', accountServicerRef: bankRef() },
        ],
      }),
    );
    expect(res.json().data.unmatched).toHaveLength(1);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/bank-statements/unmatched',
      headers: bearer(ctx.admin.token),
    });
    const entry = (list.json().data as { _id: string; counterparty: string; why: string }[]).find(
      (t) => t.counterparty === 'A. Payer',
    )!;
    expect(entry.why).toBe('no_reference');
    const assign = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/bank-statements/transactions/${entry._id}/assign`,
        headers: bearer(ctx.admin.token),
        payload: { callLineId: lines[0]!._id },
      });
    const done = await assign();
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ outcome: 'assigned', amount: 250, overpaid: 0, funded: true });
    expect(await lineOf(lines[0]!._id)).toMatchObject({ paid: '250.00' });
    expect((await subscriptionOf(users[0]!.id, offering.id)).status).toBe('funded');
    const second = await assign();
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('reconciliation.assign_not_unmatched');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'bank_statement'), eq(auditLog.action, 'assign')));
    expect(audit).toMatchObject({ entityId: entry._id });
  });
});
