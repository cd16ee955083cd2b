import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointDef } from '@portal/contracts';
import { bearer, createUser, useTestApp } from '../../test/helpers';
import { multipart } from '../modules/documents/test-support';

const ctx = useTestApp();
let investor: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  const signIn = async (u: { email: string; password: string }) => bearer(await ctx.signIn(u));
  investor = await signIn(await createUser(ctx.db, { email: 'forms-investor@example.com' }));
  admin = await signIn(await createUser(ctx.db, { email: 'forms-admin@example.com', isAdmin: true }));
});

const declared = Object.values(endpoints).flatMap((group) => Object.values(group) as EndpointDef[]);

describe('forms are parsed only by the routes that take them', () => {
  it('a form sent to a JSON route is a 415 in the envelope, and changes nothing', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: investor });
    const form = await multipart({ name: 'Someone Else', phone: '+358 40 000 0000' });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...investor, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, message: 'Unsupported content type' });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: investor });
    expect(after.json().data.name).toBe(before.json().data.name);
  });

  it('every route declared with a form still takes one: no 415 for a form', async () => {
    const withForms = declared.filter((e) => e.multipart);
    expect(withForms.length).toBeGreaterThanOrEqual(5);
    for (const e of withForms) {
      const url = e.path.replace(/:([A-Za-z]+)/g, '00000000-0000-4000-8000-000000000000');
      const form = await multipart({ note: 'x' });
      const res = await ctx.app.inject({
        method: e.method,
        url,
        headers: { ...admin, ...form.headers },
        payload: form.payload,
      });
      expect([res.statusCode, e.id]).not.toEqual([415, e.id]);
      expect(res.statusCode, e.id).toBeLessThan(500);
    }
  });
});
