import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, enableTwoFactor, type TestUser, useTestApp } from '../../../test/helpers';
import { LoginLimiter } from '../credentials/login-limiter';
import { DEVICE_COOKIE } from './routes';

/** The limiter's clock: tests move it instead of sleeping. */
let clock = Date.UTC(2026, 10, 25, 9, 0, 0);
const ctx = useTestApp({}, { limiter: new LoginLimiter(5, { now: () => clock }) });

function signIn(user: TestUser, password: string, remoteAddress: string, device?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password },
    remoteAddress,
    cookies: device ? { [DEVICE_COOKIE]: device } : undefined,
  });
}

const deviceCookie = (res: Awaited<ReturnType<typeof signIn>>) =>
  res.cookies.find((c) => c.name === DEVICE_COOKIE);

const ACCOUNT_WAIT =
  /^Too many failed sign-in attempts for this account\. Try again in (\d+) seconds?, or sign in from a device you have signed in from before\.$/;

describe('guessing from one address', () => {
  it('locks that address out of that account with a 429 that says why; the owner elsewhere signs in', async () => {
    const owner = await createUser(ctx.db);
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 20; i++) {
      last = await signIn(owner, `guess-${i}`, '203.0.113.66');
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    expect(last!.json().message).toBe(
      'Too many failed sign-in attempts for this account from your network address. Try again in 15 minutes.',
    );
    expect(Number(last!.headers['retry-after'])).toBe(900);
    // Even the right password waits at that address …
    expect((await signIn(owner, owner.password, '203.0.113.66')).statusCode).toBe(429);
    // … while the owner at home is not stopped at all.
    expect((await signIn(owner, owner.password, '192.0.2.10')).statusCode).toBe(200);
  });
});

describe('guessing from many addresses', () => {
  let owner: TestUser;
  let device: string;
  let host = 0;
  const attacker = () => `198.51.100.${++host}`;

  beforeAll(async () => {
    owner = await createUser(ctx.db);
    // The owner signed in from this browser before: it is a known device of the account.
    const res = await signIn(owner, owner.password, '192.0.2.20');
    expect(res.statusCode).toBe(200);
    const cookie = deviceCookie(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });
    expect(cookie.maxAge).toBe(180 * 24 * 3600);
    device = cookie.value;
  });

  it('slows the account down with growing delays instead of locking it, and says how long to wait', async () => {
    // One address's worth of failures (five) costs nothing extra; the sixth starts the delays.
    for (let i = 0; i < 6; i++) expect((await signIn(owner, `guess-${i}`, attacker())).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 5; round++) {
      const refused = await signIn(owner, 'guess', attacker());
      expect(refused.statusCode).toBe(429);
      const seconds = Number(ACCOUNT_WAIT.exec(refused.json().message)?.[1]);
      expect(Number(refused.headers['retry-after'])).toBe(seconds);
      waits.push(seconds);
      // Knocking while waiting is not checked and does not make the wait longer.
      for (let i = 0; i < 3; i++)
        expect((await signIn(owner, owner.password, attacker())).statusCode).toBe(429);
      clock += seconds * 1000 - 1;
      expect((await signIn(owner, 'guess', attacker())).statusCode).toBe(429);
      clock += 1;
      expect((await signIn(owner, `guess-round-${round}`, attacker())).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);
  });

  it('lets the owner in at once from a known device, from any address', async () => {
    expect((await signIn(owner, owner.password, attacker())).statusCode).toBe(429);
    const res = await signIn(owner, owner.password, '203.0.113.200', device);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(owner.email);
    // The device keeps its token (and so its id).
    expect(deviceCookie(res)).toBeUndefined();
  });

  it('does not let a forged token or another account’s device token skip the wait', async () => {
    const other = await createUser(ctx.db);
    const otherDevice = deviceCookie(await signIn(other, other.password, '192.0.2.30'))!.value;
    const [h, p] = device.split('.');
    for (const token of [otherDevice, `${h}.${p}.forged`, 'garbage']) {
      const res = await signIn(owner, owner.password, attacker(), token);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(ACCOUNT_WAIT);
    }
  });

  it('still limits guesses from a known device, per device', async () => {
    const user = await createUser(ctx.db);
    const mine = deviceCookie(await signIn(user, user.password, '192.0.2.40'))!.value;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await signIn(user, `guess-${i}`, '192.0.2.40', mine)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await signIn(user, user.password, '192.0.2.40', mine);
    expect(locked.json().message).toMatch(/from this device\. Try again in 15 minutes\.$/);
  });
});

