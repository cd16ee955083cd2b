import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { PASSWORD_RESET_INVALID_MESSAGE, PASSWORD_RESET_SENT_MESSAGE } from '@portal/contracts';
import {
  bearer,
  buildTestApp,
  createAdmin,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../test/helpers';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { RESETS_PER_ACCOUNT_PER_HOUR } from '../modules/auth/password-reset';
import { UNSUBSCRIBE_INVALID } from '../modules/mail/service';

let sink: SmtpSink;
let ctx: TestContext;
let admin: TestUser;
let adminToken: string;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

beforeEach(async () => {
  sink.messages.length = 0;
  sink.refusing = false;
  ctx = await buildTestApp({ smtpUrl: sink.url });
  admin = await createAdmin(ctx.db, { name: 'Ada Admin' });
  adminToken = (await login(ctx.app, admin.email, admin.password)).accessToken;
});
afterEach(() => ctx.close());

const drain = () => ctx.deps.jobs.drain('mail');
const linkIn = (text: string, path: string) => {
  const m = new RegExp(`http://portal\\.test${path.replace(/[?]/g, '\\?')}[^\\s]*`).exec(text);
  if (!m) throw new Error(`no ${path} link in:\n${text}`);
  return new URL(m[0]);
};
/** A header as sent (mailparser reads the List-* headers into objects of its own). */
const rawHeader = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/\r?\n\s+/g, ' ')
    .replace(/^[^:]+:\s*/, '');

async function broadcast(body: Record<string, unknown>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/notifications/send',
    headers: bearer(adminToken),
    payload: { title: 'Spring meeting', message: 'We meet on May 4.\n\nBring questions.', ...body },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { sent: number; emailed: number; batchId: string };
}

describe('announcements by email', () => {
  it('reach the active recipients who did not turn them off, with both parts and one-click unsubscribe', async () => {
    const ann = await createUser(ctx.db, { name: 'Ann Investor' });
    const off = await createUser(ctx.db, { name: 'Otto Off' });
    const inactive = await createUser(ctx.db, { name: 'Ina Inactive', isActive: false });
    const offToken = (await login(ctx.app, off.email, off.password)).accessToken;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/email-preferences',
      headers: bearer(offToken),
      payload: { announcements: false },
    });
    expect(put.json().data).toEqual({
      security: true,
      payouts: true,
      projects: true,
      bookings: true,
      announcements: false,
    });

    const result = await broadcast({ userIds: [ann.id, off.id, inactive.id], email: true });
    expect(result).toMatchObject({ sent: 2, emailed: 1 });
    expect(await drain()).toBe(1);

    expect(sink.to(off.email)).toHaveLength(0);
    expect(sink.to(inactive.email)).toHaveLength(0);
    const [mail] = sink.to(ann.email);
    expect(mail!.subject).toBe('Spring meeting');
    expect(mail!.from!.value).toEqual([{ name: 'Investor Portal', address: 'portal@example.test' }]);
    expect(mail!.text).toContain('Hello Ann Investor,');
    expect(mail!.text).toContain('We meet on May 4.');
    expect(mail!.html).toContain('Hello Ann Investor,');
    expect(mail!.html).toContain('href="http://portal.test/dashboard"');
    expect(rawHeader(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const header = rawHeader(mail!, 'list-unsubscribe')!;
    expect(header).toMatch(/^<http:\/\/portal\.test\/api\/email\/unsubscribe\?token=[^>]+>$/);

    // The one-click POST of a mail client: no session, a form body.
    const oneClick = new URL(header.slice(1, -1));
    const res = await ctx.app.inject({
      method: 'POST',
      url: oneClick.pathname + oneClick.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ category: 'announcements', unsubscribed: true });

    // The outbox counts the broadcast by status.
    const outbox = await ctx.app.inject({
      url: `/api/admin/outbox?batchId=${result.batchId}`,
      headers: bearer(adminToken),
    });
    expect(outbox.json().data.counts).toEqual({ queued: 0, sent: 1, failed: 0, skipped: 0 });
    // The admin sees where the unsubscribe link goes, not the token that works it.
    const detail = await ctx.app.inject({
      url: `/api/admin/outbox/${outbox.json().data.messages[0]._id}`,
      headers: bearer(adminToken),
    });
    expect(detail.json().data.text).toContain('http://portal.test/unsubscribe?token=(hidden)');
    expect(detail.json().data.html).not.toContain(oneClick.searchParams.get('token')!);

    const next = await broadcast({ userIds: [ann.id], email: true });
    expect(next.emailed).toBe(0);
  });

  it('the footer link turns the category off without a session; a forged or altered link is a 400', async () => {
    const ann = await createUser(ctx.db, { name: 'Ann Investor' });
    await broadcast({ userIds: [ann.id], email: true });
    await drain();
    const link = linkIn(sink.to(ann.email)[0]!.text!, '/unsubscribe?token=');
    const token = link.searchParams.get('token')!;

    const info = await ctx.app.inject({ url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({
      category: 'announcements',
      label: 'Announcements',
      unsubscribed: false,
    });
    expect(info.json().data.email).toMatch(/^u\*\*\*@example\.test$/);

    const forged = token.replace('announcements', 'payouts');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${encodeURIComponent(forged)}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(UNSUBSCRIBE_INVALID);

    const done = await ctx.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(done.json()).toMatchObject({
      data: { unsubscribed: true },
      message: 'You will no longer receive announcements emails',
    });
    const annToken = (await login(ctx.app, ann.email, ann.password)).accessToken;
    const prefs = await ctx.app.inject({ url: '/api/users/me/email-preferences', headers: bearer(annToken) });
    expect(prefs.json().data).toMatchObject({ announcements: false, payouts: true });
  });

  it('a form body anywhere else is an unsupported content type', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.c&password=x',
    });
    expect(res.statusCode).toBe(415);
  });

  it('a user deleted or made inactive after the message was queued gets nothing', async () => {
    const gone = await createUser(ctx.db);
    const paused = await createUser(ctx.db);
    await broadcast({ userIds: [gone.id, paused.id], email: true });
    await ctx.db.execute(sql`delete from users where id = ${gone.id}`);
    await ctx.db.execute(sql`update users set is_active = false where id = ${paused.id}`);
    await drain();
    expect(sink.messages).toHaveLength(0);
    const outbox = await ctx.app.inject({ url: '/api/admin/outbox', headers: bearer(adminToken) });
    const errors = outbox
      .json()
      .data.messages.map((m: { status: string; error: string }) => [m.status, m.error]);
    expect(errors.sort()).toEqual([
      ['skipped', 'The account is inactive'],
      ['skipped', 'The account was deleted'],
    ]);
  });
});

