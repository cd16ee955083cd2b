import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import {
  PASSWORD_RESET_INVALID_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
  type OutboxMessage,
} from '@portal/contracts';
import { bearer, createUser, login } from '../../test/helpers';
import { useMailTest } from '../../test/smtp-sink';
import { RESETS_PER_ACCOUNT_PER_HOUR } from '../modules/auth/password-reset';
import { UNSUBSCRIBE_INVALID } from '../modules/mail/service';

const mt = useMailTest();

const drain = () => mt.drain();
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

describe('announcements by email', () => {
  it('reach the active recipients who did not turn them off, with both parts and one-click unsubscribe', async () => {
    const ann = await createUser(mt.ctx.db, { name: 'Ann Investor' });
    const off = await createUser(mt.ctx.db, { name: 'Otto Off' });
    const inactive = await createUser(mt.ctx.db, { name: 'Ina Inactive', isActive: false });
    const offToken = (await login(mt.ctx.app, off.email, off.password)).accessToken;
    const put = await mt.ctx.app.inject({
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

    const result = await mt.broadcast({ userIds: [ann.id, off.id, inactive.id], email: true });
    expect(result).toMatchObject({ sent: 2, emailed: 1, emailSkipped: 1 });
    expect(await drain()).toBe(1);

    expect(mt.sink.to(off.email)).toHaveLength(0);
    expect(mt.sink.to(inactive.email)).toHaveLength(0);
    const [mail] = mt.sink.to(ann.email);
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
    const res = await mt.ctx.app.inject({
      method: 'POST',
      url: oneClick.pathname + oneClick.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ category: 'announcements', unsubscribed: true });

    // The outbox counts the broadcast by status.
    const outbox = await mt.ctx.app.inject({
      url: `/api/admin/outbox?batchId=${result.batchId}`,
      headers: bearer(mt.adminToken),
    });
    // The one who turned announcements off is listed as skipped, with the reason, and was sent nothing.
    expect(outbox.json().data.counts).toEqual({ queued: 0, sent: 1, failed: 0, skipped: 1 });
    const listed = outbox.json().data.messages as OutboxMessage[];
    expect(listed.map((m) => [m.to, m.status, m.error, m.subject]).sort()).toEqual([
      [ann.email, 'sent', null, 'Spring meeting'],
      [off.email, 'skipped', 'The recipient turned these emails off', 'Spring meeting'],
    ]);
    expect(await drain()).toBe(0);
    expect(mt.sink.to(off.email)).toHaveLength(0);
    // The admin sees where the unsubscribe link goes, not the token that works it.
    const detail = await mt.ctx.app.inject({
      url: `/api/admin/outbox/${listed.find((m) => m.status === 'sent')!._id}`,
      headers: bearer(mt.adminToken),
    });
    expect(detail.json().data.text).toContain('http://portal.test/unsubscribe?token=(hidden)');
    expect(detail.json().data.html).not.toContain(oneClick.searchParams.get('token')!);

    const next = await mt.broadcast({ userIds: [ann.id], email: true });
    expect(next).toMatchObject({ emailed: 0, emailSkipped: 1 });
  });

  it('the footer link turns the category off without a session; a forged or altered link is a 400', async () => {
    const ann = await createUser(mt.ctx.db, { name: 'Ann Investor' });
    await mt.broadcast({ userIds: [ann.id], email: true });
    await drain();
    const link = linkIn(mt.sink.to(ann.email)[0]!.text!, '/unsubscribe?token=');
    const token = link.searchParams.get('token')!;

    const info = await mt.ctx.app.inject({
      url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({
      category: 'announcements',
      label: 'Announcements',
      unsubscribed: false,
    });
    expect(info.json().data.email).toMatch(/^u\*\*\*@example\.test$/);

    const forged = token.replace('announcements', 'payouts');
    const bad = await mt.ctx.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${encodeURIComponent(forged)}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(UNSUBSCRIBE_INVALID);
    // The signed three parts with anything after them are not the link that was sent.
    for (const longer of [`${token}.extra`, `${token}.`, `${token}..x`]) {
      const res = await mt.ctx.app.inject({
        method: 'POST',
        url: `/api/email/unsubscribe?token=${encodeURIComponent(longer)}`,
      });
      expect(res.statusCode, longer).toBe(400);
      expect(res.json().message).toBe(UNSUBSCRIBE_INVALID);
    }

    const done = await mt.ctx.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(done.json()).toMatchObject({
      data: { unsubscribed: true },
      message: 'You will no longer receive announcements emails',
    });
    const annToken = (await login(mt.ctx.app, ann.email, ann.password)).accessToken;
    const prefs = await mt.ctx.app.inject({
      url: '/api/users/me/email-preferences',
      headers: bearer(annToken),
    });
    expect(prefs.json().data).toMatchObject({ announcements: false, payouts: true });
  });

  it('a form body anywhere else is an unsupported content type', async () => {
    const res = await mt.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.c&password=x',
    });
    expect(res.statusCode).toBe(415);
  });

  it('a user deleted or made inactive after the message was queued gets nothing', async () => {
    const gone = await createUser(mt.ctx.db);
    const paused = await createUser(mt.ctx.db);
    await mt.broadcast({ userIds: [gone.id, paused.id], email: true });
    await mt.ctx.db.execute(sql`delete from users where id = ${gone.id}`);
    await mt.ctx.db.execute(sql`update users set is_active = false where id = ${paused.id}`);
    await drain();
    expect(mt.sink.messages).toHaveLength(0);
    const outbox = await mt.ctx.app.inject({ url: '/api/admin/outbox', headers: bearer(mt.adminToken) });
    const errors = outbox
      .json()
      .data.messages.map((m: { status: string; error: string }) => [m.status, m.error]);
    expect(errors.sort()).toEqual([
      ['skipped', 'The account is inactive'],
      ['skipped', 'The account was deleted'],
    ]);
  });
});

describe('SMTP faults', () => {
  it('a refused message waits, backs off, and is delivered exactly once when the server is back', async () => {
    const ann = await createUser(mt.ctx.db);
    mt.sink.refusing = true;
    await mt.broadcast({ userIds: [ann.id], email: true });
    await drain();
    expect(mt.sink.messages).toHaveLength(0);
    const jobs = await mt.ctx.app.inject({ url: '/api/admin/jobs', headers: bearer(mt.adminToken) });
    expect(jobs.json().data.queues.find((q: { queue: string }) => q.queue === 'mail')).toMatchObject({
      retrying: 1,
      failed: 0,
    });
    // Exponential backoff: the retry waits 30 s, then twice as long each time.
    const [retry] = (
      (await mt.ctx.db.execute(
        sql`select extract(epoch from start_after - now())::int as wait from pgboss.job where state = 'retry'`,
      )) as unknown as { rows: { wait: number }[] }
    ).rows;
    expect(retry!.wait).toBeGreaterThanOrEqual(25);
    const [row] = (
      (await mt.ctx.db.execute(sql`select status, attempts, error from mail_messages`)) as unknown as {
        rows: { status: string; attempts: number; error: string }[];
      }
    ).rows;
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.error).toMatch(/Try again later/);

    mt.sink.refusing = false;
    expect(await drain()).toBe(1);
    expect(await drain()).toBe(0);
    expect(mt.sink.to(ann.email)).toHaveLength(1);
    const outbox = (
      await mt.ctx.app.inject({ url: '/api/admin/outbox', headers: bearer(mt.adminToken) })
    ).json().data;
    expect(outbox.messages[0]).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('a message that keeps failing is kept as failed with its last error, and an admin can retry it', async () => {
    const ann = await createUser(mt.ctx.db);
    mt.sink.refusing = true;
    await mt.broadcast({ userIds: [ann.id], email: true });
    // The first try and nine retries.
    for (let i = 0; i < 10; i++) expect(await drain()).toBe(1);
    expect(await drain()).toBe(0);
    const jobs = (await mt.ctx.app.inject({ url: '/api/admin/jobs', headers: bearer(mt.adminToken) })).json()
      .data;
    expect(jobs.failed).toHaveLength(1);
    expect(jobs.failed[0]).toMatchObject({
      queue: 'mail',
      description: `Email “Spring meeting” to ${ann.email}`,
    });
    expect(jobs.failed[0].error).toMatch(/Try again later/);
    const outbox = (
      await mt.ctx.app.inject({ url: '/api/admin/outbox', headers: bearer(mt.adminToken) })
    ).json().data;
    expect(outbox.counts).toMatchObject({ failed: 1, sent: 0 });

    mt.sink.refusing = false;
    const retry = await mt.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${jobs.failed[0]._id}/retry`,
      headers: bearer(mt.adminToken),
    });
    expect(retry.statusCode).toBe(200);
    expect(await drain()).toBe(1);
    expect(mt.sink.to(ann.email)).toHaveLength(1);
    const again = await mt.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${jobs.failed[0]._id}/retry`,
      headers: bearer(mt.adminToken),
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('password reset', () => {
  it('sends a single-use link; the new password works, the old one and every session end, a notice follows', async () => {
    const ann = await createUser(mt.ctx.db, { name: 'Ann Investor', password: 'old-password-1' });
    const session = await login(mt.ctx.app, ann.email, 'old-password-1');

    const ask = await mt.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: ann.email.toUpperCase() },
    });
    expect(ask.json()).toEqual({ success: true, message: PASSWORD_RESET_SENT_MESSAGE });
    const unknown = await mt.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'nobody@example.test' },
    });
    expect(unknown.json()).toEqual(ask.json());
    await drain();
    expect(mt.sink.messages).toHaveLength(1);
    const [mail] = mt.sink.to(ann.email);
    expect(mail!.subject).toBe('Reset your Investor Portal password');
    expect(rawHeader(mail!, 'list-unsubscribe')).toBeUndefined();
    const token = linkIn(mail!.text!, '/reset-password?token=').searchParams.get('token')!;
    expect(mail!.html).toContain(`/reset-password?token=${token}`);
    // Only the hash is stored, and the outbox does not show the link.
    const stored = await mt.ctx.db.execute(sql`select token_hash from password_resets`);
    expect(JSON.stringify(stored)).not.toContain(token);
    const list = (
      await mt.ctx.app.inject({ url: '/api/admin/outbox', headers: bearer(mt.adminToken) })
    ).json().data;
    const detail = await mt.ctx.app.inject({
      url: `/api/admin/outbox/${list.messages[0]._id}`,
      headers: bearer(mt.adminToken),
    });
    expect(detail.json().data.text).toContain('/reset-password?token=(hidden)');
    expect(detail.json().data.text).not.toContain(token);

    const short = await mt.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: '12345' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 6 characters/);

    const set = await mt.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'new-password-2' },
    });
    expect(set.statusCode).toBe(200);
    const replay = await mt.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'third-password-3' },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(PASSWORD_RESET_INVALID_MESSAGE);

    const oldLogin = await mt.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ann.email, password: 'old-password-1' },
    });
    expect(oldLogin.statusCode).toBe(401);
    await login(mt.ctx.app, ann.email, 'new-password-2');
    const refresh = await mt.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const me = await mt.ctx.app.inject({ url: '/api/users/me', headers: bearer(session.accessToken) });
    expect(me.statusCode).toBe(401);

    await drain();
    const notices = mt.sink.to(ann.email).map((m) => m.subject);
    expect(notices).toEqual(['Reset your Investor Portal password', 'Your password was changed']);
  });

  it('an expired or unknown token is a 400 and changes nothing', async () => {
    const ann = await createUser(mt.ctx.db, { password: 'old-password-1' });
    await mt.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: ann.email },
    });
    await drain();
    const token = linkIn(mt.sink.to(ann.email)[0]!.text!, '/reset-password?token=').searchParams.get(
      'token',
    )!;
    await mt.ctx.db.execute(sql`update password_resets set expires_at = now() - interval '1 second'`);
    for (const t of [token, 'not-a-token']) {
      const res = await mt.ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token: t, password: 'new-password-2' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PASSWORD_RESET_INVALID_MESSAGE);
    }
    await login(mt.ctx.app, ann.email, 'old-password-1');
  });

  it('is limited per account (silently) and per client address (429), and inactive accounts get nothing', async () => {
    const ann = await createUser(mt.ctx.db);
    const inactive = await createUser(mt.ctx.db, { isActive: false });
    const ask = (email: string) =>
      mt.ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    expect((await ask(inactive.email)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await ask(ann.email)).statusCode).toBe(200);
    // The sixth request from this client in 15 minutes, whatever the address.
    const sixth = await ask('someone.else@example.test');
    expect(sixth.statusCode).toBe(429);
    await drain();
    expect(mt.sink.to(ann.email)).toHaveLength(RESETS_PER_ACCOUNT_PER_HOUR);
    expect(mt.sink.to(inactive.email)).toHaveLength(0);
  });
});
