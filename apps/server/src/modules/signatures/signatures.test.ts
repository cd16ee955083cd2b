import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { documents, kycChecks, offerings, signatures, subscriptions } from '../../db/schema';
import { bearer, createProject, createUser, enableTwoFactor, useTestApp } from '../../../test/helpers';

const ctx = useTestApp();

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** An investor with a pending subscription of an open offering, inserted directly (B builds those APIs). */
async function subscriber(opts: { verified?: boolean; name?: string; locale?: 'en' | 'de' | 'nb' } = {}) {
  const user = await createUser(ctx.db, { name: opts.name ?? 'Emma Lindqvist', locale: opts.locale });
  const token = await ctx.signIn(user);
  const project = await createProject(ctx.db, { name: 'Tatra Ridge' });
  const [offering] = await ctx.db
    .insert(offerings)
    .values({
      projectId: project.id,
      minimum: '10000',
      maximum: '100000',
      target: '1000000',
      closesOn: '2027-06-30',
    })
    .returning();
  const [sub] = await ctx.db
    .insert(subscriptions)
    .values({ offeringId: offering!.id, userId: user.id, amount: '25000' })
    .returning();
  if (opts.verified !== false)
    await ctx.db.insert(kycChecks).values({
      userId: user.id,
      dateOfBirth: '1980-01-01',
      taxResidence: 'SE',
      politicallyExposed: false,
      sourceOfFunds: 'Savings',
      submittedAt: new Date(Date.now() - 60_000),
      verifiedAt: new Date(),
    });
  return { user, token, project, subscriptionId: sub!.id };
}

const sign = (token: string, id: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/subscriptions/${id}/sign`,
    headers: { ...bearer(token), 'user-agent': 'Vitest Browser/1.0' },
    payload,
  });
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

const stored = async (id: string) => {
  const [sub] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const sigs = await ctx.db.select().from(signatures).where(eq(signatures.subscriptionId, id));
  return { sub: sub!, sigs };
};

describe('the subscription agreement', () => {
  it("downloads as a PDF for its owner only; another investor's subscription is 404", async () => {
    const { token, subscriptionId } = await subscriber({ locale: 'de' });
    const res = await get(token, `/api/subscriptions/${subscriptionId}/agreement`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getTitle()).toBe('Zeichnungsvereinbarung - Tatra Ridge');
    const other = await createUser(ctx.db);
    const otherToken = await ctx.signIn(other);
    expect((await get(otherToken, `/api/subscriptions/${subscriptionId}/agreement`)).statusCode).toBe(404);
    expect(
      (
        await sign(otherToken, subscriptionId, {
          fullName: other.name,
          consent: true,
          currentPassword: other.password,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/subscriptions/:id/sign', () => {
  it('before the identity is verified: 409 that says so, nothing changes', async () => {
    const { user, token, subscriptionId } = await subscriber({ verified: false });
    const res = await sign(token, subscriptionId, {
      fullName: user.name,
      consent: true,
      currentPassword: user.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('subscriptions.kyc_not_verified');
    expect(res.json().message).toMatch(/identity is not verified/);
    expect((await stored(subscriptionId)).sub.status).toBe('pending');
  });

  it('a wrong password or a wrong name changes nothing; consent is required', async () => {
    const { user, token, subscriptionId } = await subscriber();
    const wrong = await sign(token, subscriptionId, {
      fullName: user.name,
      consent: true,
      currentPassword: 'nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('auth.current_password_wrong');
    const name = await sign(token, subscriptionId, {
      fullName: 'Emma Lindgren',
      consent: true,
      currentPassword: user.password,
    });
    expect(name.statusCode).toBe(400);
    expect(name.json().fields.fullName).toMatch(/Full name/);
    const noConsent = await sign(token, subscriptionId, {
      fullName: user.name,
      consent: false,
      currentPassword: user.password,
    });
    expect(noConsent.statusCode).toBe(400);
    const s = await stored(subscriptionId);
    expect(s.sub).toMatchObject({
      status: 'pending',
      signedAt: null,
      signedDocumentId: null,
      agreementSha256: null,
    });
    expect(s.sigs).toHaveLength(0);
    const vault = await ctx.db.select().from(documents).where(eq(documents.userId, user.id));
    expect(vault).toHaveLength(0);
  });

  it('signs: the answer’s hash is the SHA-256 of the vault download; the check finds it, a changed byte does not', async () => {
    const { user, token, subscriptionId, project } = await subscriber();
    const res = await sign(token, subscriptionId, {
      fullName: '  emma   LINDQVIST ',
      consent: true,
      currentPassword: user.password,
    });
    expect(res.statusCode).toBe(200);
    const { subscription, document } = res.json().data;
    expect(subscription).toMatchObject({ _id: subscriptionId, status: 'signed' });
    expect(subscription.signedAt).not.toBeNull();

    const download = await get(token, `/api/documents/${document._id}/download`);
    expect(download.statusCode).toBe(200);
    expect(sha(download.rawPayload)).toBe(document.sha256);

    const [doc] = await ctx.db.select().from(documents).where(eq(documents.id, document._id));
    expect(doc).toMatchObject({ userId: user.id, projectId: project.id, category: 'Contracts' });
    const s = await stored(subscriptionId);
    expect(s.sub).toMatchObject({ status: 'signed', signedDocumentId: document._id });
    expect(s.sigs).toHaveLength(1);
    expect(s.sigs[0]).toMatchObject({
      documentSha256: document.sha256,
      agreementSha256: s.sub.agreementSha256,
      userAgent: 'Vitest Browser/1.0',
    });
    // The signature page was appended to the agreement.
    expect((await PDFDocument.load(download.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(2);

    const other = await createUser(ctx.db);
    const otherToken = await ctx.signIn(other);
    const found = await get(otherToken, `/api/signatures/verify?sha256=${document.sha256}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({ signedBy: 'emma   LINDQVIST'.trim(), subscriptionId });

    const changed = Buffer.from(download.rawPayload);
    changed[changed.length - 10] = changed[changed.length - 10]! ^ 1;
    expect((await get(otherToken, `/api/signatures/verify?sha256=${sha(changed)}`)).statusCode).toBe(404);
    expect((await get(otherToken, '/api/signatures/verify?sha256=xyz')).statusCode).toBe(400);

    // Signed once: a second signing is a 409.
    const again = await sign(token, subscriptionId, {
      fullName: user.name,
      consent: true,
      currentPassword: user.password,
    });
    expect(again.statusCode).toBe(409);
  });

  it('with two-factor sign-in on, asks for the code too', async () => {
    const { user, token, subscriptionId } = await subscriber();
    const {
      recoveryCodes: [recovery],
    } = await enableTwoFactor(ctx.app, token);
    const body = { fullName: user.name, consent: true, currentPassword: user.password };
    expect((await sign(token, subscriptionId, body)).statusCode).toBe(400);
    expect((await sign(token, subscriptionId, { ...body, code: 'AAAA-BBBB' })).statusCode).toBe(401);
    expect((await stored(subscriptionId)).sub.status).toBe('pending');
    expect((await sign(token, subscriptionId, { ...body, code: recovery })).statusCode).toBe(200);
  });
});
