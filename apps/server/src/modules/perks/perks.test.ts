import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, cabinAllowances, perks } from '../../db/schema';
import { createProject, investorIn, requestsOf, useAdminApp } from '../../../test/helpers';
import { createAllowance, createBooking, createPerk, isoDay } from '../../../test/content-factories';

const ctx = useAdminApp();

const { get, send } = requestsOf(ctx);

describe('the three perk reads', () => {
  it("fail with 'Project ID is required' when no id is given", async () => {
    const inv = await investorIn(ctx);
    for (const what of ['cabin-nights', 'benefits', 'usage-summary'])
      for (const url of [`/api/perks/${what}`, `/api/perks/${what}/`, `/api/perks/${what}/%20`]) {
        const res = await get(inv.token, url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({
          success: false,
          message: 'Project ID is required',
          error: 'Project ID is required',
          code: 'projects.project_id_required',
        });
      }
    const malformed = await get(inv.token, '/api/perks/cabin-nights/nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      message: 'Project ID must be a valid id',
      code: 'projects.project_id_invalid',
    });
  });

  it('answer 404 for a project the investor does not hold, and 401 without a token', async () => {
    const theirs = await createProject(ctx.db);
    await createPerk(ctx.db, theirs.id, { name: 'Hidden perk' });
    const inv = await investorIn(ctx, await createProject(ctx.db).then((p) => p.id));
    for (const what of ['cabin-nights', 'benefits', 'usage-summary']) {
      const res = await get(inv.token, `/api/perks/${what}/${theirs.id}`);
      expect(res.statusCode, what).toBe(404);
      expect(res.body).not.toContain('Hidden perk');
      expect((await get(inv.token, `/api/perks/${what}/not-a-uuid`)).statusCode).toBe(400);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/perks/${what}/${theirs.id}` })).statusCode,
      ).toBe(401);
    }
  });
});

describe('GET /api/perks/cabin-nights/:projectId', () => {
  it('derives remaining and bonus nights from the pending and approved requests only', async () => {
    const p = await createProject(ctx.db);
    const inv = await investorIn(ctx, p.id);
    const expires = isoDay(800);
    await createAllowance(ctx.db, inv.id, p.id, { totalNights: 14, bonusNights: 3, expiresAt: expires });
    await createBooking(ctx.db, inv.id, p.id, [isoDay(10), isoDay(11), isoDay(12)], { status: 'approved' });
    await createBooking(ctx.db, inv.id, p.id, [isoDay(40), isoDay(30)], { status: 'pending', type: 'gift' });
    await createBooking(ctx.db, inv.id, p.id, [isoDay(50), isoDay(51)], { status: 'declined' });
    await createBooking(ctx.db, inv.id, p.id, [isoDay(60)], { status: 'cancelled' });
    // Someone else's nights in the same project do not count.
    const other = await investorIn(ctx, p.id);
    await createAllowance(ctx.db, other.id, p.id);
    await createBooking(ctx.db, other.id, p.id, [isoDay(10)], { status: 'approved' });

    const res = await get(inv.token, `/api/perks/cabin-nights/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      cabinNights: {
        totalNights: 14,
        remainingNights: 9,
        bonusNights: 3,
        bonusNightsTotal: 3,
        bookedNights: 5,
        yearsRemaining: Math.round((800 / 365.25) * 10) / 10,
        expirationDate: expires,
        requestedNights: [isoDay(10), isoDay(11), isoDay(12), isoDay(30), isoDay(40)],
      },
    });
  });

  it('spends bonus nights only once the remaining nights reach zero', async () => {
    const p = await createProject(ctx.db);
    const inv = await investorIn(ctx, p.id);
    await createAllowance(ctx.db, inv.id, p.id, { totalNights: 2, bonusNights: 3 });
    await createBooking(ctx.db, inv.id, p.id, [isoDay(5), isoDay(6), isoDay(7)]);
    const { cabinNights } = (await get(inv.token, `/api/perks/cabin-nights/${p.id}`)).json();
    expect(cabinNights).toMatchObject({
      totalNights: 2,
      remainingNights: 0,
      bonusNights: 2,
      bookedNights: 3,
    });
  });

  it('answers cabinNights null for an investor without an allowance', async () => {
    const p = await createProject(ctx.db);
    const inv = await investorIn(ctx, p.id);
    expect((await get(inv.token, `/api/perks/cabin-nights/${p.id}`)).json()).toEqual({
      success: true,
      cabinNights: null,
    });
  });
});

