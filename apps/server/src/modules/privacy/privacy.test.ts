import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { DATA_EXPORTS_PER_DAY } from '@portal/contracts';
import { dataExports, mailMessages, notifications } from '../../db/schema';
import { bearer, createInvestment, createProject, createUser, useTestApp } from '../../../test/helpers';
import { createAllowance, createBooking, isoDay } from '../../../test/content-factories';
import { createDocumentRow } from '../documents/test-support';
import { notifyUsers } from '../notifications/notify';
import { purgeExpiredExports } from './service';

const ctx = useTestApp();

const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const startExport = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/me/export', headers: bearer(token) });
const download = (token: string, id: string) => get(token, `/api/users/me/exports/${id}/download`);

/** 'YYYY-MM' of the month `n` months before this one. */
function monthsBack(n: number): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 7);
}

/** An investor with a holding, returns, a booking, cabin nights, a notification and a document of their own. */
async function investor(projectId: string, name: string, fileText: string) {
  const user = await createUser(ctx.db, { name });
  await createInvestment(ctx.db, user.id, projectId, {
    amount: '25000.00',
    startDate: `${monthsBack(8)}-01`,
    monthly: { [monthsBack(7)]: '101.10', [monthsBack(6)]: '120.00' },
  });
  await createAllowance(ctx.db, user.id, projectId);
  await createBooking(ctx.db, user.id, projectId, [isoDay(40), isoDay(41)]);
  // A message a spreadsheet would run as a formula, were it not quoted in the CSV.
  await notifyUsers(ctx.db, [user.id], { title: `Hello ${name}`, message: `=HYPERLINK("x") for ${name}` });
  const document = await createDocumentRow(
    ctx.db,
    ctx.deps.storage,
    { projectId, userId: user.id, name: `Tax statement of ${name}` },
    { data: Buffer.from(fileText), mime: 'text/plain', name: 'tax.txt' },
  );
  return { user, document, token: await ctx.signIn(user) };
}

/** Two investors of one project, so that the export of one can be searched for the other. */
async function world() {
  const project = await createProject(ctx.db);
  const alice = await investor(project.id, 'Alice Exporter', 'alice-tax-file');
  const bob = await investor(project.id, 'Bob Bystander', 'bob-tax-file');
  return { project, alice, bob };
}

/** Asks for an export and runs its job: the export's id. */
async function readyExport(token: string): Promise<string> {
  const res = await startExport(token);
  expect(res.statusCode).toBe(201);
  expect(await ctx.deps.jobs.drain('exports')).toBe(1);
  return res.json().data._id;
}

/** The archive's entries, by path. */
function entries(body: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(body));
}

