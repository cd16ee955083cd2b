/**
 * Multi-step writes are all-or-nothing. For each write that touches several rows or tables (or a file and
 * a row), the database is made to fail at each of its steps in turn (a trigger that raises on one table,
 * optionally on one row only, so that a loop fails half-way); after each failure every table and the
 * uploads folder must be exactly as before. The same request then succeeds, and must have changed every
 * table named: so each injected failure really sat inside the write.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { investments, users } from '../../src/db/schema';
import { totpCode, totpStep } from '../../src/lib/totp';
import { multipart, samplePdf, samplePng } from '../../src/modules/documents/test-support';
import { createAllowance, createBooking, isoDay } from '../content-factories';
import {
  bearer,
  createHolding,
  createInvestment,
  createProject,
  createUser,
  login,
  useAdminApp,
} from '../helpers';
import { filesUnder, fingerprint, totpStarted, uploadsDir } from './support';

const ctx = useAdminApp();

beforeAll(async () => {
  await ctx.db.execute(
    sql.raw(`create or replace function security_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`),
  );
});

interface Step {
  table: string;
  op: 'insert' | 'update' | 'delete';
  /** Fail on matching rows only (SQL on NEW or OLD), so that a loop fails after its first rows. */
  when?: string;
}

interface Request {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  token?: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
}

async function withFailure<T>(step: Step, fn: () => Promise<T>): Promise<T> {
  const when = step.when ? `when (${step.when})` : '';
  await ctx.db.execute(
    sql.raw(
      `create trigger security_test_fail before ${step.op} on "${step.table}" for each row ${when} execute function security_test_fail()`,
    ),
  );
  try {
    return await fn();
  } finally {
    await ctx.db.execute(sql.raw(`drop trigger security_test_fail on "${step.table}"`));
  }
}

const send = (r: Request) =>
  ctx.app.inject({
    method: r.method,
    url: r.url,
    headers: { ...(r.token ? bearer(r.token) : {}), ...r.headers },
    ...(r.payload !== undefined ? { payload: r.payload } : {}),
  });

/**
 * Fails `request` at each step, checking that nothing changed; then lets it succeed. A request that
 * carries a multipart body is rebuilt for every attempt.
 */
async function allOrNothing(steps: Step[], request: () => Promise<Request> | Request) {
  for (const step of steps) {
    const before = await fingerprint(ctx.db);
    const files = filesUnder(uploadsDir(ctx));
    const res = await withFailure(step, async () => send(await request()));
    const where = `${step.op} on ${step.table}${step.when ? ` (${step.when})` : ''}`;
    expect(res.statusCode, `${where}: ${res.body}`).toBe(500);
    expect(res.json(), where).toEqual({
      success: false,
      message: 'Internal server error',
      error: 'Internal server error',
      code: 'common.internal',
    });
    expect(await fingerprint(ctx.db), where).toEqual(before);
    expect(filesUnder(uploadsDir(ctx)), where).toEqual(files);
  }
  const before = await fingerprint(ctx.db);
  const res = await send(await request());
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
  expect(res.statusCode, res.body).toBeLessThan(300);
  const after = await fingerprint(ctx.db);
  for (const step of steps)
    expect(after[step.table], `the write changes ${step.table}`).not.toBe(before[step.table]);
  return res;
}

const audit: Step = { table: 'audit_log', op: 'insert' };

