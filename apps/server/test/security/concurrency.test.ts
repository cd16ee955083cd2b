/**
 * Racing duplicate writes: the same request sent many times at once makes exactly one row, and every
 * other answer is a clean 4xx (409 where it is a duplicate) — never a 5xx, never two rows. On PostgreSQL
 * the requests really run in parallel (a pool of connections); on PGlite they interleave between queries.
 */
import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  cabinAllowances,
  highSeasons,
  investments,
  monthlyReturns,
  recoveryCodes,
  refreshTokens,
  updateReads,
  users,
} from '../../src/db/schema';
import { totpCode, totpStep } from '../../src/lib/totp';
import { createUpdate, isoDay } from '../content-factories';
import { bearer, createHolding, createProject, createUser, useAdminApp } from '../helpers';
import { totpStarted } from './support';

const N = 8;
const ctx = useAdminApp();

const race = (n: number, make: (i: number) => InjectOptions) =>
  Promise.all(Array.from({ length: n }, (_, i) => ctx.app.inject(make(i))));
const statuses = (rs: { statusCode: number }[]) => rs.map((r) => r.statusCode).sort();
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
/** N admin creates of user `i` at once, each with the email and investor ID `who(i)` gives. */
const raceUserCreates = (who: (i: number) => { email: string; investorId: string }) =>
  race(N, (i) => ({
    method: 'POST',
    url: '/api/users',
    headers: bearer(ctx.admin.token),
    payload: { name: `Racer ${i}`, password: 'Harbour-Kestrel-123', ...who(i) },
  }));

describe('racing duplicate creates', () => {
  it('the same email (in any case) N times: one user, the rest 409 naming the email', async () => {
    const email = `race-${uniq().toLowerCase()}@example.test`;
    const rs = await raceUserCreates((i) => ({
      email: i % 2 ? email.toUpperCase() : email,
      investorId: `INV-2026-${uniq().slice(-6)}${i}`,
    }));
    expect(statuses(rs)).toEqual([201, ...Array(N - 1).fill(409)]);
    for (const r of rs.filter((r) => r.statusCode === 409))
      expect(r.json().message).toBe('A user with this email already exists');
    const [n] = await ctx.db
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(n!.n).toBe(1);
  });

  it('the same investor ID N times: one user, the rest 409 naming the investor ID', async () => {
    const investorId = `INV-2026-${uniq().slice(-6)}`;
    const rs = await raceUserCreates((i) => ({
      email: `race-id-${i}-${uniq().toLowerCase()}@example.test`,
      investorId,
    }));
    expect(statuses(rs)).toEqual([201, ...Array(N - 1).fill(409)]);
    for (const r of rs.filter((r) => r.statusCode === 409))
      expect(r.json().message).toBe('This investor ID is already in use');
    const [n] = await ctx.db.select({ n: count() }).from(users).where(eq(users.investorId, investorId));
    expect(n!.n).toBe(1);
  });

  it('the same return month N times: one row, the rest 409, and the totals count it once', async () => {
    const { user, project } = await createHolding(ctx.db);
    const rs = await race(N, () => ({
      method: 'POST',
      url: `/api/users/${user.id}/returns`,
      headers: bearer(ctx.admin.token),
      payload: { projectId: project.id, month: '2025-06', amount: 250.25 },
    }));
    expect(statuses(rs)).toEqual([201, ...Array(N - 1).fill(409)]);
    for (const r of rs.filter((r) => r.statusCode === 409))
      expect(r.json().message).toBe('A return for Jun 2025 is already recorded for this project');
    const rows = await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.userId, user.id));
    expect(rows.map((r) => [r.month, r.amount])).toEqual([['2025-06', '250.25']]);
    const [inv] = await ctx.db.select().from(investments).where(eq(investments.userId, user.id));
    expect([inv!.returnsFromMonths, inv!.monthsRecorded]).toEqual(['250.25', 1]);
  });

  it('the same sign-up N times: one account, and every answer the same (no account enumeration)', async () => {
    const email = `signup-${uniq().toLowerCase()}@example.test`;
    const rs = await race(N, () => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'Harbour-Kestrel-123' },
    }));
    expect(statuses(rs)).toEqual(Array(N).fill(201));
    expect(new Set(rs.map((r) => r.body)).size).toBe(1);
    const [n] = await ctx.db.select({ n: count() }).from(users).where(eq(users.email, email));
    expect(n!.n).toBe(1);
  });

  it('overlapping high seasons of one project N times: one season, the rest 400 naming it', async () => {
    const project = await createProject(ctx.db);
    const rs = await race(N, (i) => ({
      method: 'POST',
      url: `/api/projects/${project.id}/high-seasons`,
      headers: bearer(ctx.admin.token),
      payload: {
        name: `Season ${i}`,
        startsOn: `2027-02-0${i + 1}`,
        endsOn: '2027-02-20',
        maxNightsPerInvestor: 5,
      },
    }));
    expect(statuses(rs)).toEqual([201, ...Array(N - 1).fill(400)]);
    const winner = rs.find((r) => r.statusCode === 201)!.json().data.name;
    for (const r of rs.filter((r) => r.statusCode === 400))
      expect(r.json().message).toMatch(new RegExp(`^The dates overlap the high season ${winner} \\(`));
    const [n] = await ctx.db
      .select({ n: count() })
      .from(highSeasons)
      .where(eq(highSeasons.projectId, project.id));
    expect(n!.n).toBe(1);
  });
});

