import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, notifications, users } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';
import { bearer, createUser, enableTwoFactor, testConfig, useTestApp } from '../../../test/helpers';

const ctx = useTestApp();

const FI = 'FI2112345600000785';
const put = (token: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/users/me/bank-account', headers: bearer(token), payload });
const me = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json().data;

async function investor() {
  const user = await createUser(ctx.db);
  const accessToken = await ctx.signIn(user);
  return { user, token: accessToken };
}

/** The stored bank columns of a user, and how many audit rows and notifications the changes wrote. */
async function stored(userId: string) {
  const [row] = await ctx.db
    .select({
      sealed: users.bankIbanSealed,
      last4: users.bankIbanLast4,
      bic: users.bankBic,
      holder: users.bankHolder,
    })
    .from(users)
    .where(eq(users.id, userId));
  const audits = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, 'bank-account')));
  const notes = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, 'Bank account changed')));
  return { ...row!, audits, notes };
}

describe('PUT /api/users/me/bank-account', () => {
  it('saves the account with the IBAN given with spaces; /api/users/me shows it masked, the database keeps it sealed', async () => {
    const { user, token } = await investor();
    expect((await me(token)).bankAccount).toBeNull();
    const res = await put(token, {
      iban: 'fi21 1234 5600 0007 85',
      bic: 'ndeafihh',
      holder: ' Emma Lindqvist ',
      currentPassword: user.password,
    });
    expect(res.statusCode).toBe(200);
    const saved = { iban: '•••• •••• •••• 0785', bic: 'NDEAFIHH', holder: 'Emma Lindqvist' };
    expect(res.json()).toMatchObject({ success: true, data: saved, message: 'Bank account saved' });
    expect((await me(token)).bankAccount).toMatchObject(saved);
    expect(JSON.stringify(await me(token))).not.toContain('12345600000785');

    const s = await stored(user.id);
    expect(s.sealed).not.toContain('1234');
    expect(createSecretBox(testConfig().dataKeys, 'bank-account').open(s.sealed!)).toBe(FI);
    expect(s.last4).toBe('0785');
    expect(s.audits).toHaveLength(1);
    expect(s.audits[0]).toMatchObject({ actorId: user.id, entity: 'user' });
    expect(JSON.stringify(s.audits[0]!.details)).not.toContain('0000');
    expect(s.notes).toHaveLength(1);
    expect(s.notes[0]!.message).toContain('•••• •••• •••• 0785');
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { user, token } = await investor();
    const res = await put(token, { iban: FI, holder: 'Emma', currentPassword: 'not-the-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('The current password is not correct');
    const s = await stored(user.id);
    expect(s).toMatchObject({ sealed: null, last4: null, holder: null, audits: [], notes: [] });
  });

  it.each([
    ['FI2112345600000786', 'check digits do not match'],
    ['FI21123456', 'has 18 characters; this one has 10'],
    ['US12345678901234', 'starts with a country code'],
  ])('refuses the IBAN %s with a 400 that says what is wrong, and changes nothing', async (iban, words) => {
    const { user, token } = await investor();
    const res = await put(token, { iban, holder: 'Emma', currentPassword: user.password });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(words);
    expect((await stored(user.id)).sealed).toBeNull();
  });

  it('refuses a bad BIC, a missing holder and a missing password with 400s naming the field', async () => {
    const { user, token } = await investor();
    const bic = await put(token, { iban: FI, bic: 'NOPE', holder: 'Emma', currentPassword: user.password });
    expect(bic.statusCode).toBe(400);
    expect(bic.json().message).toContain('NOPE is not a BIC');
    // The field's problem keeps its own code, for the web app to say it in the investor's language.
    expect(bic.json()).toMatchObject({
      code: 'investments.bic_invalid',
      params: { bic: 'NOPE' },
      fields: { bic: expect.stringContaining('NOPE is not a BIC') },
    });
    const holder = await put(token, { iban: FI, holder: '  ', currentPassword: user.password });
    expect(holder.statusCode).toBe(400);
    expect(holder.json().message).toContain('Account holder is required');
    const password = await put(token, { iban: FI, holder: 'Emma' });
    expect(password.statusCode).toBe(400);
    expect(password.json().message).toContain('Current password is required');
    expect((await stored(user.id)).audits).toHaveLength(0);
  });

  it('with two-factor sign-in on, asks for a code too: none or a wrong one changes nothing', async () => {
    const { user, token } = await investor();
    const {
      recoveryCodes: [recovery],
    } = await enableTwoFactor(ctx.app, token);
    const body = { iban: FI, holder: 'Emma', currentPassword: user.password };

    const none = await put(token, body);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Enter the code from your authenticator app');
    const wrong = await put(token, { ...body, code: 'AAAA-BBBB' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('auth.code_invalid');
    expect((await stored(user.id)).sealed).toBeNull();

    const ok = await put(token, { ...body, code: recovery });
    expect(ok.statusCode).toBe(200);
    expect((await me(token)).bankAccount).toMatchObject({ iban: '•••• •••• •••• 0785', bic: null });
    // A recovery code is spent once.
    expect((await put(token, { ...body, code: recovery })).statusCode).toBe(401);
  });

  it('needs a sign-in', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/bank-account',
      payload: { iban: FI, holder: 'Emma', currentPassword: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
