import { describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { eq, sql } from 'drizzle-orm';
import {
  bearer,
  createAdmin,
  createInvestment,
  createProject,
  createUser,
  login,
  type TestUser,
} from '../../test/helpers';
import { createBooking, isoDay } from '../../test/content-factories';
import { useMailTest } from '../../test/smtp-sink';
import { users } from '../db/schema';
import { totpCode, totpStep } from '../lib/totp';
import { multipart, samplePdf } from '../modules/documents/test-support';

const mt = useMailTest();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  mt.ctx.app.inject({ method, url, headers: bearer(token), payload });

/** Sends what is queued and answers the messages each address got. */
async function delivered(): Promise<ParsedMail[]> {
  await mt.ctx.deps.jobs.drain('mail');
  return mt.sink.messages;
}
const subjects = (to: TestUser) => mt.sink.to(to.email).map((m) => m.subject);
const hasUnsubscribe = (m: ParsedMail) => m.headerLines.some((h) => h.key === 'list-unsubscribe');

async function setPreference(user: TestUser, change: Record<string, boolean>) {
  const token = (await login(mt.ctx.app, user.email, user.password)).accessToken;
  const res = await call('PUT', '/api/users/me/email-preferences', token, change);
  expect(res.statusCode).toBe(200);
}

describe('what sends email', () => {
  it('a final distribution: each investor paid gets their own amount and the payment date', async () => {
    const project = await createProject(mt.ctx.db, { name: 'Aurora Cabins' });
    const emma = await createUser(mt.ctx.db, { name: 'Emma Lind' });
    const lukas = await createUser(mt.ctx.db, { name: 'Lukas Berg' });
    const off = await createUser(mt.ctx.db, { name: 'Otto Off' });
    await createInvestment(mt.ctx.db, emma.id, project.id, { amount: '3000.00' });
    await createInvestment(mt.ctx.db, lukas.id, project.id, { amount: '1000.00' });
    await createInvestment(mt.ctx.db, off.id, project.id, { amount: '1000.00' });
    await setPreference(off, { payouts: false });
    const run = await call('POST', '/api/distributions', mt.adminToken, {
      projectId: project.id,
      period: '2025-06',
      kind: 'income',
      amount: 1000.01,
      paymentDate: '2025-07-15',
    });
    expect(run.statusCode).toBe(201);
    // A draft sends nothing.
    expect(await delivered()).toHaveLength(0);
    const final = await call('POST', `/api/distributions/${run.json().data._id}/finalize`, mt.adminToken);
    expect(final.statusCode).toBe(200);
    await delivered();
    const [toEmma] = mt.sink.to(emma.email);
    expect(toEmma!.subject).toBe('Payout from Aurora Cabins');
    expect(toEmma!.text).toContain(
      'Your share is €600.01, paid on July 15, 2025 to the bank account in your profile.',
    );
    expect(mt.sink.to(lukas.email)[0]!.text).toContain('Your share is €200,');
    expect(hasUnsubscribe(toEmma!)).toBe(true);
    expect(mt.sink.to(off.email)).toHaveLength(0);
    const outbox = await call('GET', `/api/admin/outbox?batchId=${run.json().data._id}`, mt.adminToken);
    expect(outbox.json().data.counts).toMatchObject({ sent: 2 });
  });

  it('a document for one investor goes to that investor only', async () => {
    const project = await createProject(mt.ctx.db, { name: 'Fjord Lodge' });
    const emma = await createUser(mt.ctx.db, { name: 'Emma Lind' });
    const lukas = await createUser(mt.ctx.db);
    const body = await multipart(
      { name: 'Tax Statement 2025', category: 'Tax Documents' },
      { data: await samplePdf(), name: 'tax.pdf', type: 'application/pdf' },
    );
    const res = await mt.ctx.app.inject({
      method: 'POST',
      url: `/api/documents?userId=${emma.id}&projectId=${project.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(mt.adminToken) },
    });
    expect(res.statusCode).toBe(201);
    await delivered();
    expect(subjects(emma)).toEqual(['New document: Tax Statement 2025']);
    expect(mt.sink.to(emma.email)[0]!.text).toContain('Tax Statement 2025 (Fjord Lodge)');
    expect(mt.sink.to(emma.email)[0]!.html).toContain('href="http://portal.test/documents"');
    expect(mt.sink.to(lukas.email)).toHaveLength(0);
  });

  it('a booking approved or declined, unless bookings email is off', async () => {
    const project = await createProject(mt.ctx.db, { name: 'Aurora Cabins' });
    const emma = await createUser(mt.ctx.db, { name: 'Emma Lind' });
    const off = await createUser(mt.ctx.db);
    await setPreference(off, { bookings: false });
    const a = await createBooking(mt.ctx.db, emma.id, project.id, [isoDay(30), isoDay(31)]);
    const b = await createBooking(mt.ctx.db, emma.id, project.id, [isoDay(40)]);
    const c = await createBooking(mt.ctx.db, off.id, project.id, [isoDay(50)]);
    expect((await call('PUT', `/api/bookings/${a.id}/approve`, mt.adminToken, {})).statusCode).toBe(200);
    const declined = await call('PUT', `/api/bookings/${b.id}/decline`, mt.adminToken, {
      note: 'Fully booked',
    });
    expect(declined.statusCode).toBe(200);
    expect((await call('PUT', `/api/bookings/${c.id}/approve`, mt.adminToken, {})).statusCode).toBe(200);
    await delivered();
    expect(subjects(emma).sort()).toEqual([
      'Your booking at Aurora Cabins was approved',
      'Your booking at Aurora Cabins was declined',
    ]);
    const decline = mt.sink.to(emma.email).find((m) => m.subject!.endsWith('declined'))!;
    expect(decline.text).toContain('Note from the team: Fully booked');
    expect(mt.sink.to(off.email)).toHaveLength(0);
  });

  it('sign-up received, then the account activated: always sent, without an unsubscribe link', async () => {
    const res = await mt.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'new.investor@example.test', password: 'a-good-password-9' },
    });
    expect(res.statusCode).toBe(201);
    // The same address again: the same answer and no second email.
    await mt.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'New.Investor@example.test', password: 'a-good-password-9' },
    });
    await delivered();
    const [received] = mt.sink.to('new.investor@example.test');
    expect(mt.sink.messages).toHaveLength(1);
    expect(received!.subject).toBe('We received your sign-up');
    expect(hasUnsubscribe(received!)).toBe(false);
    // Sign-up asks for no name: the email greets nobody rather than the address's local part.
    expect(received!.text).toMatch(/^Hello,\n/);
    expect(received!.html).toContain('>Hello,</p>');
    expect(`${received!.text} ${String(received!.html)}`).not.toContain('new.investor,');

    const [user] = await mt.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'new.investor@example.test'));
    expect((await call('POST', `/api/users/${user!.id}/activate`, mt.adminToken)).statusCode).toBe(200);
    await delivered();
    expect(mt.sink.to('new.investor@example.test').map((m) => m.subject)).toEqual([
      'We received your sign-up',
      'Your Investor Portal account is active',
    ]);
    expect(mt.sink.to('new.investor@example.test')[1]!.text).toMatch(/^Hello,\n/);
  });

  it('security notices: password changed, two-factor on and off, bank details changed', async () => {
    const emma = await createUser(mt.ctx.db, { name: 'Emma Lind', password: 'first-password-1' });
    await setPreference(emma, { payouts: false, projects: false, bookings: false, announcements: false });
    let token = (await login(mt.ctx.app, emma.email, 'first-password-1')).accessToken;
    const changed = await call('POST', '/api/auth/password', token, {
      currentPassword: 'first-password-1',
      newPassword: 'second-password-2',
    });
    expect(changed.statusCode).toBe(200);
    token = (await login(mt.ctx.app, emma.email, 'second-password-2')).accessToken;

    const setup = await call('POST', '/api/auth/totp/setup', token);
    const secret = setup.json().data.secret as string;
    expect(
      (await call('POST', '/api/auth/totp/enable', token, { code: totpCode(secret, totpStep()) })).statusCode,
    ).toBe(200);
    const bank = await call('PUT', '/api/users/me/bank-account', token, {
      iban: 'FI21 1234 5600 0007 85',
      holder: 'Emma Lind',
      currentPassword: 'second-password-2',
      code: totpCode(secret, totpStep() + 1),
    });
    expect(bank.statusCode).toBe(200);
    const off = await call('POST', '/api/auth/totp/disable', token, { password: 'second-password-2' });
    expect(off.statusCode).toBe(200);
    await delivered();
    expect(subjects(emma).sort()).toEqual([
      'Two-factor sign-in was turned off',
      'Two-factor sign-in was turned on',
      'Your bank details were changed',
      'Your password was changed',
    ]);
    const bankMail = mt.sink.to(emma.email).find((m) => m.subject === 'Your bank details were changed')!;
    expect(bankMail.text).toContain('it now ends in 0785');
    expect(bankMail.text).toContain('http://portal.test/forgot-password');
    expect(mt.sink.to(emma.email).some(hasUnsubscribe)).toBe(false);
    // Each email's HTML part is titled with its own subject, and greets Emma by name.
    for (const m of mt.sink.to(emma.email)) {
      expect(m.html).toContain(`<title>${m.subject}</title>`);
      expect(m.text).toMatch(/^Hello Emma Lind,\n/);
    }
  });

  it('the daily reminder tells every active admin how many sign-ups and bookings wait', async () => {
    const otherAdmin = await createAdmin(mt.ctx.db);
    const formerAdmin = await createAdmin(mt.ctx.db, { isActive: false });
    await createUser(mt.ctx.db, { isActive: false, activated: false });
    const project = await createProject(mt.ctx.db);
    const emma = await createUser(mt.ctx.db);
    await createBooking(mt.ctx.db, emma.id, project.id, [isoDay(20)]);
    await createBooking(mt.ctx.db, emma.id, project.id, [isoDay(21)]);
    await mt.ctx.deps.jobs.send('daily-reminders', {});
    expect(await mt.ctx.deps.jobs.drain('daily-reminders')).toBe(1);
    await delivered();
    expect(subjects(mt.admin)).toEqual(['Waiting for you: 1 sign-up and 2 bookings']);
    expect(subjects(otherAdmin)).toHaveLength(1);
    expect(mt.sink.to(formerAdmin.email)).toHaveLength(0);
    expect(mt.sink.to(emma.email)).toHaveLength(0);
  });

  it('nothing waits: no reminder', async () => {
    await mt.ctx.db.execute(sql`delete from bookings`);
    await mt.ctx.deps.jobs.send('daily-reminders', {});
    await mt.ctx.deps.jobs.drain('daily-reminders');
    expect(await delivered()).toHaveLength(0);
  });
});
