/**
 * The access-control matrix (role × route × owner), walked from the endpoint registry (which
 * test/registry.test.ts holds equal to the server's routes): anonymous
 * visitors, investor A, investor B (the "other investor") and an admin against every /api route, and every
 * object that belongs to A named by B. A route added later is walked too, and must be classified below
 * before this file passes.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { allEndpoints } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { bookings, delegations, passkeys, swapOffers } from '../../src/db/schema';
import { multipart, samplePng } from '../../src/modules/documents/test-support';
import { createAllowance, createBooking, isoDay } from '../content-factories';
import { bearer, createInvestment, createProject, useTestApp } from '../helpers';
import { buildWorld, fingerprint, routeKey, type World } from './support';

const table = allEndpoints.map((e) => ({ method: e.method, url: e.path, access: e.access }));

/** The routes anyone may call. Adding a public route is a decision: it must be added here. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/ready',
  'POST /api/auth/login',
  'POST /api/auth/login/mfa',
  'POST /api/auth/refresh',
  'POST /api/auth/register',
  'POST /api/auth/logout',
  // Passkey sign-in (ADR 030): the authenticator's signature over a single-use challenge is the proof.
  'POST /api/auth/passkeys/sign-in/options',
  'POST /api/auth/passkeys/sign-in/verify',
  'POST /api/auth/login/mfa/passkey/options',
  'POST /api/auth/login/mfa/passkey',
  // Authenticated by a single-use ticket instead of the bearer header (EventSource cannot send one).
  'GET /api/notifications/stream',
  // Authenticated by an expiring HMAC signature in the address (<img> and <video> cannot send a header).
  'GET /api/media/files/:source/:id',
  // The API's description (no data), generated from the same schemas.
  'GET /api/openapi.json',
  // Password reset: the reset link's token is the proof.
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  // Authenticated by the signed token of the unsubscribe link (RFC 8058: no sign-in).
  'GET /api/email/unsubscribe',
  'POST /api/email/unsubscribe',
  // A calendar address: the signed token in it is the proof (a calendar app cannot sign in).
  'GET /api/calendar/:token.ics',
];

interface Target {
  url: string;
  body?: Record<string, unknown>;
  /** What B gets: 404 (it does not exist for B), or 'hidden' (a 200 that leaves A's objects out). */
  other: 404 | 'hidden';
}

/**
 * For every route an investor may call: the objects of investor A that B could name through it. An empty
 * list says the route names no object (it answers about the caller only). A call as A follows each of B's,
 * and must succeed: the target is real, and B was refused because it is not B's.
 */