describe('admin writes with their audit record', () => {
  it('creating a user', async () => {
    await allOrNothing([{ table: 'users', op: 'insert' }, audit], () => ({
      method: 'POST',
      url: '/api/users',
      token: ctx.admin.token,
      payload: {
        name: 'Tx User',
        email: `tx-${Date.now()}@example.test`,
        password: 'Harbour-Kestrel-123',
        investorId: `INV-2026-TX${Date.now() % 10000}`,
      },
    }));
  });

  it('saving a user with several investments fails as a whole when the second investment fails', async () => {
    const user = await createUser(ctx.db);
    const p1 = await createProject(ctx.db);
    const p2 = await createProject(ctx.db);
    await allOrNothing(
      [
        { table: 'users', op: 'update' },
        { table: 'investments', op: 'insert', when: `NEW.project_id = '${p2.id}'` },
        { table: 'audit_log', op: 'insert', when: `NEW.details->>'projectId' = '${p2.id}'` },
      ],
      () => ({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        token: ctx.admin.token,
        payload: {
          name: 'Renamed in a transaction',
          investments: [
            { projectId: p1.id, amount: 1000 },
            { projectId: p2.id, amount: 2000 },
          ],
        },
      }),
    );
    const rows = await ctx.db.select().from(investments).where(eq(investments.userId, user.id));
    expect(rows.map((r) => r.amount).sort()).toEqual(['1000.00', '2000.00']);
  });

  it('activating a user, with the welcome notification', async () => {
    const user = await createUser(ctx.db, { isActive: false, activated: false });
    await allOrNothing(
      [{ table: 'users', op: 'update' }, audit, { table: 'notifications', op: 'insert' }],
      () => ({ method: 'POST', url: `/api/users/${user.id}/activate`, token: ctx.admin.token }),
    );
  });

  it('deactivating a user, with the end of their sessions', async () => {
    const user = await createUser(ctx.db);
    const session = await login(ctx.app, user.email, user.password);
    await allOrNothing(
      [{ table: 'users', op: 'update' }, { table: 'refresh_tokens', op: 'update' }, audit],
      () => ({ method: 'POST', url: `/api/users/${user.id}/deactivate`, token: ctx.admin.token }),
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(session.accessToken) }))
        .statusCode,
    ).toBe(401);
  });

  it('deleting a user with everything they own', async () => {
    // A user with money on record is kept (409); one without still takes their allowances and stays along.
    const user = await createUser(ctx.db);
    const project = await createProject(ctx.db);
    await createAllowance(ctx.db, user.id, project.id);
    await createBooking(ctx.db, user.id, project.id, [isoDay(40)]);
    await allOrNothing(
      [
        { table: 'users', op: 'delete' },
        { table: 'cabin_allowances', op: 'delete' },
        { table: 'bookings', op: 'delete' },
        audit,
      ],
      () => ({ method: 'DELETE', url: `/api/users/${user.id}`, token: ctx.admin.token }),
    );
  });

  it('recording a monthly return, with the investment roll-up its trigger keeps', async () => {
    const { user, project } = await createHolding(ctx.db);
    await allOrNothing(
      [{ table: 'monthly_returns', op: 'insert' }, { table: 'investments', op: 'update' }, audit],
      () => ({
        method: 'POST',
        url: `/api/users/${user.id}/returns`,
        token: ctx.admin.token,
        payload: { projectId: project.id, month: '2025-04', amount: 123.45 },
      }),
    );
  });

  it('creating and deleting a project', async () => {
    const created = await allOrNothing([{ table: 'projects', op: 'insert' }, audit], () => ({
      method: 'POST',
      url: '/api/projects',
      token: ctx.admin.token,
      payload: { name: 'Tx project' },
    }));
    await allOrNothing([{ table: 'projects', op: 'delete' }, audit], () => ({
      method: 'DELETE',
      url: `/api/projects/${created.json().data._id}`,
      token: ctx.admin.token,
    }));
  });

  it('publishing an update, with a notification to each investor of the project', async () => {
    const project = await createProject(ctx.db);
    for (let i = 0; i < 3; i++) await createInvestment(ctx.db, (await createUser(ctx.db)).id, project.id);
    await allOrNothing(
      [{ table: 'updates', op: 'insert' }, audit, { table: 'notifications', op: 'insert' }],
      () => ({
        method: 'POST',
        url: '/api/updates',
        token: ctx.admin.token,
        payload: {
          projectId: project.id,
          title: 'Tx update',
          content: '<p>x</p>',
          date: new Date().toISOString(),
        },
      }),
    );
  });

  it('sending a notification to chosen users fails as a whole when one of them fails', async () => {
    const chosen = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
    await allOrNothing(
      [{ table: 'notifications', op: 'insert', when: `NEW.user_id = '${chosen[2]!.id}'` }, audit],
      () => ({
        method: 'POST',
        url: '/api/notifications/send',
        token: ctx.admin.token,
        payload: { title: 'Tx', message: 'All or nothing', userIds: chosen.map((u) => u.id) },
      }),
    );
  });

  it('setting a cabin-night allowance, and deciding a booking request with its nights and notification', async () => {
    const { user, project } = await createHolding(ctx.db);
    await allOrNothing([{ table: 'cabin_allowances', op: 'insert' }, audit], () => ({
      method: 'PUT',
      url: `/api/perks/cabin-nights/${project.id}/users/${user.id}`,
      token: ctx.admin.token,
      payload: { totalNights: 10, bonusNights: 2, expiresAt: isoDay(700) },
    }));
    const booking = await createBooking(ctx.db, user.id, project.id, [isoDay(30), isoDay(31)]);
    await allOrNothing(
      [
        { table: 'bookings', op: 'update' },
        { table: 'booking_nights', op: 'delete' },
        audit,
        { table: 'notifications', op: 'insert' },
      ],
      () => ({
        method: 'PUT',
        url: `/api/bookings/${booking.id}/decline`,
        token: ctx.admin.token,
        payload: { note: 'No' },
      }),
    );
  });

  it('changing the security policy and an interest registration', async () => {
    await allOrNothing([{ table: 'settings', op: 'insert' }, audit], () => ({
      method: 'PUT',
      url: '/api/admin/settings/security',
      token: ctx.admin.token,
      payload: { requireAdminTotp: false },
    }));
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/interest',
      headers: bearer(ctx.admin.token),
      payload: { name: 'Tx', email: 'tx@example.test' },
    });
    expect(registered.statusCode).toBe(201);
    await allOrNothing([{ table: 'interest_registrations', op: 'update' }, audit], () => ({
      method: 'PUT',
      url: `/api/interest/${registered.json().data._id}/status`,
      token: ctx.admin.token,
      payload: { status: 'contacted' },
    }));
  });
});

