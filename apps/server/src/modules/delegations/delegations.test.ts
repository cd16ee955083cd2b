import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { delegationAllows, endpointById, type DelegationRole, DELEGATION_ROLES } from '@portal/contracts';
import { auditLog, delegations, mailMessages, notifications } from '../../db/schema';
import { bearer, createAdmin, createHolding, createUser, useTestApp } from '../../../test/helpers';

const ctx = useTestApp({ loginRateLimit: 1000 });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (token: string, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** An investor holding a project, and a second person with an account, both signed in. */
async function pair(opts: { principalLocale?: 'en' | 'de' | 'nb' } = {}) {
  const { user: principal, project } = await createHolding(
    ctx.db,
    {},
    { user: { name: `Paula Principal`, locale: opts.principalLocale } },
  );
  const delegate = await createUser(ctx.db, { name: 'Dana Delegate' });
  return {
    principal,
    project,
    delegate,
    principalToken: await ctx.signIn(principal),
    delegateToken: await ctx.signIn(delegate),
  };
}

async function give(principalToken: string, email: string, role: DelegationRole, expiresOn?: string) {
  const res = await send(principalToken, 'POST', '/api/delegations', { email, role, expiresOn });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; status: string };
}

async function actAs(delegateToken: string, principalId: string) {
  const res = await send(delegateToken, 'POST', '/api/auth/act-as', { principalId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { accessToken: string; principal: { _id: string; name: string }; role: string };
}

/** A delegate of `role` acting for a new principal: both people and the act-as token. */
async function actingAs(role: DelegationRole) {
  const p = await pair();
  const given = await give(p.principalToken, p.delegate.email, role);
  const act = await actAs(p.delegateToken, p.principal.id);
  return { ...p, delegationId: given._id, token: act.accessToken };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('giving delegations', () => {
  it('invites someone with an account: listed on both sides, the invitee emailed, the investor notified and emailed, audited', async () => {
    const { principal, delegate, principalToken, delegateToken } = await pair();
    const created = await give(principalToken, delegate.email, 'accountant', day(30));
    expect(created).toMatchObject({
      status: 'active',
      role: 'accountant',
      expiresOn: day(30),
      person: { _id: delegate.id, name: 'Dana Delegate', email: delegate.email },
    });

    const mine = (await send(principalToken, 'GET', '/api/delegations')).json().data;
    expect(mine.given.map((d: { _id: string }) => d._id)).toEqual([created._id]);
    expect(mine.received).toEqual([]);
    const theirs = (await send(delegateToken, 'GET', '/api/delegations')).json().data;
    expect(theirs.given).toEqual([]);
    expect(theirs.received).toEqual([
      expect.objectContaining({
        _id: created._id,
        status: 'active',
        role: 'accountant',
        person: { _id: principal.id, name: 'Paula Principal', email: principal.email },
      }),
    ]);

    const mail = await ctx.db.select().from(mailMessages);
    expect(mail.find((m) => m.kind === 'delegationInvite' && m.userId === delegate.id)).toMatchObject({
      subject: 'Paula Principal invited you to their portfolio',
      data: expect.objectContaining({ hasAccount: true, role: 'accountant' }),
    });
    expect(mail.find((m) => m.kind === 'delegateAdded' && m.userId === principal.id)).toBeDefined();
    const [notice] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, principal.id), eq(notifications.messageKey, 'delegateAdded')));
    expect(notice?.message).toBe(`${delegate.email} was invited to your portfolio as accountant.`);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'delegation'), eq(auditLog.entityId, created._id)));
    expect(audit).toMatchObject({
      actorId: principal.id,
      action: 'create',
      details: expect.objectContaining({ userId: principal.id, email: delegate.email, role: 'accountant' }),
    });
  });

  it('refuses yourself, an admin, an invalid role, a past day, a second one in force, and an admin giving one', async () => {
    const { principal, delegate, principalToken } = await pair();
    const admin = await createAdmin(ctx.db);
    const post = (body: object) => send(principalToken, 'POST', '/api/delegations', body);

    const self = await post({ email: principal.email.toUpperCase(), role: 'viewer' });
    expect([self.statusCode, self.json().message]).toEqual([400, 'You cannot invite yourself.']);
    const toAdmin = await post({ email: admin.email, role: 'viewer' });
    expect([toAdmin.statusCode, toAdmin.json().message]).toEqual([
      400,
      'An administrator cannot be invited to a portfolio.',
    ]);
    const badRole = await post({ email: delegate.email, role: 'owner' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().fields.role).toMatch(/viewer, accountant, co-owner/);
    const past = await post({ email: delegate.email, role: 'viewer', expiresOn: day(-1) });
    expect([past.statusCode, past.json().message]).toEqual([400, 'The last day cannot be in the past.']);

    await give(principalToken, delegate.email, 'viewer', day(0));
    const again = await post({ email: delegate.email.toUpperCase(), role: 'co-owner' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already has access to your portfolio');

    const adminGives = await send(await ctx.signIn(admin), 'POST', '/api/delegations', {
      email: delegate.email,
      role: 'viewer',
    });
    expect([adminGives.statusCode, adminGives.json().message]).toEqual([
      403,
      'Only investors can give access to their portfolio.',
    ]);
    const rows = await ctx.db.select().from(delegations).where(eq(delegations.principalId, principal.id));
    expect(rows).toHaveLength(1);
  });

  it('an email that registers later: invited (emailed in the inviter’s language), then active, and usable', async () => {
    const { principal, principalToken } = await pair({ principalLocale: 'de' });
    const email = `later-${Date.now()}@example.test`;
    const created = await give(principalToken, email, 'viewer');
    expect(created).toMatchObject({ status: 'invited', person: { _id: null, name: email, email } });
    const [invite] = await ctx.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, 'delegationInvite'), eq(mailMessages.toAddress, email)));
    expect(invite).toMatchObject({
      userId: null,
      subject: 'Paula Principal hat Sie zu seinem Portfolio eingeladen',
      data: expect.objectContaining({ addressed: true, locale: 'de', hasAccount: false }),
    });

    const later = await createUser(ctx.db, { email: email.toUpperCase(), name: 'Lena Later' });
    const given = (await send(principalToken, 'GET', '/api/delegations')).json().data.given;
    expect(given[0]).toMatchObject({ status: 'active', person: { _id: later.id, name: 'Lena Later' } });
    const laterToken = await ctx.signIn(later);
    const received = (await send(laterToken, 'GET', '/api/delegations')).json().data.received;
    expect(received).toEqual([expect.objectContaining({ _id: created._id, status: 'active' })]);
    const act = await actAs(laterToken, principal.id);
    expect(act).toMatchObject({ principal: { _id: principal.id, name: 'Paula Principal' }, role: 'viewer' });
    const [row] = await ctx.db.select().from(delegations).where(eq(delegations.id, created._id));
    expect(row!.delegateId).toBe(later.id);
  });
});

