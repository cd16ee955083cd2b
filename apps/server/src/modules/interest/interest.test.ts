import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, interestRegistrations } from '../../db/schema';
import { bearer, countQueries, createUser, signInAdmin, useTestApp } from '../../../test/helpers';

const ctx = useTestApp();
let investor: { id: string; name: string; email: string; token: string };
let adminToken: string;

beforeAll(async () => {
  const u = await createUser(ctx.db, { name: 'Ivy Interested' });
  investor = { ...u, token: await ctx.signIn(u) };
  adminToken = await signInAdmin(ctx);
});

const post = (payload: unknown, token = investor.token) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/interest',
    headers: bearer(token),
    payload: payload as object,
  });
const list = (query = '', token = adminToken) =>
  ctx.app.inject({ method: 'GET', url: `/api/interest${query}`, headers: bearer(token) });

describe('POST /api/interest', () => {
  it('stores the submission for the signed-in user', async () => {
    const res = await post({
      name: '  Ivy Interested ',
      email: 'ivy@example.test',
      phone: '+358 40 1',
      investmentAmount: 25000,
      message: 'Call me after 5 pm.',
      status: 'closed',
      userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Thank you for your interest! Our team will contact you soon.');
    expect(body.data).toMatchObject({
      name: 'Ivy Interested',
      email: 'ivy@example.test',
      phone: '+358 40 1',
      investmentAmount: 25000,
      message: 'Call me after 5 pm.',
      status: 'new',
      user: { _id: investor.id, name: 'Ivy Interested', email: investor.email },
    });
    const [row] = await ctx.db
      .select()
      .from(interestRegistrations)
      .where(eq(interestRegistrations.id, body.data._id));
    expect(row).toMatchObject({ userId: investor.id, amount: '25000.00', status: 'new' });
  });

  it('takes the optional fields as left out, empty or null', async () => {
    const res = await post({ name: 'Min', email: 'min@example.test', phone: '', investmentAmount: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ phone: null, investmentAmount: null, message: '' });
    const upper = await post({ name: 'Max', email: 'max@example.test', investmentAmount: '500000' });
    expect(upper.statusCode).toBe(201);
    expect(upper.json().data.investmentAmount).toBe(500000);
  });

  it.each([
    [{ email: 'a@b.co' }, 'Full Name is required'],
    [{ name: '   ', email: 'a@b.co' }, 'Full Name is required'],
    [{ name: 'A' }, 'Email is required'],
    [{ name: 'A', email: '' }, 'Email is required'],
    [{ name: 'A', email: 'not-an-email' }, 'Invalid email format'],
    [
      { name: 'A', email: 'a@b.co', investmentAmount: 24999.99 },
      'Intended Investment Amount must be between €25,000 and €500,000',
    ],
    [
      { name: 'A', email: 'a@b.co', investmentAmount: 500001 },
      'Intended Investment Amount must be between €25,000 and €500,000',
    ],
    [
      { name: 'A', email: 'a@b.co', investmentAmount: 'a lot' },
      'Intended Investment Amount must be a number',
    ],
    [{ name: 'x'.repeat(121), email: 'a@b.co' }, 'Full Name must be at most 120 characters'],
    [
      { name: 'A', email: 'a@b.co', investmentAmount: '-5' },
      'Intended Investment Amount must be a positive amount',
    ],
    [
      { name: 'A', email: 'a@b.co', investmentAmount: -5 },
      'Intended Investment Amount must be a positive amount',
    ],
    [{ name: 'A', email: 'a@b.co', phone: '1'.repeat(41) }, 'Phone must be a phone number'],
    [{ name: 'A', email: 'a@b.co', phone: 'call me maybe' }, 'Phone must be a phone number'],
    [
      { name: 'A', email: 'a@b.co', message: 'm'.repeat(2001) },
      'Additional comments must be at most 2000 characters',
    ],
  ])('refuses %j with 400: %s', async (payload, message) => {
    const before = (await ctx.db.select().from(interestRegistrations)).length;
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    // The message names the field: the field's label, and its key when the label differs from it.
    // A schema's refusal adds each field's code (the bounds of the open opportunity are the service's).
    const { fieldCodes, ...body } = res.json();
    expect(body).toEqual({
      success: false,
      message: body.error,
      error: expect.stringContaining(message),
      // The opportunity's bounds are the service's own refusal, with a code and the bounds as params.
      code: message.includes('must be between') ? 'interest.amount_out_of_range' : 'common.validation',
      fields: expect.any(Object),
      ...(message.includes('must be between') && { params: { min: 25000, max: 500000 } }),
    });
    if (!message.includes('between')) expect(Object.keys(fieldCodes)).toEqual(Object.keys(body.fields));
    expect((await ctx.db.select().from(interestRegistrations)).length).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/interest',
      payload: { name: 'A', email: 'a@b.co' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/interest (admin)', () => {
  it('lists the submissions newest first, paged, with a total', async () => {
    for (const n of ['First', 'Second', 'Third']) {
      expect((await post({ name: `Paged ${n}`, email: `${n.toLowerCase()}@paged.test` })).statusCode).toBe(
        201,
      );
    }
    const res = await list('?q=paged&pageSize=2');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.total).toBe(3);
    expect(data.page).toBe(1);
    expect(data.pageSize).toBe(2);
    expect(data.items.map((i: { name: string }) => i.name)).toEqual(['Paged Third', 'Paged Second']);
    const page2 = (await list('?q=paged&pageSize=2&page=2')).json().data;
    expect(page2.items.map((i: { name: string }) => i.name)).toEqual(['Paged First']);
    expect(page2.items[0].user).toEqual({ _id: investor.id, name: investor.name, email: investor.email });
  });

  it('filters by status and searches names and emails literally', async () => {
    expect((await list('?status=contacted')).json().data).toMatchObject({ total: 0, items: [] });
    expect((await list('?q=%25')).json().data.total).toBe(0);
    expect((await list('?q=SECOND%40PAGED')).json().data.total).toBe(1);
  });

  it('refuses bad paging and is for admins only', async () => {
    expect((await list('?pageSize=1000')).statusCode).toBe(400);
    expect((await list('?status=lost')).statusCode).toBe(400);
    expect((await list('', investor.token)).statusCode).toBe(403);
  });

  it('costs the same number of queries for one row as for a page of them', async () => {
    const measure = async (pageSize: number) => {
      return countQueries(ctx, async () => {
        expect((await list(`?pageSize=${pageSize}`)).statusCode).toBe(200);
      });
    };
    expect(await measure(1)).toBe(await measure(50));
  });
});

describe('PUT /api/interest/:id/status', () => {
  it('lets an admin move a registration along, recorded in the audit log', async () => {
    const created = (await post({ name: 'Status Person', email: 'status@example.test' })).json().data;
    const put = (body: object, token = adminToken, id = created._id) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/interest/${id}/status`,
        headers: bearer(token),
        payload: body,
      });
    expect((await put({ status: 'contacted' }, investor.token)).statusCode).toBe(403);
    const bad = await put({ status: 'won' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Status must be one of new, contacted, closed/);
    expect((await put({ status: 'closed' }, adminToken, crypto.randomUUID())).statusCode).toBe(404);
    const ok = await put({ status: 'contacted' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      _id: created._id,
      status: 'contacted',
      user: { name: 'Ivy Interested' },
    });
    const [row] = await ctx.db
      .select()
      .from(interestRegistrations)
      .where(eq(interestRegistrations.id, created._id));
    expect(row!.status).toBe('contacted');
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, created._id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'update',
      entity: 'interest',
      details: { status: 'contacted' },
    });
    expect((await list('?status=contacted')).json().data.items.map((i: { _id: string }) => i._id)).toContain(
      created._id,
    );
  });
});
