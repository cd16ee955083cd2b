import { describe, expect, it } from 'vitest';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { and, eq, sql } from 'drizzle-orm';
import {
  auditLog,
  distributionAllocations,
  distributions,
  interestRegistrations,
  investments,
  kycChecks,
  kycDocuments,
  monthlyReturns,
  notifications,
  passkeys,
  users,
} from '../../db/schema';
import * as schema from '../../db/schema';
import { PERSONAL_TABLES } from '../../db/personal-tables';
import {
  bearer,
  createInvestment,
  createProject,
  createUser,
  login,
  type TestUser,
} from '../../../test/helpers';
import { createBooking, isoDay } from '../../../test/content-factories';
import { useMailTest } from '../../../test/smtp-sink';
import { createDocumentRow } from '../documents/test-support';
import { notifyUsers } from '../notifications/notify';
import { pseudonymOf } from './erasure';

const mt = useMailTest();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  mt.ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const ask = (token: string, reason?: string) =>
  call('POST', '/api/users/me/erasure', token, reason ? { reason } : {});
const adminList = async () =>
  (await call('GET', '/api/admin/erasure-requests', mt.adminToken)).json().data as {
    _id: string;
    status: string;
    user: { _id: string; name: string; email: string };
    holds: { investments: number; openPayouts: number; bookings: number };
    keepUntil: string | null;
  }[];

async function investor(opts: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(mt.ctx.db, opts);
  return { user, token: await mt.ctx.signIn(user) };
}

