import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { totpCode, totpStep } from '../../lib/totp';
import { bearer, createUser, useTestApp, type TestUser } from '../../../test/helpers';
import { softAuthenticator } from '../../../test/soft-authenticator';
import { relyingParty } from './passkeys';

const ctx = useTestApp({ loginRateLimit: 1000 });
const rp = () => relyingParty(ctx.deps.config);

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

/** Signs the user in and adds a passkey from a software authenticator. */
async function withPasskey(user: TestUser, name?: string) {
  const accessToken = await ctx.signIn(user);
  const authenticator = softAuthenticator(rp());
  const options = await call('POST', '/api/auth/passkeys/register/options', accessToken);
  expect(options.statusCode).toBe(200);
  expect(options.json().data).toMatchObject({
    rp: { id: rp().id },
    authenticatorSelection: { residentKey: 'required' },
    attestation: 'none',
  });
  const response = authenticator.create(options.json().data);
  const created = await call('POST', '/api/auth/passkeys/register/verify', accessToken, { response, name });
  expect(created.statusCode).toBe(201);
  return { accessToken, authenticator, passkey: created.json().data };
}

async function passkeySignIn(authenticator: ReturnType<typeof softAuthenticator>) {
  const options = await call('POST', '/api/auth/passkeys/sign-in/options');
  expect(options.statusCode).toBe(200);
  expect(options.json().data.allowCredentials ?? []).toEqual([]);
  const response = authenticator.get(options.json().data);
  return {
    options: options.json().data,
    response,
    res: await call('POST', '/api/auth/passkeys/sign-in/verify', undefined, { response }),
  };
}