describe('writes with a file: no orphan file, no row without its file', () => {
  it('uploading, replacing and deleting a document', async () => {
    const project = await createProject(ctx.db);
    const upload = async (name: string) => {
      const form = await multipart(
        { name: 'Tx document' },
        { data: await samplePdf(name), name: `${name}.pdf` },
      );
      return { payload: form.payload, headers: form.headers };
    };
    const created = await allOrNothing([{ table: 'documents', op: 'insert' }, audit], async () => ({
      method: 'POST',
      url: `/api/documents?projectId=${project.id}`,
      token: ctx.admin.token,
      ...(await upload('first')),
    }));
    const id = created.json().data._id as string;
    const filesBefore = filesUnder(uploadsDir(ctx));
    await allOrNothing([{ table: 'documents', op: 'update' }, audit], async () => ({
      method: 'PUT',
      url: `/api/documents/${id}`,
      token: ctx.admin.token,
      ...(await upload('second')),
    }));
    // The replaced file went once the new row was committed: one file for one row, still.
    expect(filesUnder(uploadsDir(ctx)).length).toBe(filesBefore.length);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/download`,
      headers: bearer(ctx.admin.token),
    });
    expect(download.statusCode).toBe(200);
    await allOrNothing([{ table: 'documents', op: 'delete' }, audit], () => ({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      token: ctx.admin.token,
    }));
    expect(filesUnder(uploadsDir(ctx)).length).toBe(filesBefore.length - 1);
  });

  it('uploading project media', async () => {
    const project = await createProject(ctx.db);
    await allOrNothing([{ table: 'project_media', op: 'insert' }, audit], async () => {
      const form = await multipart(
        { projectId: project.id, title: 'Tx photo', type: 'photo', description: 'A photo' },
        { data: samplePng(), name: 'photo.png', type: 'image/png' },
      );
      return {
        method: 'POST',
        url: '/api/media',
        token: ctx.admin.token,
        payload: form.payload,
        headers: form.headers,
      };
    });
  });
});

describe('investor and sign-in writes', () => {
  it('a booking request with several nights fails as a whole when its last night fails; so does a cancellation', async () => {
    const { user, project } = await createHolding(ctx.db);
    await createAllowance(ctx.db, user.id, project.id);
    const token = await ctx.signIn(user);
    const dates = [isoDay(20), isoDay(21), isoDay(22)];
    const created = await allOrNothing(
      [
        { table: 'bookings', op: 'insert' },
        { table: 'booking_nights', op: 'insert', when: `NEW.night = '${dates[2]}'` },
      ],
      () => ({
        method: 'POST',
        url: '/api/bookings',
        token,
        payload: { projectId: project.id, type: 'personal', dates },
      }),
    );
    await allOrNothing(
      [
        { table: 'bookings', op: 'update' },
        { table: 'booking_nights', op: 'delete' },
      ],
      () => ({ method: 'PUT', url: `/api/bookings/${created.json().data._id}/cancel`, token }),
    );
  });

  it('signing in, refreshing (a failed rotation leaves the token usable) and changing the password', async () => {
    const user = await createUser(ctx.db);
    await allOrNothing(
      [
        { table: 'users', op: 'update' },
        { table: 'refresh_tokens', op: 'insert' },
      ],
      () => ({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      }),
    );
    const session = await login(ctx.app, user.email, user.password);
    await allOrNothing(
      [
        { table: 'refresh_tokens', op: 'update' },
        { table: 'refresh_tokens', op: 'insert' },
      ],
      () => ({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: session.refreshToken } }),
    );
    const here = await login(ctx.app, user.email, user.password);
    await allOrNothing(
      [
        { table: 'users', op: 'update' },
        { table: 'refresh_tokens', op: 'update' },
      ],
      () => ({
        method: 'POST',
        url: '/api/auth/password',
        token: here.accessToken,
        payload: { currentPassword: user.password, newPassword: 'brand-new-password' },
      }),
    );
  });

  it('turning on two-factor sign-in with its recovery codes (a failed attempt leaves the code usable)', async () => {
    const { user, accessToken, secret } = await totpStarted(ctx);
    await allOrNothing(
      [
        { table: 'users', op: 'update' },
        { table: 'recovery_codes', op: 'insert' },
      ],
      () => ({
        method: 'POST',
        url: '/api/auth/totp/enable',
        token: accessToken,
        payload: { code: totpCode(secret, totpStep()) },
      }),
    );
    const [row] = await ctx.db.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, user.id));
    expect(row!.on).toBeInstanceOf(Date);
  });
});
