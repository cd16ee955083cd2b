import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { bearer, createUser, login, useTestApp } from '../../../test/helpers';

const ctx = useTestApp();

const profile = {
  name: 'Lena Berg',
  phone: null,
  address: null,
  city: null,
  country: null,
  postalCode: null,
};

describe("the account's language", () => {
  it('is English until changed; PUT /api/users/me keeps a new one and leaves it when not given', async () => {
    const user = await createUser(ctx.db, { name: 'Lena Berg' });
    const { accessToken } = await login(ctx.app, user.email, user.password);
    const me = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(accessToken) })).json()
        .data;
    const put = (body: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/users/me', headers: bearer(accessToken), payload: body });

    expect((await me()).locale).toBe('en');
    const changed = await put({ ...profile, locale: 'nb' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.locale).toBe('nb');
    expect((await put(profile)).json().data.locale).toBe('nb');
    expect((await me()).locale).toBe('nb');
  });

  it('refuses a language the portal does not speak, naming the field, and changes nothing', async () => {
    const user = await createUser(ctx.db, { name: 'Lena Berg' });
    const { accessToken } = await login(ctx.app, user.email, user.password);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(accessToken),
      payload: { ...profile, name: 'Changed', locale: 'fr' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Locale must be one of: en, de, nb');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Lena Berg', locale: 'en' });
  });

  it('is the one picked on the sign-up page', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'neu@example.com', password: 'ein langes Passwort 42', locale: 'de' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'neu@example.com'));
    expect(row?.locale).toBe('de');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'other@example.com', password: 'ein langes Passwort 42', locale: 'sv' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
