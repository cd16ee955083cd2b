import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  auditLog,
  capitalCallLines,
  capitalCalls,
  dataRoomDownloads,
  documents,
  kycChecks,
  mailMessages,
  notifications,
  offerings,
  projects,
  subscriptions,
  users,
} from '../../db/schema';
import { makePdf } from '../../db/seed/pdf';
import {
  bearer,
  createInvestment,
  createProject,
  createUser,
  useAdminApp,
  type SignedIn,
} from '../../../test/helpers';

const ctx = useAdminApp({ name: 'Ada Admin' });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function investor(name = 'Ivy Investor'): Promise<SignedIn> {
  const u = await createUser(ctx.db, { name });
  return { ...u, token: await ctx.signIn(u) };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

async function openOffering(values: Partial<Record<string, unknown>> = {}) {
  const project = await createProject(ctx.db, { name: `Ridge ${Math.random().toString(36).slice(2, 6)}` });
  const res = await call('POST', '/api/admin/offerings', ctx.admin.token, {
    projectId: project.id,
    minimum: 10000,
    maximum: 50000,
    target: 100000,
    closesOn: day(30),
    ...values,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { project, offering: res.json().data as { _id: string; projectId: string } };
}

const subscribe = (offeringId: string, amount: unknown, token: string) =>
  call('POST', `/api/offerings/${offeringId}/subscriptions`, token, { amount } as object);

describe('offerings', () => {
  it('opens an offering with its project name, and answers it to investors with the amount subscribed', async () => {
    const { offering, project } = await openOffering();
    expect(offering).toMatchObject({
      projectId: project.id,
      projectName: project.name,
      minimum: 10000,
      maximum: 50000,
      target: 100000,
      // No cabin-night rule unless one is given.
      nightsPer10000: 0,
      allowanceMonths: 12,
      status: 'open',
      subscribed: 0,
    });
    const ruled = await openOffering({ nightsPer10000: 3, allowanceMonths: 24 });
    expect(ruled.offering).toMatchObject({ nightsPer10000: 3, allowanceMonths: 24 });
    const tooMany = await call('POST', '/api/admin/offerings', ctx.admin.token, {
      projectId: project.id,
      minimum: 10000,
      maximum: 50000,
      target: 100000,
      closesOn: day(30),
      nightsPer10000: 366,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toHaveProperty('nightsPer10000');
    const ivy = await investor();
    expect((await subscribe(offering._id, 20000, ivy.token)).statusCode).toBe(201);
    const list = await call('GET', '/api/offerings', ivy.token);
    expect(list.json().data.find((o: { _id: string }) => o._id === offering._id).subscribed).toBe(20000);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'offering'), eq(auditLog.entityId, offering._id)));
    expect(audit?.action).toBe('create');
  });

  it('refuses a second open offering of a project (409) and bounds out of order (400 naming the bound)', async () => {
    const { project } = await openOffering();
    const again = await call('POST', '/api/admin/offerings', ctx.admin.token, {
      projectId: project.id,
      minimum: 1,
      maximum: 2,
      target: 3,
      closesOn: day(1),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('subscriptions.offering_open_exists');
    const other = await createProject(ctx.db);
    const bad = (over: object) =>
      call('POST', '/api/admin/offerings', ctx.admin.token, {
        projectId: other.id,
        minimum: 100,
        maximum: 200,
        target: 300,
        closesOn: day(1),
        ...over,
      });
    const zero = await bad({ minimum: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().code).toBe('subscriptions.offering_minimum_positive');
    const max = await bad({ maximum: 50 });
    expect(max.statusCode).toBe(400);
    expect(max.json()).toMatchObject({
      code: 'subscriptions.offering_maximum_below_minimum',
      params: { min: 100 },
    });
    const target = await bad({ target: 150 });
    expect(target.json()).toMatchObject({
      code: 'subscriptions.offering_target_below_maximum',
      params: { max: 200 },
    });
    const past = await bad({ closesOn: day(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('subscriptions.offering_closes_in_past');
  });

  it('changes and closes an offering (audited); a closed one takes no subscription and no change', async () => {
    const { offering } = await openOffering();
    const put = await call('PUT', `/api/admin/offerings/${offering._id}`, ctx.admin.token, {
      minimum: 5000,
      maximum: 60000,
      target: 120000,
      closesOn: day(10),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ minimum: 5000, maximum: 60000, target: 120000 });
    const close = await call('POST', `/api/admin/offerings/${offering._id}/close`, ctx.admin.token);
    expect(close.json().data.status).toBe('closed');
    const ivy = await investor();
    expect((await subscribe(offering._id, 10000, ivy.token)).statusCode).toBe(409);
    expect(
      (await call('POST', `/api/admin/offerings/${offering._id}/close`, ctx.admin.token)).statusCode,
    ).toBe(409);
    const actions = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, offering._id));
    expect(actions.map((a) => a.action).sort()).toEqual(['close', 'create', 'update']);
  });

  it('is admin only to open', async () => {
    const ivy = await investor();
    const res = await call('GET', '/api/admin/offerings', ivy.token);
    expect(res.statusCode).toBe(403);
  });

  it('serves the data room while open and records each download for the admin', async () => {
    const { offering, project } = await openOffering();
    const stored = await ctx.deps.storage.put(await makePdf('Memorandum', ['Terms.']));
    const [doc] = await ctx.db
      .insert(documents)
      .values({
        projectId: project.id,
        name: 'Offering memorandum',
        category: 'Offering',
        fileKey: stored.key,
        fileMime: 'application/pdf',
        fileSize: stored.size,
        fileName: 'memo.pdf',
      })
      .returning();
    await ctx.db
      .insert(documents)
      .values({ projectId: project.id, name: 'Annual report', category: 'General' });
    const ivy = await investor();
    const list = await call('GET', `/api/offerings/${offering._id}/documents`, ivy.token);
    expect(list.json().data.map((d: { name: string }) => d.name)).toEqual(['Offering memorandum']);
    const file = await call('GET', `/api/offerings/${offering._id}/documents/${doc!.id}/file`, ivy.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const rows = await ctx.db
      .select()
      .from(dataRoomDownloads)
      .where(eq(dataRoomDownloads.documentId, doc!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(ivy.id);
    const admin = await call('GET', '/api/admin/offerings', ctx.admin.token);
    const mine = admin.json().data.find((o: { _id: string }) => o._id === offering._id);
    expect(mine.documents).toEqual([{ _id: doc!.id, name: 'Offering memorandum', downloads: 1 }]);
    await call('POST', `/api/admin/offerings/${offering._id}/close`, ctx.admin.token);
    expect((await call('GET', `/api/offerings/${offering._id}/documents`, ivy.token)).statusCode).toBe(404);
  });
});

describe('subscriptions', () => {
  let offeringId: string;
  let projectId: string;
  beforeAll(async () => {
    const o = await openOffering({ minimum: 10000, maximum: 50000, target: 60000 });
    offeringId = o.offering._id;
    projectId = o.project.id;
  });

  it('answers an amount outside the bounds with a 400 naming the bound', async () => {
    const ivy = await investor();
    const low = await subscribe(offeringId, 9999.99, ivy.token);
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      code: 'subscriptions.subscription_below_minimum',
      params: { min: 10000 },
    });
    expect(low.json().message).toContain('€10,000');
    const high = await subscribe(offeringId, 50000.01, ivy.token);
    expect(high.json()).toMatchObject({
      code: 'subscriptions.subscription_above_maximum',
      params: { max: 50000 },
    });
    const a = await investor();
    expect((await subscribe(offeringId, 50000, a.token)).statusCode).toBe(201);
    const rest = await subscribe(offeringId, 10000.01, ivy.token);
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toMatchObject({
      code: 'subscriptions.subscription_above_remaining',
      params: { remaining: 10000 },
    });
    expect(
      (await call('POST', `/api/subscriptions/${(await listOf(a))[0]._id}/cancel`, a.token)).statusCode,
    ).toBe(200);
    expect((await subscribe(offeringId, 10000.01, ivy.token)).statusCode).toBe(201);
  });

  const listOf = async (u: SignedIn) => (await call('GET', '/api/subscriptions', u.token)).json().data;

  it('answers a second open subscription and a holder of the project with 409', async () => {
    const ivy = await investor();
    expect((await subscribe(offeringId, 10000, ivy.token)).statusCode).toBe(201);
    const again = await subscribe(offeringId, 10000, ivy.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('subscriptions.subscription_exists');
    const holder = await investor('Hal Holder');
    await createInvestment(ctx.db, holder.id, projectId);
    const held = await subscribe(offeringId, 10000, holder.token);
    expect(held.statusCode).toBe(409);
    expect(held.json().code).toBe('subscriptions.subscription_holder');
  });

  it("answers the investor's own subscription with status, steps and calls; another's is 404", async () => {
    const ivy = await investor();
    const created = (await subscribe(offeringId, 10000, ivy.token)).json().data;
    expect(created).toMatchObject({
      offeringId,
      projectId,
      amount: 10000,
      status: 'awaiting_identity',
      calls: [],
      document: null,
      rejectionReason: null,
    });
    expect(created.steps.map((s: { step: string; done: boolean }) => [s.step, s.done])).toEqual([
      ['subscribed', true],
      ['identity', false],
      ['signed', false],
      ['accepted', false],
      ['called', false],
      ['funded', false],
    ]);
    const verifiedAt = new Date(Date.now() - 86_400_000);
    await ctx.db
      .insert(kycChecks)
      .values({ userId: ivy.id, submittedAt: new Date(Date.now() - 2 * 86_400_000), verifiedAt });
    const [call1] = await ctx.db
      .insert(capitalCalls)
      .values({ offeringId, percent: '50', dueOn: day(-1), total: '5000.00' })
      .returning();
    await ctx.db.insert(capitalCallLines).values({
      callId: call1!.id,
      subscriptionId: created._id,
      userId: ivy.id,
      amount: '5000.00',
      reference: 'RF18539007547034',
      paid: '100.00',
    });
    const got = (await call('GET', `/api/subscriptions/${created._id}`, ivy.token)).json().data;
    expect(got.status).toBe('ready_to_sign');
    expect(got.steps[1]).toEqual({ step: 'identity', done: true, at: verifiedAt.toISOString() });
    expect(got.calls).toEqual([
      {
        _id: expect.any(String),
        amount: 5000,
        dueOn: day(-1),
        reference: 'RF18539007547034',
        paid: 100,
        status: 'overdue',
      },
    ]);
    const other = await investor('Otto Other');
    expect((await call('GET', `/api/subscriptions/${created._id}`, other.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/subscriptions/${created._id}/cancel`, other.token)).statusCode).toBe(
      404,
    );
    expect(await listOf(other)).toEqual([]);
  });

  it('cancels until accepted, and not after (409)', async () => {
    const ivy = await investor();
    const s = (await subscribe(offeringId, 10000, ivy.token)).json().data;
    const done = await call('POST', `/api/subscriptions/${s._id}/cancel`, ivy.token);
    expect(done.json().data.status).toBe('cancelled');
    expect((await call('POST', `/api/subscriptions/${s._id}/cancel`, ivy.token)).statusCode).toBe(409);
    const t = (await subscribe(offeringId, 10000, ivy.token)).json().data;
    await ctx.db.update(subscriptions).set({ status: 'accepted' }).where(eq(subscriptions.id, t._id));
    const late = await call('POST', `/api/subscriptions/${t._id}/cancel`, ivy.token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'subscriptions.subscription_not_cancellable',
      params: { status: 'accepted' },
    });
  });

  it('accepts only a signed subscription (409 otherwise), notifying the investor and auditing it', async () => {
    const ivy = await investor('Sigrid Signer');
    const s = (await subscribe(offeringId, 10000, ivy.token)).json().data;
    const early = await call('POST', `/api/admin/subscriptions/${s._id}/accept`, ctx.admin.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().params).toEqual({ status: 'awaiting_identity' });
    expect((await call('POST', `/api/admin/subscriptions/${s._id}/accept`, ivy.token)).statusCode).toBe(403);
    await ctx.db
      .update(subscriptions)
      .set({ status: 'signed', signedAt: new Date() })
      .where(eq(subscriptions.id, s._id));
    const ok = await call('POST', `/api/admin/subscriptions/${s._id}/accept`, ctx.admin.token);
    expect(ok.statusCode).toBe(200);
    const [named] = await ctx.db
      .select({ projectName: projects.name })
      .from(offerings)
      .innerJoin(projects, eq(projects.id, offerings.projectId))
      .where(eq(offerings.id, offeringId));
    expect(ok.json().data).toMatchObject({
      investorName: 'Sigrid Signer',
      amount: 10000,
      status: 'accepted',
    });
    const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, s._id));
    expect(row).toMatchObject({ status: 'accepted', acceptedBy: ctx.admin.id });
    expect(row!.acceptedAt).toBeInstanceOf(Date);
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.userId, ivy.id));
    expect(notes.map((n) => n.messageKey)).toEqual(['subscriptionAccepted']);
    const mails = await ctx.db.select().from(mailMessages).where(eq(mailMessages.userId, ivy.id));
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ['subscriptionDecision', `Your subscription to ${named!.projectName} was accepted`],
    ]);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, s._id));
    expect(audits.map((a) => a.action)).toEqual(['accept']);
    expect((await call('POST', `/api/admin/subscriptions/${s._id}/accept`, ctx.admin.token)).statusCode).toBe(
      409,
    );
  });

  it('rejects a signed subscription with a reason the investor sees', async () => {
    const { offering, project } = await openOffering();
    const ivy = await investor();
    const s = (await subscribe(offering._id, 10000, ivy.token)).json().data;
    await ctx.db
      .update(subscriptions)
      .set({ status: 'signed', signedAt: new Date() })
      .where(eq(subscriptions.id, s._id));
    // The email is in the investor's language.
    await ctx.db.update(users).set({ locale: 'de' }).where(eq(users.id, ivy.id));
    const res = await call('POST', `/api/admin/subscriptions/${s._id}/reject`, ctx.admin.token, {
      reason: 'Source of funds unclear',
    });
    expect(res.json().data.status).toBe('cancelled');
    const mails = await ctx.db.select().from(mailMessages).where(eq(mailMessages.userId, ivy.id));
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ['subscriptionDecision', `Ihre Zeichnung für ${project.name} wurde nicht angenommen`],
    ]);
    const mine = (await call('GET', `/api/subscriptions/${s._id}`, ivy.token)).json().data;
    expect(mine).toMatchObject({ status: 'cancelled', rejectionReason: 'Source of funds unclear' });
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, s._id));
    expect(audit).toMatchObject({ action: 'reject', entity: 'subscription' });
  });

  it('lists and exports an offering’s subscriptions for the admin, and counts the funnel', async () => {
    const { offering } = await openOffering({ minimum: 1000, maximum: 5000, target: 20000 });
    const a = await investor('Anna A');
    const b = await investor('Bert B');
    const c = await investor('Cleo C');
    const sa = (await subscribe(offering._id, 1000, a.token)).json().data;
    const sb = (await subscribe(offering._id, 2000, b.token)).json().data;
    const sc = (await subscribe(offering._id, 3000, c.token)).json().data;
    await call('POST', `/api/subscriptions/${sc._id}/cancel`, c.token);
    await ctx.db
      .insert(kycChecks)
      .values({ userId: b.id, submittedAt: new Date(Date.now() - 1000), verifiedAt: new Date() });
    await ctx.db
      .update(subscriptions)
      .set({ status: 'accepted', signedAt: new Date(), acceptedAt: new Date() })
      .where(eq(subscriptions.id, sb._id));
    const list = (
      await call('GET', `/api/admin/offerings/${offering._id}/subscriptions`, ctx.admin.token)
    ).json().data;
    expect(
      list.map((s: { investorName: string; amount: number; status: string }) => [
        s.investorName,
        s.amount,
        s.status,
      ]),
    ).toEqual([
      ['Anna A', 1000, 'awaiting_identity'],
      ['Bert B', 2000, 'accepted'],
      ['Cleo C', 3000, 'cancelled'],
    ]);
    expect(sa.status).toBe('awaiting_identity');
    const csv = await call(
      'GET',
      `/api/admin/offerings/${offering._id}/subscriptions/export`,
      ctx.admin.token,
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Investor ID,Name,Email,Amount (EUR),Status,Subscribed on');
    expect(csv.body).toContain('Bert B');
    const admin = (await call('GET', '/api/admin/offerings', ctx.admin.token)).json().data;
    const funnel = admin.find((o: { _id: string }) => o._id === offering._id).funnel;
    expect(funnel).toMatchObject({
      subscribed: { count: 2, amount: 3000 },
      identityVerified: { count: 1, amount: 2000 },
      signed: { count: 1, amount: 2000 },
      accepted: { count: 1, amount: 2000 },
      called: { count: 0, amount: 0 },
      funded: { count: 0, amount: 0 },
    });
    expect(funnel.interest).toEqual({ count: expect.any(Number), amount: expect.any(Number) });
  });
});