/** A perk with every field set, written and read back as it is. */
const HUSKY = {
  name: 'Husky safari',
  type: 'safari',
  category: 'premium',
  icon: '🐕',
  description: 'Sled ride',
  discount: '25% off',
  status: 'seasonal',
  bookingAvailable: true,
} as const;

describe('GET /api/perks/benefits/:projectId', () => {
  it('answers { success, perks }: active and seasonal ones for investors, every one for admins', async () => {
    const p = await createProject(ctx.db);
    const husky = await createPerk(ctx.db, p.id, HUSKY);
    await createPerk(ctx.db, p.id, { name: 'Dinner', type: 'dining' });
    await createPerk(ctx.db, p.id, { name: 'Old spa', type: 'wellness', status: 'inactive' });
    await createPerk(ctx.db, (await createProject(ctx.db)).id, { name: 'Elsewhere' });
    const inv = await investorIn(ctx, p.id);
    const res = await get(inv.token, `/api/perks/benefits/${p.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['perks', 'success']);
    expect(body.perks.map((x: { name: string }) => x.name).sort()).toEqual(['Dinner', 'Husky safari']);
    expect(body.perks.find((x: { name: string }) => x.name === 'Husky safari')).toEqual({
      _id: husky.id,
      projectId: p.id,
      ...HUSKY,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const admin = (await get(ctx.admin.token, `/api/perks/benefits/${p.id}`)).json();
    expect(admin.perks.map((x: { name: string }) => x.name).sort()).toEqual([
      'Dinner',
      'Husky safari',
      'Old spa',
    ]);
  });
});

describe('GET /api/perks/usage-summary/:projectId', () => {
  it('counts nights by kind from the live requests; the value is the rental income recorded', async () => {
    const p = await createProject(ctx.db);
    const inv = await investorIn(ctx, p.id);
    await createAllowance(ctx.db, inv.id, p.id, { totalNights: 30 });
    const at = (iso: string) => new Date(iso);
    await createBooking(ctx.db, inv.id, p.id, [isoDay(3), isoDay(4), isoDay(5)], {
      status: 'approved',
      createdAt: at('2026-01-01T10:00:00Z'),
      decidedAt: at('2026-01-02T10:00:00Z'),
    });
    await createBooking(ctx.db, inv.id, p.id, [isoDay(8), isoDay(9)], {
      type: 'gift',
      giftRecipient: 'sis@example.com',
      createdAt: at('2026-01-03T10:00:00Z'),
    });
    await createBooking(ctx.db, inv.id, p.id, [isoDay(10), isoDay(11), isoDay(12)], {
      type: 'rental',
      rentalPrice: '185.10',
      status: 'approved',
      createdAt: at('2026-01-04T10:00:00Z'),
      decidedAt: at('2026-01-05T10:00:00Z'),
    });
    await createBooking(ctx.db, inv.id, p.id, [isoDay(13), isoDay(14)], {
      type: 'rental',
      rentalPrice: '99.99',
      createdAt: at('2026-01-06T10:00:00Z'),
    });
    // Declined and cancelled requests count for nothing but still show in the activity.
    await createBooking(ctx.db, inv.id, p.id, [isoDay(20)], {
      type: 'rental',
      rentalPrice: '1000.00',
      status: 'declined',
      createdAt: at('2026-01-07T10:00:00Z'),
      decidedAt: at('2026-01-08T10:00:00Z'),
    });
    const res = await get(inv.token, `/api/perks/usage-summary/${p.id}`);
    expect(res.statusCode).toBe(200);
    const { success, usage } = res.json();
    expect(success).toBe(true);
    // No rental income recorded yet: the nights requested, and nothing earned so far.
    expect(usage).toMatchObject({ personalStays: 3, gifted: 2, rented: 5, totalValue: 0 });
    expect(usage.recentActivity.map((a: { _id: string; date: string }) => a.date)).toEqual([
      '2026-01-08T10:00:00.000Z',
      '2026-01-07T10:00:00.000Z',
      '2026-01-06T10:00:00.000Z',
      '2026-01-05T10:00:00.000Z',
      '2026-01-04T10:00:00.000Z',
      '2026-01-03T10:00:00.000Z',
      '2026-01-02T10:00:00.000Z',
      '2026-01-01T10:00:00.000Z',
    ]);
    expect(usage.recentActivity[0]).toMatchObject({
      description: 'Rental of 1 night declined',
      type: 'rental',
      status: 'declined',
    });
    expect(usage.recentActivity[2].description).toMatch(
      /^Requested 2 nights \(.+\) for rental at €99\.99 a night$/,
    );
    expect(usage.recentActivity[5].description).toMatch(
      /^Requested 2 nights \(.+\) as a gift for sis@example\.com$/,
    );
    expect(usage.recentActivity[7].description).toMatch(/^Requested 3 nights \(.+\) for a personal stay$/);
  });

  it('answers zeros for an investor without requests, and keeps the activity to the latest 10 events', async () => {
    const p = await createProject(ctx.db);
    const inv = await investorIn(ctx, p.id);
    expect((await get(inv.token, `/api/perks/usage-summary/${p.id}`)).json().usage).toEqual({
      personalStays: 0,
      gifted: 0,
      rented: 0,
      totalValue: 0,
      recentActivity: [],
    });
    await createAllowance(ctx.db, inv.id, p.id, { totalNights: 30 });
    for (let i = 0; i < 12; i++) await createBooking(ctx.db, inv.id, p.id, [isoDay(10 + i)]);
    const { usage } = (await get(inv.token, `/api/perks/usage-summary/${p.id}`)).json();
    expect(usage.personalStays).toBe(12);
    expect(usage.recentActivity).toHaveLength(10);
  });
});

describe('admin perk writes', () => {
  const valid = { name: 'Kayak', type: 'activity', status: 'active' };

  it("refuse a perk without name, type or status with 'Name, Type, and Status are required'", async () => {
    const p = await createProject(ctx.db);
    for (const payload of [
      { type: 'activity', status: 'active' },
      { name: '  ', type: 'activity', status: 'active' },
      { name: 'Kayak', status: 'active' },
      { name: 'Kayak', type: '', status: 'active' },
      { name: 'Kayak', type: 'activity' },
      { name: 'Kayak', type: 'activity', status: '' },
      {},
    ]) {
      const res = await send(ctx.admin.token, 'POST', `/api/perks/benefits/${p.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('Name, Type, and Status are required');
    }
    const badType = await send(ctx.admin.token, 'POST', `/api/perks/benefits/${p.id}`, {
      ...valid,
      type: 'yacht',
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/^Type must be one of cabin, dining/);
    const badStatus = await send(ctx.admin.token, 'POST', `/api/perks/benefits/${p.id}`, {
      ...valid,
      status: 'gone',
    });
    expect(badStatus.json().message).toBe('Status must be one of active, inactive, seasonal');
    expect(await ctx.db.select().from(perks).where(eq(perks.projectId, p.id))).toHaveLength(0);
  });

  it('create with defaults, change and delete a perk, each audited', async () => {
    const p = await createProject(ctx.db);
    const created = await send(ctx.admin.token, 'POST', `/api/perks/benefits/${p.id}`, {
      ...valid,
      description: 'Sea kayaks',
      discount: '30% off',
    });
    expect(created.statusCode).toBe(201);
    const perk = created.json().data;
    expect(perk).toMatchObject({
      projectId: p.id,
      name: 'Kayak',
      type: 'activity',
      status: 'active',
      category: 'standard',
      icon: '🏠',
      bookingAvailable: false,
      discount: '30% off',
    });
    const changed = await send(ctx.admin.token, 'PUT', `/api/perks/benefits/${p.id}/${perk._id}`, {
      ...valid,
      name: 'Sea kayak',
      status: 'seasonal',
      bookingAvailable: true,
      category: 'premium',
      icon: '🛶',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Sea kayak',
      status: 'seasonal',
      bookingAvailable: true,
      icon: '🛶',
    });
    // The perk belongs to its project: another project's path does not reach it.
    const elsewhere = await createProject(ctx.db);
    expect(
      (await send(ctx.admin.token, 'PUT', `/api/perks/benefits/${elsewhere.id}/${perk._id}`, valid))
        .statusCode,
    ).toBe(404);
    expect(
      (await send(ctx.admin.token, 'DELETE', `/api/perks/benefits/${elsewhere.id}/${perk._id}`)).statusCode,
    ).toBe(404);
    const deleted = await send(ctx.admin.token, 'DELETE', `/api/perks/benefits/${p.id}/${perk._id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Deleted' });
    expect(
      (await send(ctx.admin.token, 'DELETE', `/api/perks/benefits/${p.id}/${perk._id}`)).statusCode,
    ).toBe(404);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, perk._id));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(
      (await send(ctx.admin.token, 'POST', `/api/perks/benefits/${crypto.randomUUID()}`, valid)).statusCode,
    ).toBe(404);
  });

  it('are refused to investors', async () => {
    const p = await createProject(ctx.db);
    const existing = await createPerk(ctx.db, p.id, { name: 'Keep' });
    const inv = await investorIn(ctx, p.id);
    expect((await send(inv.token, 'POST', `/api/perks/benefits/${p.id}`, valid)).statusCode).toBe(403);
    expect(
      (await send(inv.token, 'PUT', `/api/perks/benefits/${p.id}/${existing.id}`, valid)).statusCode,
    ).toBe(403);
    expect((await send(inv.token, 'DELETE', `/api/perks/benefits/${p.id}/${existing.id}`)).statusCode).toBe(
      403,
    );
    expect(await ctx.db.select({ name: perks.name }).from(perks).where(eq(perks.projectId, p.id))).toEqual([
      { name: 'Keep' },
    ]);
  });
});

describe('admin cabin-night allowance of one user', () => {
  it('reads null, sets, reads back and refuses going below the nights already requested', async () => {
    const p = await createProject(ctx.db);
    const inv = await investorIn(ctx, p.id);
    const url = `/api/perks/cabin-nights/${p.id}/users/${inv.id}`;
    expect((await get(ctx.admin.token, url)).json()).toEqual({ success: true, data: null });
    const set = await send(ctx.admin.token, 'PUT', url, {
      totalNights: 10,
      bonusNights: 2,
      expiresAt: '2029-12-31',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({
      userId: inv.id,
      projectId: p.id,
      totalNights: 10,
      bonusNights: 2,
      expiresAt: '2029-12-31',
      bookedNights: 0,
      remainingNights: 10,
      bonusNightsRemaining: 2,
    });
    await createBooking(ctx.db, inv.id, p.id, [isoDay(1), isoDay(2), isoDay(3), isoDay(4)]);
    expect((await get(ctx.admin.token, url)).json().data).toMatchObject({
      bookedNights: 4,
      remainingNights: 6,
    });
    const tooLow = await send(ctx.admin.token, 'PUT', url, {
      totalNights: 2,
      bonusNights: 1,
      expiresAt: '2029-12-31',
    });
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json().message).toMatch(/already has 4 nights requested/);
    const [row] = await ctx.db
      .select()
      .from(cabinAllowances)
      .where(and(eq(cabinAllowances.userId, inv.id), eq(cabinAllowances.projectId, p.id)));
    expect(row).toMatchObject({ totalNights: 10, bonusNights: 2 });
    const lower = await send(ctx.admin.token, 'PUT', url, {
      totalNights: 3,
      bonusNights: 1,
      expiresAt: '2030-01-31',
    });
    expect(lower.json().data).toMatchObject({
      remainingNights: 0,
      bonusNightsRemaining: 0,
      expiresAt: '2030-01-31',
    });
    // The investor sees the new figures.
    expect((await get(inv.token, `/api/perks/cabin-nights/${p.id}`)).json().cabinNights).toMatchObject({
      totalNights: 3,
      remainingNights: 0,
      bonusNights: 0,
    });
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audit).toHaveLength(2);
  });

  it('refuses bad values, users outside the project and investors', async () => {
    const p = await createProject(ctx.db);
    const inv = await investorIn(ctx, p.id);
    const outsider = await investorIn(ctx);
    const url = `/api/perks/cabin-nights/${p.id}/users/${inv.id}`;
    for (const [payload, msg] of [
      [{ totalNights: -1, expiresAt: '2029-01-01' }, /cannot be negative/],
      [{ totalNights: 1.5, expiresAt: '2029-01-01' }, /whole number/],
      [{ totalNights: 3, expiresAt: 'never' }, /Expiry date/],
      [{ expiresAt: '2029-01-01' }, /Total nights/],
    ] as const) {
      const res = await send(ctx.admin.token, 'PUT', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(msg);
    }
    const notHolder = await send(
      ctx.admin.token,
      'PUT',
      `/api/perks/cabin-nights/${p.id}/users/${outsider.id}`,
      {
        totalNights: 3,
        expiresAt: '2029-01-01',
      },
    );
    expect(notHolder.statusCode).toBe(400);
    expect(notHolder.json().message).toBe('This user holds no investment in this project');
    expect(
      (await get(ctx.admin.token, `/api/perks/cabin-nights/${p.id}/users/${crypto.randomUUID()}`)).statusCode,
    ).toBe(404);
    expect((await get(inv.token, url)).statusCode).toBe(403);
    expect((await send(inv.token, 'PUT', url, { totalNights: 99, expiresAt: '2039-01-01' })).statusCode).toBe(
      403,
    );
  });
});
