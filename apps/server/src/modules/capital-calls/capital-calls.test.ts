import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  auditLog,
  capitalCallLines,
  documents,
  mailMessages,
  notifications,
  subscriptions,
} from '../../db/schema';
import { isCreditorReference } from '../../lib/creditor-reference';
import { bearer, createUser, useAdminApp } from '../../../test/helpers';
import { createOfferingWith } from '../../../test/money-in-factories';
import { queueCallReminders, runCallNotices } from './notice';

const ctx = useAdminApp();

const offeringWith = (amounts: string[], locale?: 'de') => createOfferingWith(ctx.db, amounts, locale);

const call = (offeringId: string, body: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/offerings/${offeringId}/calls`,
    headers: bearer(ctx.admin.token),
    payload: body,
  });
const cents = (x: number) => Math.round(x * 100);

describe('POST /api/admin/offerings/:id/calls', () => {
  it('splits 33.33 % of three subscriptions to the cent, each line with a valid RF reference', async () => {
    const { offering, subs } = await offeringWith(['10000.00', '10000.00', '10000.01']);
    const res = await call(offering.id, { percent: 33.33, dueOn: '2026-12-15' });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    // 33.33 % of 30,000.01 = 9,999.003333 → 9,999.00
    expect(data).toMatchObject({ percent: 33.33, dueOn: '2026-12-15', total: 9999 });
    expect(data.lines).toHaveLength(3);
    expect(data.lines.reduce((s: number, l: { amount: number }) => s + cents(l.amount), 0)).toBe(999_900);
    for (const l of data.lines) {
      expect(isCreditorReference(l.reference)).toBe(true);
      expect(Math.abs(cents(l.amount) - 333_300)).toBeLessThanOrEqual(1);
    }
    expect(new Set(data.lines.map((l: { reference: string }) => l.reference)).size).toBe(3);
    const stored = await ctx.db.select().from(subscriptions).where(eq(subscriptions.offeringId, offering.id));
    expect(stored.every((s) => s.status === 'called' && s.calledAt)).toBe(true);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'capital_call'), eq(auditLog.entityId, data._id)));
    expect(audit).toMatchObject({ action: 'create', actorId: ctx.admin.id });

    // The notices: bell, email and a PDF in each investor's documents.
    // They are the job queued with the call (one job for the call).
    expect(await ctx.deps.jobs.drain('call-notices')).toBe(1);
    const docs = await ctx.db.select().from(documents).where(eq(documents.userId, subs[0]!.user.id));
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ category: 'Contracts', fileMime: 'application/pdf' });
    const bell = await ctx.db.select().from(notifications).where(eq(notifications.userId, subs[0]!.user.id));
    expect(bell[0]).toMatchObject({ messageKey: 'capitalCall' });
    const mail = await ctx.db.select().from(mailMessages).where(eq(mailMessages.userId, subs[0]!.user.id));
    expect(mail.map((m) => m.kind)).toContain('capitalCall');
    // A run again (a retry after a failure part-way) writes no notice twice.
    await runCallNotices(ctx.db, ctx.deps.mailer, ctx.deps.storage, data._id);
    for (const s of subs) {
      const own = await ctx.db.select().from(documents).where(eq(documents.userId, s.user.id));
      expect(own, s.user.id).toHaveLength(1);
      const told = await ctx.db.select().from(mailMessages).where(eq(mailMessages.userId, s.user.id));
      expect(told.filter((m) => m.kind === 'capitalCall')).toHaveLength(1);
    }

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/offerings/${offering.id}/calls`,
      headers: bearer(ctx.admin.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0].lines[0]).toMatchObject({ paid: 0, paidOn: null });
  });

  it('refuses calls beyond 100 %, naming what is left, and bad percents', async () => {
    const { offering } = await offeringWith(['5000.00']);
    expect((await call(offering.id, { percent: 60, dueOn: '2026-12-15' })).statusCode).toBe(201);
    const over = await call(offering.id, { percent: 40.01, dueOn: '2027-01-15' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'reconciliation.call_over_100' });
    expect(over.json().message).toContain('40 %');
    for (const percent of [0, -5, 100.5, 12.345]) {
      const bad = await call(offering.id, { percent, dueOn: '2027-01-15' });
      expect(bad.statusCode, String(percent)).toBe(400);
    }
    expect((await call(offering.id, { percent: 40, dueOn: '2027-01-15' })).statusCode).toBe(201);
    const lines = await ctx.db.select().from(capitalCallLines);
    expect(lines.filter((l) => l.amount === '2000.00')).not.toHaveLength(0);
  });

  it('answers 404 for an unknown offering and 400 when nothing is accepted', async () => {
    expect(
      (await call('00000000-0000-4000-8000-000000000000', { percent: 10, dueOn: '2026-12-15' })).statusCode,
    ).toBe(404);
    const { offering } = await offeringWith([]);
    const none = await call(offering.id, { percent: 10, dueOn: '2026-12-15' });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('reconciliation.call_nothing_accepted');
  });

  it('is for admins only', async () => {
    const investor = await createUser(ctx.db);
    const token = await ctx.signIn(investor);
    const { offering } = await offeringWith(['100.00']);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/offerings/${offering.id}/calls`,
      headers: bearer(token),
      payload: { percent: 10, dueOn: '2026-12-15' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('overdue calls', () => {
  it('are listed and reminded once', async () => {
    const { offering, subs } = await offeringWith(['1000.00'], 'de');
    expect((await call(offering.id, { percent: 50, dueOn: '2020-01-31' })).statusCode).toBe(201);
    await ctx.deps.jobs.drain('call-notices');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/capital-calls/overdue',
      headers: bearer(ctx.admin.token),
    });
    expect(res.statusCode).toBe(200);
    const mine = res.json().data.filter((l: { userId: string }) => l.userId === subs[0]!.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: 500, paid: 0, dueOn: '2020-01-31', remindedAt: null });

    expect(await queueCallReminders(ctx.db, ctx.deps.mailer, '2026-11-28')).toBeGreaterThanOrEqual(1);
    expect(await queueCallReminders(ctx.db, ctx.deps.mailer, '2026-11-28')).toBe(0);
    const bell = await ctx.db.select().from(notifications).where(eq(notifications.userId, subs[0]!.user.id));
    const overdue = bell.filter((n) => n.messageKey === 'capitalCallOverdue');
    expect(overdue).toHaveLength(1);
  });
});
