import { describe, expect, it } from 'vitest';
import { totpCode, totpStep } from '../../lib/totp';
import { DEVICE_COOKIE } from './routes';
import { bearer, createAdmin, createUser, login, type TestUser, useTestApp } from '../../../test/helpers';

const ctx = useTestApp({ loginRateLimit: 1000 });

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

/** Turns on TOTP for the user; answers the secret and the recovery codes. */
async function enrol(user: TestUser) {
  const accessToken = await ctx.signIn(user);
  const setup = await call('POST', '/api/auth/totp/setup', accessToken);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrSvg } = setup.json().data;
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(qrSvg).toMatch(/^<svg/);
  const wrong = await call('POST', '/api/auth/totp/enable', accessToken, {
    code: '000000' === totpCode(secret, totpStep()) ? '111111' : '000000',
  });
  expect(wrong.statusCode).toBe(401);
  const ok = await call('POST', '/api/auth/totp/enable', accessToken, { code: totpCode(secret, totpStep()) });
  expect(ok.statusCode).toBe(200);
  const codes: string[] = ok.json().data.recoveryCodes;
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  return { secret, codes, accessToken };
}

describe('two-factor sign-in', () => {
  it('asks for the code after the password, accepts a fresh code once, then a recovery code once', async () => {
    const user = await createUser(ctx.db);
    const { secret, codes } = await enrol(user);

    const first = await call('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: user.password,
    });
    expect(first.statusCode).toBe(200);
    const challenge = first.json().data;
    expect(challenge).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    expect(challenge).not.toHaveProperty('accessToken');
    // The password alone does not make this browser a known device (ADR 007); the completed sign-in does.
    expect(first.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();

    // The code used to enable is spent; the next step's code works, once.
    const spent = await call('POST', '/api/auth/login/mfa', undefined, {
      mfaToken: challenge.mfaToken,
      code: totpCode(secret, totpStep()),
    });
    expect(spent.statusCode).toBe(401);
    const next = totpCode(secret, totpStep() + 1);
    const ok = await call('POST', '/api/auth/login/mfa', undefined, {
      mfaToken: challenge.mfaToken,
      code: next,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === DEVICE_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect(ok.json().data).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      user: { email: user.email, twoFactorEnabled: true },
    });
    const replay = await call('POST', '/api/auth/login/mfa', undefined, {
      mfaToken: challenge.mfaToken,
      code: next,
    });
    expect(replay.statusCode).toBe(401);

    const recovery = await call('POST', '/api/auth/login/mfa', undefined, {
      mfaToken: challenge.mfaToken,
      code: codes[0]!.toUpperCase(),
    });
    expect(recovery.statusCode).toBe(200);
    const again = await call('POST', '/api/auth/login/mfa', undefined, {
      mfaToken: challenge.mfaToken,
      code: codes[0],
    });
    expect(again.statusCode).toBe(401);
    const status = await call('GET', '/api/auth/totp', recovery.json().data.accessToken);
    expect(status.json().data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 9 });
  });

  it('refuses a forged or missing challenge token, and limits wrong codes', async () => {
    const user = await createUser(ctx.db);
    await enrol(user);
    expect(
      (await call('POST', '/api/auth/login/mfa', undefined, { mfaToken: 'forged', code: '123456' }))
        .statusCode,
    ).toBe(401);
    const { accessToken } = await login(ctx.app, (await createUser(ctx.db)).email, 'secret123');
    // An access token is not a challenge token.
    expect(
      (await call('POST', '/api/auth/login/mfa', undefined, { mfaToken: accessToken, code: '123456' }))
        .statusCode,
    ).toBe(401);
    const { mfaToken } = (
      await call('POST', '/api/auth/login', undefined, { email: user.email, password: user.password })
    ).json().data;
    const codes: number[] = [];
    for (let i = 0; i < 502; i++) {
      const r = await call('POST', '/api/auth/login/mfa', undefined, { mfaToken, code: 'zzzzz-zzzzz' });
      codes.push(r.statusCode);
      if (r.statusCode === 429) break;
    }
    expect(codes.at(-1)).toBe(429);
    expect(codes.slice(0, -1).every((c) => c === 401)).toBe(true);
  });

  it('turns off only with the password', async () => {
    const user = await createUser(ctx.db);
    const { accessToken } = await enrol(user);
    expect(
      (await call('POST', '/api/auth/totp/disable', accessToken, { password: 'wrong' })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/api/auth/totp/disable', accessToken, { password: user.password })).statusCode,
    ).toBe(200);
    const signIn = await call('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: user.password,
    });
    expect(signIn.json().data.accessToken).toEqual(expect.any(String));
  });

  it('lets an admin require it for admin accounts, enforced on every admin route', async () => {
    const admin = await createAdmin(ctx.db);
    const other = await createAdmin(ctx.db);
    const { accessToken: otherToken } = await login(ctx.app, other.email, other.password);
    const { accessToken: adminToken0 } = await login(ctx.app, admin.email, admin.password);
    // Not before turning it on for oneself.
    const early = await call('PUT', '/api/admin/settings/security', adminToken0, { requireAdminTotp: true });
    expect(early.statusCode).toBe(409);
    const { secret } = await enrol(admin);
    const { mfaToken } = (
      await call('POST', '/api/auth/login', undefined, { email: admin.email, password: admin.password })
    ).json().data;
    const signed = await call('POST', '/api/auth/login/mfa', undefined, {
      mfaToken,
      code: totpCode(secret, totpStep() + 1),
    });
    const adminToken = signed.json().data.accessToken;
    const put = await call('PUT', '/api/admin/settings/security', adminToken, { requireAdminTotp: true });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ requireAdminTotp: true });

    // The other admin, without TOTP, is stopped at admin routes and told why; /me says it is required.
    const blocked = await call('GET', '/api/admin/settings/security', otherToken);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toMatch(/Two-factor sign-in is required for admin accounts/);
    expect((await call('GET', '/api/users/me', otherToken)).json().data).toMatchObject({
      twoFactorRequired: true,
      twoFactorEnabled: false,
    });
    expect((await call('GET', '/api/admin/settings/security', adminToken)).statusCode).toBe(200);
    // An admin under the policy cannot turn it off.
    expect(
      (await call('POST', '/api/auth/totp/disable', adminToken, { password: admin.password })).statusCode,
    ).toBe(403);
    // Investors are not affected.
    const investor = await createUser(ctx.db);
    const inv = await login(ctx.app, investor.email, investor.password);
    expect((await call('GET', '/api/users/me', inv.accessToken)).json().data.twoFactorRequired).toBe(false);
    await call('PUT', '/api/admin/settings/security', adminToken, { requireAdminTotp: false });
    expect((await call('GET', '/api/admin/settings/security', otherToken)).statusCode).toBe(200);
  });
});

describe('password change', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const user = await createUser(ctx.db);
    const here = await login(ctx.app, user.email, user.password);
    const elsewhere = await login(ctx.app, user.email, user.password);
    const wrong = await call('POST', '/api/auth/password', here.accessToken, {
      currentPassword: 'nope',
      newPassword: 'brand-new-1',
    });
    expect(wrong.statusCode).toBe(401);
    const short = await call('POST', '/api/auth/password', here.accessToken, {
      currentPassword: user.password,
      newPassword: '123',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters');
    const ok = await call('POST', '/api/auth/password', here.accessToken, {
      currentPassword: user.password,
      newPassword: 'brand-new-1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', here.accessToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', elsewhere.accessToken)).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/auth/refresh', undefined, { refreshToken: elsewhere.refreshToken }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/api/auth/login', undefined, { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/api/auth/login', undefined, { email: user.email, password: 'brand-new-1' }))
        .statusCode,
    ).toBe(200);
  });
});