describe('the rate limit', () => {
  it('spaces a broadcast at MAIL_RATE_PER_MINUTE after what is already queued; security email goes at once', async () => {
    await ctx.close();
    ctx = await buildTestApp({ smtpUrl: sink.url, mailRatePerMinute: 60 });
    const readers = [];
    for (let i = 0; i < 3; i++) readers.push(await createUser(ctx.db));
    const admin2 = await createAdmin(ctx.db);
    adminToken = (await login(ctx.app, admin2.email, admin2.password)).accessToken;
    await broadcast({ userIds: readers.map((r) => r.id), email: true });
    await broadcast({ userIds: [readers[0]!.id], email: true });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: readers[1]!.email },
    });
    const rows = (
      (await ctx.db.execute(
        sql`select kind, extract(epoch from send_after - created_at)::float8 as wait,
                   extract(epoch from (select max(job.start_after) from pgboss.job job where job.data->>'messageId' = m.id::text) - send_after)::float8 as job_lag
              from mail_messages m order by send_after`,
      )) as unknown as { rows: { kind: string; wait: number; job_lag: number }[] }
    ).rows;
    // One a second: the first broadcast's three, then the second's one after them; the reset at once.
    expect(rows.map((r) => r.kind)).toEqual([
      'passwordReset',
      'announcement',
      'announcement',
      'announcement',
      'announcement',
    ]);
    const waits = rows.slice(1).map((r) => Math.round(r.wait));
    expect(waits[0]).toBe(1);
    expect(waits[1]).toBe(2);
    expect(waits[2]).toBe(3);
    expect(waits[3]).toBeGreaterThanOrEqual(4);
    expect(Math.round(rows[0]!.wait)).toBe(0);
    // Each message's job waits for its turn.
    expect(rows.every((r) => Math.abs(r.job_lag) < 0.01)).toBe(true);
  });
});

