import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createAdmin, createProject, investorIn, login, requestsOf, useTestApp } from '../../../test/helpers';

const ctx = useTestApp();
const { get, send } = requestsOf(ctx);
let adminToken: string;

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  adminToken = (await login(ctx.app, admin.email, admin.password)).accessToken;
});

const german = {
  title: 'Dach fertig',
  excerpt: 'Das Dach ist dicht.',
  content: '<p>Fertig<script>x()</script></p>',
};

describe("an update's translations", () => {
  it('show an investor the translation into their language, and the update as written otherwise', async () => {
    const p = await createProject(ctx.db);
    const created = await send(adminToken, 'POST', '/api/updates', {
      projectId: p.id,
      title: 'Roof done',
      excerpt: 'The roof is tight.',
      content: '<p>Done</p>',
      translations: { de: german },
    });
    expect(created.statusCode).toBe(201);
    // The admin sees the update as written, with its translations (their HTML sanitized as the update's).
    expect(created.json().data).toMatchObject({
      title: 'Roof done',
      translatedTo: null,
      translations: {
        de: { title: 'Dach fertig', excerpt: 'Das Dach ist dicht.', content: '<p>Fertig</p>' },
      },
    });

    const reader = await investorIn(ctx, p.id);
    const list = async () => (await get(reader.token, `/api/updates?projectId=${p.id}`)).json().updates[0];
    expect(await list()).toMatchObject({ title: 'Roof done', content: '<p>Done</p>', translatedTo: null });
    expect((await list()).translations).toBeUndefined();

    await ctx.db.update(users).set({ locale: 'de' }).where(eq(users.id, reader.id));
    expect(await list()).toMatchObject({
      title: 'Dach fertig',
      excerpt: 'Das Dach ist dicht.',
      content: '<p>Fertig</p>',
      translatedTo: 'de',
    });

    // No Norwegian translation: a Norwegian investor reads it as written.
    await ctx.db.update(users).set({ locale: 'nb' }).where(eq(users.id, reader.id));
    expect(await list()).toMatchObject({ title: 'Roof done', translatedTo: null });

    // Sent, the translations replace the old ones; `{}` removes them all.
    const id = created.json().data._id;
    const changed = await send(adminToken, 'PUT', `/api/updates/${id}`, {
      translations: { nb: { title: 'Taket er ferdig' } },
    });
    expect(changed.json().data.translations).toEqual({
      nb: { title: 'Taket er ferdig', excerpt: '', content: '' },
    });
    expect(await list()).toMatchObject({ title: 'Taket er ferdig', excerpt: '', translatedTo: 'nb' });
    await send(adminToken, 'PUT', `/api/updates/${id}`, { translations: {} });
    expect(await list()).toMatchObject({ title: 'Roof done', translatedTo: null });
  });

  it('refuses a translation without a title, or into a language the portal does not speak, and keeps the update', async () => {
    const p = await createProject(ctx.db);
    const created = await send(adminToken, 'POST', '/api/updates', { projectId: p.id, title: 'Kept' });
    const id = created.json().data._id;
    const noTitle = await send(adminToken, 'PUT', `/api/updates/${id}`, {
      title: 'Changed',
      translations: { de: { excerpt: 'Nur Text' } },
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toContain('Title is required');
    const french = await send(adminToken, 'PUT', `/api/updates/${id}`, {
      translations: { fr: { title: 'Toit' } },
    });
    expect(french.statusCode).toBe(400);
    const reader = await investorIn(ctx, p.id);
    expect((await get(reader.token, `/api/updates?projectId=${p.id}`)).json().updates[0]).toMatchObject({
      title: 'Kept',
      translatedTo: null,
    });
  });
});
