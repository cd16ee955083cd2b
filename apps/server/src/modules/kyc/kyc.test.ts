import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, kycChecks, mailMessages, notifications } from '../../db/schema';
import { createUser, useAdminApp, type SignedIn } from '../../../test/helpers';
import { fileRequestsOf, sampleHtml, samplePdf, samplePng } from '../documents/test-support';
import { queueKycExpiryReminders } from './expiry-reminders';

const ctx = useAdminApp();
const files = fileRequestsOf(ctx, () => ctx.admin.token);

const ANSWERS = {
  dateOfBirth: '1980-04-12',
  taxResidence: 'de',
  politicallyExposed: false,
  sourceOfFunds: 'Savings from salary',
};

async function investor(): Promise<SignedIn> {
  const user = await createUser(ctx.db);
  return { ...user, token: await ctx.signIn(user) };
}

const get = (token: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const send = (token: string, method: 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

async function upload(token: string, kind: string, file?: { data: Buffer; name: string; type?: string }) {
  return files.send(
    'POST',
    '/api/kyc/documents',
    { kind },
    file ?? { data: await samplePdf(kind), name: `${kind}.pdf` },
    token,
  );
}

/** An investor whose check is submitted: the answers and both documents. */
async function submitted() {
  const inv = await investor();
  expect((await send(inv.token, 'PUT', '/api/kyc', ANSWERS)).statusCode).toBe(200);
  expect((await upload(inv.token, 'identity')).statusCode).toBe(201);
  const res = await upload(inv.token, 'address', { data: samplePng(), name: 'bill.png', type: 'image/png' });
  expect(res.statusCode).toBe(201);
  return inv;
}

describe('identity check (investor)', () => {
  it('is not started, then submitted once the answers and both documents are given', async () => {
    const inv = await investor();
    expect((await get(inv.token, '/api/kyc')).json().data).toMatchObject({
      status: 'not_started',
      documents: [],
      verifiedAt: null,
    });
    const answered = await send(inv.token, 'PUT', '/api/kyc', ANSWERS);
    expect(answered.json().data).toMatchObject({
      status: 'not_started',
      taxResidence: 'DE',
      dateOfBirth: '1980-04-12',
    });
    expect((await upload(inv.token, 'identity')).json().data.status).toBe('not_started');
    const last = await upload(inv.token, 'address', {
      data: samplePng(),
      name: 'bill.png',
      type: 'image/png',
    });
    const data = last.json().data;
    expect(data.status).toBe('submitted');
    expect(data.documents.map((d: { kind: string }) => d.kind)).toEqual(['identity', 'address']);
    expect(data.documents[1]).toMatchObject({ fileName: 'bill.png' });
    expect(data.submittedAt).not.toBeNull();
  });

  it('refuses a bad country, a wrong kind, a file that is not PDF/JPEG/PNG, and no file', async () => {
    const inv = await investor();
    const bad = await send(inv.token, 'PUT', '/api/kyc', { ...ANSWERS, taxResidence: 'XX' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.taxResidence).toMatch(/ISO country code/);
    expect((await upload(inv.token, 'passport')).statusCode).toBe(400);
    const html = await upload(inv.token, 'identity', {
      data: sampleHtml(),
      name: 'id.pdf',
      type: 'application/pdf',
    });
    expect(html.statusCode).toBe(400);
    const text = await upload(inv.token, 'identity', {
      data: Buffer.from('just text'),
      name: 'id.txt',
      type: 'text/plain',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/PDF, JPEG or PNG/);
    const none = await files.send('POST', '/api/kyc/documents', { kind: 'identity' }, undefined, inv.token);
    expect(none.statusCode).toBe(400);
    expect((await get(inv.token, '/api/kyc')).json().data.documents).toEqual([]);
  });

  it("serves a document to its owner and admins; another investor's is 404", async () => {
    const inv = await submitted();
    const doc = (await get(inv.token, '/api/kyc')).json().data.documents[0];
    const own = await get(inv.token, `/api/kyc/documents/${doc._id}/file`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect((await get(ctx.admin.token, `/api/kyc/documents/${doc._id}/file`)).statusCode).toBe(200);
    const other = await investor();
    expect((await get(other.token, `/api/kyc/documents/${doc._id}/file`)).statusCode).toBe(404);
    expect((await get(other.token, '/api/admin/kyc')).statusCode).toBe(403);
  });
});

describe('identity check (admin review)', () => {
  it('lists the submitted checks; only a submitted check can be verified (409 otherwise), audited and notified', async () => {
    const fresh = await investor();
    await send(fresh.token, 'PUT', '/api/kyc', ANSWERS);
    const early = await send(ctx.admin.token, 'POST', `/api/admin/kyc/${fresh.id}/verify`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('subscriptions.kyc_not_submitted');

    const inv = await submitted();
    const queue = (await get(ctx.admin.token, '/api/admin/kyc?status=submitted')).json().data;
    expect(queue.map((c: { userId: string }) => c.userId)).toContain(inv.id);
    expect(queue.map((c: { userId: string }) => c.userId)).not.toContain(fresh.id);
    const one = (await get(ctx.admin.token, `/api/admin/kyc/${inv.id}`)).json().data;
    expect(one).toMatchObject({ status: 'submitted', name: inv.name, sourceOfFunds: 'Savings from salary' });

    const ok = await send(ctx.admin.token, 'POST', `/api/admin/kyc/${inv.id}/verify`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.status).toBe('verified');
    expect(ok.json().data.expiresAt).not.toBeNull();
    expect((await send(ctx.admin.token, 'POST', `/api/admin/kyc/${inv.id}/verify`)).statusCode).toBe(409);
    expect((await get(inv.token, '/api/kyc')).json().data.status).toBe('verified');

    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, inv.id), eq(auditLog.action, 'kyc-verify')));
    expect(audits).toHaveLength(1);
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.userId, inv.id));
    expect(notes.map((n) => n.title)).toContain('Identity verified');
    const mails = await ctx.db.select().from(mailMessages).where(eq(mailMessages.userId, inv.id));
    expect(mails.some((m) => m.kind === 'kyc')).toBe(true);

    // A new answer after the review submits it again.
    const again = await send(inv.token, 'PUT', '/api/kyc', { ...ANSWERS, sourceOfFunds: 'Inheritance' });
    expect(again.json().data.status).toBe('submitted');
  });

  it('a rejection carries the reason the investor sees; only a submitted check (409)', async () => {
    const inv = await submitted();
    const res = await send(ctx.admin.token, 'POST', `/api/admin/kyc/${inv.id}/reject`, {
      reason: 'The passport photo is unreadable.',
    });
    expect(res.statusCode).toBe(200);
    const seen = (await get(inv.token, '/api/kyc')).json().data;
    expect(seen).toMatchObject({ status: 'rejected', rejectionReason: 'The passport photo is unreadable.' });
    expect(
      (await send(ctx.admin.token, 'POST', `/api/admin/kyc/${inv.id}/reject`, { reason: 'Again' }))
        .statusCode,
    ).toBe(409);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, inv.id), eq(auditLog.action, 'kyc-reject')));
    expect(audits[0]!.details).toEqual({ reason: 'The passport photo is unreadable.' });
    // A new document submits it again, and the reason is no longer shown.
    await upload(inv.token, 'identity');
    expect((await get(inv.token, '/api/kyc')).json().data).toMatchObject({
      status: 'submitted',
      rejectionReason: null,
    });
  });

  it('a verification expires after 24 months; the reminder 30 days before is sent once', async () => {
    const inv = await submitted();
    await send(ctx.admin.token, 'POST', `/api/admin/kyc/${inv.id}/verify`);
    const verifiedAt = new Date('2024-03-15T10:00:00Z');
    await ctx.db
      .update(kycChecks)
      .set({ verifiedAt, submittedAt: new Date('2024-03-14T10:00:00Z') })
      .where(eq(kycChecks.userId, inv.id));
    const mailer = ctx.deps.mailer;
    const reminders = async (now: string) => queueKycExpiryReminders(ctx.db, mailer, 24, new Date(now));
    const mine = async () =>
      (await ctx.db.select().from(notifications).where(eq(notifications.userId, inv.id))).filter(
        (n) => n.title === 'Identity verification expires soon',
      );

    expect(await reminders('2026-02-01T00:00:00Z')).toBe(0); // 42 days before
    await reminders('2026-02-20T00:00:00Z'); // 23 days before
    await reminders('2026-02-21T00:00:00Z');
    expect(await mine()).toHaveLength(1);
    const [row] = await ctx.db.select().from(kycChecks).where(eq(kycChecks.userId, inv.id));
    expect(row!.expiryRemindedAt).not.toBeNull();

    // Expired to the minute, 24 calendar months after the verification.
    const check = (await get(inv.token, '/api/kyc')).json().data;
    expect(check.expiresAt).toBe('2026-03-15T10:00:00.000Z');
    expect(check.status).toBe('expired');
  });
});