describe('POST /api/users/me/export', () => {
  it('starts an export as pending; its job makes it ready for 7 days, notifies and emails the investor', async () => {
    const { alice } = await world();
    const res = await startExport(alice.token);
    expect(res.statusCode).toBe(201);
    const started = res.json().data;
    expect(started).toEqual({
      _id: expect.any(String),
      status: 'pending',
      createdAt: expect.any(String),
      expiresAt: null,
      size: null,
    });
    const pending = await get(alice.token, '/api/users/me/exports');
    expect(pending.json().data).toEqual([started]);
    // Not downloadable yet.
    const early = await download(alice.token, started._id);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('profile.export_not_ready');

    expect(await ctx.deps.jobs.drain('exports')).toBe(1);
    const [ready] = (await get(alice.token, '/api/users/me/exports')).json().data;
    expect(ready).toMatchObject({ _id: started._id, status: 'ready', createdAt: started.createdAt });
    expect(ready.size).toBeGreaterThan(0);
    const week = Date.parse(ready.expiresAt) - Date.now();
    expect(week).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(week).toBeLessThanOrEqual(7 * 86_400_000);

    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, alice.user.id), eq(notifications.messageKey, 'dataExportReady')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ link: '/your-data', type: 'success' });
    const mail = await ctx.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.userId, alice.user.id), eq(mailMessages.kind, 'dataExportReady')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your data is ready to download');
  });

  it("tells the investor in their language: the notification and the email's subject", async () => {
    const user = await createUser(ctx.db, { locale: 'nb' });
    const token = await ctx.signIn(user);
    await readyExport(token);
    const [notice] = (await get(token, '/api/notifications')).json().data.notifications;
    expect(notice).toMatchObject({ title: 'Dataene dine er klare', link: '/your-data' });
    expect(notice.message).toMatch(/^Kopien av dataene dine som du ba om, kan lastes ned til /);
    const [mail] = await ctx.db.select().from(mailMessages).where(eq(mailMessages.userId, user.id));
    expect(mail!.subject).toBe('Dataene dine er klare til nedlasting');
  });

  it('makes one export at a time (409) and at most 3 in 24 hours (429 with Retry-After)', async () => {
    const user = await createUser(ctx.db);
    const token = await ctx.signIn(user);
    expect((await startExport(token)).statusCode).toBe(201);
    const twice = await startExport(token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('profile.export_pending');
    await ctx.deps.jobs.drain('exports');
    for (let i = 1; i < DATA_EXPORTS_PER_DAY; i++) await readyExport(token);
    const fourth = await startExport(token);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({
      code: 'profile.export_limit',
      params: { n: DATA_EXPORTS_PER_DAY },
    });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // A day later the first no longer counts.
    const [first] = await ctx.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, user.id))
      .orderBy(dataExports.createdAt)
      .limit(1);
    await ctx.db
      .update(dataExports)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(dataExports.id, first!.id));
    await readyExport(token);
  });
});