describe('guessing the current password with a stolen session', () => {
  let host = 0;
  const attacker = () => `198.51.100.${++host % 250}`;
  const WRONG_PASSWORDS = /^Too many wrong passwords for this account\. Try again in \d+ seconds?\.$/;

  const confirmations = {
    'PUT /api/users/me/bank-account': (token: string, password: string, remoteAddress: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/users/me/bank-account',
        headers: bearer(token),
        payload: { iban: 'FI2112345600000785', holder: 'Emma Lindqvist', currentPassword: password },
        remoteAddress,
      }),
    'POST /api/auth/password': (token: string, password: string, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: bearer(token),
        payload: { currentPassword: password, newPassword: 'a-new-Passphrase-2026' },
        remoteAddress,
      }),
  };

  for (const [name, confirm] of Object.entries(confirmations)) {
    it(`${name}: wrong passwords from many addresses count against the account as at sign-in`, async () => {
      const owner = await createUser(ctx.db);
      const accessToken = await ctx.signIn(owner);
      const codes: number[] = [];
      let last;
      for (let i = 0; i < 25; i++) {
        last = await confirm(accessToken, `guess-${i}`, attacker());
        codes.push(last.statusCode);
      }
      // One address's worth (five) and one more, then the account's delay: 429 with the wait.
      expect(codes).toEqual([...Array(6).fill(401), ...Array(19).fill(429)]);
      expect(last!.json().message).toMatch(WRONG_PASSWORDS);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      // The same count holds at the sign-in: the session earns no extra guesses there either.
      expect((await signIn(owner, 'guess', attacker())).json().message).toMatch(ACCOUNT_WAIT);
    });
  }

  it('locks one address out after the account’s failures from it, like the sign-in', async () => {
    const owner = await createUser(ctx.db);
    const accessToken = await ctx.signIn(owner);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await confirmations['POST /api/auth/password'](accessToken, `guess-${i}`, '203.0.113.77'))
          .statusCode,
      );
      clock += 60_000;
    }
    const locked = await confirmations['PUT /api/users/me/bank-account'](
      accessToken,
      owner.password,
      '203.0.113.77',
    );
    expect([...codes, locked.statusCode]).toEqual([401, 401, 401, 401, 401, 429]);
    expect(locked.json().message).toMatch(
      /^Too many wrong passwords for this account\. Try again in 10 minutes\.$/,
    );
    // The owner's right password from elsewhere goes through.
    expect(
      (await confirmations['PUT /api/users/me/bank-account'](accessToken, owner.password, '192.0.2.50'))
        .statusCode,
    ).toBe(200);
  });
});

describe('wrong codes at the two-factor step', () => {
  const mfa = (mfaToken: string, code: string, remoteAddress: string, device?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/mfa',
      payload: { mfaToken, code },
      remoteAddress,
      cookies: device ? { [DEVICE_COOKIE]: device } : undefined,
    });
  const challenge = async (user: TestUser, remoteAddress: string, device?: string) => {
    const res = await signIn(user, user.password, remoteAddress, device);
    expect(res.statusCode).toBe(200);
    return res.json().data.mfaToken as string;
  };

  /** Turns two-factor sign-in on; answers the recovery codes. */
  async function enrol(user: TestUser): Promise<string[]> {
    return (await enableTwoFactor(ctx.app, await ctx.signIn(user))).recoveryCodes;
  }

  it('lock out whoever sent them, but not the owner’s known device', async () => {
    const owner = await createUser(ctx.db);
    const codes = await enrol(owner);
    // The owner completed a sign-in from this browser before: a known device.
    const first = await mfa(await challenge(owner, '192.0.2.60'), codes[0]!, '192.0.2.60');
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first)!.value;

    // Someone who knows the password tries codes from several addresses.
    const guesses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const from = `198.51.100.${200 + i}`;
      guesses.push((await mfa(await challenge(owner, from), `0000${i}0`, from)).statusCode);
    }
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const locked = await mfa(await challenge(owner, '198.51.100.220'), codes[1]!, '198.51.100.220');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(
      'Too many failed sign-in attempts for this account. Try again in 15 minutes, ' +
        'or sign in from a device you have signed in from before.',
    );

    // The owner's known device gets in, from any address.
    const mine = await mfa(await challenge(owner, '203.0.113.60', device), codes[2]!, '203.0.113.60', device);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.user.email).toBe(owner.email);
  });

  it('from a known device count against that device, and another account’s device does not pass', async () => {
    const owner = await createUser(ctx.db);
    const codes = await enrol(owner);
    const device = deviceCookie(
      await mfa(await challenge(owner, '192.0.2.61'), codes[0]!, '192.0.2.61'),
    )!.value;
    const other = await createUser(ctx.db);
    const otherDevice = deviceCookie(await signIn(other, other.password, '192.0.2.62'))!.value;

    const guesses: number[] = [];
    for (let i = 0; i < 6; i++)
      guesses.push(
        (await mfa(await challenge(owner, '192.0.2.61', device), `1111${i}1`, '192.0.2.61', device))
          .statusCode,
      );
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429]);
    const own = await mfa(await challenge(owner, '192.0.2.61', device), codes[1]!, '192.0.2.61', device);
    expect(own.json().message).toMatch(/from this device\. Try again in 15 minutes\.$/);
    // The account's step is locked too, and another account's device token does not open it.
    const foreign = await mfa(await challenge(owner, '192.0.2.63'), codes[1]!, '192.0.2.63', otherDevice);
    expect(foreign.statusCode).toBe(429);
  });
});

describe('LoginLimiter', () => {
  it('doubles the account delay with each failure up to the window, and forgets failures after it', async () => {
    let now = 0;
    const limiter = new LoginLimiter(5, { now: () => now, windowMs: 3600_000, maxDelayMs: 900_000 });
    const from = (i: number) => ({ account: 'Someone@Example.com', address: `203.0.113.${i}` });
    const delays: number[] = [];
    for (let i = 0; i < 16; i++) {
      now += await limiter.accountDelayMs(from(i));
      await limiter.checkSignIn(from(i));
      await limiter.failSignIn(from(i));
      delays.push(await limiter.accountDelayMs({ ...from(99), account: 'someone@example.com' }));
    }
    expect(delays.map((d) => d / 1000)).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
    now += 3600_000;
    expect(await limiter.accountDelayMs(from(1))).toBe(0);
  });
});