describe('SMTP faults', () => {
  it('a refused message waits, backs off, and is delivered exactly once when the server is back', async () => {
    const ann = await createUser(ctx.db);
    sink.refusing = true;
    await broadcast({ userIds: [ann.id], email: true });
    await drain();
    expect(sink.messages).toHaveLength(0);
    const jobs = await ctx.app.inject({ url: '/api/admin/jobs', headers: bearer(adminToken) });
    expect(jobs.json().data.queues.find((q: { queue: string }) => q.queue === 'mail')).toMatchObject({
      retrying: 1,
      failed: 0,
    });
    // Exponential backoff: the retry waits 30 s, then twice as long each time.
    const [retry] = (
      (await ctx.db.execute(
        sql`select extract(epoch from start_after - now())::int as wait from pgboss.job where state = 'retry'`,
      )) as unknown as { rows: { wait: number }[] }
    ).rows;
    expect(retry!.wait).toBeGreaterThanOrEqual(25);
    const [row] = (
      (await ctx.db.execute(sql`select status, attempts, error from mail_messages`)) as unknown as {
        rows: { status: string; attempts: number; error: string }[];
      }
    ).rows;
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.error).toMatch(/Try again later/);

    sink.refusing = false;
    expect(await drain()).toBe(1);
    expect(await drain()).toBe(0);
    expect(sink.to(ann.email)).toHaveLength(1);
    const outbox = (await ctx.app.inject({ url: '/api/admin/outbox', headers: bearer(adminToken) })).json()
      .data;
    expect(outbox.messages[0]).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('a message that keeps failing is kept as failed with its last error, and an admin can retry it', async () => {
    const ann = await createUser(ctx.db);
    sink.refusing = true;
    await broadcast({ userIds: [ann.id], email: true });
    // The first try and nine retries.
    for (let i = 0; i < 10; i++) expect(await drain()).toBe(1);
    expect(await drain()).toBe(0);
    const jobs = (await ctx.app.inject({ url: '/api/admin/jobs', headers: bearer(adminToken) })).json().data;
    expect(jobs.failed).toHaveLength(1);
    expect(jobs.failed[0]).toMatchObject({
      queue: 'mail',
      description: `Email “Spring meeting” to ${ann.email}`,
    });
    expect(jobs.failed[0].error).toMatch(/Try again later/);
    const outbox = (await ctx.app.inject({ url: '/api/admin/outbox', headers: bearer(adminToken) })).json()
      .data;
    expect(outbox.counts).toMatchObject({ failed: 1, sent: 0 });

    sink.refusing = false;
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${jobs.failed[0]._id}/retry`,
      headers: bearer(adminToken),
    });
    expect(retry.statusCode).toBe(200);
    expect(await drain()).toBe(1);
    expect(sink.to(ann.email)).toHaveLength(1);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${jobs.failed[0]._id}/retry`,
      headers: bearer(adminToken),
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('password reset', () => {
  it('sends a single-use link; the new password works, the old one and every session end, a notice follows', async () => {
    const ann = await createUser(ctx.db, { name: 'Ann Investor', password: 'old-password-1' });
    const session = await login(ctx.app, ann.email, 'old-password-1');

    const ask = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: ann.email.toUpperCase() },
    });
    expect(ask.json()).toEqual({ success: true, message: PASSWORD_RESET_SENT_MESSAGE });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'nobody@example.test' },
    });
    expect(unknown.json()).toEqual(ask.json());
    await drain();
    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.to(ann.email);
    expect(mail!.subject).toBe('Reset your Investor Portal password');
    expect(rawHeader(mail!, 'list-unsubscribe')).toBeUndefined();
    const token = linkIn(mail!.text!, '/reset-password?token=').searchParams.get('token')!;
    expect(mail!.html).toContain(`/reset-password?token=${token}`);
    // Only the hash is stored, and the outbox does not show the link.
    const stored = await ctx.db.execute(sql`select token_hash from password_resets`);
    expect(JSON.stringify(stored)).not.toContain(token);
    const list = (await ctx.app.inject({ url: '/api/admin/outbox', headers: bearer(adminToken) })).json()
      .data;
    const detail = await ctx.app.inject({
      url: `/api/admin/outbox/${list.messages[0]._id}`,
      headers: bearer(adminToken),
    });
    expect(detail.json().data.text).toContain('/reset-password?token=(hidden)');
    expect(detail.json().data.text).not.toContain(token);

    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: '12345' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 6 characters/);

    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'new-password-2' },
    });
    expect(set.statusCode).toBe(200);
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'third-password-3' },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(PASSWORD_RESET_INVALID_MESSAGE);

    const oldLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ann.email, password: 'old-password-1' },
    });
    expect(oldLogin.statusCode).toBe(401);
    await login(ctx.app, ann.email, 'new-password-2');
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: bearer(session.accessToken) });
    expect(me.statusCode).toBe(401);

    await drain();
    const notices = sink.to(ann.email).map((m) => m.subject);
    expect(notices).toEqual(['Reset your Investor Portal password', 'Your password was changed']);
  });

  it('an expired or unknown token is a 400 and changes nothing', async () => {
    const ann = await createUser(ctx.db, { password: 'old-password-1' });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: ann.email } });
    await drain();
    const token = linkIn(sink.to(ann.email)[0]!.text!, '/reset-password?token=').searchParams.get('token')!;
    await ctx.db.execute(sql`update password_resets set expires_at = now() - interval '1 second'`);
    for (const t of [token, 'not-a-token']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token: t, password: 'new-password-2' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PASSWORD_RESET_INVALID_MESSAGE);
    }
    await login(ctx.app, ann.email, 'old-password-1');
  });

  it('is limited per account (silently) and per client address (429), and inactive accounts get nothing', async () => {
    const ann = await createUser(ctx.db);
    const inactive = await createUser(ctx.db, { isActive: false });
    const ask = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    expect((await ask(inactive.email)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await ask(ann.email)).statusCode).toBe(200);
    // The sixth request from this client in 15 minutes, whatever the address.
    const sixth = await ask('someone.else@example.test');
    expect(sixth.statusCode).toBe(429);
    await drain();
    expect(sink.to(ann.email)).toHaveLength(RESETS_PER_ACCOUNT_PER_HOUR);
    expect(sink.to(inactive.email)).toHaveLength(0);
  });
});