const PRIVATE_TARGETS: Record<string, (w: World) => Target[]> = {
  'GET /api/users/me': () => [],
  'GET /api/support-contact': () => [],
  'PUT /api/users/me': () => [],
  'PUT /api/users/me/bank-account': () => [],
  'GET /api/users/me/email-preferences': () => [],
  // Your data: the caller's own exports; A's archive (made in beforeAll) is a 404 to B.
  'POST /api/users/me/export': () => [],
  'GET /api/users/me/exports': () => [],
  'GET /api/users/me/exports/:id/download': () => [
    { url: `/api/users/me/exports/${own.exportOfA}/download`, other: 404 },
  ],
  // Erasure (ADR 031): the caller's own request, read and withdrawn by the path alone (no id).
  'GET /api/users/me/erasure': () => [],
  'POST /api/users/me/erasure': () => [],
  'DELETE /api/users/me/erasure': () => [],
  'PUT /api/users/me/email-preferences': () => [],
  // Delegated access (ADR 032): the caller's own lists and invitations; A's delegation is a 404 to B, and
  // act-as names a principal who gave the caller nothing (a 404 for anyone without a delegation).
  'GET /api/delegations': () => [],
  'POST /api/delegations': () => [],
  'DELETE /api/delegations/:id': () => [{ url: `/api/delegations/${own.delegationOfA}`, other: 404 }],
  'POST /api/auth/act-as': () => [],
  'GET /api/auth/totp': () => [],
  'POST /api/auth/totp/setup': () => [],
  'POST /api/auth/totp/enable': () => [],
  'POST /api/auth/totp/disable': () => [],
  'POST /api/auth/totp/recovery-codes': () => [],
  'POST /api/auth/password': () => [],
  // Your sessions and passkeys (ADR 030): A's second sign-in and A's passkey (see beforeAll).
  'GET /api/auth/sessions': () => [],
  'POST /api/auth/sessions/end-others': () => [],
  'DELETE /api/auth/sessions/:id': () => [{ url: `/api/auth/sessions/${own.sessionOfA}`, other: 404 }],
  'GET /api/auth/passkeys': () => [],
  'POST /api/auth/passkeys/register/options': () => [],
  'POST /api/auth/passkeys/register/verify': () => [],
  'PATCH /api/auth/passkeys/:id': () => [
    { url: `/api/auth/passkeys/${own.passkeyOfA}`, body: { name: 'Renamed' }, other: 404 },
  ],
  'DELETE /api/auth/passkeys/:id': () => [{ url: `/api/auth/passkeys/${own.passkeyOfA}`, other: 404 }],
  'GET /api/projects': () => [],
  'GET /api/investment/payouts': () => [],
  'GET /api/investment/performance': () => [],
  'GET /api/statements': () => [],
  'GET /api/notifications': () => [],
  'PUT /api/notifications/read-all': () => [],
  'POST /api/notifications/stream/ticket': () => [],
  'POST /api/interest': () => [],
  'GET /api/kyc': () => [],
  'PUT /api/kyc': () => [],
  'POST /api/kyc/documents': () => [],
  'GET /api/kyc/documents/:id/file': (w) => [
    { url: `/api/kyc/documents/${w.objects.kycDocOfA}/file`, other: 404 },
  ],
  'GET /api/signatures/verify': () => [],
  'GET /api/subscriptions/:id/agreement': (w) => [
    { url: `/api/subscriptions/${w.objects.subscriptionOfA}/agreement`, other: 404 },
  ],
  'POST /api/subscriptions/:id/sign': (w) => [
    {
      url: `/api/subscriptions/${w.objects.subscriptionOfA}/sign`,
      body: { fullName: w.a.name, consent: true, currentPassword: w.a.password },
      other: 404,
    },
  ],
  'GET /api/offerings': () => [],
  'GET /api/offerings/:id/documents': () => [],
  'GET /api/offerings/:id/documents/:documentId/file': () => [],
  'POST /api/offerings/:id/subscriptions': () => [],
  'GET /api/subscriptions': () => [],
  'GET /api/subscriptions/:id': (w) => [
    { url: `/api/subscriptions/${w.objects.subscriptionOfA}`, other: 404 },
  ],
  // Another's: 404 (subscriptions.test.ts); A cancelling here would leave nothing for A to sign.
  'POST /api/subscriptions/:id/cancel': () => [],
  'GET /api/opportunities/current': () => [],
  'GET /api/perks/benefits': () => [],
  'GET /api/perks/cabin-nights': () => [],
  'GET /api/perks/usage-summary': () => [],
  'GET /api/calendar/feed': () => [],
  'POST /api/calendar/feed/regenerate': () => [],
  'GET /api/projects/:id': (w) => [{ url: `/api/projects/${w.projects.onlyA.id}`, other: 404 }],
  'GET /api/updates': (w) => [{ url: `/api/updates?projectId=${w.projects.onlyA.id}`, other: 404 }],
  'PUT /api/updates/:id/read': (w) => [{ url: `/api/updates/${w.objects.updateOfOnlyA}/read`, other: 404 }],
  'GET /api/perks/benefits/:projectId': (w) => [
    { url: `/api/perks/benefits/${w.projects.onlyA.id}`, other: 404 },
  ],
  'GET /api/perks/cabin-nights/:projectId': (w) => [
    { url: `/api/perks/cabin-nights/${w.projects.onlyA.id}`, other: 404 },
  ],
  'GET /api/perks/usage-summary/:projectId': (w) => [
    { url: `/api/perks/usage-summary/${w.projects.onlyA.id}`, other: 404 },
  ],
  'GET /api/bookings': (w) => [
    { url: `/api/bookings?projectId=${w.projects.onlyA.id}`, other: 404 },
    { url: `/api/bookings?projectId=${w.projects.shared.id}`, other: 'hidden' },
  ],
  'POST /api/bookings': (w) => [
    {
      url: '/api/bookings',
      body: { projectId: w.projects.onlyA.id, type: 'personal', dates: [isoDay(60)], notes: 'x' },
      other: 404,
    },
  ],
  'PUT /api/bookings/:id/cancel': (w) => [{ url: `/api/bookings/${w.objects.booking}/cancel`, other: 404 }],
  'GET /api/bookings/:id/guide': (w) => [{ url: `/api/bookings/${w.objects.booking}/guide`, other: 404 }],
  'GET /api/perks/activity-requests': (w) => [
    { url: `/api/perks/activity-requests?projectId=${w.projects.onlyA.id}`, other: 404 },
    { url: `/api/perks/activity-requests?projectId=${w.projects.shared.id}`, other: 'hidden' },
  ],
  'POST /api/perks/activity-requests': (w) => [
    {
      url: '/api/perks/activity-requests',
      body: { perkId: w.objects.activityOfOnlyA, date: isoDay(60), partySize: 2 },
      other: 404,
    },
  ],
  'PUT /api/perks/activity-requests/:id/cancel': (w) => [
    { url: `/api/perks/activity-requests/${w.objects.activityRequestOfA}/cancel`, other: 404 },
  ],
  // The caller's own entries only; another investor's entry is a 404 (stays/waitlist/waitlist.test.ts).
  'GET /api/waitlist': () => [],
  'POST /api/waitlist': () => [],
  'DELETE /api/waitlist/:id': () => [],
  // Peak allocations of the projects the caller holds (stays/allocations/allocations.test.ts).
  'GET /api/allocations': () => [{ url: '/api/allocations', other: 'hidden' }],
  'PUT /api/allocations/:id/preferences': (w) => [
    { url: `/api/allocations/${w.objects.allocationOfOnlyA}/preferences`, body: { choices: [] }, other: 404 },
  ],
  'GET /api/allocations/:id/result': (w) => [
    { url: `/api/allocations/${w.objects.allocationOfOnlyA}/result`, other: 404 },
  ],
  'GET /api/perks/fairness/:projectId': (w) => [
    { url: `/api/perks/fairness/${w.projects.onlyA.id}`, other: 404 },
  ],
  // A's approved stay, and A's problem report on it with a photo (see beforeAll).
  'POST /api/stays/:id/reports': () => [
    { url: `/api/stays/${own.stayOfA}/reports`, body: { text: 'The sauna is cold' }, other: 404 },
  ],
  'GET /api/stays/:id/reports': () => [{ url: `/api/stays/${own.stayOfA}/reports`, other: 404 }],
  'GET /api/stay-reports/:id/photo': () => [{ url: `/api/stay-reports/${own.reportOfA}/photo`, other: 404 }],
  'GET /api/swaps': (w) => [{ url: `/api/swaps?projectId=${w.projects.onlyA.id}`, other: 404 }],
  'GET /api/swaps/stays': (w) => [{ url: `/api/swaps/stays?projectId=${w.projects.onlyA.id}`, other: 404 }],
  // B names A's stay as their own offer: not B's to offer.
  'POST /api/swaps': () => [
    {
      url: '/api/swaps',
      body: { offeredBookingId: swaps.stayA2, requestedBookingId: swaps.stayB },
      other: 404,
    },
  ],
  // Offers made to A (B made them, so B may only withdraw them), and one A made (only A withdraws it).
  'PUT /api/swaps/:id/accept': () => [{ url: `/api/swaps/${swaps.toA1}/accept`, other: 404 }],
  'PUT /api/swaps/:id/decline': () => [{ url: `/api/swaps/${swaps.toA2}/decline`, other: 404 }],
  'PUT /api/swaps/:id/withdraw': () => [{ url: `/api/swaps/${swaps.fromA}/withdraw`, other: 404 }],
  'GET /api/projects/:id/cabins': (w) => [{ url: `/api/projects/${w.projects.onlyA.id}/cabins`, other: 404 }],
  'GET /api/projects/:id/high-seasons': (w) => [
    { url: `/api/projects/${w.projects.onlyA.id}/high-seasons`, other: 404 },
  ],
  'GET /api/perks/stay-rules/:projectId': (w) => [
    { url: `/api/perks/stay-rules/${w.projects.onlyA.id}`, other: 404 },
  ],
  'GET /api/perks/availability/:projectId': (w) => [
    {
      url: `/api/perks/availability/${w.projects.onlyA.id}?from=${isoDay(1)}&to=${isoDay(31)}`,
      other: 404,
    },
  ],
  'GET /api/documents': (w) => [
    { url: `/api/documents?projectId=${w.projects.onlyA.id}`, other: 404 },
    // A userId in the query opens nobody else's documents to an investor.
    { url: `/api/documents?projectId=${w.projects.shared.id}&userId=${w.a.id}`, other: 'hidden' },
  ],
  'GET /api/documents/:id/download': (w) => [
    { url: `/api/documents/${w.objects.docOfA}/download`, other: 404 },
    { url: `/api/documents/${w.objects.docOfOnlyA}/download`, other: 404 },
  ],
  'GET /api/documents/:id/preview': (w) => [
    { url: `/api/documents/${w.objects.docOfA}/preview`, other: 404 },
    { url: `/api/documents/${w.objects.docOfOnlyA}/preview`, other: 404 },
  ],
  'GET /api/documents/media/:id/download': (w) => [
    { url: `/api/documents/media/${w.objects.mediaOfA}/download`, other: 404 },
  ],
  'GET /api/documents/media/:id/preview': (w) => [
    { url: `/api/documents/media/${w.objects.mediaOfA}/preview`, other: 404 },
  ],
  'GET /api/media': (w) => [
    { url: `/api/media?projectId=${w.projects.onlyA.id}`, other: 404 },
    { url: `/api/media?projectId=${w.projects.shared.id}`, other: 'hidden' },
  ],
  'PUT /api/notifications/:id/read': (w) => [
    { url: `/api/notifications/${w.objects.notificationOfA}/read`, other: 404 },
  ],
  'DELETE /api/notifications/:id': (w) => [
    { url: `/api/notifications/${w.objects.notificationOfA}`, other: 404 },
  ],
  // A period only A held something in (see beforeAll): B has no statement for it.
  'GET /api/statements/:period': () => [{ url: '/api/statements/2020-Q1', other: 404 }],
  'GET /api/statements/:period/pdf': () => [{ url: '/api/statements/2020-Q1/pdf', other: 404 }],
};

