import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Mailer } from '../../mail/mailer';
import { bearer, createInvestment, createProject, createUser, login } from '../../../test/helpers';
import { useMailTest } from '../../../test/smtp-sink';
import { runPublishing } from './statement-publications';

const mt = useMailTest();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token = mt.adminToken, payload?: object) =>
  mt.ctx.app.inject({ method, url, headers: bearer(token), payload });

const publication = async (period: string) =>
  (
    (await call('GET', '/api/admin/statements')).json().data.publications as {
      period: string;
      status: string;
      recipients: number;
      total: number;
      emailed: number;
      error: string | null;
      finishedAt: string | null;
    }[]
  ).find((p) => p.period === period);

/** How many times each investor was told of a period's statement, by name. */
async function toldTimes(label: string): Promise<Record<string, number>> {
  const rows = (
    (await mt.ctx.db.execute(
      sql`select u.name, count(*)::int as n from notifications n join users u on u.id = n.user_id
          where n.title = ${`Statement for ${label}`} group by u.name order by u.name`,
    )) as unknown as { rows: { name: string; n: number }[] }
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

/** Emails of a period queued in the outbox, per recipient. */
async function emailsQueued(): Promise<number[]> {
  const rows = (
    (await mt.ctx.db.execute(
      sql`select count(*)::int as n from mail_messages where kind = 'statement' group by user_id`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  return rows.map((r) => r.n);
}

/** `count` investors holding an investment since 2024 (named 'Investor 01'…; told in the order of their ids). */
async function holders(count: number) {
  const project = await createProject(mt.ctx.db);
  for (let i = 1; i <= count; i++) {
    const u = await createUser(mt.ctx.db, { name: `Investor ${String(i).padStart(2, '0')}` });
    await createInvestment(mt.ctx.db, u.id, project.id, { startDate: '2024-01-15' });
  }
}

/** The mailer, failing to queue while `failing` is set (the database refusing a batch, say). */
function flakyMailer(failing: { on: boolean }): Mailer {
  const mailer = mt.ctx.deps.mailer;
  return {
    ...mailer,
    queueMany: (...args: Parameters<Mailer['queueMany']>) =>
      failing.on ? Promise.reject(new Error('The outbox is unavailable')) : mailer.queueMany(...args),
  };
}

/** The periods the list offers to publish. */
const publishable = async () =>
  ((await call('GET', '/api/admin/statements')).json().data.publishable as { period: string }[]).map(
    (p) => p.period,
  );

const job = (period: string, lastTry = false) => ({ id: 'job', data: { period }, retryCount: 0, lastTry });

describe('publishing statements', () => {
  it('answers at once with the publication running; the job tells every holder, by email unless payouts email is off', async () => {
    const project = await createProject(mt.ctx.db, { name: 'Aurora Cabins' });
    const emma = await createUser(mt.ctx.db, { name: 'Emma Lind' });
    const off = await createUser(mt.ctx.db, { name: 'Otto Off' });
    const later = await createUser(mt.ctx.db, { name: 'Lena Later' });
    const gone = await createUser(mt.ctx.db, { name: 'Ina Inactive', isActive: false });
    await createInvestment(mt.ctx.db, emma.id, project.id, { startDate: '2024-11-01' });
    await createInvestment(mt.ctx.db, off.id, project.id, { startDate: '2025-03-31' });
    await createInvestment(mt.ctx.db, later.id, project.id, { startDate: '2025-04-01' });
    await createInvestment(mt.ctx.db, gone.id, project.id, { startDate: '2024-01-01' });
    const offToken = (await login(mt.ctx.app, off.email, off.password)).accessToken;
    await call('PUT', '/api/users/me/email-preferences', offToken, { payouts: false });

    const before = (await call('GET', '/api/admin/statements')).json().data;
    expect(before.publications).toEqual([]);
    // Each with whom publishing it would tell now, and how many emails would go out (for the confirm).
    expect(before.publishable).toContainEqual({ period: '2025-Q1', total: 2, emails: 1 });
    expect(before.publishable).toContainEqual({ period: '2025-Q2', total: 3, emails: 2 });
    expect(before.publishable).toContainEqual({ period: '2024', total: 1, emails: 1 });
    expect(before.publishable.map((p: { period: string }) => p.period)).not.toContain('2023');

    const res = await call('POST', '/api/admin/statements/2025-Q1/publish');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        period: '2025-Q1',
        status: 'running',
        total: 2,
        recipients: 0,
        emailed: 0,
        error: null,
        finishedAt: null,
      },
      message: 'Publishing statements to 2 investors',
    });
    // Nobody is told before the job runs; the list says how far it is.
    expect(await toldTimes('Q1 2025')).toEqual({});
    expect(await publication('2025-Q1')).toMatchObject({ status: 'running', recipients: 0, total: 2 });
    expect(await publishable()).not.toContain('2025-Q1');

    expect(await mt.ctx.deps.jobs.drain('statements')).toBe(1);
    const done = await publication('2025-Q1');
    expect(done).toMatchObject({ status: 'published', recipients: 2, total: 2, emailed: 1, error: null });
    expect(Date.parse(done!.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(res.json().data.publishedAt));
    expect(await toldTimes('Q1 2025')).toEqual({ 'Emma Lind': 1, 'Otto Off': 1 });

    await mt.ctx.deps.jobs.drain('mail');
    expect(mt.sink.messages).toHaveLength(1);
    const [mail] = mt.sink.to(emma.email);
    expect(mail!.subject).toBe('Your statement for Q1 2025 is ready');
    expect(mail!.text).toContain('http://portal.test/documents');
    const outbox = await call('GET', `/api/admin/outbox?batchId=${res.json().data.batchId}`);
    expect(outbox.json().data.counts).toMatchObject({ sent: 1 });
    // Running the job again (a retry after the end) tells nobody again.
    await runPublishing(mt.ctx.db, mt.ctx.deps.mailer, mt.ctx.deps.storage, job('2025-Q1'));
    expect(await toldTimes('Q1 2025')).toEqual({ 'Emma Lind': 1, 'Otto Off': 1 });
  });

  it('offers every period since the first month of returns or the first start date, whichever is earlier, of any project', async () => {
    const a = await createProject(mt.ctx.db);
    const b = await createProject(mt.ctx.db);
    const emma = await createUser(mt.ctx.db);
    const otto = await createUser(mt.ctx.db);
    await createInvestment(mt.ctx.db, emma.id, a.id, {
      startDate: '2024-06-01',
      monthly: { '2024-05': '10.00' },
    });
    // Returns recorded before the investment's start date, in the project created second.
    await createInvestment(mt.ctx.db, otto.id, b.id, {
      startDate: '2024-03-01',
      monthly: { '2023-01': '5.00', '2022-11': '5.00' },
    });
    expect(await publishable()).toEqual(expect.arrayContaining(['2022-Q4', '2022', '2023-Q1']));
    expect(await publishable()).not.toContain('2022-Q3');

    await createInvestment(mt.ctx.db, otto.id, a.id, { startDate: '2021-02-01' });
    expect(await publishable()).toEqual(expect.arrayContaining(['2021-Q1', '2021', '2022-Q3']));
    expect(await publishable()).not.toContain('2020-Q4');
    expect(await publishable()).not.toContain('2020');
  });

  it('records the progress after each batch; a batch that fails is retried from where it stopped, nobody told twice', async () => {
    await holders(5);
    expect((await call('POST', '/api/admin/statements/2024/publish')).json().data.total).toBe(5);
    const failing = { on: false };
    const mailer = flakyMailer(failing);
    // Batches of two: the first commits, then the outbox fails the second.
    let batches = 0;
    const counting: Mailer = {
      ...mailer,
      queueMany: (...args) => {
        if (++batches === 2) failing.on = true;
        return mailer.queueMany(...args);
      },
    };
    await expect(runPublishing(mt.ctx.db, counting, mt.ctx.deps.storage, job('2024'), 2)).rejects.toThrow(
      'The outbox is unavailable',
    );
    expect(await publication('2024')).toMatchObject({
      status: 'running',
      recipients: 2,
      emailed: 2,
      total: 5,
    });
    expect(Object.values(await toldTimes('2024'))).toEqual([1, 1]);

    // The retry goes on after the last investor told (by id): three more, in two batches.
    failing.on = false;
    await runPublishing(mt.ctx.db, mailer, mt.ctx.deps.storage, job('2024'), 2);
    expect(await publication('2024')).toMatchObject({
      status: 'published',
      recipients: 5,
      emailed: 5,
      total: 5,
    });
    const told = await toldTimes('2024');
    expect(Object.keys(told)).toHaveLength(5);
    expect(Object.values(told).every((n) => n === 1)).toBe(true);
    expect(await emailsQueued()).toEqual([1, 1, 1, 1, 1]);
  });

  it('after the last try the publication is failed with the reason; publishing again resumes it', async () => {
    await holders(3);
    await call('POST', '/api/admin/statements/2024-Q4/publish');
    const failing = { on: true };
    await expect(
      runPublishing(mt.ctx.db, flakyMailer(failing), mt.ctx.deps.storage, job('2024-Q4', true), 2),
    ).rejects.toThrow();
    expect(await publication('2024-Q4')).toMatchObject({
      status: 'failed',
      error: 'The outbox is unavailable',
      recipients: 0,
    });
    expect(await toldTimes('Q4 2024')).toEqual({});
    // Still listed as not publishable (it is not lost), and publishing again starts it anew.
    expect(await publishable()).not.toContain('2024-Q4');
    const again = await call('POST', '/api/admin/statements/2024-Q4/publish');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'running', error: null, total: 3 });
    // Two jobs wait (the first publish's, never run by the queue here, and the second's): they take
    // turns on the publication, and each investor is told once.
    expect(await mt.ctx.deps.jobs.drain('statements')).toBe(2);
    expect(await publication('2024-Q4')).toMatchObject({ status: 'published', recipients: 3, total: 3 });
    expect(Object.values(await toldTimes('Q4 2024'))).toEqual([1, 1, 1]);
  });

  it('two publishes at once give one publication (the other a 409); two runs of its job at once tell each investor once', async () => {
    await holders(7);
    const answers = await Promise.all([
      call('POST', '/api/admin/statements/2024-Q2/publish'),
      call('POST', '/api/admin/statements/2024-Q2/publish'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(
      'The statements for Q2 2024 are already published',
    );
    await Promise.all([
      runPublishing(mt.ctx.db, mt.ctx.deps.mailer, mt.ctx.deps.storage, job('2024-Q2'), 2),
      runPublishing(mt.ctx.db, mt.ctx.deps.mailer, mt.ctx.deps.storage, job('2024-Q2'), 3),
    ]);
    expect(await publication('2024-Q2')).toMatchObject({ status: 'published', recipients: 7, emailed: 7 });
    const told = await toldTimes('Q2 2024');
    expect(Object.keys(told)).toHaveLength(7);
    expect(Object.values(told).every((n) => n === 1)).toBe(true);
    expect(await emailsQueued()).toEqual([1, 1, 1, 1, 1, 1, 1]);
    const audit = (
      (await mt.ctx.db.execute(
        sql`select details from audit_log where entity = 'statements' and action = 'publish'`,
      )) as unknown as { rows: { details: unknown }[] }
    ).rows;
    expect(audit).toEqual([{ details: { period: '2024-Q2', investors: 7 } }]);
  });

  it('once per period; a period not ended is a 400, one nobody held a 400; investors may not publish', async () => {
    const project = await createProject(mt.ctx.db);
    const emma = await createUser(mt.ctx.db);
    await createInvestment(mt.ctx.db, emma.id, project.id, { startDate: '2024-05-01' });
    expect((await call('POST', '/api/admin/statements/2024-Q3/publish')).statusCode).toBe(200);
    const running = await call('POST', '/api/admin/statements/2024-Q3/publish');
    expect(running.statusCode).toBe(409);
    expect(running.json()).toMatchObject({
      message: 'The statements for Q3 2024 are already published',
      code: 'distributions.statements_already_published',
      params: { period: 'Q3 2024' },
    });
    await mt.ctx.deps.jobs.drain('statements');
    const again = await call('POST', '/api/admin/statements/2024-Q3/publish');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The statements for Q3 2024 are already published');
    const year = new Date().getUTCFullYear();
    const future = await call('POST', `/api/admin/statements/${year}/publish`);
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(new RegExp(`^The period ${year} has not ended yet`));
    const empty = await call('POST', '/api/admin/statements/2023-Q1/publish');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Nobody held an investment in Q1 2023');
    const bad = await call('POST', '/api/admin/statements/2024-Q5/publish');
    expect(bad.statusCode).toBe(400);
    const investor = (await login(mt.ctx.app, emma.email, emma.password)).accessToken;
    expect((await call('POST', '/api/admin/statements/2024-Q2/publish', investor)).statusCode).toBe(403);
    // Nothing half-written: the refused ones left no publication and no job behind.
    const list = (await call('GET', '/api/admin/statements')).json().data;
    expect(list.publications.map((p: { period: string }) => p.period)).toEqual(['2024-Q3']);
    expect(await mt.ctx.deps.jobs.drain('statements')).toBe(0);
  });
});
