import { describe, expect, it } from 'vitest';
import { bearer, createUser, useTestApp } from '../../../test/helpers';
import { describeUserAgent, networkOf } from './sessions';

const ctx = useTestApp({ loginRateLimit: 1000 });

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signInFrom(user: { email: string; password: string }, userAgent: string, ip: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { accessToken: string; refreshToken: string };
}

describe('your sessions', () => {
  it('lists the devices signed in with browser, system, network and times; the current one marked', async () => {
    const user = await createUser(ctx.db);
    const laptop = await signInFrom(user, FIREFOX_MAC, '203.0.113.45');
    const phone = await signInFrom(user, SAFARI_IPHONE, '192.168.1.20');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: bearer(laptop.accessToken),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list).toHaveLength(2);
    const mine = list.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({
      browser: 'Firefox 132',
      os: 'macOS Catalina',
      device: 'desktop',
      network: { kind: 'public', prefix: '203.0.113.0/24' },
      method: 'password',
    });
    expect(JSON.stringify(list)).not.toContain('203.0.113.45');
    const other = list.find((s: { current: boolean }) => !s.current);
    expect(other).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS',
      device: 'mobile',
      network: { kind: 'local' },
    });
    expect(new Date(other.lastSeenAt).getTime()).toBeGreaterThanOrEqual(
      new Date(other.firstSeenAt).getTime(),
    );

    // A refresh moves the last seen time and address.
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      remoteAddress: '2001:db8:abcd:12::1',
      payload: { refreshToken: phone.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const after = (
      await ctx.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(laptop.accessToken) })
    ).json().data;
    expect(after.find((s: { _id: string }) => s._id === other._id).network).toEqual({
      kind: 'public',
      prefix: '2001:db8:abcd::/48',
    });
  });

  it('signs out another device: its refresh and access tokens are refused; another user’s id is 404', async () => {
    const user = await createUser(ctx.db);
    const stranger = await createUser(ctx.db);
    const a = await signInFrom(user, FIREFOX_MAC, '203.0.113.1');
    const b = await signInFrom(user, SAFARI_IPHONE, '203.0.113.2');
    const s = await signInFrom(stranger, FIREFOX_MAC, '198.51.100.7');
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(a.accessToken) })
    ).json().data;
    const phoneId = list.find((x: { current: boolean }) => !x.current)._id;
    const strangerId = (
      await ctx.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(s.accessToken) })
    ).json().data[0]._id;

    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${strangerId}`,
      headers: bearer(a.accessToken),
    });
    expect(foreign.statusCode).toBe(404);
    // The stranger's session lives on.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(s.accessToken) }))
        .statusCode,
    ).toBe(200);

    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phoneId}`,
      headers: bearer(a.accessToken),
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toEqual({ ended: 1 });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refreshToken: b.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(b.accessToken) }))
        .statusCode,
    ).toBe(401);
    // Its notification stream cannot be opened any more either (a ticket needs a live sign-in).
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/notifications/stream/ticket',
          headers: bearer(b.accessToken),
        })
      ).statusCode,
    ).toBe(401);
    // Ended once: a second time it is not found.
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/auth/sessions/${phoneId}`,
          headers: bearer(a.accessToken),
        })
      ).statusCode,
    ).toBe(404);
    const left = (
      await ctx.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(a.accessToken) })
    ).json().data;
    expect(left).toHaveLength(1);
  });

  it('signs out all others and keeps the current one', async () => {
    const user = await createUser(ctx.db);
    const a = await signInFrom(user, FIREFOX_MAC, '203.0.113.1');
    const b = await signInFrom(user, SAFARI_IPHONE, '203.0.113.2');
    const c = await signInFrom(user, SAFARI_IPHONE, '203.0.113.3');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/end-others',
      headers: bearer(a.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ended: 2 });
    for (const t of [b, c]) {
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/refresh',
            payload: { refreshToken: t.refreshToken },
          })
        ).statusCode,
      ).toBe(401);
    }
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: a.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
  });
});

describe('the place and device of a sign-in', () => {
  it('shows a network, never the address, and private addresses as local', () => {
    expect(networkOf('81.166.2.77')).toEqual({ kind: 'public', prefix: '81.166.2.0/24' });
    expect(networkOf('::ffff:81.166.2.77')).toEqual({ kind: 'public', prefix: '81.166.2.0/24' });
    for (const ip of ['10.1.2.3', '172.20.0.1', '192.168.0.9', '127.0.0.1', '::1', 'fd12:3456::1', 'fe80::1'])
      expect(networkOf(ip), ip).toEqual({ kind: 'local', prefix: '' });
    expect(networkOf('2a02:2121:0304:0001::5')).toEqual({ kind: 'public', prefix: '2a02:2121:304::/48' });
    expect(networkOf('not an address').kind).toBe('unknown');
    expect(describeUserAgent('')).toEqual({ browser: '', os: '', device: '' });
  });
});