const ctx = useTestApp();
let w: World;
/** Approved stays of A and B in the shared project, and swap offers between them (see beforeAll). */
const swaps = { stayA2: '', stayB: '', toA1: '', toA2: '', fromA: '' };
/** A second sign-in of A (not the one the tests use), a passkey of A, A's stay and A's report on it, and an
 * export of A's data, ready. */
const own = { sessionOfA: '', passkeyOfA: '', stayOfA: '', reportOfA: '', exportOfA: '', delegationOfA: '' };
const responses: { role: string; method: string; url: string; res: LightMyRequestResponse }[] = [];

beforeAll(async () => {
  w = await buildWorld(ctx);
  const second = await ctx.signIn(w.a);
  own.sessionOfA = JSON.parse(Buffer.from(second.split('.')[1]!, 'base64url').toString()).sid;
  const [key] = await ctx.db
    .insert(passkeys)
    .values({ userId: w.a.id, credentialId: `cred-of-a-${w.tag}`, publicKey: 'AA', name: 'Key of A' })
    .returning();
  own.passkeyOfA = key!.id;
  const [given] = await ctx.db
    .insert(delegations)
    .values({
      principalId: w.a.id,
      invitedEmail: `accountant-of-a-${w.tag}@example.test`,
      role: 'accountant',
    })
    .returning();
  own.delegationOfA = given!.id;
  const exported = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/me/export',
    headers: { authorization: `Bearer ${w.tokens.a}` },
  });
  own.exportOfA = exported.json().data._id;
  await ctx.deps.jobs.drain('exports');
  // A may book in a project only A holds, so that A's own request there succeeds.
  await createAllowance(ctx.db, w.a.id, w.projects.onlyA.id);
  // Both investors hold from 2024: A alone also held a project in 2020, so that 2020-Q1 is A's statement only.
  const early = await createProject(ctx.db, {
    name: `SECRET-OF-A-early-project-${w.tag}`,
    status: 'active',
  });
  await createInvestment(ctx.db, w.a.id, early.id, { amount: '2020.20', startDate: '2020-02-03' });
  const shared = w.projects.shared.id;
  const approved = (userId: string, day: number) =>
    createBooking(ctx.db, userId, shared, [isoDay(day)], { status: 'approved' });
  const [stayA1, stayA2, stayB] = await Promise.all([
    approved(w.a.id, 90),
    approved(w.a.id, 91),
    approved(w.b.id, 92),
  ]);
  const rowOf = async (id: string) => (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const offerOf = async (from: string, to: string, offered: string, requested: string) => {
    const [row] = await ctx.db
      .insert(swapOffers)
      .values({
        projectId: shared,
        fromUserId: from,
        toUserId: to,
        offeredBookingId: offered,
        requestedBookingId: requested,
        offeredStamp: (await rowOf(offered)).updatedAt,
        requestedStamp: (await rowOf(requested)).updatedAt,
        offeredNights: (await rowOf(offered)).nights,
        requestedNights: (await rowOf(requested)).nights,
      })
      .returning();
    return row!.id;
  };
  own.stayOfA = stayA1.id;
  const form = await multipart(
    { text: 'The jetty is broken' },
    { data: samplePng(), name: 'jetty.png', type: 'image/png', field: 'photo' },
  );
  const reported = await ctx.app.inject({
    method: 'POST',
    url: `/api/stays/${stayA1.id}/reports`,
    headers: { ...bearer(w.tokens.a), ...form.headers },
    payload: form.payload,
  });
  own.reportOfA = reported.json().data._id;
  Object.assign(swaps, {
    stayA2: stayA2.id,
    stayB: stayB.id,
    toA1: await offerOf(w.b.id, w.a.id, stayB.id, stayA1.id),
    toA2: await offerOf(w.b.id, w.a.id, stayB.id, stayA2.id),
    fromA: await offerOf(w.a.id, w.b.id, stayA1.id, stayB.id),
  });
});