describe('the export archive', () => {
  it("holds the API's answers as data.json, a CSV per table and the investor's own files, and nothing of another investor", async () => {
    const { project, alice, bob } = await world();
    const id = await readyExport(alice.token);
    const res = await download(alice.token, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="investor-portal-data-/);
    const files = entries(res.rawPayload);
    const data = JSON.parse(strFromU8(files['data.json']!));

    // The sections are the endpoints' answers.
    const me = (await get(alice.token, '/api/users/me')).json().data;
    expect(data.profile).toEqual(me);
    expect(data.investments).toEqual(me.investments);
    expect(data.investments).toHaveLength(1);
    expect(data.payouts).toEqual((await get(alice.token, '/api/investment/payouts')).json().payouts);
    expect(data.payouts.length).toBeGreaterThan(0);
    expect(data.performance).toEqual((await get(alice.token, '/api/investment/performance')).json().data);
    const bookings = (await get(alice.token, `/api/bookings?projectId=${project.id}`)).json().data;
    expect(data.bookings).toEqual(bookings);
    expect(bookings).toHaveLength(1);
    const statements = (await get(alice.token, '/api/statements')).json().data;
    expect(statements.length).toBeGreaterThan(0);
    expect(data.statements.map(({ figures: _, ...s }: { figures: unknown }) => s)).toEqual(statements);
    for (const s of data.statements)
      expect(s.figures).toEqual((await get(alice.token, `/api/statements/${s.period}`)).json().data);
    expect(data.cabinNights.map(({ project: _, ...n }: { project: unknown }) => n)).toEqual([
      (await get(alice.token, `/api/perks/cabin-nights/${project.id}`)).json().cabinNights,
    ]);
    // All but the one saying that this archive is ready, written after it.
    const told = (await get(alice.token, '/api/notifications')).json().data.notifications;
    expect(told[0].link).toBe('/your-data');
    expect(data.notifications).toEqual(told.slice(1));
    expect(data.notifications).toHaveLength(1);
    expect(data.emailPreferences).toEqual(
      (await get(alice.token, '/api/users/me/email-preferences')).json().data,
    );
    expect(data.identityCheck).toEqual((await get(alice.token, '/api/kyc')).json().data);
    expect(data.passkeys).toEqual((await get(alice.token, '/api/auth/passkeys')).json().data);
    expect(data.signIns.length).toBeGreaterThan(0);
    expect(data.documents.map((d: { _id: string }) => d._id)).toEqual([alice.document.id]);

    // A CSV per table, and the investor's own document and statements as files.
    const bookingsCsv = strFromU8(files['csv/bookings.csv']!).split('\r\n');
    expect(bookingsCsv[0]).toContain('_id');
    expect(bookingsCsv[1]).toContain(bookings[0]._id);
    expect(files['csv/profile.csv']).toBeDefined();
    expect(strFromU8(files['csv/notifications.csv']!)).toContain(`"'=HYPERLINK(""x"") for Alice Exporter"`);
    expect(files['csv/payouts.csv']).toBeDefined();
    expect(strFromU8(files['documents/tax.txt']!)).toBe('alice-tax-file');
    const pdfs = Object.keys(files).filter((f) => f.startsWith('statements/'));
    expect(pdfs).toHaveLength(statements.length);
    expect(strFromU8(files[pdfs[0]!]!.slice(0, 5))).toBe('%PDF-');

    // Nothing of Bob, and no secret of Alice's.
    const everything = Object.values(files)
      .map((f) => Buffer.from(f).toString('latin1'))
      .join('\n');
    const [bobRow] = await ctx.db.select().from(dataExports).where(eq(dataExports.userId, bob.user.id));
    expect(bobRow).toBeUndefined();
    for (const trace of [bob.user.id, bob.user.email, 'Bob Bystander', bob.document.id, 'bob-tax-file'])
      expect(everything, `Bob's ${trace}`).not.toContain(trace);
    for (const secret of ['passwordHash', 'password_hash', 'totpSecret', 'tokenHash', 'publicKey', 'scrypt'])
      expect(everything).not.toContain(secret);
  });

  it('is refused to anyone else (404), once it failed (409) and once its week is over (410)', async () => {
    const { alice, bob } = await world();
    const id = await readyExport(alice.token);
    const other = await download(bob.token, id);
    expect(other.statusCode).toBe(404);
    expect((await get(bob.token, '/api/users/me/exports')).json().data).toEqual([]);

    await ctx.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, id));
    const expired = await download(alice.token, id);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('profile.export_expired');
    // The daily sweep deletes the archive and keeps the row.
    const [before] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(await ctx.deps.storage.stat(before!.fileKey!)).not.toBeNull();
    expect(await purgeExpiredExports(ctx.db, ctx.deps.storage)).toBeGreaterThanOrEqual(1);
    expect(await ctx.deps.storage.stat(before!.fileKey!)).toBeNull();
    const [after] = (await get(alice.token, '/api/users/me/exports')).json().data;
    expect(after).toMatchObject({ _id: id, status: 'ready', size: null });
    expect((await download(alice.token, id)).statusCode).toBe(410);
  });

  it('fails after its last try when a file cannot be read, and tells the investor', async () => {
    const { alice } = await world();
    await ctx.deps.storage.delete(alice.document.fileKey!);
    const res = await startExport(alice.token);
    const id = res.json().data._id;
    // The first try and its three retries.
    for (let i = 0; i < 4; i++) expect(await ctx.deps.jobs.drain('exports')).toBe(1);
    const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(row).toMatchObject({ status: 'failed', fileKey: null });
    expect(row!.error).toBeTruthy();
    const failed = await download(alice.token, id);
    expect(failed.statusCode).toBe(409);
    expect(failed.json().code).toBe('profile.export_failed');
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, alice.user.id), eq(notifications.messageKey, 'dataExportFailed')));
    expect(told).toHaveLength(1);
    // Another may be asked for at once.
    await ctx.deps.storage.put(Buffer.from('alice-tax-file'), { key: alice.document.fileKey! });
    expect((await download(alice.token, await readyExport(alice.token))).statusCode).toBe(200);
  });
});