describe('acting as the principal', () => {
  it('answers for the principal with the act-as token, for the delegate with their own', async () => {
    const { principal, delegate, token, delegateToken } = await actingAs('viewer');
    const asPrincipal = await send(token, 'GET', '/api/users/me');
    expect(asPrincipal.statusCode).toBe(200);
    expect(asPrincipal.json().data).toMatchObject({ _id: principal.id, name: 'Paula Principal' });
    const payouts = await send(token, 'GET', '/api/investment/payouts');
    expect(payouts.statusCode).toBe(200);
    const own = await send(delegateToken, 'GET', '/api/users/me');
    expect(own.json().data).toMatchObject({ _id: delegate.id, name: 'Dana Delegate' });
  });

  it('is a 404 for a principal who gave the caller nothing', async () => {
    const { principal } = await pair();
    const stranger = await createUser(ctx.db);
    const res = await send(await ctx.signIn(stranger), 'POST', '/api/auth/act-as', {
      principalId: principal.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('You have no access to this portfolio, or it has ended.');
  });

  /** Real calls, each named by its endpoint: allowed ones must not be a 403 (a 400 for an empty body is fine). */
  const CALLS: { id: string; method: Method; url: string; body?: object }[] = [
    { id: 'users.me', method: 'GET', url: '/api/users/me' },
    { id: 'support.contact', method: 'GET', url: '/api/support-contact' },
    { id: 'investments.payouts', method: 'GET', url: '/api/investment/payouts' },
    { id: 'investments.performance', method: 'GET', url: '/api/investment/performance' },
    { id: 'projects.list', method: 'GET', url: '/api/projects' },
    { id: 'documents.list', method: 'GET', url: '/api/documents' },
    { id: 'statements.list', method: 'GET', url: '/api/statements' },
    { id: 'notifications.list', method: 'GET', url: '/api/notifications' },
    { id: 'bookings.list', method: 'GET', url: '/api/bookings' },
    { id: 'perks.listWithoutProject', method: 'GET', url: '/api/perks/benefits' },
    { id: 'subscriptions.list', method: 'GET', url: '/api/subscriptions' },
    { id: 'users.emailPreferences', method: 'GET', url: '/api/users/me/email-preferences' },
    { id: 'auth.sessions', method: 'GET', url: '/api/auth/sessions' },
    { id: 'auth.totpStatus', method: 'GET', url: '/api/auth/totp' },
    { id: 'auth.passkeys', method: 'GET', url: '/api/auth/passkeys' },
    { id: 'delegations.list', method: 'GET', url: '/api/delegations' },
    { id: 'privacy.exports', method: 'GET', url: '/api/users/me/exports' },
    { id: 'calendar.feed', method: 'GET', url: '/api/calendar/feed' },
    { id: 'notifications.readAll', method: 'PUT', url: '/api/notifications/read-all' },
    { id: 'bookings.create', method: 'POST', url: '/api/bookings', body: {} },
    { id: 'waitlist.join', method: 'POST', url: '/api/waitlist', body: {} },
    { id: 'users.updateEmailPreferences', method: 'PUT', url: '/api/users/me/email-preferences', body: {} },
    { id: 'users.setBankAccount', method: 'PUT', url: '/api/users/me/bank-account', body: {} },
    { id: 'users.updateMe', method: 'PUT', url: '/api/users/me', body: {} },
    { id: 'delegations.create', method: 'POST', url: '/api/delegations', body: {} },
    { id: 'auth.changePassword', method: 'POST', url: '/api/auth/password', body: {} },
    { id: 'auth.endOtherSessions', method: 'POST', url: '/api/auth/sessions/end-others' },
    { id: 'privacy.requestExport', method: 'POST', url: '/api/users/me/export' },
    { id: 'notifications.streamTicket', method: 'POST', url: '/api/notifications/stream/ticket' },
  ];

  const ROLE_MESSAGES = {
    viewer: { change: 'A viewer cannot change this portfolio.', see: /^A viewer cannot see/ },
    accountant: { change: /^An accountant sees only/, see: /^An accountant sees only/ },
    'co-owner': { change: /^A co-owner cannot use/, see: /^A co-owner cannot use/ },
  } as const;

  it.each(DELEGATION_ROLES)(
    '%s: each call allowed or refused (403 naming the role) as the rules say',
    async (role) => {
      const { token, principal } = await actingAs(role);
      const wrong: string[] = [];
      for (const c of CALLS) {
        const e = endpointById(c.id)!;
        expect(`${e.method} ${e.path}`.startsWith(`${c.method} `), c.id).toBe(true);
        const verdict = delegationAllows(e, role);
        const res = await send(token, c.method, c.url, c.body);
        if (verdict.allowed) {
          if (res.statusCode === 403 || res.statusCode === 401 || res.statusCode >= 500)
            wrong.push(`${c.id}: allowed, answered ${res.statusCode} ${res.body}`);
        } else {
          const expected = ROLE_MESSAGES[role][verdict.refusal];
          const message = res.json().message as string;
          if (
            res.statusCode !== 403 ||
            !(typeof expected === 'string' ? message === expected : expected.test(message))
          )
            wrong.push(`${c.id}: refused, answered ${res.statusCode} ${message}`);
        }
      }
      expect(wrong).toEqual([]);
      // An admin route is never reachable with an act-as token.
      const admin = await send(token, 'GET', '/api/users');
      expect([admin.statusCode, admin.json().message]).toEqual([
        403,
        'Administration is not possible while acting for an investor.',
      ]);
      // Nothing refused was written: the principal's bank account and delegations are as they were.
      const me = (await send(await ctx.signIn(principal), 'GET', '/api/users/me')).json().data;
      expect(me.bankAccount).toBeNull();
    },
  );

  it('the issue’s examples: a viewer’s booking, an accountant’s payouts, anyone’s bank account', async () => {
    const viewer = await actingAs('viewer');
    const booking = await send(viewer.token, 'POST', '/api/bookings', {
      projectId: viewer.project.id,
      nights: [day(40)],
      type: 'personal',
    });
    expect([booking.statusCode, booking.json().message]).toEqual([
      403,
      'A viewer cannot change this portfolio.',
    ]);
    const accountant = await actingAs('accountant');
    const payouts = await send(accountant.token, 'GET', '/api/investment/payouts');
    expect(payouts.statusCode).toBe(403);
    expect(payouts.json().message).toMatch(/accountant/);
    const statements = await send(accountant.token, 'GET', '/api/statements');
    expect(statements.statusCode).toBe(200);
    for (const role of DELEGATION_ROLES) {
      const { token } =
        role === 'viewer' ? viewer : role === 'accountant' ? accountant : await actingAs(role);
      const bank = await send(token, 'PUT', '/api/users/me/bank-account', {
        iban: 'DE89370400440532013000',
        holder: 'Mallory',
      });
      expect(bank.statusCode, role).toBe(403);
      expect(bank.json().message).toMatch(role === 'co-owner' ? /co-owner/ : new RegExp(role));
    }
  });
});

describe('ending a delegation', () => {
  it('a revocation refuses the delegate’s next call at once, with a clear message', async () => {
    const { token, delegationId, principalToken, delegateToken, principal } = await actingAs('co-owner');
    // Read twice, so that a kept answer would be there to be served.
    expect((await send(token, 'GET', '/api/users/me')).statusCode).toBe(200);
    expect((await send(token, 'GET', '/api/users/me')).statusCode).toBe(200);
    const revoked = await send(principalToken, 'DELETE', `/api/delegations/${delegationId}`);
    expect(revoked.statusCode).toBe(200);
    const next = await send(token, 'GET', '/api/users/me');
    expect([next.statusCode, next.json().message]).toEqual([
      401,
      'Your access to this portfolio has ended: it was revoked or has expired.',
    ]);
    expect((await send(token, 'PUT', '/api/notifications/read-all')).statusCode).toBe(401);
    // No new act-as token either; the delegate's own token still works.
    const again = await send(delegateToken, 'POST', '/api/auth/act-as', { principalId: principal.id });
    expect(again.statusCode).toBe(404);
    expect((await send(delegateToken, 'GET', '/api/users/me')).statusCode).toBe(200);
    const list = (await send(principalToken, 'GET', '/api/delegations')).json().data.given;
    expect(list[0]).toMatchObject({ _id: delegationId, status: 'revoked' });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, delegationId), eq(auditLog.action, 'revoke')));
    expect(audit?.actorId).toBe(principal.id);
  });

  it('an expired delegation is refused, and cannot be switched to again', async () => {
    const { token, delegationId, delegateToken, principal, principalToken } = await actingAs('viewer');
    expect((await send(token, 'GET', '/api/projects')).statusCode).toBe(200);
    await ctx.db
      .update(delegations)
      .set({ expiresOn: day(-1) })
      .where(eq(delegations.id, delegationId));
    const next = await send(token, 'GET', '/api/projects');
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toMatch(/has ended/);
    const again = await send(delegateToken, 'POST', '/api/auth/act-as', { principalId: principal.id });
    expect(again.statusCode).toBe(404);
    const list = (await send(principalToken, 'GET', '/api/delegations')).json().data.given;
    expect(list[0]).toMatchObject({ _id: delegationId, status: 'expired' });
    // An expired one does not stand in the way of a new one to the same person.
    const fresh = await send(principalToken, 'POST', '/api/delegations', {
      email: (await ctx.db.select().from(delegations).where(eq(delegations.id, delegationId)))[0]!
        .invitedEmail,
      role: 'viewer',
    });
    expect(fresh.statusCode).toBe(201);
  });

  it('the delegate may give it up; another investor’s delegation is a 404 to anyone else', async () => {
    const { delegationId, delegateToken, principal } = await actingAs('accountant');
    const other = await createUser(ctx.db);
    const otherToken = await ctx.signIn(other);
    const foreign = await send(otherToken, 'DELETE', `/api/delegations/${delegationId}`);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Delegation not found']);
    const [row] = await ctx.db.select().from(delegations).where(eq(delegations.id, delegationId));
    expect(row!.revokedAt).toBeNull();
    const givenUp = await send(delegateToken, 'DELETE', `/api/delegations/${delegationId}`);
    expect([givenUp.statusCode, givenUp.json().message]).toEqual([200, 'Access given up']);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, delegationId), eq(auditLog.action, 'give-up')));
    expect(audit?.details).toMatchObject({ userId: principal.id });
  });
});

describe('auditing a delegate’s writes', () => {
  it('records a successful write with both people, and nothing for a refused one', async () => {
    const { token, delegate, principal, delegationId } = await actingAs('co-owner');
    const res = await send(token, 'PUT', '/api/notifications/read-all');
    expect(res.statusCode).toBe(200);
    const refused = await send(token, 'PUT', '/api/users/me/bank-account', { iban: 'x', holder: 'y' });
    expect(refused.statusCode).toBe(403);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, delegationId), eq(auditLog.action, 'act')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: delegate.id,
      entity: 'delegation',
      details: {
        userId: principal.id,
        role: 'co-owner',
        endpoint: 'notifications.readAll',
        call: 'PUT /api/notifications/read-all',
      },
    });
  });
});