const apiRoutes = () => table.filter((r) => r.url.startsWith('/api/'));
const writes = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

async function call(role: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await ctx.app.inject({
    method: method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(writes(method) ? { payload: (body ?? {}) as object } : {}),
  });
  responses.push({ role, method, url, res });
  return res;
}

/** A concrete URL for a pattern: parameters filled with ids that exist nowhere (or a valid month). */
const randomUrl = (pattern: string) =>
  pattern
    .split('/')
    .map((part) =>
      part === ':month'
        ? '2025-01'
        : part === ':source'
          ? 'p'
          : part.startsWith(':')
            ? crypto.randomUUID()
            : part,
    )
    .join('/');

const leaks = (res: LightMyRequestResponse) => w.secrets.filter((s) => res.body.includes(s));

describe('the route table', () => {
  it('has exactly the declared public routes; every other /api route needs a sign-in', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(80);
    const pub = routes.filter((r) => r.access === 'public').map(routeKey);
    expect(pub.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('classifies every investor route by the objects of another investor it can name', () => {
    const userRoutes = apiRoutes()
      .filter((r) => r.access === 'user')
      .map(routeKey);
    expect(userRoutes.filter((k) => !(k in PRIVATE_TARGETS))).toEqual([]);
    expect(Object.keys(PRIVATE_TARGETS).filter((k) => !userRoutes.includes(k))).toEqual([]);
  });
});

describe('role × route', () => {
  it('anonymous: 401 with a message on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const r of apiRoutes().filter((r) => r.access !== 'public')) {
      const res = await call('anonymous', r.method, randomUrl(r.url));
      if (res.statusCode !== 401 || !res.json().message) wrong.push(`${routeKey(r)}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a forged or foreign token is anonymous too', async () => {
    const [h, p] = w.tokens.a.split('.');
    const forged = `${h}.${p}.${Buffer.from('not the signature').toString('base64url')}`;
    const wrong: string[] = [];
    for (const r of apiRoutes().filter((r) => r.access !== 'public')) {
      const res = await call('forged', r.method, randomUrl(r.url), forged);
      if (res.statusCode !== 401) wrong.push(`${routeKey(r)}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('investors: 403 on every admin route, for both of them, writing nothing', async () => {
    const before = await fingerprint(ctx.db);
    const wrong: string[] = [];
    for (const r of apiRoutes().filter((r) => r.access === 'admin')) {
      for (const [role, token] of [
        ['investor A', w.tokens.a],
        ['investor B', w.tokens.b],
      ] as const) {
        // Real ids of A's objects, so that a route that forgot its rule would find something to change.
        const url = r.url
          .replace(':projectId', w.projects.onlyA.id)
          .replace(':userId', w.a.id)
          .replace(':perkId', w.objects.perkOfOnlyA)
          .replace(':month', '2025-01')
          .replace(':id', w.a.id);
        const res = await call(role, r.method, url, token, { projectId: w.projects.onlyA.id });
        if (res.statusCode !== 403) wrong.push(`${role} ${routeKey(r)}: ${res.statusCode}`);
        else if (leaks(res).length) wrong.push(`${role} ${routeKey(r)} leaked ${leaks(res).join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(ctx.db)).toEqual(before);
  });

  it('admins pass the access rule of every route (any answer but 401/403, never a 5xx)', async () => {
    const wrong: string[] = [];
    for (const r of apiRoutes().filter((r) => r.access !== 'public')) {
      // Ids that exist nowhere: the admin is let through, and then finds nothing to change.
      const res = await call('admin', r.method, randomUrl(r.url), w.tokens.admin);
      if ([401, 403].includes(res.statusCode) || res.statusCode >= 500)
        wrong.push(`${routeKey(r)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('route × owner: investor B against the objects of investor A', () => {
  it('never sees A’s data in any answer to an investor read, whatever ids B puts in the address', async () => {
    const candidates = {
      projectId: Object.values(w.projects).map((p) => p.id),
      userId: [w.a.id],
      id: Object.values(w.objects),
    };
    const wrong: string[] = [];
    for (const r of apiRoutes().filter((r) => r.access === 'user' && r.method === 'GET')) {
      let urls = [''];
      for (const part of r.url.split('/').slice(1)) {
        const values = part.startsWith(':')
          ? (candidates[part.slice(1) as keyof typeof candidates] ?? candidates.id)
          : [part];
        urls = urls.flatMap((u) => values.map((v) => `${u}/${v}`));
      }
      for (const projectId of candidates.projectId) {
        for (const u of urls) {
          const res = await call(
            'investor B',
            'GET',
            `${u}?projectId=${projectId}&userId=${w.a.id}`,
            w.tokens.b,
          );
          if (leaks(res).length) wrong.push(`${u} leaked ${leaks(res).join(', ')}`);
          if (![200, 400, 404].includes(res.statusCode)) wrong.push(`${u}: ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 404 (or leaves A’s objects out) to B, changing nothing, and serves A the same request', async () => {
    const keys = Object.keys(PRIVATE_TARGETS).sort(
      // Deletions last: they take away what the other checks name.
      (x, y) => Number(x.startsWith('DELETE')) - Number(y.startsWith('DELETE')) || x.localeCompare(y),
    );
    const wrong: string[] = [];
    let checked = 0;
    for (const key of keys) {
      const method = key.split(' ')[0]!;
      for (const t of PRIVATE_TARGETS[key]!(w)) {
        checked++;
        const before = await fingerprint(ctx.db);
        const asB = await call('investor B', method, t.url, w.tokens.b, t.body);
        if (t.other === 404 && asB.statusCode !== 404)
          wrong.push(`B ${method} ${t.url}: ${asB.statusCode}, expected 404`);
        if (t.other === 'hidden' && asB.statusCode !== 200)
          wrong.push(`B ${method} ${t.url}: ${asB.statusCode}, expected 200 without A's objects`);
        if (leaks(asB).length) wrong.push(`B ${method} ${t.url} leaked ${leaks(asB).join(', ')}`);
        if (asB.statusCode === 404 && asB.json().message !== asB.json().error)
          wrong.push(`B ${method} ${t.url}: not the error envelope`);
        expect(await fingerprint(ctx.db), `${method} ${t.url} as B`).toEqual(before);
        const asA = await call('investor A', method, t.url, w.tokens.a, t.body);
        if (asA.statusCode < 200 || asA.statusCode > 299)
          wrong.push(`A ${method} ${t.url}: ${asA.statusCode} ${asA.body.slice(0, 120)}`);
        // What B did not see is really there for A.
        if (t.other === 'hidden' && !leaks(asA).length) wrong.push(`A ${method} ${t.url}: nothing of A's`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});

describe('headers of every answer above', () => {
  it('API answers are never cached and carry nosniff, a CSP that lets nothing load, frame protection, the resource and referrer policies; errors are the JSON envelope', () => {
    expect(responses.length).toBeGreaterThan(300);
    const wrong: string[] = [];
    for (const { role, method, url, res } of responses) {
      const where = `${role} ${method} ${url} (${res.statusCode})`;
      if (res.headers['cache-control'] !== 'no-store')
        wrong.push(`${where}: cache-control ${res.headers['cache-control']}`);
      if (res.headers['x-content-type-options'] !== 'nosniff') wrong.push(`${where}: no nosniff`);
      if (res.headers['x-frame-options'] !== 'DENY') wrong.push(`${where}: no frame protection`);
      if (res.headers['referrer-policy'] !== 'strict-origin-when-cross-origin')
        wrong.push(`${where}: referrer policy`);
      // Nothing loads from an API answer and nothing frames it; a file shown inline is sandboxed instead.
      const csp = String(res.headers['content-security-policy'] ?? '');
      if (
        !(csp.includes("default-src 'none'") && csp.includes("frame-ancestors 'none'")) &&
        csp !== 'sandbox'
      )
        wrong.push(`${where}: CSP ${csp}`);
      if (res.headers['cross-origin-resource-policy'] !== 'same-origin')
        wrong.push(`${where}: cross-origin-resource-policy ${res.headers['cross-origin-resource-policy']}`);
      if (res.statusCode >= 400) {
        const body = res.json() as { success?: boolean; message?: string; error?: string };
        if (body.success !== false || !body.message || body.message !== body.error)
          wrong.push(`${where}: ${res.body.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
