import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, settings } from '../../db/schema';
import { bearer, createUser, useAdminApp } from '../../../test/helpers';
import { SUPPORT_CONTACT } from './service';

const ctx = useAdminApp();
let investorToken: string;

beforeAll(async () => {
  const investor = await createUser(ctx.db);
  investorToken = await ctx.signIn(investor);
});

const read = (token?: string, url = '/api/support-contact') =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const write = (payload: unknown, token = ctx.admin.token) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/support',
    headers: bearer(token),
    payload: payload as object,
  });
const stored = async () =>
  (await ctx.db.select().from(settings).where(eq(settings.key, SUPPORT_CONTACT)))[0]?.value ?? null;

describe('the support contact', () => {
  it('is not set at first: both null, for any signed-in user, and nobody else', async () => {
    const res = await read(investorToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { whatsapp: null, email: null } });
    expect((await read()).statusCode).toBe(401);
  });

  it('is written by admins only', async () => {
    const res = await write({ whatsapp: '+358401234567', email: 'help@example.com' }, investorToken);
    expect(res.statusCode).toBe(403);
    expect(await stored()).toBeNull();
    expect((await read(investorToken, '/api/admin/settings/support')).statusCode).toBe(403);
  });

  it('is set by an admin, tidied and audited, and read by investors', async () => {
    const res = await write({ whatsapp: ' +358 (40) 123-4567 ', email: ' Help@Example.com ' });
    expect(res.statusCode).toBe(200);
    const data = { whatsapp: '+358401234567', email: expect.stringMatching(/^help@example\.com$/i) };
    expect(res.json()).toMatchObject({ success: true, data, message: 'Updated' });
    expect((await read(investorToken)).json().data).toMatchObject(data);
    expect((await read(ctx.admin.token, '/api/admin/settings/support')).json().data).toMatchObject(data);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.entityId, 'support')));
    expect(audit).toMatchObject([{ actorId: ctx.admin.id, action: 'update' }]);
  });

  it.each([
    ['12345', /^WhatsApp number must be in international form/],
    ['+0123456789', /^WhatsApp number must be in international form/],
    ['+1234567890123456', /^WhatsApp number must be in international form/],
    ['+358 40 CALL ME', /^WhatsApp number must be in international form/],
    ['wa.me/358401234567', /^WhatsApp number must be in international form/],
  ])('refuses the WhatsApp number %j with a 400 and keeps the old value', async (whatsapp, message) => {
    const before = await stored();
    const res = await write({ whatsapp, email: 'help@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await stored()).toEqual(before);
  });

  it.each(['not-an-email', 'help@', 'javascript:alert(1)@x'])(
    'refuses the email %j with a 400 and keeps the old value',
    async (email) => {
      const before = await stored();
      const res = await write({ whatsapp: '+358401234567', email });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/email/i);
      expect(await stored()).toEqual(before);
    },
  );

  it('clears either when left empty', async () => {
    const res = await write({ whatsapp: '', email: 'help@example.com' });
    expect(res.json().data).toEqual({ whatsapp: null, email: 'help@example.com' });
    expect((await read(investorToken)).json().data).toEqual({ whatsapp: null, email: 'help@example.com' });
    expect((await write({})).json().data).toEqual({ whatsapp: null, email: null });
    expect((await read(investorToken)).json().data).toEqual({ whatsapp: null, email: null });
  });
});