describe('asking for erasure', () => {
  it('asks, shows the request to the investor and the admins, refuses a second one, and withdraws it', async () => {
    const project = await createProject(mt.ctx.db);
    const { user, token } = await investor({ name: 'Rita Requester' });
    await createInvestment(mt.ctx.db, user.id, project.id, { amount: '5000.00' });
    await createBooking(mt.ctx.db, user.id, project.id, [isoDay(30), isoDay(31)]);
    expect((await call('GET', '/api/users/me/erasure', token)).json().data).toBeNull();

    const res = await ask(token, 'I no longer invest');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'pending', reason: 'I no longer invest' });
    expect((await call('GET', '/api/users/me/erasure', token)).json().data).toMatchObject({
      _id: res.json().data._id,
      status: 'pending',
    });
    const again = await ask(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('profile.erasure_pending');

    const listed = (await adminList()).find((r) => r._id === res.json().data._id);
    expect(listed).toMatchObject({
      status: 'pending',
      user: { _id: user.id, name: 'Rita Requester', email: user.email },
      // The legal-reason hints: a current investment and a stay ahead.
      holds: { investments: 1, openPayouts: 0, bookings: 1 },
    });

    const withdrawn = await call('DELETE', '/api/users/me/erasure', token);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data.status).toBe('withdrawn');
    expect((await call('GET', '/api/users/me/erasure', token)).json().data).toBeNull();
    expect((await call('DELETE', '/api/users/me/erasure', token)).statusCode).toBe(404);
    expect((await adminList()).some((r) => r._id === res.json().data._id)).toBe(false);

    // Both the request and its withdrawal are audited, without the investor's words.
    const audits = await mt.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, user.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['erasure-request', 'erasure-withdraw']);
    expect(JSON.stringify(audits)).not.toContain('no longer invest');
  });

  it('keeps the routes to their callers: investors get 403 on the admin routes, see only their own request; no admin’s account is erased', async () => {
    const a = await investor();
    const b = await investor();
    const asked = (await ask(a.token)).json().data;
    expect((await call('GET', '/api/users/me/erasure', b.token)).json().data).toBeNull();
    expect((await call('DELETE', '/api/users/me/erasure', b.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/erasure-requests', a.token)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/admin/erasure-requests/${asked._id}/carry-out`, b.token)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/admin/erasure-requests/${asked._id}/refuse`, a.token, { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/api/admin/settings/erasure', a.token, { retentionYears: 1 })).statusCode,
    ).toBe(403);
    // An admin's own account cannot be asked for, nor carried out once its owner became an admin.
    const own = await ask(mt.adminToken);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('profile.erasure_admin');
    await mt.ctx.db.update(users).set({ isAdmin: true }).where(eq(users.id, a.user.id));
    const refused = await call('POST', `/api/admin/erasure-requests/${asked._id}/carry-out`, mt.adminToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('profile.erasure_admin_account');
    expect((await mt.ctx.db.select().from(users).where(eq(users.id, a.user.id)))[0]!.name).toBe(a.user.name);
    expect(
      (
        await call(
          'POST',
          '/api/admin/erasure-requests/00000000-0000-4000-8000-000000000000/carry-out',
          mt.adminToken,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('refusing', () => {
  it('needs a legal reason, tells the investor in their language, and lets them ask again', async () => {
    const { user, token } = await investor({ name: 'Dieter Deutsch', locale: 'de' });
    const id = (await ask(token)).json().data._id;
    const refuse = (payload: object) =>
      call('POST', `/api/admin/erasure-requests/${id}/refuse`, mt.adminToken, payload);
    expect((await refuse({})).statusCode).toBe(400);
    expect((await refuse({ reason: '   ' })).statusCode).toBe(400);
    const res = await refuse({ reason: 'Laufende Beteiligung bis 2030 (§ 257 HGB)' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'refused', decidedBy: { _id: mt.admin.id } });
    expect((await refuse({ reason: 'again' })).statusCode).toBe(409);

    expect((await call('GET', '/api/users/me/erasure', token)).json().data).toMatchObject({
      status: 'refused',
      refusalReason: 'Laufende Beteiligung bis 2030 (§ 257 HGB)',
    });
    const notes = (await call('GET', '/api/notifications', token)).json().data;
    const note = (notes.notifications ?? notes).find((n: { link: string }) => n.link === '/your-data');
    expect(note.title).toBe('Ihr Konto wurde nicht gelöscht');
    expect(note.message).toContain('Laufende Beteiligung bis 2030');

    await mt.drain();
    const mail = mt.sink.to(user.email);
    expect(mail.map((m) => m.subject)).toEqual(['Ihr Antrag auf Löschung Ihres Kontos wurde abgelehnt']);
    expect(mail[0]!.text).toContain('Laufende Beteiligung bis 2030');

    // Refused is not final: the investor may ask again.
    expect((await ask(token)).statusCode).toBe(201);
  });
});

/** The money the books hold for a user: what carrying out an erasure must leave as it was. */
async function ledgerSums(userId: string) {
  const [row] = await mt.ctx.db
    .select({
      invested: sql<string>`(select coalesce(sum(amount), 0)::text from ${investments} where user_id = ${userId})`,
      returns: sql<string>`(select coalesce(sum(amount), 0)::text from ${monthlyReturns} where user_id = ${userId})`,
      allocated: sql<string>`(select coalesce(sum(amount), 0)::text from ${distributionAllocations} where user_id = ${userId})`,
      rows: sql<number>`((select count(*) from ${investments} where user_id = ${userId}) + (select count(*) from ${monthlyReturns} where user_id = ${userId}) + (select count(*) from ${distributionAllocations} where user_id = ${userId}))::int`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}

/** An investor with personal data in every corner: profile, bank account, identity check, notices, files. */
async function richInvestor() {
  const project = await createProject(mt.ctx.db);
  const user: TestUser = await createUser(mt.ctx.db, {
    name: 'Nora Nordmann-Eraseme',
    email: 'nora.eraseme@example.test',
    locale: 'nb',
  });
  await mt.ctx.db
    .update(users)
    .set({
      phone: '+47 912 34 567',
      address: 'Eraseveien 12',
      city: 'Tromsø',
      postalCode: '9008',
      country: 'NO',
      dateOfBirth: '1980-02-03',
    })
    .where(eq(users.id, user.id));
  const token = (await login(mt.ctx.app, user.email, user.password)).accessToken;
  const iban = 'NO9386011117947';
  const bank = await call('PUT', '/api/users/me/bank-account', token, {
    iban,
    bic: 'DNBANOKK',
    holder: 'Nora Nordmann-Eraseme',
    currentPassword: user.password,
  });
  expect(bank.statusCode).toBe(200);
  await createInvestment(mt.ctx.db, user.id, project.id, {
    amount: '25000.00',
    startDate: '2024-01-01',
    monthly: { '2024-02': '101.10', '2024-03': '120.00' },
  });
  const [run] = await mt.ctx.db
    .insert(distributions)
    .values({
      projectId: project.id,
      period: '2024-04',
      kind: 'income',
      amount: '300.00',
      paymentDate: '2024-04-30',
    })
    .returning();
  await mt.ctx.db
    .insert(distributionAllocations)
    .values({ distributionId: run!.id, userId: user.id, invested: '25000.00', amount: '300.00' });
  await createBooking(mt.ctx.db, user.id, project.id, [isoDay(50), isoDay(51)]);
  await notifyUsers(mt.ctx.db, [user.id], { title: 'Hei Nora Nordmann-Eraseme', message: 'Eraseveien 12' });
  const idFile = await mt.ctx.deps.storage.put(Buffer.from('passport of Nora'));
  await mt.ctx.db.insert(kycChecks).values({
    userId: user.id,
    dateOfBirth: '1980-02-03',
    taxResidence: 'NO',
    politicallyExposed: false,
    sourceOfFunds: 'Salary of Nora Nordmann-Eraseme',
  });
  await mt.ctx.db.insert(kycDocuments).values({
    userId: user.id,
    kind: 'identity',
    fileKey: idFile.key,
    fileName: 'nora-passport.png',
    fileMime: 'image/png',
    fileSize: idFile.size,
  });
  const doc = await createDocumentRow(
    mt.ctx.db,
    mt.ctx.deps.storage,
    { projectId: project.id, userId: user.id, name: 'Tax statement of Nora Nordmann-Eraseme' },
    { data: Buffer.from('tax of Nora'), mime: 'text/plain', name: 'tax.txt' },
  );
  await mt.ctx.db.insert(passkeys).values({
    userId: user.id,
    credentialId: `cred-${user.id}`,
    publicKey: 'pk',
    name: "Nora's phone",
  });
  await mt.ctx.db.insert(interestRegistrations).values({
    name: 'Nora Nordmann-Eraseme',
    email: 'Nora.Eraseme@example.test',
    phone: '+47 912 34 567',
    message: 'Interested',
  });
  return { user, token, iban, files: [idFile.key, doc.fileKey!] };
}

describe('carrying out', () => {
  it('removes every personal field, keeps the books equal, ends every sign-in, and emails the old address', async () => {
    const { user, token, iban, files } = await richInvestor();
    const before = await ledgerSums(user.id);
    expect(before.rows).toBe(4);
    const id = (await ask(token, 'Nora wants out')).json().data._id;
    // The holdings show as a legal reason to refuse; the admin carries it out all the same.
    expect((await adminList()).find((r) => r._id === id)!.holds.investments).toBe(1);

    const res = await call('POST', `/api/admin/erasure-requests/${id}/carry-out`, mt.adminToken);
    expect(res.statusCode).toBe(200);
    const pseudonym = pseudonymOf(user.id);
    expect(res.json().data).toMatchObject({
      status: 'carried_out',
      reason: null,
      user: { _id: user.id, name: pseudonym },
    });
    // Ten years by default.
    expect(res.json().data.keepUntil.slice(0, 4)).toBe(String(new Date().getUTCFullYear() + 10));

    // No row of any table of personal data still says who the person was.
    const secrets = [
      'Nora',
      'Nordmann',
      'eraseme@example.test',
      '912 34 567',
      'Eraseveien',
      'Tromsø',
      iban,
      '11117947',
      'DNBANOKK',
      'wants out',
    ];
    const person = { id: user.id, email: user.email, pseudonym };
    for (const t of PERSONAL_TABLES) {
      const rows = await mt.ctx.db.select().from(t.table).where(t.rows(person));
      const text = JSON.stringify(rows).toLowerCase();
      for (const s of secrets) expect(text, `${t.name} still holds "${s}"`).not.toContain(s.toLowerCase());
    }
    const [row] = await mt.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: pseudonym, isActive: false, phone: null, bankHolder: null });
    expect(row!.erasedAt).not.toBeNull();
    expect(await mt.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
    // The uploaded files are gone from the storage too.
    for (const key of files) expect(await mt.ctx.deps.storage.stat(key)).toBeNull();

    // The books hold the same money under the pseudonym.
    expect(await ledgerSums(user.id)).toEqual(before);

    // The token in hand is refused at once, and no sign-in works.
    expect((await call('GET', '/api/users/me', token)).statusCode).toBe(401);
    const signIn = await mt.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(401);

    // A second carry-out is a conflict, not a second erasure.
    const twice = await call('POST', `/api/admin/erasure-requests/${id}/carry-out`, mt.adminToken);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('profile.erasure_decided');

    // The audit names the pseudonym only.
    const audit = await mt.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'erasure-carry-out')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toMatch(/Nora|eraseme/i);

    // The last email goes to the address the account had, in Norwegian; the address is not kept after.
    await mt.drain();
    const mail = mt.sink.to(user.email);
    expect(mail.map((m) => m.subject)).toEqual(['Kontoen din er slettet']);
    expect(mail[0]!.text).not.toContain(pseudonym);
    const outbox = await mt.ctx.db.execute(
      sql`select to_address, data::text as data, status from mail_messages where user_id = ${user.id}`,
    );
    const sent = (outbox as unknown as { rows: { to_address: string; data: string; status: string }[] }).rows;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.status).toBe('sent');
    expect(JSON.stringify(sent)).not.toMatch(/eraseme|sealedTo/i);
  });

  it('keeps the retention years an admin sets', async () => {
    const set = await call('PUT', '/api/admin/settings/erasure', mt.adminToken, { retentionYears: 6 });
    expect(set.statusCode).toBe(200);
    expect(
      (await call('PUT', '/api/admin/settings/erasure', mt.adminToken, { retentionYears: 0 })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/admin/settings/erasure', mt.adminToken)).json().data).toEqual({
      retentionYears: 6,
    });
    const { token } = await investor();
    const id = (await ask(token)).json().data._id;
    const res = await call('POST', `/api/admin/erasure-requests/${id}/carry-out`, mt.adminToken);
    expect(res.json().data.keepUntil.slice(0, 4)).toBe(String(new Date().getUTCFullYear() + 6));
  });
});

/** Columns that name an admin who did something, not the person the row is about. */
const ACTOR_COLUMNS = new Set([
  'created_by',
  'decided_by',
  'verified_by',
  'accepted_by',
  'published_by',
  'imported_by',
  'assigned_by',
  'recorded_by',
  'finalized_by',
  'reversed_by',
  'updated_by',
  'actor_id',
]);

describe('the one list of personal data', () => {
  it('names every table with a column about a user', () => {
    const listed = new Set(PERSONAL_TABLES.map((t) => t.name));
    const missing: string[] = [];
    for (const value of Object.values(schema)) {
      if (!value || typeof value !== 'object' || !(Symbol.for('drizzle:IsDrizzleTable') in value)) continue;
      const config = getTableConfig(value as PgTable);
      const aboutUser =
        config.columns.some((c) => c.name === 'user_id' || c.name.endsWith('_user_id')) ||
        config.foreignKeys.some(
          (fk) =>
            fk.reference().foreignTable === users &&
            fk.reference().columns.some((c) => !ACTOR_COLUMNS.has(c.name)),
        );
      if (aboutUser && config.name !== 'users' && !listed.has(config.name)) missing.push(config.name);
    }
    expect(missing).toEqual([]);
    // Each line names its table by its own name.
    for (const t of PERSONAL_TABLES) expect(getTableConfig(t.table).name).toBe(t.name);
  });
});