describe('racing upserts keep one row', () => {
  it('saving the same investment, the same allowance and reading the same update N times at once', async () => {
    const user = await createUser(ctx.db);
    const project = await createProject(ctx.db);
    const inv = await race(N, (i) => ({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: bearer(ctx.admin.token),
      payload: { investments: [{ projectId: project.id, amount: 1000 + i }] },
    }));
    expect(statuses(inv)).toEqual(Array(N).fill(200));
    const invs = await ctx.db.select().from(investments).where(eq(investments.userId, user.id));
    expect(invs).toHaveLength(1);

    const allowance = await race(N, (i) => ({
      method: 'PUT',
      url: `/api/perks/cabin-nights/${project.id}/users/${user.id}`,
      headers: bearer(ctx.admin.token),
      payload: { totalNights: 10 + i, bonusNights: 0, expiresAt: isoDay(400) },
    }));
    expect(statuses(allowance)).toEqual(Array(N).fill(200));
    const [allowances] = await ctx.db
      .select({ n: count() })
      .from(cabinAllowances)
      .where(and(eq(cabinAllowances.userId, user.id), eq(cabinAllowances.projectId, project.id)));
    expect(allowances!.n).toBe(1);

    const update = await createUpdate(ctx.db, project.id);
    const token = await ctx.signIn(user);
    const reads = await race(N, () => ({
      method: 'PUT',
      url: `/api/updates/${update.id}/read`,
      headers: bearer(token),
    }));
    expect(statuses(reads)).toEqual(Array(N).fill(200));
    const [n] = await ctx.db.select({ n: count() }).from(updateReads).where(eq(updateReads.userId, user.id));
    expect(n!.n).toBe(1);
  });
});

describe('racing one-time codes', () => {
  const enrol = () => totpStarted(ctx);

  it('turning on two-factor sign-in N times with one code: one success, and its recovery codes are the valid ones', async () => {
    const { user, accessToken, secret } = await enrol();
    const code = totpCode(secret, totpStep());
    const rs = await race(N, () => ({
      method: 'POST',
      url: '/api/auth/totp/enable',
      headers: bearer(accessToken),
      payload: { code },
    }));
    const ok = rs.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(
      rs.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409 || r.statusCode === 401),
    ).toBe(true);
    const [n] = await ctx.db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(n!.n).toBe(10);
    // The codes the user was shown are the ones that work.
    const challenge = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      })
    ).json().data.mfaToken;
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/mfa',
      payload: { mfaToken: challenge, code: ok[0]!.json().data.recoveryCodes[0] },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('signing in N times at once with one TOTP code, or one recovery code, starts one session', async () => {
    const { user, accessToken, secret } = await enrol();
    const enabled = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/totp/enable',
      headers: bearer(accessToken),
      payload: { code: totpCode(secret, totpStep()) },
    });
    const recovery = enabled.json().data.recoveryCodes[0] as string;
    const challenge = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: user.password },
        })
      ).json().data.mfaToken as string;
    const sessions = async () =>
      (await ctx.db.select({ n: count() }).from(refreshTokens).where(eq(refreshTokens.userId, user.id)))[0]!
        .n;
    for (const code of [totpCode(secret, totpStep() + 1), recovery]) {
      const before = await sessions();
      const tokens = await Promise.all(Array.from({ length: N }, challenge));
      const rs = await race(N, (i) => ({
        method: 'POST',
        url: '/api/auth/login/mfa',
        payload: { mfaToken: tokens[i], code },
      }));
      expect(statuses(rs)).toEqual([200, ...Array(N - 1).fill(401)]);
      expect(await sessions()).toBe(before + 1);
    }
  });
});

describe('a delete racing a first investment', () => {
  it('either the user is deleted and the investment refused (404), or it is kept (409) with the investment: never a user deleted with money', async () => {
    const project = await createProject(ctx.db);
    for (let round = 0; round < 4; round++) {
      const user = await createUser(ctx.db);
      const [removed, invested] = await Promise.all([
        ctx.app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: bearer(ctx.admin.token) }),
        ctx.app.inject({
          method: 'PUT',
          url: `/api/users/${user.id}`,
          headers: bearer(ctx.admin.token),
          payload: { projectId: project.id, investments: [{ projectId: project.id, amount: 1000 }] },
        }),
      ]);
      const held = await ctx.db.select().from(investments).where(eq(investments.userId, user.id));
      const kept = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
      if (removed.statusCode === 200) {
        expect(invested.statusCode).toBe(404);
        expect([kept, held]).toEqual([[], []]);
      } else {
        expect([removed.statusCode, invested.statusCode]).toEqual([409, 200]);
        expect([kept.length, held.length]).toEqual([1, 1]);
      }
    }
  });
});