describe('passkeys', () => {
  it('registers a passkey and signs in with it without a password; a replayed answer is refused', async () => {
    const user = await createUser(ctx.db);
    const { accessToken, authenticator, passkey } = await withPasskey(user, 'My laptop');
    expect(passkey).toMatchObject({ name: 'My laptop', lastUsedAt: null, _id: expect.any(String) });
    expect((await call('GET', '/api/auth/passkeys', accessToken)).json().data).toEqual([passkey]);

    const { response, res } = await passkeySignIn(authenticator);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ accessToken: expect.any(String), user: { email: user.email } });
    const me = await call('GET', '/api/users/me', res.json().data.accessToken);
    expect(me.statusCode).toBe(200);
    // The sign-in is listed as a passkey's.
    const sessions = (await call('GET', '/api/auth/sessions', res.json().data.accessToken)).json().data;
    expect(sessions.find((s: { current: boolean }) => s.current).method).toBe('passkey');
    expect((await call('GET', '/api/auth/passkeys', accessToken)).json().data[0].lastUsedAt).not.toBeNull();

    // The same answer again: its challenge is spent.
    const replay = await call('POST', '/api/auth/passkeys/sign-in/verify', undefined, { response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('auth.passkey_challenge');
  });

  it('refuses a made-up challenge, a wrong origin, an unknown credential and a registration challenge used to sign in', async () => {
    const user = await createUser(ctx.db);
    const { accessToken, authenticator } = await withPasskey(user);
    const made = authenticator.get({
      challenge: Buffer.from('made-up-challenge-0123456789').toString('base64url'),
    });
    expect(
      (await call('POST', '/api/auth/passkeys/sign-in/verify', undefined, { response: made })).statusCode,
    ).toBe(400);

    const options = (await call('POST', '/api/auth/passkeys/sign-in/options')).json().data;
    const phished = authenticator.get(options, undefined, { origin: 'https://portal.example.evil' });
    const bad = await call('POST', '/api/auth/passkeys/sign-in/verify', undefined, { response: phished });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('auth.passkey_invalid');

    const stranger = softAuthenticator(rp());
    stranger.create({ challenge: 'x', user: { id: 'nobody' } });
    const opts2 = (await call('POST', '/api/auth/passkeys/sign-in/options')).json().data;
    const unknown = await call('POST', '/api/auth/passkeys/sign-in/verify', undefined, {
      response: stranger.get(opts2),
    });
    expect(unknown.statusCode).toBe(401);

    const reg = (await call('POST', '/api/auth/passkeys/register/options', accessToken)).json().data;
    const wrongPurpose = await call('POST', '/api/auth/passkeys/sign-in/verify', undefined, {
      response: authenticator.get(reg),
    });
    expect(wrongPurpose.statusCode).toBe(400);
    // Garbage is a 400, never a 500.
    const garbage = await call('POST', '/api/auth/passkeys/sign-in/verify', undefined, {
      response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '!!' } },
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('satisfies the second factor where the TOTP code is asked', async () => {
    const user = await createUser(ctx.db);
    const { accessToken, authenticator } = await withPasskey(user);
    const setup = (await call('POST', '/api/auth/totp/setup', accessToken)).json().data;
    expect(
      (await call('POST', '/api/auth/totp/enable', accessToken, { code: totpCode(setup.secret, totpStep()) }))
        .statusCode,
    ).toBe(200);

    const first = await call('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: user.password,
    });
    expect(first.json().data).toEqual({ mfaRequired: true, mfaToken: expect.any(String), passkey: true });
    const { mfaToken } = first.json().data;
    const options = await call('POST', '/api/auth/login/mfa/passkey/options', undefined, { mfaToken });
    expect(options.statusCode).toBe(200);
    expect(options.json().data.allowCredentials).toHaveLength(1);
    const response = authenticator.get(options.json().data);
    const ok = await call('POST', '/api/auth/login/mfa/passkey', undefined, { mfaToken, response });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.accessToken).toEqual(expect.any(String));
    // Without the password's challenge token, a passkey answer is not a second factor.
    expect(
      (await call('POST', '/api/auth/login/mfa/passkey', undefined, { mfaToken: 'forged', response }))
        .statusCode,
    ).toBe(401);
    // Another account's passkey does not complete this account's second step.
    const other = await createUser(ctx.db);
    const { authenticator: otherKey } = await withPasskey(other);
    const opts = (await call('POST', '/api/auth/login/mfa/passkey/options', undefined, { mfaToken })).json()
      .data;
    const foreign = await call('POST', '/api/auth/login/mfa/passkey', undefined, {
      mfaToken,
      response: otherKey.get(opts),
    });
    expect(foreign.statusCode).toBe(401);
  });

  it('renames and removes passkeys; another user’s passkey is 404; the last way in stays', async () => {
    const user = await createUser(ctx.db);
    const { accessToken, passkey } = await withPasskey(user);
    const renamed = await call('PATCH', `/api/auth/passkeys/${passkey._id}`, accessToken, {
      name: '  Phone ',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Phone');
    expect(
      (await call('PATCH', `/api/auth/passkeys/${passkey._id}`, accessToken, { name: '' })).statusCode,
    ).toBe(400);

    const other = await createUser(ctx.db);
    const otherToken = await ctx.signIn(other);
    expect(
      (await call('PATCH', `/api/auth/passkeys/${passkey._id}`, otherToken, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/auth/passkeys/${passkey._id}`, otherToken)).statusCode).toBe(404);

    // An account whose password is unset keeps its last passkey.
    await ctx.db.update(users).set({ passwordHash: '' }).where(eq(users.id, user.id));
    const last = await call('DELETE', `/api/auth/passkeys/${passkey._id}`, accessToken);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('auth.passkey_last');
    expect((await call('GET', '/api/auth/passkeys', accessToken)).json().data).toHaveLength(1);

    // With a password it can go.
    const withPassword = await createUser(ctx.db);
    const second = await withPasskey(withPassword);
    expect(
      (await call('DELETE', `/api/auth/passkeys/${second.passkey._id}`, second.accessToken)).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/auth/passkeys', second.accessToken)).json().data).toEqual([]);
    // A removed passkey signs in no more.
    const { res } = await passkeySignIn(second.authenticator);
    expect(res.statusCode).toBe(401);
  });

  it('will not register the same authenticator twice nor answer another user’s registration challenge', async () => {
    const user = await createUser(ctx.db);
    const { accessToken } = await withPasskey(user);
    const other = await createUser(ctx.db);
    const otherToken = await ctx.signIn(other);
    const options = (await call('POST', '/api/auth/passkeys/register/options', accessToken)).json().data;
    const response = softAuthenticator(rp()).create(options);
    const stolen = await call('POST', '/api/auth/passkeys/register/verify', otherToken, { response });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('auth.passkey_challenge');
  });
});
